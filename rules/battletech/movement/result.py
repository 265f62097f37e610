"""What a BattleTech movement phase returns: each unit's outcome, the conflicts settled, the whole timeline."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.battletech.movement.initiative import Initiative
from rules.battletech.units import Unit
from rules.core.dice import Roll
from rules.core.hexes import Hex
from rules.core.timeline import Event


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
