"""Shared helpers for the MEKATAC rules tests: mekas from the shipped designs on an open board; the scripted dice
of the rules tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core.board import Board, HexTerrain
from rules.core.hexes import Hex
from rules.rulesets.mekatac.designs import shipped
from rules.rulesets.mekatac.state import Meka, MekaState, new_meka
from tests.rules.conftest import ScriptedDice

__all__ = ["ScriptedDice", "game", "meka"]


def meka(unit: str, label: str, facing: int, side: str, design: str, **fields: Any) -> Meka:
    return replace(new_meka(unit, Hex.parse(label), facing, side, shipped(design)), **fields)


def game(*mekas: Meka, terrain: dict[str, tuple[int, str]] | None = None, phase: str = "movement",
         turn: int = 1, **fields: Any) -> MekaState:
    hexes = {Hex.parse(label): HexTerrain.parse(level, text) for label, (level, text) in (terrain or {}).items()}
    order = tuple(unit.id for unit in mekas)
    return MekaState(Board(16, 16, hexes), mekas, turn=turn, phase=phase, order=order,
                     options={"turn_limit": 0}, **fields)
