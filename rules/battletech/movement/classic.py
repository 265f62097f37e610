"""Classic Solaris VII resolution of simultaneous movement: the rolls due at the start of the phase
(MASC, escaping a swamp), then the plotted paths classified pair by pair and every clash settled
(:mod:`rules.battletech.movement.conflicts`), then the units moved one after another in move order, initiative loser
first ("se supone que hay una tirada de iniciativa y que alguno de los dos siempre mueve antes").
The timeline holds one tick per unit, in that order; the start-of-phase rolls open the first tick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core.board import Board
from rules.battletech.movement.conflicts import settle_all
from rules.core.dice import Dice
from rules.battletech.movement.initiative import Initiative
from rules.battletech.movement.plan import PathPlan
from rules.core.reasons import Reason
from rules.battletech.movement.result import MovementResult
from rules.battletech.units import Unit
from rules.battletech.movement.walk import Walk


def resolve_classic(board: Board, units: Sequence[Unit], plans: Mapping[str, PathPlan], initiative: Initiative,
                    dice: Dice) -> MovementResult:
    walk = Walk(board, units, plans, dice, len(initiative.order))
    walk.start(initiative.order)
    cuts, conflicts = settle_all(board, units, walk.moving_plans(), initiative)
    walk.cut(cuts)
    for tick, unit_id in enumerate(initiative.order, start=1):
        for index in range(len(plans[unit_id].steps)):
            walk.take_step(tick, unit_id, index, blocking=False)
    reasons = (initiative.reason, Reason("movement.classic"))
    return MovementResult("classic", initiative, walk.timeline(), walk.outcomes(), reasons, conflicts)
