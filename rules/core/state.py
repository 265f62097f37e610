"""The state container every ruleset shares: the board, the pieces on it, the turn, the phase and the result.

A ruleset extends it with what its game keeps (BattleTech's mech conditions and motions, a card game's
hands…) by subclassing :class:`State` and :class:`Piece`; the core reads only the fields defined here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core.board import Board
from rules.core.errors import UnknownUnit
from rules.core.hexes import Hex


@dataclass(frozen=True, slots=True)
class Piece:
    """Anything a side controls on the board: where it stands, which way it faces, whose it is."""

    id: str
    hex: Hex
    facing: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How the match ended: the winning side ("" for a draw), why, and each side's victory points."""

    winner: str
    reason: str
    victory_points: Mapping[str, int]
    turn: int


@dataclass(frozen=True, slots=True)
class State:
    board: Board
    units: tuple[Piece, ...]
    turn: int = 1
    phase: str = ""
    result: MatchResult | None = None

    def unit(self, unit_id: str) -> Piece:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise UnknownUnit(unit=unit_id)
