"""The order phase: one order of the active player's pool, played with its reactions and resolved.

Every order is its own phase (``order-N``, :mod:`rules.rulesets.skirmish.state`). The phase waits for the
active side's troops that still count and ends with the first order given. Without one (the active player
passes, or its deadline passes) its active turn ends with the orders left unspent. When the pool is spent the
next side's active turn begins; after the last side's, the next game turn, until ``turns`` have been played or
a side has no troop left standing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import NO_ANSWERS, OVER, Json, PhaseTable
from rules.core.playback import Answers, ReactionWindow
from rules.core.reasons import Reason
from rules.core.state import MatchResult
from rules.core.timeline import Event
from rules.rulesets.skirmish import orders as codec
from rules.rulesets.skirmish.lof import sight
from rules.rulesets.skirmish.movement import Plan, plan_order
from rules.rulesets.skirmish.orders import SkirmishOrder
from rules.rulesets.skirmish.play import play_order
from rules.rulesets.skirmish.resolve import resolve_attacks
from rules.rulesets.skirmish.state import ORDER_PHASE, Declaration, Progress, SkirmishState, order_phase, pool_of
from rules.rulesets.skirmish.troops import ENGAGED

CORNER = Hex(0, 0)  # where an event that is no troop's is told to happen
WITHOUT_ORDER = "the active player's turn ends, its remaining orders unspent"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What resolving orders gave: the state after them, the ticks played (each a list of events), and the
    window that stopped the play, if one did."""

    state: SkirmishState
    ticks: tuple[tuple[Event, ...], ...] = ()
    pending: ReactionWindow | None = None
    phases: tuple[str, ...] = field(default=())

    def followed_by(self, later: Outcome) -> Outcome:
        return Outcome(later.state, self.ticks + later.ticks, later.pending, self.phases + later.phases)

    def moved_to(self, state: Any) -> Outcome:
        return replace(self, state=state)


class OrderPhase:
    name = ORDER_PHASE
    takes_orders = True
    without_order = WITHOUT_ORDER

    def awaits(self, state: SkirmishState) -> list[str]:
        return [] if state.result is not None else [unit.id for unit in state.standing(state.active)]

    def ends(self, state: SkirmishState, ordered: Collection[str]) -> bool:
        return bool(ordered)

    def decode_order(self, state: SkirmishState, data: Any) -> SkirmishOrder:
        order = codec.decode_order(data)
        if order.unit not in self.awaits(state):
            raise RuleError("skirmish.not_active", unit=order.unit)
        plan_order(state, order)
        return order

    def encode_order(self, order: SkirmishOrder) -> Json:
        return codec.encode_order(order)

    def check(self, state: SkirmishState, order: SkirmishOrder) -> Json:
        plan = plan_order(state, order)
        return {"end": plan.end.label, "facing": plan.facing, "idle": plan.idle,
                "steps": [{"kind": step.kind, "skill": step.skill, "hex": step.hex.label} for step in plan.steps]}

    def resolve(self, state: SkirmishState, orders: Sequence[SkirmishOrder], dice: Dice,
                answers: Answers = NO_ANSWERS) -> Outcome:
        phase = state.phase
        state = replace(state, given=state.given + 1)
        if not orders:
            return Outcome(end_active_turn(state), ((_turn_end_event(state),),), phases=(phase,))
        plan = plan_order(state, orders[0])
        played = play_order(state, plan, dice, answers)
        if played.pending is not None:
            return Outcome(played.state, played.ticks, played.pending, (phase,))
        after, events = _finish(played.state, plan, dice)
        after = replace(after, pool=after.pool - 1, progress=Progress())
        if after.pool <= 0:
            after = end_active_turn(after)
        return Outcome(after, (*played.ticks, events), phases=(phase,))


def _finish(state: SkirmishState, plan: Plan, dice: Dice) -> tuple[SkirmishState, tuple[Event, ...]]:
    """The troop faces where its player chose; the order's attacks resolve together; contact is re-read."""
    troop = state.unit(plan.order.unit)
    state = state.with_unit(replace(troop, facing=plan.facing))
    state, events = resolve_attacks(state, _declarations(state, plan), dice)
    return _engagements(state), events


def _declarations(state: SkirmishState, plan: Plan) -> list[Declaration]:
    """The active troop's attack first, then the reactions in the order they were declared. The active troop
    shoots from the point where its target reacted to it (face-to-face), else from the first point of its
    path with a line of fire."""
    reactions = list(state.progress.reactions)
    attack = plan.order.attack
    if attack is None:
        return reactions
    troop, target = state.unit(plan.order.unit), state.unit(attack.target)
    rival = next((declared for declared in reactions if declared.unit == attack.target), None)
    origin = rival.aim if rival is not None else plan.shot_from[0]
    cover = sight(state.board, origin, troop.height, target.hex, target.height).cover
    return [Declaration(troop.id, target.id, origin, target.hex, cover, 0), *reactions]


def _engagements(state: SkirmishState) -> SkirmishState:
    """Engaged: in silhouette contact with an enemy troop still standing; anyone else no longer is."""
    for troop in state.units:
        touching = any(other.hex.distance(troop.hex) <= 1 for other in state.enemies(troop.side) if not other.out)
        engaged = touching and not troop.out
        state = state.with_unit(troop.with_states(ENGAGED) if engaged else troop.with_states(without=(ENGAGED,)))
    return state


def _turn_end_event(state: SkirmishState) -> Event:
    return Event("", "turn_end", CORNER, CORNER, 0,
                 reason=Reason("skirmish.end_turn", side=state.active, pool=state.pool))


def end_active_turn(state: SkirmishState) -> SkirmishState:
    """The next side's active turn with its pool counted, or after the last side's the next game turn (or the
    match's result)."""
    state = replace(state, pool=0)
    result = _result(state)
    if result is not None:
        return replace(state, result=result)
    index = state.sides.index(state.active) + 1
    if index < len(state.sides):
        side = state.sides[index]
        return replace(state, active=side, pool=pool_of(state, side))
    side = state.sides[0]
    return replace(state, turn=state.turn + 1, given=0, active=side, pool=pool_of(state, side))


def _result(state: SkirmishState) -> MatchResult | None:
    out = {side: len([u for u in state.units if u.side != side and u.out]) for side in state.sides}
    wiped = [side for side in state.sides if not state.standing(side)]
    if wiped:
        winner = next((side for side in state.sides if side not in wiped), "")
        return MatchResult(winner, Reason("skirmish.wiped_out", side=wiped[0]), out, state.turn)
    if state.active != state.sides[-1] or state.turn < state.turns:
        return None
    best = max(out.values())
    leaders = [side for side, points in out.items() if points == best]
    winner = leaders[0] if len(leaders) == 1 else ""
    reason = (Reason("skirmish.victory", turns=state.turn, side=winner, points=best) if winner
              else Reason("skirmish.draw", turns=state.turn))
    return MatchResult(winner, reason, out, state.turn)


class OrderTable(PhaseTable[SkirmishState, Outcome]):
    """The turn as one order phase played again for every order: ``order-N`` names the N-th order of the game
    turn, the next order's phase follows each resolution, and a result ends the match."""

    def phase(self, name: str) -> Any:
        return PhaseTable.phase(self, ORDER_PHASE if name.startswith(f"{ORDER_PHASE}-") else name)

    def advance(self, state: SkirmishState) -> SkirmishState:
        if state.phase == OVER or state.result is not None:
            return replace(state, phase=OVER)
        return replace(state, phase=order_phase(state.given + 1))
