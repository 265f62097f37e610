"""The state container every ruleset shares: the board, the pieces on it, the turn, the phase and the result.

A ruleset extends it with what its game keeps (BattleTech's mech conditions and motions, a card game's
hands…) by subclassing :class:`State` and :class:`Piece`; the core reads only the fields defined here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.board import Board
from rules.core.errors import UnknownUnit
from rules.core.hexes import Hex
from rules.core.reasons import reason_code, reason_from_code


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


def result_to_json(result: MatchResult) -> dict[str, Any]:
    """The result as every ruleset stores and sends it, its reason coded for the client's language."""
    return {"winner": result.winner, "reason": result.reason, "reason_code": reason_code(result.reason),
            "victory_points": dict(result.victory_points), "turn": result.turn}


def result_from_json(data: dict[str, Any]) -> MatchResult:
    reason = reason_from_code(data["reason"], data.get("reason_code"))
    return MatchResult(data["winner"], reason, dict(data["victory_points"]), int(data["turn"]))


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
