"""The one write path of a match: lock the row, check the viewer's right, run the command, log its events
(each bumps the version), save the columns it changed, publish after the commit.

Every change to a match is a command run by `run_command`: orders (services.py), the lobby, the referee,
split-LOS sides, deadlines, chat and campaign results. A command declares who may run it (a `Right`), checks
its input before the lock where it can, and raises `MatchError` before changing anything, so a refused command
changes nothing; otherwise it changes the locked match in memory, writes its own rows (seats, chat lines; an
order is handed to `Step.add`, saved with the events) and logs through its `Step`. Nothing else saves a match or
publishes (tests/matches/test_pipeline.py).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from django.contrib.auth.models import User, AnonymousUser
from django.db import transaction
from django.db.models import Model
from redis import RedisError

from rules.rulesets import DEFAULT_RULESET, get_ruleset

from . import hub, store
from .errors import MatchError
from .frames import PUBLIC, Viewer, broadcast, frames_for, rejudged
from .models import Event, Match, Order, Participant, seed_hash
from .selectors import board_at, current_orders, match_get, match_viewer_seat, spectator_horizon

log = logging.getLogger(__name__)
# How long a publish that Redis refused waits before each new try (_publish_or_warn), on top of the channel
# layer's own retries of a broken connection (project/settings.py): short, not to hold the committing thread.
PUBLISH_RETRY_SECONDS = (0.5,)
Reply = TypeVar("Reply")

# The server itself, running a command nobody sent: a deadline passing, a campaign's result.
SERVER = Viewer(role="server")
# The match columns a command may change; the version changes with every logged event.
COLUMNS = ("state", "turn", "phase", "status", "options", "version", "annulments")


@dataclass(frozen=True)
class Right:
    """Who may run a command, and the coded refusal everyone else gets."""

    allows: Callable[[Match, Viewer], bool]
    code: str

    def check(self, match: Match, viewer: Viewer) -> None:
        if not self.allows(match, viewer):
            raise MatchError(self.code)


def is_player(match: Match, viewer: Viewer) -> bool:
    return viewer.role == Participant.Role.PLAYER and viewer.side is not None


def is_referee(match: Match, viewer: Viewer) -> bool:
    """The seated referee, or a staff user (who referees any match)."""
    return viewer.role == Participant.Role.REFEREE


def is_host(match: Match, viewer: Viewer) -> bool:
    return viewer.user_id is not None and match.host_id == viewer.user_id


def is_logged_in(match: Match, viewer: Viewer) -> bool:
    return viewer.user_id is not None


def is_server(match: Match, viewer: Viewer) -> bool:
    return viewer is SERVER


@dataclass
class Step:
    """One command's work on the match: the events it logs and the unversioned frames it sends."""

    match: Match
    viewer: Viewer
    user: Any  # the user who sent the command (None: the server)
    events: list[Event] = field(default_factory=list)
    frames: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    # Work for once the command commits (the bots' turn when a phase opens).
    after_commit: list[Callable[[], None]] = field(default_factory=list)
    # The rules state an event logs (its payload's "state"), as the command had it decoded: version -> state.
    states: dict[int, Any] = field(default_factory=dict)
    # Whether the match seats a bot, as its seats stood when the row was locked (None: not known); a command
    # that seats someone sets it back to None (bots.phase_opened then asks).
    bots: bool | None = None
    # The orders of the phase the match was at when its row was locked (turn and phase), if that read told
    # them (store.Seated).
    orders: list[Order] | None = None
    locked_at: tuple[int, str] | None = None
    # New rows the command adds besides its events (an order), written with them when it is done.
    rows: list[Model] = field(default_factory=list)

    def log(self, kind: str, payload: dict[str, Any], state: Any = None) -> Event:
        """The log's next event (stored with the others when the command is done): bumps the version.
        `state`: the decoded rules state the payload logs, so its frames are viewed without decoding it again."""
        self.match.version += 1
        event = Event(match=self.match, version=self.match.version, kind=kind, payload=payload)
        self.events.append(event)
        if state is not None:
            self.states[event.version] = state
        return event

    def current_orders(self) -> list[Order]:
        """The orders given in the match's current phase: as the locked read found them while the command has
        not changed the phase (nor added one: `add` does not count), else read now."""
        if self.orders is not None and (self.match.turn, self.match.phase) == self.locked_at:
            return list(self.orders)
        return current_orders(self.match)

    def add(self, row: Model) -> None:
        """A new row to save with the command's events (in the same statement where the database allows);
        nothing in the command may look for it in the database before."""
        self.rows.append(row)

    def send(self, stream: str, frame: dict[str, Any]) -> None:
        """A frame that is no match event (a chat line): sent unversioned on `stream` after the commit."""
        self.frames.append((stream, frame))

    def later(self, work: Callable[[], None]) -> None:
        """``work`` to run once the command has committed (never if it fails)."""
        self.after_commit.append(work)


class Command(Generic[Reply]):
    """A change to a match (or, not `writes`, a question about it), sent by a user or the server: its `right`
    says who may, `apply` does it on the locked match and returns the reply."""

    right: ClassVar[Right]
    # False for a question (a plot): it runs without the lock or a transaction, and logs nothing.
    writes: ClassVar[bool] = True

    def apply(self, step: Step) -> Reply:
        raise NotImplementedError


def run_command(*, match_id: int, user: User | AnonymousUser | None, command: Command[Reply]) -> Reply:
    """Runs `command` on the match for `user` (None: the server) and returns its reply.

    Every query of a writing command runs while holding the match's row lock, so the match's next command
    waits for all of them (tests/matches/test_match_services.py counts a submit's): the seat comes with the
    locked row; the new rows, the events and the match's changed columns (only those) go in one statement
    on PostgreSQL (written once, by hand: store.py)."""
    if not command.writes:
        match, viewer, _ = _match_and_viewer(match_id, user, for_update=False)
        command.right.check(match, viewer)
        return command.apply(Step(match, viewer, user))
    with transaction.atomic():
        match, viewer, seated = _match_and_viewer(match_id, user, for_update=True)
        command.right.check(match, viewer)
        before = [getattr(match, column) for column in COLUMNS]
        step = Step(match, viewer, user)
        if seated is not None:
            step.bots, step.orders, step.locked_at = seated.bots, seated.orders, (match.turn, match.phase)
        reply = command.apply(step)
        # Compared by identity: a command assigns a new state or options, it never edits them in place.
        changed = [column for column, old in zip(COLUMNS, before) if getattr(match, column) is not old]
        store.write([*step.rows, *step.events], match if changed else None, [*changed, "updated_at"])
        # The board before the command: its frames leave out a board it did not change.
        _publish(match, step, before[COLUMNS.index("state")].get("board"))
        for work in step.after_commit:
            transaction.on_commit(work, robust=True)
    return reply


def match_create(
    *, state: Any, players: dict[str, User], ruleset: str = DEFAULT_RULESET, title: str = "",
    options: dict[str, Any] | None = None, host: User | None = None, seed: str | None = None,
) -> Match:
    """The one way a match comes to be: `state` is the ruleset's, and `players` seats one user per side of it.
    Opened by a `host`, it waits in the lobby with its options logged until every player accepts them
    (lobby.py: `match_start`). Otherwise it is under way at once: its start is logged as version 0, the
    position every later version builds on (as migration 0005 logged it for the matches created before).
    `seed` fixes the dice (tests)."""
    rules = get_ruleset(ruleset)
    # Through the codec both ways: stored in its normal form (the options filled in with their defaults), as
    # every later state is, so a state replayed or annulled back to the start compares equal to it.
    state = rules.state_from_json(rules.state_to_json(state))
    match = Match(
        title=title, ruleset=ruleset, state=rules.state_to_json(state), turn=state.turn, phase=state.phase,
        options=options or {}, host=host, **({"seed": seed} if seed is not None else {}),
    )
    step = Step(match, SERVER, host)
    if host is None:
        match.status = Match.Status.IN_PROGRESS
        step.events.append(Event(match=match, version=0, kind=Event.Kind.STARTED, payload=_started(match)))
    else:
        step.log(Event.Kind.OPTIONS, {"options": match.options, "by": host.get_username()})
    with transaction.atomic():
        match.save()
        Participant.objects.bulk_create(
            Participant(match=match, user=user, role=Participant.Role.PLAYER, side=side) for side, user in players.items()
        )
        Event.objects.bulk_create(step.events)
    return match


def match_start(step: Step) -> None:
    """Puts a lobby match in progress and logs its start."""
    step.match.status = Match.Status.IN_PROGRESS
    step.log(Event.Kind.STARTED, _started(step.match))


def _started(match: Match) -> dict[str, Any]:
    """The `started` event's payload: the starting position with its options, which `verify_match` replays
    from and a referee's annulment goes back to, and the hash of the seed the dice come from."""
    return {"options": match.options, "state": match.state, "seed_hash": seed_hash(match.seed)}


def _match_and_viewer(
    match_id: int, user: User | AnonymousUser | None, *, for_update: bool
) -> tuple[Match, Viewer, store.Seated | None]:
    if user is None:
        return match_get(match_id=match_id, for_update=for_update), SERVER, None
    return match_viewer_seat(match_id=match_id, user=user, for_update=for_update)


def _publish(match: Match, step: Step, board: Any) -> None:
    """Broadcasts the frames of the step's new events (`board`: the board before them), and the command's own
    frames, once the transaction commits."""
    events = step.events
    for stream, frame in step.frames:
        _after_commit(match_id=match.pk, frames=[frame], stream=stream, versioned=False)
    if not events:
        return
    rejudge = rejudged(events)
    frames = broadcast(match, events, board, step.states)
    _after_commit(match_id=match.pk, frames=frames + ([rejudge] if rejudge else []))
    if match.options.get("spectator_delay_seconds"):
        # Only a nudge: each process's `delayed_release` reads from the log what the delay lets through.
        nudge = [{"type": hub.LOGGED, "v": match.version}]
        _after_commit(match_id=match.pk, frames=nudge, stream=hub.DELAYED_STREAM, versioned=False)
    elif match.options.get("spectator_delay"):
        # Delayed spectators get what these events moved into their view: from what they could see before
        # (everything, in the lobby) up to what they may see now (everything, once the match is over).
        seen = spectator_horizon(match, upto=events[0].version - 1)
        visible = spectator_horizon(match)
        after = events[0].version - 1 if seen is None else seen
        released = list(Event.objects.filter(
            match=match, version__gt=after, version__lte=match.version if visible is None else visible,
        ).order_by("version"))
        delayed = frames_for(match, released, PUBLIC, board_at(match, after)) if released else []
        if delayed:
            _after_commit(match_id=match.pk, frames=delayed, stream=hub.DELAYED_STREAM)
    if rejudge:
        # Spectators of either delay listen on the delayed stream (`delayed_release` passes it on).
        _after_commit(match_id=match.pk, frames=[rejudge], stream=hub.DELAYED_STREAM, versioned=False)


def _after_commit(**publish: Any) -> None:
    # robust: the change is committed either way; a lost broadcast is caught up through the version.
    transaction.on_commit(lambda: _publish_or_warn(publish), robust=True)


def _publish_or_warn(publish: dict[str, Any]) -> None:
    """Publishes, trying again for a moment when Redis fails (restarting, or a pooled connection it closed):
    a lost broadcast is caught up only once another frame of the match shows the hole, so the last one of a
    phase, lost, would leave its match looking frozen. A frame that arrives twice is dropped by its version."""
    for pause in (*PUBLISH_RETRY_SECONDS, None):
        try:
            hub.publish(**publish)
            return
        except (RedisError, OSError) as error:
            if pause is None:
                # Redis stays down: an outage, not a bug (no traceback). Restarted empty, it has the hub find
                # its subscriptions gone and every socket resync by version.
                log.warning("match %s: publishing failed: %r", publish["match_id"], error)
                return
            time.sleep(pause)
