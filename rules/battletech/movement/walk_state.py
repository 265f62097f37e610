"""The state of every unit while one movement phase plays, changed only by recorded events: the base of
:class:`rules.battletech.movement.walk.Walk`.

Every change goes through :meth:`WalkState.record`, which appends an event to its tick and applies it, so the
timeline and the final state cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rules.core.board import Board
from rules.battletech.movement.buildings import occupies
from rules.battletech.movement.conflicts import Cut
from rules.core.dice import Dice
from rules.core.hexes import Hex
from rules.battletech.movement.plan import PathPlan
from rules.core.timeline import Event
from rules.battletech.units import Unit

# Event kinds that end a unit's movement for the phase.
ENDS_MOVEMENT = frozenset({"blocked", "charge", "stuck", "fall", "immobile", "collapse"})
MOVING_KINDS = frozenset({"step", "turn", "stand", "prone", "floor", "climb", "skid"})


@dataclass(frozen=True, slots=True)
class Free:
    """Where a unit last stood in a hex no other mech holds, as it stood there: its tick, how many events that
    tick held then, and its MP and hexes spent so far (:meth:`rules.battletech.movement.walk.Walk._back_to_free`)."""

    tick: int
    events: int
    unit: Unit
    spent: int
    hexes: int


class WalkState:
    """The state of every unit while one movement phase plays; changed only by recorded events."""

    def __init__(self, board: Board, units: Sequence[Unit], plans: Mapping[str, PathPlan], dice: Dice,
                 ticks: int, *, charges: Mapping[str, str] | None = None) -> None:
        self.board, self.dice = board, dice
        self.plans = dict(plans)
        self.cuts: Mapping[str, Cut] = {}
        self.charges = charges or {}
        self.units = {unit.id: unit for unit in units}
        self.ticks: list[list[Event]] = [[] for _ in range(ticks)]
        self.spent = dict.fromkeys(self.units, 0)
        self.hexes = dict.fromkeys(self.units, 0)
        self.taken = dict.fromkeys(self.units, 0)  # how many of its plotted steps each unit has come to
        self.ended: dict[str, str] = {}  # unit → the event kind that ended its movement
        self.free: dict[str, Free] = {}
        self.holders: dict[Hex, list[str]] = {}
        for unit in units:
            plan = self.plans.get(unit.id)
            # A jumping unit is in the air from the start of the phase until it lands: it blocks nobody.
            if not (plan and plan.mode == "jump" and plan.steps):
                self.holders.setdefault(unit.hex, []).append(unit.id)

    # --- applying events ---------------------------------------------------------------------------

    def record(self, tick: int, event: Event) -> None:
        self.ticks[tick - 1].append(event)
        unit = self.units.get(event.unit)
        if unit is None:  # an event about something that is not a unit (a building)
            return
        self.spent[unit.id] += event.mp
        if event.kind == "step":  # a jump's one step counts every hex it covers
            self.hexes[unit.id] += event.from_hex.distance(event.to_hex)
        if event.kind in MOVING_KINDS:
            if unit.id in self.holders.get(unit.hex, ()):
                self.holders[unit.hex].remove(unit.id)
            self.holders.setdefault(event.to_hex, []).append(unit.id)
            unit = replace(unit, hex=event.to_hex, facing=event.facing, elevation=event.elevation,
                           prone=(unit.prone and event.kind != "stand") or event.kind == "prone",
                           climbing=event.kind == "climb" or (unit.climbing and event.kind != "step"))
        if event.kind in ("fall", "stuck", "freed", "immobile"):
            # A fall from a climb ends on the ground of the hex, one through a building's floor in its basement.
            grounded = event.kind == "fall" and unit.climbing
            elevation = event.elevation if event.kind == "fall" and event.building else 0 if grounded else unit.elevation
            unit = replace(unit, prone=unit.prone or event.kind == "fall", stuck=event.kind == "stuck",
                           legs_frozen=unit.legs_frozen or event.kind == "immobile",
                           elevation=elevation, climbing=unit.climbing and not grounded)
        self.units[unit.id] = unit
        if event.kind in ENDS_MOVEMENT:
            self.ended.setdefault(unit.id, event.kind)

    def occupant(self, hex_: Hex, elevation: int, other_than: str) -> str | None:
        """Who holds the place a unit at ``elevation`` in ``hex_`` would take (:func:`rules.battletech.movement.buildings.occupies`)."""
        return next((unit_id for unit_id in self.holders.get(hex_, ())
                     if unit_id != other_than and occupies(self.board, self.units[unit_id], hex_, elevation)), None)
