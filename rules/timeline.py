"""Simultaneous movement resolved PM by PM into a playback timeline.

Both players plot in secret; the referee replays the plotted paths together. The phase is split into
ticks: with T the largest number of PM any unit spends, a unit spending p PM spends its k-th PM at
tick ceil(k × T / p) (Solaris VII, "Movimiento PM a PM": 3 PM against 6 moves on ticks 2, 4 and 6).
A step that costs several PM happens at the tick of its last PM. A unit that would enter a hex
held by another unit stops in its previous hex and its movement ends. When two units enter the same
hex on the same tick, the initiative loser enters first.

The timeline is the one thing both the server and the browser use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rules.dice import Dice, Roll
from rules.hexes import Hex
from rules.movement import PathPlan
from rules.units import Unit


@dataclass(frozen=True, slots=True)
class Event:
    unit: str
    kind: str  # "step", "turn", "blocked"
    from_hex: Hex
    to_hex: Hex
    facing: int
    mp: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class UnitOutcome:
    unit: Unit
    moved: str
    hexes_moved: int
    mp: int


@dataclass(frozen=True, slots=True)
class Initiative:
    order: tuple[str, ...]  # loser first, winner last
    rolls: tuple[Roll, ...]


@dataclass(frozen=True, slots=True)
class MovementResult:
    mode: str
    initiative: Initiative
    ticks: tuple[tuple[Event, ...], ...]
    final: Mapping[str, UnitOutcome]
    reasons: tuple[str, ...]


def roll_initiative(unit_ids: Sequence[str], dice: Dice) -> Initiative:
    """2D6 per unit, higher wins; tied totals are rerolled until they differ (Solaris VII)."""
    rolls: list[Roll] = []
    totals: dict[str, int] = {}
    pending = [sorted(unit_ids)]
    ranked: list[str] = []
    while pending:
        group = pending.pop(0)
        if len(group) == 1:
            ranked.append(group[0])
            continue
        for unit_id in group:
            roll = dice.roll_2d6(f"initiative {unit_id}")
            rolls.append(roll)
            totals[unit_id] = roll.total
        by_total: dict[int, list[str]] = {}
        for unit_id in group:
            by_total.setdefault(totals[unit_id], []).append(unit_id)
        pending = [by_total[total] for total in sorted(by_total)] + pending
    return Initiative(tuple(ranked), tuple(rolls))


def tick_of_pm(k: int, unit_mp: int, longest: int) -> int:
    """The tick at which a unit spending ``unit_mp`` PM spends its k-th PM: ceil(k × T / p)."""
    return -(-k * longest // unit_mp)


def resolve_pm_by_pm(
    units: Sequence[Unit],
    plans: Mapping[str, PathPlan],
    initiative: Initiative,
) -> MovementResult:
    longest = max((plan.mp for plan in plans.values()), default=0)
    rank = {unit_id: index for index, unit_id in enumerate(initiative.order)}
    # (tick, initiative rank, step index) puts each step where it happens; losers enter first.
    scheduled = []
    for unit_id, plan in plans.items():
        spent = 0
        for index, step in enumerate(plan.steps):
            spent += step.mp
            scheduled.append((tick_of_pm(spent, plan.mp, longest), rank[unit_id], index, unit_id))
    scheduled.sort()

    position = {unit.id: (unit.hex, unit.facing) for unit in units}
    stopped: set[str] = set()
    done = {unit.id: {"mp": 0, "hexes": 0} for unit in units}
    ticks: list[list[Event]] = [[] for _ in range(longest)]
    for tick, _, index, unit_id in scheduled:
        if unit_id in stopped:
            continue
        step = plans[unit_id].steps[index]
        here, facing = position[unit_id]
        occupant = next((other for other, (hex_, _) in position.items() if other != unit_id and hex_ == step.hex), None)
        if occupant is not None and step.hex != here:
            stopped.add(unit_id)
            ticks[tick - 1].append(Event(unit_id, "blocked", here, step.hex, facing, 0,
                                         f"{step.hex.label} is held by {occupant}; movement ends"))
            continue
        kind = "turn" if step.hex == here else "step"
        position[unit_id] = (step.hex, step.facing)
        done[unit_id]["mp"] += step.mp
        done[unit_id]["hexes"] += kind == "step"
        ticks[tick - 1].append(Event(unit_id, kind, here, step.hex, step.facing, step.mp))

    final = {}
    for unit in units:
        hex_, facing = position[unit.id]
        mp = done[unit.id]["mp"]
        # A runner stopped while it had spent only walking PM counts as having walked (Solaris VII rule).
        moved = "none" if mp == 0 else ("walk" if mp <= unit.walk else "run")
        final[unit.id] = UnitOutcome(replace(unit, hex=hex_, facing=facing), moved, done[unit.id]["hexes"], mp)
    reasons = ("Solaris VII 'Movimiento PM a PM': a unit spending p of T PM spends its k-th PM at tick ceil(k*T/p)",)
    return MovementResult("pm_by_pm", initiative, tuple(tuple(tick) for tick in ticks), final, reasons)
