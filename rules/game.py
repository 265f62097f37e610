"""The state of a match as the rules see it: board, units, turn, phase and the agreed options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from rules.board import Board
from rules.designs import Design
from rules.errors import UnknownUnit
from rules.status import MechStatus, Motion
from rules.units import Unit

LOS_RULES = ("standard", "dead_zone")
MOVEMENT_RULES = ("classic", "pm_by_pm")


@dataclass(frozen=True, slots=True)
class Options:
    """Options every player agrees before the match starts (Solaris VII asks the referee to fix the
    simultaneous-movement rule and the dead-zone rule at the start of the fight). ``turn_limit`` 0 means none."""

    los: str = "standard"
    movement: str = "pm_by_pm"
    turn_limit: int = 0

    def __post_init__(self) -> None:
        # TypeError, like an unknown option: callers that build Options from user input already catch it.
        if not isinstance(self.turn_limit, int) or isinstance(self.turn_limit, bool) or self.turn_limit < 0:
            raise TypeError("turn_limit is a whole number of turns (0: no limit)")


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How the match ended: the winning side ("" for a draw), why, and each side's victory points."""

    winner: str
    reason: str
    victory_points: Mapping[str, int]
    turn: int


@dataclass(frozen=True, slots=True)
class GameState:
    board: Board
    units: tuple[Unit, ...]
    turn: int = 1
    phase: str = "movement"
    options: Options = field(default_factory=Options)
    # Combat condition of each unit that fights with a design, by unit id. Units without one only move.
    mechs: Mapping[str, MechStatus] = field(default_factory=dict)
    # How each unit moved this turn (filled by the movement phase, cleared at the end of the turn).
    motions: Mapping[str, Motion] = field(default_factory=dict)
    result: MatchResult | None = None

    def unit(self, unit_id: str) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise UnknownUnit(f"there is no unit {unit_id!r}", unit=unit_id)

    def motion(self, unit_id: str) -> Motion:
        return self.motions.get(unit_id, Motion(stuck=self.unit(unit_id).stuck))


def equip(state: GameState, designs: Mapping[str, Design]) -> GameState:
    """Give units their designs: the design sets each one's tons, movement and name, and it enters the fight
    with fresh armour, structure and ammunition."""
    units = tuple(
        replace(unit, tons=d.tons, walk=d.walk, run=d.run, jump=d.jump, name=d.name) if (d := designs.get(unit.id)) else unit
        for unit in state.units
    )
    for unit_id in designs:
        state.unit(unit_id)  # an unknown id is an error, not a silent no-op
    mechs = {**state.mechs, **{unit_id: MechStatus.fresh(design) for unit_id, design in designs.items()}}
    return replace(state, units=units, mechs=mechs)
