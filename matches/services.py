"""Orders: the commands that plot and submit them, and the resolution of a phase (after its last order or
once its deadline passes: deadlines.py), all run by `pipeline.run_command`.

Every failure is a `MatchError` raised before anything is written, so a bad order changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.contrib.auth.models import User

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.phases import NO_ANSWERS, OVER
from rules.core.phases import Order as PhaseOrder
from rules.rulesets import Ruleset, get_ruleset
from rules.core.reasons import Reason

from . import bots, reactions
from .errors import MatchError
from .frames import owed_units
from .models import Event, Match, Order, phase_dice_seed
from .pipeline import Command, Right, Step, is_player, run_command
from .selectors import Viewer, open_window
from .stale import check_position_seen


def check_commander(*, match: Match, viewer: Viewer, unit_id: str, turn: int | None, state: Any = None) -> Any:
    """The viewer is the player who may give `unit_id` an order in the current phase; returns the rules state
    (`state`, when the caller has decoded it already)."""
    ORDERS.check(match, viewer)
    if match.status != Match.Status.IN_PROGRESS or (turn is not None and turn != match.turn):
        raise MatchError("order.phase_closed", why=Reason("order.phase_over"))
    ruleset = get_ruleset(match.ruleset)
    state = ruleset.state_from_json(match.state) if state is None else state
    # An unknown unit gets the same answer as another side's: nobody learns which ids exist.
    if not any(unit.id == unit_id and unit.side == viewer.side for unit in state.units):
        raise MatchError("order.not_your_unit", unit=unit_id)
    if unit_id not in ruleset.awaits(state):
        raise MatchError("order.phase_closed", why=Reason("order.no_order_now", unit=unit_id), unit=unit_id)
    return state


def _checked_order(
    *, match: Match, viewer: Viewer, order_json: Any, turn: int | None, phase: str | None, seen: int | None
) -> tuple[Any, PhaseOrder, dict[str, Any]]:
    """Everything that must hold before an order is checked or stored. The ruleset's current phase decodes the
    order and answers whether it may be given (`ruleset.check`: in Solaris `{"path": PATH}` for a move,
    `{"attacks": ATTACKS}` with each attack's target number and modifiers for an attack)."""
    if phase is not None and phase != match.phase:
        # A late click for the phase just resolved must not land in the next one (a move read as holding fire).
        raise MatchError("order.phase_closed", why=Reason("order.late", phase=phase, current=match.phase), phase=phase)
    ruleset = get_ruleset(match.ruleset)
    try:
        state = ruleset.state_from_json(match.state)
        order = ruleset.decode_order(state, order_json)
        check_commander(match=match, viewer=viewer, unit_id=order.unit, turn=turn, state=state)
        check = ruleset.check(state, order)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    check_position_seen(match, seen)
    return state, order, check


# Orders are given by the player seated on the unit's side (`check_commander` says which units).
ORDERS = Right(is_player, "order.spectator")


@dataclass(frozen=True)
class OrderPlot(Command[dict[str, Any]]):
    """Checks a (partial) order for its owner only; nothing is stored and nobody else hears of it."""

    order_json: Any
    turn: int | None = None
    phase: str | None = None
    seen: int | None = None
    right: ClassVar[Right] = ORDERS
    writes: ClassVar[bool] = False

    def apply(self, step: Step) -> dict[str, Any]:
        state, order, check = _checked_order(
            match=step.match, viewer=step.viewer, order_json=self.order_json, turn=self.turn, phase=self.phase,
            seen=self.seen,
        )
        order_json = get_ruleset(step.match.ruleset).encode_order(state, order)
        return {"type": "plotted", "v": step.match.version, "order": order_json, **check}


@dataclass(frozen=True)
class OrderSubmit(OrderPlot):
    """Stores an order; the last order of the phase resolves it in the same command."""

    writes: ClassVar[bool] = True

    def apply(self, step: Step) -> dict[str, Any]:
        match, viewer = step.match, step.viewer
        state, order, check = _checked_order(
            match=match, viewer=viewer, order_json=self.order_json, turn=self.turn, phase=self.phase, seen=self.seen
        )
        phase_orders = step.current_orders()
        if any(stored.unit == order.unit for stored in phase_orders):
            raise MatchError("order.already_submitted", unit=order.unit)
        ruleset = get_ruleset(match.ruleset)
        stored = ruleset.encode_order(state, order)
        given = Order(match=match, turn=match.turn, phase=match.phase, unit=order.unit, side=viewer.side or "",
                      order=stored, submitted_by=step.user)
        step.add(given)  # saved with the events
        phase_orders.append(given)
        step.log(Event.Kind.SUBMITTED, {
            "side": viewer.side, "player": step.user.get_username(), "turn": match.turn, "phase": match.phase,
            "unit": order.unit, "order": stored, "owes": side_owes(ruleset, state, match, viewer.side, phase_orders),
        })
        if ruleset.ends(state, {o.unit for o in phase_orders}):
            phase_resolve(step, state, phase_orders)
        return {"type": "order_accepted", "v": match.version, "order": stored, **check}


@dataclass(frozen=True)
class OrderWithdraw(Command[dict[str, Any]]):
    """Takes back a unit's submitted order while its phase waits for others: the order is deleted and the
    withdrawal logged (the order with it, secret as it was). Refused once the phase has resolved, or while a
    reaction window has it half played (everyone has watched those orders move)."""

    unit: Any
    turn: int | None = None
    phase: str | None = None
    right: ClassVar[Right] = ORDERS

    def apply(self, step: Step) -> dict[str, Any]:
        match, viewer = step.match, step.viewer
        if not isinstance(self.unit, str):
            raise MatchError("message.malformed", why=Reason("message.withdraw"))
        if self.phase is not None and self.phase != match.phase:
            raise MatchError("order.phase_closed", why=Reason("order.late", phase=self.phase, current=match.phase),
                             phase=self.phase)
        check_commander(match=match, viewer=viewer, unit_id=self.unit, turn=self.turn)
        if open_window(match) is not None:
            raise MatchError("order.in_play", unit=self.unit)
        stored = Order.objects.filter(match=match, turn=match.turn, phase=match.phase, unit=self.unit).first()
        if stored is None:
            raise MatchError("order.not_submitted", unit=self.unit)
        stored.delete()
        ruleset = get_ruleset(match.ruleset)
        left = [order for order in step.current_orders() if order.unit != self.unit]
        owes = side_owes(ruleset, ruleset.state_from_json(match.state), match, viewer.side, left)
        # The order taken back is shown as a submitted one is: to its side and the referee (frames.ORDERED).
        step.log(Event.Kind.WITHDRAWN, {
            "side": viewer.side, "player": step.user.get_username(), "turn": match.turn, "phase": match.phase,
            "unit": self.unit, "order": stored.order, "owes": owes,
        })
        return {"type": "order_withdrawn", "v": match.version, "unit": self.unit}


def side_owes(ruleset: Ruleset[Any, Any], state: Any, match: Match, side: str | None, orders: list[Order]) -> list[str]:
    """The side's units whose orders the phase still awaits once `orders` stand (logged with each order given
    or taken back, kept on the server: frames.py shows each viewer only whether the side is done)."""
    mine = {unit["id"] for unit in match.state["units"] if unit["side"] == side}
    return [unit for unit in owed_units(ruleset, state, {order.unit for order in orders}) if unit in mine]


def order_withdraw(*, match_id: int, user: User, unit: Any, turn: int | None = None, phase: str | None = None,
                   ) -> dict[str, Any]:
    return run_command(match_id=match_id, user=user, command=OrderWithdraw(unit, turn, phase))


def order_plot(
    *, match_id: int, user: User, order_json: Any, turn: int | None = None, phase: str | None = None,
    seen: int | None = None,
) -> dict[str, Any]:
    return run_command(match_id=match_id, user=user, command=OrderPlot(order_json, turn, phase, seen))


def order_submit(
    *, match_id: int, user: User, order_json: Any, turn: int | None = None, phase: str | None = None,
    seen: int | None = None,
) -> dict[str, Any]:
    return run_command(match_id=match_id, user=user, command=OrderSubmit(order_json, turn, phase, seen))


def phase_unattended(step: Step) -> None:
    """A match started in a phase that awaits no orders (MEKATAC's card phase) has the server resolve it at
    once, through the same resolution as an order's, so it never waits on nobody; otherwise its bots (if it
    seats any) are asked for the first phase's orders."""
    match = step.match
    ruleset = get_ruleset(match.ruleset)
    state = ruleset.state_from_json(match.state)
    if match.status == Match.Status.IN_PROGRESS and match.phase != OVER and not ruleset.awaits(state):
        phase_resolve(step, state, [])
    else:
        bots.phase_opened(step)


def _attempt(step: Step) -> int:
    """How many times the referee annulled the match's current phase: its resolution's dice stream."""
    match = step.match
    annulled = [e.payload for e in step.events if e.kind == Event.Kind.ANNULLED]  # this command's, not saved yet
    return match.events.filter(kind=Event.Kind.ANNULLED, payload__turn=match.turn, payload__phase=match.phase).count() \
        + sum((payload["turn"], payload["phase"]) == (match.turn, match.phase) for payload in annulled)


def phase_resolve(step: Step, state: Any, phase_orders: list[Order]) -> None:
    """Resolves the current phase with the orders given (a unit without one gets the rules' default), after
    its last order or once its deadline passes: one batched playback per resolution, the movement timeline
    and/or the combat, heat and end reports; then, when the match ends there, the `finished` event with the
    result; once it commits, the match's bot seats are asked for the new phase's orders (bots.py). A play
    stopped by a reaction window logs the window instead and leaves the phase open."""
    match = step.match
    ruleset = get_ruleset(match.ruleset)
    orders = [ruleset.decode_order(state, stored.order) for stored in phase_orders]
    attempt = _attempt(step) if match.annulments else 0
    dice = Dice(phase_dice_seed(match.seed, match.turn, match.phase, attempt))
    # Only a ruleset with reactions has answers to read (one query fewer for the others' every resolution).
    answers = reactions.answers_given(match, ruleset, state, attempt) if ruleset.reacts else NO_ANSWERS
    result = ruleset.resolve_phase(state, orders, dice, answers)
    if result.pending is not None:
        # The play stopped to ask for reactions: the phase stays open until they are in (reactions.py).
        reactions.log_window(step, result.pending, attempt, ruleset.report_to_json(result))
        bots.phase_opened(step)  # a bot asked answers the window
        return
    payload = {"turn": match.turn, "phase": match.phase, "attempt": attempt, "timeline": ruleset.report_to_json(result)}
    match.state = ruleset.state_to_json(result.state)
    # The state it left is logged: what frames are viewed from and delayed spectators are shown.
    step.log(Event.Kind.PLAYBACK, {**payload, "state": match.state}, result.state)
    match.turn, match.phase = result.state.turn, result.state.phase
    if match.phase == OVER:
        # The result is recorded in the rules state (its `result`), which the match header shows.
        match.status = Match.Status.FINISHED
        step.log(Event.Kind.FINISHED, {"result": match.state["result"]})
    bots.phase_opened(step)
