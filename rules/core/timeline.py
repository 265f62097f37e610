"""The playback timeline of a movement phase: the one thing both the server and the browser use.

A timeline is a list of ticks, each an ordered list of :class:`Event` (a step, a turn, a blocked
step, a charge, a dice roll and its outcome…), then the final state of every unit. In PM-by-PM mode
a tick is one sub-turn of PM spending (Solaris VII, "Movimiento PM a PM"); in classic mode it is one
unit's whole move, in move order.

This module holds the ruleset-free values: the events and the PM schedule. :mod:`rules.core.playback`
plays a schedule tick by tick with a ruleset's hook (reactions); BattleTech's movement
(:mod:`rules.battletech.movement`) plays its own steps into events and resolves its two agreed modes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.core.dice import Roll
from rules.core.hexes import Hex


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


def tick_of_pm(k: int, unit_mp: int, longest: int) -> int:
    """The tick at which a unit spending ``unit_mp`` PM spends its k-th PM: ceil(k × T / p)."""
    return -(-k * longest // unit_mp)


class Scheduled(Protocol):
    """What the PM schedule needs of a plotted path: each step's MP, and whether its steps come after every
    other unit's at the same tick (a BattleTech jump lands once nobody on the ground is still moving)."""

    @property
    def step_costs(self) -> Sequence[int]: ...

    @property
    def lands_last(self) -> bool: ...


def schedule(plans: Mapping[str, Scheduled], rank: Mapping[str, int]) -> list[list[tuple[str, int]]]:
    """Which (unit, step index) happen at each tick 1..T, T the most PM any unit spends.

    Solaris VII "Movimiento PM a PM": a unit spending p PM spends its k-th PM at tick ceil(k × T / p);
    "si un mech necesita gastar varios PMs para entrar en un hexágono … no se moverá hasta el turno en
    que gaste todos los PMs necesarios", so a step happens at the tick of its last PM. Within a tick
    the initiative loser goes first ("el jugador que perdiera la iniciativa entrará en el hexágono en
    primer lugar"). A jump is one step of all its PM, so it lands on the last tick; it lands after the
    other units' last steps, once nobody on the ground is still on the move.
    """
    costs = {unit_id: plan.step_costs for unit_id, plan in plans.items()}
    longest = max((sum(steps) for steps in costs.values()), default=0)
    ticks: list[list[tuple[bool, int, str, int]]] = [[] for _ in range(longest)]
    for unit_id, steps in costs.items():
        spent, total, last = 0, sum(steps), plans[unit_id].lands_last
        for index, mp in enumerate(steps):
            spent += mp
            ticks[tick_of_pm(spent, total, longest) - 1].append((last, rank[unit_id], unit_id, index))
    return [[(unit_id, index) for _, _, unit_id, index in sorted(tick)] for tick in ticks]
