"""The state of a BattleTech match: the core state with its units, the agreed options and each mech's condition."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, cast

from rules.battletech.designs.design import Design
from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.core.state import State
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.units import Unit

# The two sides of a line of sight that runs exactly between hexes, left and right as seen from the attacker.
LOS_SIDES = ("left", "right")
# Who set a unit's split-LOS side: its controller, or the referee deciding for a controller who is absent.
LOS_CHOOSERS = ("controller", "referee")


@dataclass(frozen=True, slots=True)
class SplitLosSide:
    """The side a unit's controller chose for every line of sight to it that runs exactly between two hexes
    (Solaris VII 'Si la LdV pasa exactamente entre dos hexágonos': 'El objetivo seleccionará por cual de los
    dos pasará la LdV'). A standing choice: it holds for every attack on the unit until changed."""

    side: str
    by: str = "controller"

    def __post_init__(self) -> None:
        if self.side not in LOS_SIDES or self.by not in LOS_CHOOSERS:
            raise RuleError("los.side", why=Reason("los.side_choice", side=str(self.side), by=str(self.by)),
                            side=str(self.side))


@dataclass(frozen=True, slots=True)
class GameState(State):
    """The core state with what BattleTech keeps: its units, the agreed options and each mech's condition."""

    units: tuple[Unit, ...]
    phase: str = "movement"
    # The options the players agreed, as the ruleset's schema normalised them. The mechanics never read them:
    # the ruleset passes in the rules they choose (the LOS rule, the movement mode, the turn limit).
    options: Mapping[str, Any] = field(default_factory=dict)
    # Combat condition of each unit that fights with a design, by unit id. Units without one only move.
    mechs: Mapping[str, MechStatus] = field(default_factory=dict)
    # How each unit moved this turn (filled by the movement phase, cleared at the end of the turn).
    motions: Mapping[str, Motion] = field(default_factory=dict)
    # Each target unit's standing split-LOS side, by unit id; a unit without one gets the side worse for the attacker.
    split_los: Mapping[str, SplitLosSide] = field(default_factory=dict)

    def unit(self, unit_id: str) -> Unit:
        return cast(Unit, State.unit(self, unit_id))  # every piece of a BattleTech state is a Unit

    def motion(self, unit_id: str) -> Motion:
        unit = self.unit(unit_id)
        return self.motions.get(unit_id, Motion(stuck=unit.stuck, climbing=unit.climbing))


def choose_split_los(state: GameState, unit_id: str, side: str | None, by: str = "controller") -> GameState:
    """``unit_id``'s split-LOS side set to ``side``, or cleared (None: the side worse for the attacker again)."""
    state.unit(unit_id)  # an unknown id is an error, not a silent no-op
    choices = {target: choice for target, choice in state.split_los.items() if target != unit_id}
    if side is not None:
        choices[unit_id] = SplitLosSide(side, by)
    return replace(state, split_los=choices)


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
