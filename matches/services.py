"""The one move pipeline: validate -> lock the match row -> rules -> event log + version -> broadcast on commit.

Consumers and API views never write themselves: they call these functions, or the lobby, referee and
split-LOS services (lobby.py, referee.py, los_sides.py), which lock the row the same way and log and broadcast
through `event_append` and `events_publish` here (chat lines, chat.py, are no match events: stored and sent
after commit, without bumping the version). Every failure is a `MatchError` raised before anything is written,
so a bad order changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules.io import codec
from rules.io.combat_codec import result_to_json
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.battletech.state import GameState
from rules.battletech.movement.plan import MoveOrder
from rules.rulesets import get_ruleset
from rules.rulesets.base import Order as PhaseOrder

from . import hub
from .errors import MatchError
from .models import Event, Match, Order, Participant, phase_dice_seed
from .selectors import (
    PUBLIC,
    Viewer,
    current_orders,
    event_frame,
    match_and_viewer,
    spectator_horizon,
    spectators_delayed,
)
from .stale import check_position_seen


def match_create(
    *,
    state_json: dict[str, Any],
    players: dict[str, AbstractBaseUser],
    ruleset: str = "solaris",
    title: str = "",
    options: dict[str, Any] | None = None,
) -> Match:
    """A match already under way: `players` seats one user per side of the rules state."""
    state = codec.state_from_json(state_json)
    with transaction.atomic():
        match = Match.objects.create(
            title=title,
            ruleset=ruleset,
            status=Match.Status.IN_PROGRESS,
            state=codec.state_to_json(state),
            turn=state.turn,
            phase=state.phase,
            options=options or {},
        )
        for side, user in players.items():
            Participant.objects.create(match=match, user=user, role=Participant.Role.PLAYER, side=side)
    return match


def check_commander(*, match: Match, viewer: Viewer, unit_id: str, turn: int | None) -> GameState:
    """The viewer is the player who may give `unit_id` an order in the current phase; returns the state."""
    if viewer.role != Participant.Role.PLAYER or viewer.side is None:
        raise MatchError("order.spectator", "Only a player seated in this match can send orders.", status=403)
    if match.status != Match.Status.IN_PROGRESS or (turn is not None and turn != match.turn):
        raise MatchError("order.phase_closed", "That phase is over; orders go to the current phase.", status=409)
    state = codec.state_from_json(match.state)
    # An unknown unit gets the same answer as another side's: nobody learns which ids exist.
    if not any(unit.id == unit_id and unit.side == viewer.side for unit in state.units):
        raise MatchError("order.not_your_unit", f"Unit {unit_id!r} is not yours to command.", status=403)
    if unit_id not in get_ruleset(match.ruleset).units_to_order(state):
        raise MatchError("order.phase_closed", f"Unit {unit_id!r} has no order to give now.", status=409)
    return state


def _checked_order(
    *, match: Match, viewer: Viewer, order_json: Any, turn: int | None, phase: str | None, seen: int | None
) -> tuple[GameState, PhaseOrder, dict[str, Any]]:
    """Everything that must hold before an order is checked or stored. The current phase decides the order's
    kind (movement, weapon or physical); the check is `{"path": PATH}` for a move and `{"attacks": ATTACKS}`
    (each attack's target number and modifiers) for an attack."""
    if phase is not None and phase != match.phase:
        # A late click for the phase just resolved must not land in the next one (a move read as holding fire).
        raise MatchError("order.phase_closed", f"The {phase} phase is over; this is the {match.phase}.", status=409)
    try:
        order = codec.phase_order_from_json(match.phase, order_json)
        state = check_commander(match=match, viewer=viewer, unit_id=order.unit, turn=turn)
        ruleset = get_ruleset(match.ruleset)
        if isinstance(order, MoveOrder):
            check = {"path": codec.path_to_json(ruleset.check_order(state, order))}
        else:
            check = {"attacks": codec.attacks_to_json(ruleset.check_attack(state, order))}
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    check_position_seen(match, seen)
    return state, order, check


def order_plot(
    *, match_id: int, user: AbstractBaseUser, order_json: Any, turn: int | None = None, phase: str | None = None,
    seen: int | None = None,
) -> dict[str, Any]:
    """Checks a (partial) order for its owner only; nothing is stored and nobody else hears of it."""
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    _, order, check = _checked_order(
        match=match, viewer=viewer, order_json=order_json, turn=turn, phase=phase, seen=seen
    )
    return {"type": "plotted", "v": match.version, "order": codec.phase_order_to_json(order), **check}


def order_submit(
    *, match_id: int, user: AbstractBaseUser, order_json: Any, turn: int | None = None, phase: str | None = None,
    seen: int | None = None,
) -> dict[str, Any]:
    """Stores an order; the last order of the phase resolves it in the same transaction.

    Every query here runs while holding the match's row lock, so the match's next command waits for all of
    them, and so each is counted (tests/matches/test_match_services.py pins the number): the seat comes with the locked match row,
    the phase's orders are read once, the new events go in one INSERT and the match row writes back only the
    columns that changed."""
    with transaction.atomic():
        match, viewer = match_and_viewer(match_id=match_id, user=user, for_update=True)
        state, order, check = _checked_order(
            match=match, viewer=viewer, order_json=order_json, turn=turn, phase=phase, seen=seen
        )
        phase_orders = current_orders(match)
        if any(stored.unit == order.unit for stored in phase_orders):
            raise MatchError("order.already_submitted", f"Unit {order.unit!r} already has its order.", status=409)
        stored = codec.phase_order_to_json(order)
        phase_orders.append(Order.objects.create(
            match=match, turn=match.turn, phase=match.phase, unit=order.unit, side=viewer.side,
            order=stored, submitted_by=user,
        ))
        events = [
            event_next(match, Event.Kind.SUBMITTED, {
                "side": viewer.side, "player": user.get_username(), "turn": match.turn, "phase": match.phase,
                "order": stored,
            })
        ]
        changed = ["version", "updated_at"]
        if set(get_ruleset(match.ruleset).units_to_order(state)) <= {o.unit for o in phase_orders}:
            orders = [codec.phase_order_from_json(match.phase, o.order) for o in phase_orders]
            events += phase_resolve(match, state, orders)
            changed += RESOLVED_FIELDS
        events_store(events)
        match.save(update_fields=changed)
        events_publish(match, events)
    return {"type": "order_accepted", "v": match.version, "order": stored, **check}


def event_next(match: Match, kind: str, payload: dict[str, Any]) -> Event:
    """The log's next event, not stored yet: bumps the version. The caller holds the row lock, stores the
    batch with `events_store` and saves the match."""
    match.version += 1
    return Event(match=match, version=match.version, kind=kind, payload=payload)


def events_store(events: list[Event]) -> list[Event]:
    """Appends a batch of new events to the log in one INSERT."""
    return Event.objects.bulk_create(events)


def event_append(match: Match, kind: str, payload: dict[str, Any]) -> Event:
    """Appends one event to the log and bumps the version; the caller holds the row lock and saves the match."""
    [event] = events_store([event_next(match, kind, payload)])
    return event


def events_publish(match: Match, events: list[Event]) -> None:
    """Broadcasts the public frames of new events once the transaction commits."""
    frames = [event_frame(event=event, viewer=PUBLIC) for event in events]
    # robust: the change is committed either way; a lost broadcast is caught up through the version.
    transaction.on_commit(lambda: hub.publish(match_id=match.pk, frames=frames), robust=True)
    if match.options.get("spectator_delay_seconds") and events:
        # Only a nudge: each process's `delayed_release` reads from the log what the delay lets through.
        nudge = [{"type": hub.LOGGED, "v": match.version}]
        transaction.on_commit(
            lambda: hub.publish(match_id=match.pk, frames=nudge, stream=hub.DELAYED_STREAM, versioned=False),
            robust=True,
        )
    elif match.options.get("spectator_delay") and events:
        # Delayed spectators get what these events moved into their view: from what they could see before
        # (everything, in the lobby) up to what they may see now (everything, once the match is over).
        seen = spectator_horizon(match, upto=events[0].version - 1)
        visible = spectator_horizon(match)
        released = Event.objects.filter(
            match=match, version__gt=events[0].version - 1 if seen is None else seen,
            version__lte=match.version if visible is None else visible,
        ).order_by("version")
        delayed = [event_frame(event=event, viewer=PUBLIC) for event in released]
        if delayed:
            transaction.on_commit(
                lambda: hub.publish(match_id=match.pk, frames=delayed, stream=hub.DELAYED_STREAM), robust=True
            )


def state_for_delayed(match: Match) -> dict[str, Any]:
    """The match's rules state, to log in an event's payload when spectators are delayed: what they are shown
    once the event is old enough (`selectors.STATE_EVENTS`; never sent in a frame)."""
    return {"state": match.state} if spectators_delayed(match) else {}


# The match columns a resolution changes, besides the version.
RESOLVED_FIELDS = ["state", "turn", "phase", "status"]


def phase_resolve(match: Match, state: GameState, orders: list[PhaseOrder]) -> list[Event]:
    """One batched playback per resolution: the movement timeline and/or the combat, heat and end reports;
    then, when the match ends there, the `finished` event with the result. The events are not stored yet
    (`events_store`), and the match's `RESOLVED_FIELDS` have changed."""
    attempt = match.events.filter(kind=Event.Kind.ANNULLED, payload__turn=match.turn, payload__phase=match.phase).count()
    dice = Dice(phase_dice_seed(match.seed, match.turn, match.phase, attempt))
    result = get_ruleset(match.ruleset).resolve_phase(state, orders, dice)
    payload = {"turn": match.turn, "phase": match.phase, "attempt": attempt, "timeline": codec.report_to_json(result)}
    match.state = codec.state_to_json(result.state)
    events = [event_next(match, Event.Kind.PLAYBACK, {**payload, **state_for_delayed(match)})]
    match.turn, match.phase = result.state.turn, result.state.phase
    if result.state.result is not None:
        # The result is recorded in the rules state (`state.result`), which the match header shows.
        match.status = Match.Status.FINISHED
        events.append(event_next(match, Event.Kind.FINISHED, {"result": result_to_json(result.state.result)}))
    return events
