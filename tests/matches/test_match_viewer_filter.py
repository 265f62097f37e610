"""The one viewer filter (matches/frames.py over the ruleset's view, rules/rulesets/solaris/view.py): a lobby duel
that logs every event kind, watched by every viewer: each player, a spectator, an anonymous visitor and the seated
referee, live, with spectators delayed by phases and by seconds. Whatever reaches a viewer (the frames broadcast
live and to delayed spectators, the frames a reconnecting socket catches up, every snapshot, the REST views, the
chat and the replay) carries no rules state, no ammunition but the viewer's own (all of it for the referee) and no
plotted order but the viewer's own (all of them for the referee); and every frame is the ruleset's view plus the
fields its kind lists.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone

from matches import chat, deadlines, hub, lobby, los_sides, reactions, referee, rematch, services
from matches.delayed_release import released_since
from matches.frames import FIELDS, ORDERED, SIDE_DONE, VIEWED, Viewer, audience, unchanged_boards
from matches.models import Event, Match
from matches.pipeline import match_create
from matches.replay import match_replay
from matches.selectors import board_at, player_view, viewer_for
from matches.snapshots import encoded_frames_since
from rules.core.board import Board
from rules.rulesets import RULESETS, get_ruleset
from tests.matches.conftest import frame_for
from tests.matches.lobby_duels import DUEL, HOLD_FIRE, MOVES
from tests.matches.sockets import client_as
from tests.rulesets.sentry import SentryRuleset, SentryState, Trooper, hex_

SENTRY = SentryRuleset()

pytestmark = pytest.mark.django_db

DELAYS = {"live": {}, "phases": {"spectator_delay": 1}, "seconds": {"spectator_delay_seconds": 1}}
# Each unit's side: the lobby duel's, and the Sentry test game's (the reaction windows Solaris does not have).
OWNERS = {"A": "red", "B": "blue", "R": "alice", "S": "bob"}
REACTIONS = {Event.Kind.REACTION_WINDOW, Event.Kind.REACTED}


def walk(data: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object inside `data`, itself included."""
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from walk(value)
    elif isinstance(data, list):
        for value in data:
            yield from walk(value)


def sees_side(viewer: Viewer, side: str) -> bool:
    return viewer.role == "referee" or (viewer.role == "player" and viewer.side == side)


def check_sent(data: Any, viewer: Viewer, where: str, frame: bool = True) -> None:
    """Nothing in `data` (a frame, or a REST body with `frame` False) that `viewer` may not see."""
    for found in walk(data):
        # A rules state: a mech status as the codec stores it (its design whole, its ammunition by bin), or the
        # state itself with its options.
        assert not isinstance(found.get("design"), dict) and "destroyed_locations" not in found, where
        assert not {"board", "units", "options"} <= set(found), where
        assert not (frame and "state" in found), where
        for unit, mech in found.get("mechs", {}).items():
            assert ("ammo" in mech) == sees_side(viewer, OWNERS[unit]), (where, unit)
        if found.get("type") in ORDERED and "order" in found:
            assert sees_side(viewer, found["side"]), where
        for order in found.get("my_orders", []):
            assert sees_side(viewer, OWNERS[order["unit"]]), where


def check_event_frame(match: Match, sent: dict[str, Any], viewer: Viewer, where: str) -> None:
    """An event's frame is its whitelisted fields, the viewer's order, and the ruleset's view of the state it left."""
    check_sent(sent, viewer, where)
    event = match.events.get(version=sent["v"])
    allowed = {"type", "v", *FIELDS[event.kind], *(("view",) if event.kind in VIEWED else ()),
               *(("order",) if event.kind in ORDERED else ()), *(("side_submitted",) if event.kind in SIDE_DONE else ())}
    assert set(sent) <= allowed, (where, set(sent) - allowed)
    assert isinstance(sent.get("side_submitted", False), bool), where  # a flag: it names no unit the side owes
    if event.kind in VIEWED:
        ruleset = get_ruleset(match.ruleset)
        state = ruleset.state_from_json(event.payload["state"])
        expected = {**ruleset.view(state, viewer.role, viewer.side), "awaits": ruleset.awaits(state),
                    "hints": ruleset.hints(state, viewer.role, viewer.side)}
        if "board" not in sent["view"]:  # left out: the event left the board as it was
            before = board_at(match, event.version - 1)
            # Before the start no state is logged: the lobby's position is the match row's, before the command.
            assert before == event.payload["state"]["board"] or (before is None and event.kind == Event.Kind.STARTED), where
            del expected["board"]
        assert sent["view"] == expected, where


class Watch:
    """The duel, its viewers, and everything the hub was handed, by stream."""

    def __init__(self, users: dict[str, Any], options: dict[str, Any], monkeypatch: pytest.MonkeyPatch, capture: Any):
        self.users, self.capture = users, capture
        self.published: list[tuple[str, dict[str, Any]]] = []

        def publish(*, match_id: int, frames: list[dict[str, Any]], stream: str = hub.PUBLIC_STREAM,
                    versioned: bool = True) -> None:
            self.published += [(stream, item) for item in frames]

        monkeypatch.setattr(hub, "publish", publish)
        with capture(execute=True):
            self.match = lobby.match_open(host=users["alice"], designs=DUEL, options={
                "deadline_minutes": 1, "turn_limit": 1, **options,
            })

    def do(self, service: Any, **kwargs: Any) -> None:
        """Runs a service as it runs for a request, then looks at what every viewer may see now."""
        with self.capture(execute=True):
            service(match_id=self.match.pk, **kwargs)
        self.match.refresh_from_db()
        for name, user in self.users.items():
            viewer = viewer_for(match=self.match, user=user)
            check_sent(player_view(match=self.match, viewer=viewer), viewer, f"{name}'s snapshot at v{self.match.version}")

    def viewers(self) -> dict[str, Viewer]:
        return {name: viewer_for(match=self.match, user=user) for name, user in self.users.items()}


def play_every_event_kind(watch: Watch) -> None:
    alice, bob, dana = (watch.users[name] for name in ("alice", "bob", "dana"))
    watch.do(lobby.match_join, user=bob, role="player")
    watch.do(lobby.match_leave, user=bob)  # and back: a seat given up in the lobby
    watch.do(lobby.match_join, user=bob, role="player")
    watch.do(lobby.match_referee_seat, user=alice, username="dana")
    watch.do(lobby.match_options_set, user=alice, options=watch.match.options)
    for user in (alice, bob):
        watch.do(lobby.match_accept, user=user, accepted=True, options=watch.match.options)
    watch.do(los_sides.los_side_choose, user=bob, unit="B", side="left")
    watch.do(services.order_submit, user=alice, order_json=MOVES["A"])  # secret until bob's order resolves it
    watch.do(services.order_withdraw, user=alice, unit="A")  # taken back: which unit stays with its side
    watch.do(services.order_submit, user=alice, order_json=MOVES["A"])
    watch.do(chat.chat_post, user=alice, text="good luck", now=timezone.now())
    watch.do(chat.chat_post, user=watch.users["carol"], text="go blue", now=timezone.now())
    watch.do(services.order_submit, user=bob, order_json=MOVES["B"])
    watch.do(referee.referee_pause, user=dana, reason="a ruling")
    watch.do(referee.referee_override, user=dana, unit="B", changes={"facing": 2}, reason="the counter")
    watch.do(referee.referee_annul, user=dana, reason="a misclick")
    watch.do(referee.referee_resume, user=dana, reason="play on")
    with watch.capture(execute=True):
        deadlines.deadlines_expire(now=timezone.now() + timedelta(days=1))  # the movement stands still
    for phase in ("weapons", "physical"):
        watch.do(services.order_submit, user=alice, order_json=HOLD_FIRE["A"], phase=phase)
        watch.do(services.order_submit, user=bob, order_json=HOLD_FIRE["B"], phase=phase)
    watch.match.refresh_from_db()
    assert watch.match.status == Match.Status.FINISHED  # the turn limit
    watch.do(rematch.match_rematch, user=alice)


@pytest.mark.parametrize("delay", DELAYS)
def test_no_viewer_is_sent_what_the_view_removes_whatever_the_event(
    delay: str, alice: User, bob: User, carol: User, monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any, settings: Any,
) -> None:
    settings.ARBITRO_MAX_CATCH_UP_EVENTS = 1000
    users = {"alice": alice, "bob": bob, "carol": carol, "anonymous": AnonymousUser(),
             "dana": User.objects.create_user("dana")}
    watch = Watch(users, DELAYS[delay], monkeypatch, django_capture_on_commit_callbacks)
    play_every_event_kind(watch)
    match = watch.match
    assert set(match.events.values_list("kind", flat=True)) == set(Event.Kind.values) - REACTIONS
    # A frame carries the board only where the event changed it: nothing in this duel changes the terrain.
    boarded = [item for stream, item in watch.published
               if stream == hub.PUBLIC_STREAM and "board" in (frame_for(item, "spectator") or {}).get("view", {})]
    assert boarded == []
    viewers = watch.viewers()
    assert {name: audience(viewer) for name, viewer in viewers.items()} == {
        "alice": "player:red", "bob": "player:blue", "carol": "spectator", "anonymous": "spectator", "dana": "referee",
    }

    for name, viewer in viewers.items():
        # Live: what the hub writes to the viewer's socket from its stream (delayed spectators: theirs, whose
        # frames come from the log when the delay is in seconds: below).
        mine = hub.PUBLIC_STREAM if viewer.role != "spectator" or delay == "live" else hub.DELAYED_STREAM
        live = [frame_for(item, audience(viewer)) for stream, item in watch.published if stream == mine]
        for sent in live:
            if sent is None or sent["type"] in (hub.LOGGED, hub.REJUDGE):  # never reach a socket
                continue
            if sent["type"] == "chat":
                assert sent["room"] in chat.rooms_of(viewer), name  # a room's lines reach its readers only
                continue
            check_event_frame(match, sent, viewer, f"{name}'s live frame on {mine}")
        kinds = {sent["type"] for sent in live if sent is not None}
        assert kinds >= ({"chat"} if delay == "seconds" else {"chat", *Event.Kind.values} - REACTIONS), (name, kinds)
        # A socket reconnecting from the lobby catches up on every event as this viewer.
        for version, text in encoded_frames_since(match=match, viewer=viewer, version=1):
            check_event_frame(match, json.loads(text), viewer, f"{name}'s catch-up frame v{version}")
        # REST: the player view, the chat history, the replay (the match is over).
        client = client_as(users[name] if viewer.user_id else None)
        check_sent(client.get(f"/api/matches/{match.pk}/").json(), viewer, f"{name}'s REST view", frame=False)
        check_sent(client.get(f"/api/matches/{match.pk}/chat/").json(), viewer, f"{name}'s chat", frame=False)
        check_sent(match_replay(match_id=match.pk), Viewer(role="spectator"), "the replay", frame=False)
    # Spectators delayed by seconds: what their release reads from the log (all of it, once the match is over).
    _, released, _ = released_since(match.pk, 0)
    assert [json.loads(text)["v"] for _, text in released] == list(range(1, match.version + 1))
    for version, text in released:
        check_event_frame(match, json.loads(text), Viewer(role="spectator"), f"the released frame v{version}")


def test_a_frame_leaves_out_the_board_only_when_its_event_did_not_change_it() -> None:
    rubble, open_ground = {"hexes": {"0806": "rubble"}}, {"hexes": {}}
    events = [Event(version=v, kind=kind, payload=payload) for v, kind, payload in (
        (5, Event.Kind.PLAYBACK, {"state": {"board": open_ground}}),
        (6, Event.Kind.PAUSED, {}),
        (7, Event.Kind.PLAYBACK, {"state": {"board": rubble}}),  # a building collapsed
        (8, Event.Kind.OVERRIDDEN, {"state": {"board": rubble}}),
    )]
    assert unchanged_boards(events, open_ground) == {5, 8}
    assert unchanged_boards(events, None) == {8}  # the board before is unknown: the first carries it


def test_a_referees_correction_tells_nobody_the_ammunition_left_but_its_own_side(
    alice: User, bob: User, ref: User, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any,
) -> None:
    """Regression: the `overridden` frame (and the `started` one) carried the whole rules state, every mech's
    ammunition by bin included, to every socket."""
    users = {"alice": alice, "bob": bob, "ref": ref}
    watch = Watch(users, {}, monkeypatch, django_capture_on_commit_callbacks)
    watch.do(lobby.match_join, user=bob, role="player")
    for user in (alice, bob):
        watch.do(lobby.match_accept, user=user, accepted=True, options=watch.match.options)
    watch.do(referee.referee_override, user=ref, unit="B", changes={"facing": 2}, reason="the counter")

    for kind in (Event.Kind.STARTED, Event.Kind.OVERRIDDEN):
        [item] = [item for _, item in watch.published if frame_for(item, "spectator")["type"] == kind]
        spectator, red, blue = (frame_for(item, name) for name in ("spectator", "player:red", "player:blue"))
        assert "state" not in spectator and not any("ammo" in found for found in walk(spectator)), kind
        assert ["ammo" in mech for mech in red["view"]["mechs"].values()] == [True, False], kind
        assert ["ammo" in mech for mech in blue["view"]["mechs"].values()] == [False, True], kind
    overridden = frame_for(watch.published[-1][1], "spectator")
    assert next(unit for unit in overridden["view"]["units"] if unit["id"] == "B")["facing"] == 2


def test_a_reaction_reaches_its_own_side_and_the_referee_only(
    alice: User, bob: User, carol: User, ref: User, monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """The event kinds of a reaction window (the Sentry test game: bob's sentry is asked when alice's runner comes
    next to it) through every viewer: the window is public, the answer its side's and the referee's."""
    monkeypatch.setitem(RULESETS, "sentry", SENTRY)
    published: list[dict[str, Any]] = []
    monkeypatch.setattr(hub, "publish", lambda *, match_id, frames, **stream: published.extend(frames))
    state = SentryState(Board(12, 12), (Trooper("R", hex_("0510"), 0, side="alice"),
                                        Trooper("S", hex_("0606"), 0, side="bob", sentry=True)))
    match = match_create(state=state, players={"alice": alice, "bob": bob}, ruleset="sentry")
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "R", "hexes": 6})
        reactions.react(match_id=match.pk, user=bob, window="3:R:S", unit="S", order={"shoot": "R"})
    match.refresh_from_db()
    assert REACTIONS <= set(match.events.values_list("kind", flat=True))

    for user in (alice, bob, carol, ref, AnonymousUser()):
        viewer = viewer_for(match=match, user=user)
        frames = [frame_for(item, audience(viewer)) for item in published]
        assert REACTIONS <= {frame["type"] for frame in frames if frame is not None}
        for sent in frames:
            assert sent is not None
            check_event_frame(match, sent, viewer, f"{user}'s frame")
            if sent["type"] == Event.Kind.REACTED:
                assert ("order" in sent) == sees_side(viewer, "bob"), user
