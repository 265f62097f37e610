"""Classic Solaris VII resolution of simultaneous movement: classify the plotted paths pair by pair,
settle every clash (:mod:`rules.conflicts`), then move the units one after another in move order,
initiative loser first ("se supone que hay una tirada de iniciativa y que alguno de los dos siempre
mueve antes"). The timeline holds one tick per unit, in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from rules.board import Board
from rules.conflicts import Cut, settle
from rules.dice import Dice
from rules.initiative import Initiative
from rules.movement import PathPlan
from rules.timeline import Conflict, MovementResult, TickHook
from rules.units import Unit
from rules.walk import Walk

CLASSIC_RULE = "Solaris VII 'Problemas planteados por el movimiento simultáneo' (classic resolution)"

PairFilter = Callable[[PathPlan, PathPlan], bool]


def settle_all(board: Board, units: Sequence[Unit], plans: Mapping[str, PathPlan], initiative: Initiative,
               considered: PairFilter = lambda loser, winner: True) -> tuple[dict[str, Cut], tuple[Conflict, ...]]:
    """Settle every pair of plans (initiative loser first) until no clash is left.

    A cut can create a new clash (a winner placed in the hex before its target may stand where a third
    unit ends), so the pairs are looked at again until nothing changes; every round shortens a plan,
    so this ends."""
    by_id = {unit.id: unit for unit in units}
    current = dict(plans)
    cuts: dict[str, Cut] = {}
    conflicts: list[Conflict] = []
    changed = True
    while changed:
        changed = False
        for loser, winner in combinations(initiative.order, 2):
            if not considered(current[loser], current[winner]):
                continue
            settlement = settle(board, by_id, current[loser], current[winner])
            if settlement is None:
                continue
            new_cuts = {unit_id: cut for unit_id, cut in settlement.cuts.items() if cut.plan != current[unit_id]}
            # A pair looked at again is reported again only if it changed something.
            if new_cuts or all(conflict.units != settlement.conflict.units for conflict in conflicts):
                conflicts.append(settlement.conflict)
            for unit_id, cut in new_cuts.items():
                current[unit_id], cuts[unit_id], changed = cut.plan, cut, True
    return cuts, tuple(conflicts)


def resolve_classic(board: Board, units: Sequence[Unit], plans: Mapping[str, PathPlan], initiative: Initiative,
                    dice: Dice, hook: TickHook | None = None) -> MovementResult:
    cuts, conflicts = settle_all(board, units, plans, initiative)
    walk = Walk(board, units, plans, dice, len(initiative.order), cuts=cuts, hook=hook)
    for tick, unit_id in enumerate(initiative.order, start=1):
        walk.start(tick, unit_id)
        for index in range(len(plans[unit_id].steps)):
            walk.take_step(tick, unit_id, index, blocking=False)
        walk.end_tick(tick)
    reasons = (initiative.reason,
               f"{CLASSIC_RULE}: paths classified pair by pair, then one unit moves per tick, in move order")
    return MovementResult("classic", initiative, walk.timeline(), walk.outcomes(), reasons, conflicts)
