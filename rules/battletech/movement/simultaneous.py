"""Simultaneous movement: both players plot in secret, the referee resolves the phase in the mode
every player agreed before the match ("el árbitro deberá dejar claro al inicio del combate qué regla
va a usar durante todo el combate y los jugadores deberán estar de acuerdo"): ``classic``
(:mod:`rules.battletech.movement.classic`) or ``pm_by_pm`` (here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from rules.core.board import Board
from rules.battletech.movement.classic import resolve_classic
from rules.battletech.movement.conflicts import route, settle_all
from rules.core.dice import Dice
from rules.core.errors import MalformedOrder, RuleError
from rules.battletech.state import GameState
from rules.battletech.movement.initiative import Initiative, given_initiative, roll_initiative
from rules.battletech.movement.plan import MoveOrder, PathPlan, plan_path
from rules.core.reasons import Reason
from rules.core.timeline import Event, schedule
from rules.battletech.movement.result import Conflict, MovementResult
from rules.battletech.units import Unit
from rules.battletech.movement.walk import Walk

# The simultaneous-movement modes: each whole move in initiative order, or point by point.
MOVEMENT_RULES = ("classic", "pm_by_pm")


def resolve_pm_by_pm(board: Board, units: Sequence[Unit], plans: Mapping[str, PathPlan], initiative: Initiative,
                     dice: Dice, *, charges: Mapping[str, str] | None = None) -> MovementResult:
    """Solaris VII 'Movimiento PM a PM': the units spend their PM tick by tick (:func:`schedule`); a unit
    that would enter a hex another mech holds charges it (if plotted and allowed) or stops.
    "En los casos en que algún mech salte, no habrá conflicto, salvo que el hexágono final sea el
    mismo, en cuyo caso, se decidirá por iniciativa": those landings are settled before the ticks."""
    def jumps(loser: PathPlan, winner: PathPlan) -> bool:
        return any(plan.mode == "jump" and bool(plan.steps) for plan in (loser, winner))

    ticks = schedule(plans, initiative.rank())
    walk = Walk(board, units, plans, dice, len(ticks), charges=charges)
    if ticks:
        walk.start(initiative.order)
    cuts, landings = settle_all(board, units, walk.moving_plans(), initiative, considered=jumps)
    walk.cut(cuts)
    for tick, moves in enumerate(ticks, start=1):
        for unit_id, index in moves:
            walk.take_step(tick, unit_id, index, blocking=True)
    timeline = walk.timeline()
    reasons = (initiative.reason, Reason("movement.pm_by_pm", ticks=len(ticks)))
    conflicts = landings + _meetings(plans, initiative, timeline)
    return MovementResult("pm_by_pm", initiative, timeline, walk.outcomes(), reasons, conflicts)


def _meetings(plans: Mapping[str, PathPlan], initiative: Initiative,
              timeline: tuple[tuple[Event, ...], ...]) -> tuple[Conflict, ...]:
    """Each pair of coincident paths ("con que alguno de los hexágonos de los respectivos recorridos
    coincida. Incluso si coincide el hexágono inicial de un mech con el final de otro") and what the
    ticks made of it."""
    met: dict[frozenset[str], Event] = {}
    for event in (event for tick in timeline for event in tick):
        if event.kind in ("blocked", "charge") and event.target in plans:
            met.setdefault(frozenset((event.unit, event.target)), event)
    conflicts = []
    hexes = {unit_id: set(route(plan)) for unit_id, plan in plans.items() if plan.mode != "jump"}
    for loser, winner in combinations(initiative.order, 2):
        shared = sorted(hexes[loser] & hexes[winner]) if loser in hexes and winner in hexes else []
        if not shared:
            continue
        meeting = met.get(frozenset((loser, winner)))
        if meeting is None:
            resolution = Reason("conflict.coincident", hexes=", ".join(hex_.label for hex_ in shared))
            conflicts.append(Conflict("coincident_paths", (loser, winner), resolution))
        else:
            conflicts.append(Conflict(meeting.kind, (loser, winner), meeting.reason, meeting.to_hex))
    return tuple(conflicts)


def standing_plan(unit: Unit) -> PathPlan:
    """The plan of a unit that was given no order: it stays where it is."""
    return PathPlan(unit.id, "walk", unit.hex, unit.facing, (), "none")


def resolve_movement(state: GameState, orders: Sequence[MoveOrder], dice: Dice, *, mode: str = "pm_by_pm",
                     initiative: Sequence[str] | None = None) -> MovementResult:
    """Plan every order, settle initiative (rolled, or given loser first) and resolve the phase in ``mode``,
    the one the players agreed (passed in by the ruleset). A unit without an order stays put."""
    if mode not in MOVEMENT_RULES:
        raise RuleError("options.movement", rules=list(MOVEMENT_RULES), movement=mode)
    plans: dict[str, PathPlan] = {}
    for order in orders:
        if order.unit in plans:
            raise MalformedOrder("order.duplicate", unit=order.unit)
        plans[order.unit] = plan_path(state.board, state.unit(order.unit), order)
    charges = {order.unit: order.charge for order in orders if order.charge is not None}
    for target in charges.values():
        state.unit(target)  # an unknown unit raises UnknownUnit
    all_plans = {unit.id: plans.get(unit.id) or standing_plan(unit) for unit in state.units}
    ids = [unit.id for unit in state.units]
    settled = roll_initiative(ids, dice) if initiative is None else given_initiative(initiative, ids)
    if mode == "classic":
        return resolve_classic(state.board, state.units, all_plans, settled, dice)
    return resolve_pm_by_pm(state.board, state.units, all_plans, settled, dice, charges=charges)
