"""The state of a match as the rules see it: board, units, turn, phase and the agreed options."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.board import Board
from rules.errors import UnknownUnit
from rules.units import Unit

LOS_RULES = ("standard", "dead_zone")
MOVEMENT_RULES = ("classic", "pm_by_pm")


@dataclass(frozen=True, slots=True)
class Options:
    """Options every player agrees before the match starts (Solaris VII asks the referee to fix the
    simultaneous-movement rule and the dead-zone rule at the start of the fight)."""

    los: str = "standard"
    movement: str = "pm_by_pm"


@dataclass(frozen=True, slots=True)
class GameState:
    board: Board
    units: tuple[Unit, ...]
    turn: int = 1
    phase: str = "movement"
    options: Options = field(default_factory=Options)

    def unit(self, unit_id: str) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise UnknownUnit(f"there is no unit {unit_id!r}", unit=unit_id)
