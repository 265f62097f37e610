"""A stream that may have missed frames (its Redis group emptied by a restart) catches up in place
(matches/hub.py, issue 18): every socket stays open and gets each version once, in order, also when a live
frame arrives while its catch-up reads the log; only the catch-up failing closes it with the resync code."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
import redis.asyncio as redis
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.db import OperationalError, connections
from django.utils import timezone

from matches import chat, consumers, lobby, services, snapshots
from matches import hub as hub_module
from matches import subscriber as subscriber_module
from matches.hub import group_name
from matches.models import Match
from matches.subscriber import Subscriber
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER
from tests.matches.lobby_duels import DUEL, HOLD_FIRE, MOVES, resolve, start_lobby_duel
from tests.matches.sockets import connect, receive, send
from tests.matches.test_match_hub import redis_group_size, require_redis_layer

# The event frames of the demo match's first turn, by version.
TURN = [("submitted", 1), ("submitted", 2), ("playback", 3)]
EVENT_FRAMES = ("submitted", "playback", "snapshot")


@pytest.mark.asyncio
async def test_a_subscriber_told_to_catch_up_does_not_skip_a_hole_the_catch_up_will_fill(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Skipped after `GAP_SECONDS`, the hole a lost frame leaves would make the client resync (a snapshot)."""
    monkeypatch.setattr(subscriber_module, "GAP_SECONDS", 0)
    sent: list[str] = []

    async def send_text(text: str) -> None:
        sent.append(text)

    told: list[float] = []

    async def catch_up(since: float) -> None:
        told.append(since)

    subscriber = Subscriber(send_text, catch_up=catch_up)
    await subscriber.release(3)
    await subscriber.catch_up(12.5)
    await subscriber.deliver(5, "frame 5")  # v 4 was lost; it comes from the log
    await asyncio.sleep(0.05)
    assert told == [12.5] and sent == []
    await subscriber.release(3)  # a snapshot read before the loss (a connect) changes nothing
    await asyncio.sleep(0.05)
    assert sent == []
    subscriber.hold()  # as the consumer's catch-up does
    await subscriber.deliver(6, "frame 6")
    sent.append("frame 4")  # read from the log and sent while held
    await subscriber.release(4)
    await subscriber.caught_up()
    assert sent == ["frame 4", "frame 5", "frame 6"]
    await subscriber.deliver(8, "frame 8")  # v 7 lost some other way: skipped after GAP_SECONDS again
    await asyncio.sleep(0.05)
    assert sent[-1] == "frame 8"


@pytest_asyncio.fixture
async def deaf_group(settings: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """`await empty(match)` empties the match's groups in Redis, as a restart without persistence does; streams
    renew every 0.2 s."""
    require_redis_layer(settings)
    monkeypatch.setattr(hub_module, "RENEW_SECONDS", 0.2)
    client = redis.from_url(os.environ["REDIS_URL"])

    async def empty(match: Match) -> None:
        for stream in (hub_module.PUBLIC_STREAM, hub_module.DELAYED_STREAM):
            await client.delete(get_channel_layer()._group_key(group_name(match.pk, stream)))

    yield empty
    await client.aclose()
    await database_sync_to_async(connections.close_all)()


async def _frames_until(socket: WebsocketCommunicator, version: int) -> list[dict[str, Any]]:
    """The frames the socket gets up to the event frame of `version`; a close fails the test."""
    frames: list[dict[str, Any]] = []
    while not frames or frames[-1]["type"] not in EVENT_FRAMES or frames[-1]["v"] < version:
        output = await socket.receive_output(timeout=5)
        assert output["type"] == "websocket.send", output  # before: closed with RESYNC_CLOSE_CODE
        frames.append(json.loads(output["text"]))
    return frames


async def _rest(socket: WebsocketCommunicator) -> list[dict[str, Any]]:
    """What the socket still gets (a frame sent twice would come by now)."""
    frames = []
    while not await socket.receive_nothing(timeout=0.3):
        output = await socket.receive_output()
        assert output["type"] == "websocket.send", output
        frames.append(json.loads(output["text"]))
    return frames


def _events(frames: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(frame["type"], frame["v"]) for frame in frames if frame["type"] in EVENT_FRAMES]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_stream_whose_group_membership_vanished_catches_up_its_open_sockets(
    match: Match, alice: User, bob: User, carol: User, deaf_group: Any
) -> None:
    """Redis restarting empties every group: the process's subscription comes back, and its sockets, which
    may have missed frames meanwhile (an event, a chat line), get them from the log without reconnecting."""
    sockets = [await connect(match, alice), await connect(match, carol), await connect(match)]
    for socket in sockets:
        assert (await receive(socket))["type"] == "snapshot"
    alice_socket, carol_socket, _ = sockets
    await deaf_group(match)
    assert (await send(alice_socket, {"type": "submit", "order": ALICE_ORDER}))["type"] == "order_accepted"
    # Stored, but their broadcasts are lost.
    assert (await send(carol_socket, {"type": "chat", "text": "still there?"}))["type"] == "chat_sent"
    caught_up = [await _frames_until(socket, 1) for socket in sockets]
    assert await redis_group_size(group_name(match.pk, "public")) == 1  # renewed once, not once per socket

    bob_socket = await connect(match, bob)
    assert (await receive(bob_socket))["type"] == "snapshot"
    await bob_socket.send_to(text_data=json.dumps({"type": "submit", "order": BOB_ORDER}))
    for socket, before in zip(sockets, caught_up):
        frames = before + await _frames_until(socket, 3)
        assert _events(frames) == TURN  # v 1 from the log, in place; v 2 and 3 live again; each once
        lines = [frame["text"] for frame in frames if frame["type"] == "chat"]
        # The spectators' room, lost with the rest, reaches its readers only (not the players' room).
        assert lines == ([] if socket is alice_socket else ["still there?"])
    bob_frames = await _frames_until(bob_socket, 3)
    assert _events(bob_frames) == TURN[1:]
    if "order_accepted" not in [frame["type"] for frame in bob_frames]:  # the reply may come after its broadcast
        assert (await receive(bob_socket))["type"] == "order_accepted"
    for socket in (*sockets, bob_socket):
        assert _events(await _rest(socket)) == []  # nothing twice
        await socket.disconnect()


def _catch_up_held(monkeypatch: pytest.MonkeyPatch, *, reread: bool = False) -> tuple[threading.Event, threading.Event]:
    """Holds a catch-up's read of the log (not a connect's snapshot) until told: `reading` is set once it has
    begun, `go_on` lets it read, with `reread` from the match as it stands by then (else as it was begun)."""
    reading, go_on = threading.Event(), threading.Event()
    real = snapshots.encoded_frames_since

    def held(*, match: Match, viewer: Any, version: int | None) -> list[tuple[int, str]]:
        if version is not None:  # a catch-up, not the snapshot of a connect
            reading.set()
            assert go_on.wait(timeout=10)
            if reread:
                match = Match.objects.get(pk=match.pk)
        return real(match=match, viewer=viewer, version=version)

    monkeypatch.setattr(snapshots, "encoded_frames_since", held)
    return reading, go_on


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("read", ["before the live frames", "after the live frames"])
async def test_frames_arriving_live_while_a_socket_catches_up_are_sent_once_after_what_it_missed(
    match: Match, alice: User, bob: User, deaf_group: Any, monkeypatch: pytest.MonkeyPatch, read: str
) -> None:
    """The catch-up reads the log while v 2 and 3 arrive live: whether its read saw them or not, the socket
    gets v 1, 2 and 3 once each, in order (v 1 only from the log: its broadcast was lost)."""
    alice_socket, spectator = await connect(match, alice), await connect(match)
    for socket in (alice_socket, spectator):
        assert (await receive(socket))["type"] == "snapshot"
    reading, go_on = _catch_up_held(monkeypatch, reread=read == "after the live frames")
    await deaf_group(match)
    assert (await send(alice_socket, {"type": "submit", "order": ALICE_ORDER}))["type"] == "order_accepted"
    assert await asyncio.to_thread(reading.wait, 10)  # the stream is back in its group; the catch-up reads
    await database_sync_to_async(services.order_submit)(match_id=match.pk, user=bob, order_json=BOB_ORDER)
    await asyncio.sleep(0.3)  # v 2 and 3 reach the hub, which holds them for the socket catching up
    go_on.set()

    for socket in (alice_socket, spectator):
        frames = await _frames_until(socket, 3) + await _rest(socket)
        assert _events(frames) == TURN  # nothing twice
        # And the crowd count (the catch-up's, maybe a tick's): nothing else.
        assert "crowd" in {frame["type"] for frame in frames} <= {*EVENT_FRAMES, "crowd"}
        await socket.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_whose_catch_up_fails_is_told_to_reconnect(
    match: Match, deaf_group: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    spectator = await connect(match)
    assert (await receive(spectator))["type"] == "snapshot"

    def database_down(*args: object, **kwargs: object) -> None:
        raise OperationalError("the database is down too")

    monkeypatch.setattr(consumers.selectors, "match_and_viewer", database_down)
    await deaf_group(match)
    while (output := await spectator.receive_output(timeout=5))["type"] == "websocket.send":
        assert json.loads(output["text"])["type"] in ("crowd", "chat")
    assert output == {"type": "websocket.close", "code": hub_module.RESYNC_CLOSE_CODE}
    await spectator.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("delay", [{"spectator_delay": 1}, {"spectator_delay_seconds": 1}], ids=["phases", "seconds"])
async def test_a_delayed_spectator_catches_up_in_place_with_its_delay(
    alice: User, bob: User, carol: User, deaf_group: Any, delay: dict[str, int]
) -> None:
    """A delay in phases: its stream's frames come from the log. In seconds: the nudge that the log grew was
    lost too, and the match's release must read the log again, or it would wait for good."""
    match = await database_sync_to_async(start_lobby_duel)(alice, bob, delay)
    watcher = await connect(match, carol)
    shown = (await receive(watcher))["v"]
    await deaf_group(match)
    await database_sync_to_async(resolve)(match, alice, bob, MOVES)
    if "spectator_delay" in delay:  # shown one resolution late: the first phase once the second is over
        await database_sync_to_async(resolve)(match, alice, bob, HOLD_FIRE)
    frames = await _frames_until(watcher, shown + 3)
    assert _events(frames) == [("submitted", shown + 1), ("submitted", shown + 2), ("playback", shown + 3)]
    assert _events(await _rest(watcher)) == []
    await watcher.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_whose_change_of_view_was_lost_is_judged_again_as_it_catches_up(
    alice: User, carol: User, deaf_group: Any
) -> None:
    """Seated as a player while the groups were empty: the seat's frames and its `REJUDGE` item are lost, and
    the catch-up finds the viewer is no spectator any more."""
    match = await database_sync_to_async(lobby.match_open)(host=alice, designs=DUEL)
    watcher = await connect(match, carol)
    assert (await receive(watcher))["you"] == {"role": "spectator", "side": None}
    await deaf_group(match)
    await database_sync_to_async(lobby.match_join)(match_id=match.pk, user=carol, role="player")
    frames = []
    while not frames or frames[-1]["type"] != "snapshot":
        output = await watcher.receive_output(timeout=5)
        assert output["type"] == "websocket.send", output  # before: closed with RESYNC_CLOSE_CODE
        frames.append(json.loads(output["text"]))
    assert frames[-1]["you"] == {"role": "player", "side": "blue"}
    await database_sync_to_async(chat.chat_post)(match_id=match.pk, user=alice, text="hi", now=timezone.now())
    assert [frame.get("text") for frame in await _rest(watcher) if frame["type"] == "chat"] == ["hi"]  # players' room
    await watcher.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_anonymous_sockets_of_a_stream_catch_up_on_one_read(
    match: Match, alice: User, deaf_group: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a restart every socket of the process catches up at once: the anonymous spectators of a match,
    who would all read the same, read it once; a player reads its own view."""
    reads: list[str] = []
    real = snapshots.encoded_frames_since

    def counted(*, match: Match, viewer: Any, version: int | None) -> list[tuple[int, str]]:
        if version is not None:  # a catch-up, not a connect's snapshot
            reads.append(viewer.role)
        return real(match=match, viewer=viewer, version=version)

    sockets = [await connect(match, alice)] + [await connect(match) for _ in range(3)]
    for socket in sockets:
        assert (await receive(socket))["type"] == "snapshot"
    monkeypatch.setattr(snapshots, "encoded_frames_since", counted)
    await deaf_group(match)
    assert (await send(sockets[0], {"type": "submit", "order": ALICE_ORDER}))["type"] == "order_accepted"
    for socket in sockets:
        assert _events(await _frames_until(socket, 1)) == TURN[:1]
    assert sorted(reads) == ["player", "spectator"]  # before: one read per socket, four
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_judged_again_while_it_catches_up_gets_its_new_view_after_the_catch_up(
    alice: User, carol: User, deaf_group: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seated as a player while her socket's catch-up reads the log: the seat's frame and its `REJUDGE` come
    live, the socket is cut at the seat's version, and once the catch-up is sent she is judged again."""
    match = await database_sync_to_async(lobby.match_open)(host=alice, designs=DUEL)
    watcher = await connect(match, carol)
    shown = (await receive(watcher))["v"]
    reading, go_on = _catch_up_held(monkeypatch)
    await deaf_group(match)
    assert await asyncio.to_thread(reading.wait, 10)
    await database_sync_to_async(lobby.match_join)(match_id=match.pk, user=carol, role="player")
    await asyncio.sleep(0.3)  # the seat's frame and its REJUDGE reach the hub, which holds them
    go_on.set()
    frames = []
    while not frames or frames[-1]["type"] != "snapshot":
        output = await watcher.receive_output(timeout=5)
        assert output["type"] == "websocket.send", output
        frames.append(json.loads(output["text"]))
    versioned = [frame["v"] for frame in frames if frame["type"] not in ("crowd", "chat", "snapshot")]
    assert versioned == list(range(shown + 1, frames[-1]["v"] + 1))  # the seat's frame once, then her view
    assert frames[-1]["you"] == {"role": "player", "side": "blue"}
    assert _events(await _rest(watcher)) == []
    await watcher.disconnect()
