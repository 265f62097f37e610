"""Reads: the match as each viewer is shown it.

`player_view` builds the snapshot (websocket and REST) from the ruleset's view of the state, as frames.py
builds every frame: nothing leaves the server any other way.
"""

from __future__ import annotations

from copy import copy
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User, AnonymousUser
from django.db.models import QuerySet
from django.utils import timezone

from rules.core.playback import ReactionWindow
from rules.rulesets import get_ruleset

from . import hub, store
from .errors import MatchError
from .frames import PUBLIC, Viewer, event_fields, owed_units, playback_fields, seen_units, side_done
from .models import Event, Match, Order, Participant


# The events after which a phase (re)starts its deadline clock.
PHASE_OPENERS = (Event.Kind.STARTED, Event.Kind.PLAYBACK, Event.Kind.RESUMED, Event.Kind.ANNULLED)
REFEREE_LOG = (
    Event.Kind.PAUSED, Event.Kind.RESUMED, Event.Kind.ANNULLED, Event.Kind.OVERRIDDEN, Event.Kind.EXPIRED,
    Event.Kind.LOS_SIDE,
)


def match_get(*, match_id: int, for_update: bool = False) -> Match:
    """`for_update` locks the row until the transaction ends: one command at a time per match."""
    matches = Match.objects.select_for_update() if for_update else Match.objects
    try:
        return matches.get(pk=match_id)
    except Match.DoesNotExist:
        raise MatchError("match.not_found", match=match_id) from None


def version_seen(*, match_id: int, user: User | AnonymousUser) -> int | None:
    """The version this user is shown (older than the live one for a delayed spectator), or None when there
    is no such match: what error frames carry, so they reveal nothing newer than the user's screen."""
    try:
        match = match_get(match_id=match_id)
    except MatchError:
        return None
    return match_as_seen(match, viewer_for(match=match, user=user)).version


def match_and_viewer(
    *, match_id: int, user: User | AnonymousUser, for_update: bool = False
) -> tuple[Match, Viewer]:
    """`match_get` and `viewer_for` in one query for a user seated in the match: the players, whose plots
    and submits are the commonest calls and, in `order_submit`, run while holding the match's row lock."""
    match, viewer, _ = match_viewer_seat(match_id=match_id, user=user, for_update=for_update)
    return match, viewer


def match_viewer_seat(
    *, match_id: int, user: User | AnonymousUser, for_update: bool = False
) -> tuple[Match, Viewer, store.Seated | None]:
    """`match_and_viewer`, and the user's seat as the same query read it (what else a locking read tells:
    `store.seat_with_match`), None without one."""
    if not user.is_authenticated:
        return match_get(match_id=match_id, for_update=for_update), PUBLIC, None
    seated = store.seat_with_match(match_id=match_id, user_id=user.pk, for_update=for_update)
    if seated is None:
        # Without a seat (a logged-in spectator, the staff referee) the match is read, and locked, on its own.
        return match_get(match_id=match_id, for_update=for_update), seat_viewer(None, user), None
    return seated.match, seat_viewer(seated.seat, user), seated


def viewer_for(*, match: Match, user: User | AnonymousUser) -> Viewer:
    if not user.is_authenticated:
        return PUBLIC
    return seat_viewer(Participant.objects.filter(match=match, user_id=user.pk).first(), user)


def seat_viewer(seat: Participant | None, user: User) -> Viewer:
    """A logged-in user with this seat in the match (None: without one)."""
    if seat is not None and seat.role == Participant.Role.PLAYER:
        return Viewer(role=seat.role, side=seat.side, user_id=user.pk)
    if (seat is not None and seat.role == Participant.Role.REFEREE) or getattr(user, "is_staff", False):
        return Viewer(role=Participant.Role.REFEREE, user_id=user.pk)
    return Viewer(role=Participant.Role.SPECTATOR, user_id=user.pk)


def header_for(*, match: Match, user: User | AnonymousUser) -> dict[str, Any]:
    """The match header as this user may see it: a delayed spectator gets the turn, phase and version they
    are shown, never the live ones (match list, match page)."""
    return match_header(match_as_seen(match, viewer_for(match=match, user=user)))


def match_header(match: Match) -> dict[str, Any]:
    return {
        "id": match.pk,
        "title": str(match),
        "status": match.status,
        "ruleset": match.ruleset,
        "turn": match.turn,
        "phase": match.phase,
        "version": match.version,
        "seed_hash": match.seed_hash,
        "options": match.options,
        "host": match.host.get_username() if match.host else None,
        "deadline": deadline.isoformat() if (deadline := phase_deadline(match)) else None,
        # The rules state's result once the match is over: winner, reason, victory points, turn.
        "result": match.state.get("result"),
        # Only its hash is public until the end; then anyone can check every roll (`manage.py verify_match`).
        **({"seed": match.seed} if match.status == Match.Status.FINISHED else {}),
    }


def phase_deadline(match: Match) -> datetime | None:
    """When the current phase's orders are due (the match option `deadline_minutes` after the phase opened),
    or None: no deadline, or the match is not being played."""
    minutes = match.options.get("deadline_minutes", 0)
    if not minutes or match.status != Match.Status.IN_PROGRESS:
        return None
    # Judged at the match's version: a delayed spectator's copy must not show the live phase's deadline.
    opened = match.events.filter(kind__in=PHASE_OPENERS, version__lte=match.version).order_by("-version").first()
    return None if opened is None else opened.created_at + timedelta(minutes=minutes)


def current_orders(match: Match) -> list[Order]:
    """The orders given in the match's current phase, oldest first (one statement written by hand: store.py)."""
    return store.phase_orders(match)


# The events after which a phase takes its orders afresh (an annulment deletes the ones it had).
_ORDERS_OPEN = (Event.Kind.STARTED, Event.Kind.PLAYBACK, Event.Kind.ANNULLED)


def ordered_units(match: Match) -> set[str]:
    """The units with an order in the phase the match is at (given and not taken back), read from the log up
    to its version: a delayed spectator's copy of the match counts only what stood at its horizon."""
    log = match.events.filter(version__lte=match.version)
    opened = log.filter(kind__in=_ORDERS_OPEN).order_by("-version").values_list("version", flat=True).first()
    changes = log.filter(
        kind__in=(Event.Kind.SUBMITTED, Event.Kind.WITHDRAWN), version__gt=-1 if opened is None else opened,
        payload__turn=match.turn, payload__phase=match.phase,
    ).order_by("version").values_list("kind", "payload__unit", "payload__order__unit")
    ordered: set[str] = set()
    for kind, unit, order_unit in changes:
        if kind == Event.Kind.SUBMITTED:
            ordered.add(unit or order_unit)  # an order logged before its unit was: the order names it
        else:
            ordered.discard(unit)
    return ordered


def spectators_delayed(match: Match) -> bool:
    """Whether the match's options hold spectators back (by resolved phases or by seconds)."""
    return bool(match.options.get("spectator_delay") or match.options.get("spectator_delay_seconds"))


def spectator_horizon(match: Match, upto: int | None = None) -> int | None:
    """The last version a spectator of a delayed match may see, judged on the log up to `upto` (default: all
    of it). With a `spectator_delay` of N: the playback N resolutions back, or the start. With a
    `spectator_delay_seconds` of N: the last event logged at least N seconds ago, or the start. None when
    spectators watch live: no delay, in the lobby, and once the match is over."""
    log = match.events.filter(version__lte=match.version if upto is None else upto)
    if not spectators_delayed(match) or log.filter(kind=Event.Kind.FINISHED).exists():
        return None
    started = log.filter(kind=Event.Kind.STARTED).values_list("version", flat=True).first()
    if started is None:
        return None
    seconds = match.options.get("spectator_delay_seconds", 0)
    if seconds:
        cutoff = timezone.now() - timedelta(seconds=seconds)
        logged = log.filter(created_at__lte=cutoff).order_by("-version").values_list("version", flat=True).first()
        return max(started, logged or 0)
    annulled = log.filter(kind=Event.Kind.ANNULLED).values_list("payload__annulled_v", flat=True)
    openings = (
        log.filter(kind__in=(Event.Kind.PLAYBACK, Event.Kind.STARTED)).exclude(version__in=list(annulled))
        .order_by("-version")
    )
    return list(openings.values_list("version", flat=True)[: match.options["spectator_delay"] + 1])[-1]


def viewer_stream(match: Match, viewer: Viewer) -> str:
    """The hub stream a viewer's socket listens to (a delay in seconds is released by `delayed_release`)."""
    if viewer.role != Participant.Role.SPECTATOR or not spectators_delayed(match):
        return hub.PUBLIC_STREAM
    return hub.SECONDS_DELAYED_STREAM if match.options.get("spectator_delay_seconds") else hub.DELAYED_STREAM


def match_as_seen(match: Match, viewer: Viewer) -> Match:
    """The match as the viewer may see it: live, or for a spectator of a delayed match as it stood at the
    spectator horizon (an unsaved copy)."""
    horizon = spectator_horizon(match) if viewer.role == Participant.Role.SPECTATOR else None
    return match if horizon is None else _as_of(match, horizon)


# The events whose payload holds the whole rules state after them (never sent in a frame: frames.FIELDS).
STATE_EVENTS = (Event.Kind.STARTED, Event.Kind.OVERRIDDEN, Event.Kind.PLAYBACK, Event.Kind.ANNULLED, Event.Kind.LOS_SIDE)


def states_logged(match: Match, version: int) -> QuerySet[Event]:
    """The events up to `version` that logged the state they left, latest first: the first holds the state at
    `version`."""
    return match.events.filter(version__lte=version, kind__in=STATE_EVENTS, payload__has_key="state").order_by("-version")


def board_at(match: Match, version: int) -> Any:
    """The board (as the rules state holds it) at `version`; None before the start."""
    return states_logged(match, version).values_list("payload__state__board", flat=True).first()


def _as_of(match: Match, version: int) -> Match:
    """The match as it stood at `version` (at or after its start, before its end); unsaved. The state is the
    one the last state-holding event up to `version` logged."""
    earlier = match.events.filter(version__lte=version).order_by("-version")
    state = states_logged(match, version).values_list("payload__state", flat=True).first()
    assert state is not None, "a started match has logged its state"
    past = copy(match)
    past.state, past.version, past.turn, past.phase = state, version, state["turn"], state["phase"]
    # Whatever the match is now (paused since, say), then it was in progress unless the referee's last word up
    # to `version` was a pause.
    pause = earlier.filter(kind__in=(Event.Kind.PAUSED, Event.Kind.RESUMED)).values_list("kind", flat=True).first()
    past.status = Match.Status.PAUSED if pause == Event.Kind.PAUSED else Match.Status.IN_PROGRESS
    return past


# The events that open or close a phase's play: the newest of them says whether a window is open.
_PLAY_MARKS = (Event.Kind.REACTION_WINDOW, Event.Kind.PLAYBACK, Event.Kind.ANNULLED, Event.Kind.STARTED)


def open_window(match: Match) -> Event | None:
    """The `reaction_window` event the current phase waits on, or None."""
    last = match.events.filter(kind__in=_PLAY_MARKS, version__lte=match.version).order_by("-version").first()
    return last if last is not None and last.kind == Event.Kind.REACTION_WINDOW else None


def window_from_json(data: dict[str, Any]) -> ReactionWindow:
    return ReactionWindow(data["key"], data["tick"], data["trigger"], tuple(data["units"]), data["reason"])


def reaction_view(match: Match, viewer: Viewer) -> dict[str, Any] | None:
    """The open window as the snapshot shows it: who is asked, who has answered, the deadline, and for the
    viewer's own asked units that have not answered yet, what they may do besides passing."""
    opened = open_window(match)
    if opened is None:
        return None
    payload = opened.payload
    window = window_from_json(payload["window"])
    # Read from the log, not the answers' table: a delayed spectator's copy of the match sees only its past.
    answered = set(match.events.filter(
        kind=Event.Kind.REACTED, version__lte=match.version, payload__turn=match.turn, payload__phase=match.phase,
        payload__attempt=payload["attempt"], payload__window=window.key,
    ).values_list("payload__unit", flat=True))
    ruleset = get_ruleset(match.ruleset)
    state = ruleset.state_from_json(match.state)
    mine = {unit.id for unit in state.units if viewer.side is not None and unit.side == viewer.side}
    # A unit the viewer's view does not show (a troop in hidden deployment) is neither asked nor answered here.
    seen = seen_units(ruleset, state, viewer)
    return {
        "window": {**payload["window"], "units": [unit for unit in window.units if unit in seen]},
        "deadline": payload["deadline"], "answered": sorted(answered & seen),
        "choices": {unit: ruleset.reaction_choices(state, window, unit)
                    for unit in window.units if unit in mine and unit not in answered},
    }


def player_view(*, match: Match, viewer: Viewer) -> dict[str, Any]:
    """The full snapshot a viewer may see: sent on connect, on `resync` and by `GET /api/matches/<id>/`.
    A spectator of a delayed match sees it as it stood at the spectator horizon."""
    match = match_as_seen(match, viewer)
    ruleset = get_ruleset(match.ruleset)
    state = ruleset.state_from_json(match.state)
    seen = ruleset.view(state, viewer.role, viewer.side)
    orders = current_orders(match)
    in_play = match.status == Match.Status.IN_PROGRESS
    owes = owed_units(ruleset, state, ordered_units(match)) if in_play else []
    units = seen["units"]
    seats = Participant.objects.filter(
        match=match, role__in=(Participant.Role.PLAYER, Participant.Role.REFEREE)
    ).select_related("user")
    players = {seat.side: seat for seat in seats if seat.role == Participant.Role.PLAYER}
    seated_referee = next((seat.user.get_username() for seat in seats if seat.role == Participant.Role.REFEREE), None)
    sides = [
        {
            "side": side,
            "player": players[side].user.get_username() if side in players else None,
            # In the lobby: whether this side's player accepted the current options.
            "accepted": side in players and players[side].accepted,
            # Whether the side owes no order for a unit the viewer is shown (frames.side_done), as of the
            # viewer's version: its own players and the referee count all its awaited units.
            "submitted": in_play and side_done(owes, {u["id"] for u in units if u["side"] == side}),
        }
        # Every side with a unit the viewer is shown or a seated player: a side whose units are all hidden from the
        # viewer (skirmish hidden deployment) is still seated.
        for side in dict.fromkeys([*(u["side"] for u in units), *sorted(players)])
    ]
    last_playback = (
        Event.objects.filter(match=match, kind=Event.Kind.PLAYBACK, version__lte=match.version).order_by("-version").first()
    )
    return {
        "type": "snapshot",
        "v": match.version,
        "match": match_header(match),
        # What the ruleset's view lets this viewer see of the state.
        **{part: value for part, value in seen.items() if part not in ("turn", "phase")},
        "sides": sides,
        # The referee the host seated (staff users referee any match without a seat).
        "seated_referee": seated_referee,
        "you": viewer.as_json(),
        "my_orders": ruleset.orders_view([(o.side, o.order) for o in orders], viewer.role, viewer.side),
        # A ruleset with reactions: the reaction window the phase waits on (None when there is none).
        **({"reaction": reaction_view(match, viewer)} if ruleset.reacts else {}),
        # What the current phase offers this viewer, worked out by the rules (docs/protocol.md, "Hints").
        "hints": ruleset.hints(state, viewer.role, viewer.side),
        # Once the match is over: what each side dealt and took, counted by the ruleset from the log.
        **({"summary": match_summary(match), "rematch": rematch_of(match)} if match.status == Match.Status.FINISHED else {}),
        # Its fields only: the snapshot itself is the position after it.
        "last_playback": playback_fields(ruleset, last_playback, viewer) if last_playback else None,
        **({"referee": referee_panel(match)} if viewer.role == Participant.Role.REFEREE else {}),
    }


def rematch_of(match: Match) -> int | None:
    """The rematch offered after a finished match (rematch.py), or None."""
    offer = match.events.filter(kind=Event.Kind.REMATCH).first()
    return None if offer is None else int(offer.payload["match"])


def match_summary(match: Match) -> dict[str, Any]:
    """The ruleset's end-of-match summary over the playbacks in force (a phase the referee annulled is out)."""
    annulled = {payload.get("annulled_v") for payload in
                match.events.filter(kind=Event.Kind.ANNULLED).values_list("payload", flat=True)}
    timelines = [event.payload["timeline"] for event in match.events.filter(kind=Event.Kind.PLAYBACK).order_by("version")
                 if event.version not in annulled]
    summary: dict[str, Any] = get_ruleset(match.ruleset).summary(timelines)
    return summary


def referee_panel(match: Match) -> dict[str, Any]:
    """What only the referee is shown: the log of pauses, annulments, overrides and missed deadlines, and
    whether there is a resolved phase to annul."""
    logged = Event.objects.filter(match=match, kind__in=REFEREE_LOG).order_by("version")
    return {
        "log": [event_fields(event) for event in logged],
        "can_annul": match.status in (Match.Status.IN_PROGRESS, Match.Status.PAUSED)
        and match.events.filter(kind=Event.Kind.PLAYBACK).exists(),
    }


def missed_events(*, match: Match, viewer: Viewer, version: int | None) -> list[Event] | None:
    """What a (re)connecting client that has seen `version` missed, or None when it needs a snapshot instead.

    A client that is up to date gets nothing; one too far behind (or ahead, after a reset) gets a snapshot.
    """
    horizon = spectator_horizon(match) if viewer.role == Participant.Role.SPECTATOR else None
    latest = match.version if horizon is None else horizon
    if version is not None and 0 <= version <= latest and latest - version <= settings.ARBITRO_MAX_CATCH_UP_EVENTS:
        return list(Event.objects.filter(match=match, version__gt=version, version__lte=latest).order_by("version"))
    return None
