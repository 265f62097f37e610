"""The playback timeline of a movement phase: the one thing both the server and the browser use.

A timeline is a list of ticks, each an ordered list of :class:`Event` (a step, a turn, a blocked
step, a charge, a dice roll and its outcome…), then the final state of every unit. In PM-by-PM mode
a tick is one sub-turn of PM spending (Solaris VII, "Movimiento PM a PM"); in classic mode it is one
unit's whole move, in move order.

This module holds the values and the PM schedule; :mod:`rules.battletech.movement.walk` plays steps into events,
:mod:`rules.battletech.movement.classic` and :mod:`rules.battletech.movement.simultaneous` resolve the two agreed modes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.core.board import Board
from rules.core.dice import Dice, Roll
from rules.core.hexes import Hex
from rules.battletech.movement.initiative import Initiative
from rules.battletech.movement.plan import PathPlan
from rules.battletech.units import Unit


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened to a unit. ``to_hex`` is where the unit is once the event is done, except
    for ``blocked`` and ``charge``: there it is the hex the unit did not enter (it stays in ``from_hex``)."""

    unit: str
    kind: str  # step, turn, blocked, charge, roll, stuck, freed, fall, skid, damage, immobile, …
    from_hex: Hex
    to_hex: Hex
    facing: int
    mp: int = 0
    reason: str = ""
    target: str = ""  # the other unit (or building) of a blocked step, a charge or a collision
    rolls: tuple[Roll, ...] = ()
    damage: int = 0
    elevation: int = 0  # levels above the hex's own level once the event is done (a roof, under water)
    # The building hex a ``wall`` or skid ``charge`` damages, a ``collapse`` brings down, a ``basement`` roll
    # finds what lies below or a ``fall`` drops into.
    building: Hex | None = None
    levels: int = 0  # the levels a ``fall`` drops (its pilot roll adds them); a drop's leg ``damage``: levels dropped
    own_damage: int = 0  # what a skid ``charge`` does to the skidder


@dataclass(frozen=True, slots=True)
class Conflict:
    """A classified clash between plotted paths and how it was settled."""

    case: str
    units: tuple[str, ...]  # move order: initiative loser first
    resolution: str
    hex: Hex | None = None  # the hex in dispute, when there is one
    options: tuple[str, ...] = ()  # what the initiative winner may do next (charge, fire at 1 hex…)


@dataclass(frozen=True, slots=True)
class UnitOutcome:
    unit: Unit
    moved: str  # none, walk, run, jump: what heat and to-hit count
    hexes_moved: int
    mp: int
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MovementResult:
    mode: str
    initiative: Initiative
    ticks: tuple[tuple[Event, ...], ...]
    final: Mapping[str, UnitOutcome]
    reasons: tuple[str, ...]
    conflicts: tuple[Conflict, ...] = ()

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every roll of the phase in the order it was thrown: initiative, then the timeline's."""
        return self.initiative.rolls + tuple(roll for tick in self.ticks for event in tick for roll in event.rolls)


@dataclass(frozen=True, slots=True)
class BuildingsHit:
    damage: Mapping[Hex, int]  # walls passed and skids into the building, per building hex
    collapsed: frozenset[Hex]  # brought down by the weight on one of their levels
    basements: Mapping[Hex, int]  # the Basements Table roll of each hex whose basement was found


def buildings_hit(events: Iterable[Event]) -> BuildingsHit:
    """What ``events`` did to buildings: ``wall`` and skid ``charge`` damage, ``collapse`` and ``basement``
    (the roll that found what lies below)."""
    damage: dict[Hex, int] = {}
    collapsed = set()
    basements: dict[Hex, int] = {}
    for event in events:
        if event.building is None:
            continue
        if event.kind == "collapse":
            collapsed.add(event.building)
        elif event.kind == "basement":
            basements[event.building] = event.rolls[0].total
        elif event.kind in ("wall", "charge"):
            damage[event.building] = damage.get(event.building, 0) + event.damage
    return BuildingsHit(damage, frozenset(collapsed), basements)


@dataclass(frozen=True, slots=True)
class Moment:
    """What a tick hook sees once a tick's steps are played: the units where they stand now."""

    tick: int
    units: Mapping[str, Unit]
    events: tuple[Event, ...]  # this tick's events so far
    board: Board
    dice: Dice


# The one extension point for reactions during movement (MEKATAC attacks while others move, skirmish
# reactions when a line of fire opens): called after every tick, its events are appended to the tick
# and applied like any other (a "fall" knocks a unit down and ends its movement).
TickHook = Callable[[Moment], Sequence[Event]]


def tick_of_pm(k: int, unit_mp: int, longest: int) -> int:
    """The tick at which a unit spending ``unit_mp`` PM spends its k-th PM: ceil(k × T / p)."""
    return -(-k * longest // unit_mp)


def schedule(plans: Mapping[str, PathPlan], rank: Mapping[str, int]) -> list[list[tuple[str, int]]]:
    """Which (unit, step index) happen at each tick 1..T, T the most PM any unit spends.

    Solaris VII "Movimiento PM a PM": a unit spending p PM spends its k-th PM at tick ceil(k × T / p);
    "si un mech necesita gastar varios PMs para entrar en un hexágono … no se moverá hasta el turno en
    que gaste todos los PMs necesarios", so a step happens at the tick of its last PM. Within a tick
    the initiative loser goes first ("el jugador que perdiera la iniciativa entrará en el hexágono en
    primer lugar"). A jump is one step of all its PM, so it lands on the last tick; it lands after the
    other units' last steps, once nobody on the ground is still on the move.
    """
    longest = max((plan.mp for plan in plans.values()), default=0)
    ticks: list[list[tuple[bool, int, str, int]]] = [[] for _ in range(longest)]
    for unit_id, plan in plans.items():
        spent = 0
        for index, step in enumerate(plan.steps):
            spent += step.mp
            entry = (plan.mode == "jump", rank[unit_id], unit_id, index)
            ticks[tick_of_pm(spent, plan.mp, longest) - 1].append(entry)
    return [[(unit_id, index) for _, _, unit_id, index in sorted(tick)] for tick in ticks]
