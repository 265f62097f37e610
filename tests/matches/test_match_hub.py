"""The per-process hub (matches/hub.py, issue 10): one channel-layer subscription per match and process,
frames encoded once, and a socket's snapshot never overtaken by a broadcast."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from typing import Any

import pytest
import redis.asyncio as redis
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.contrib.auth.models import User
from django.db import connections

from matches import hub as hub_module
from matches import subscriber as subscriber_module
from matches.hub import Hub, get_hub, group_name, publish
from matches.models import Match
from matches.subscriber import Subscriber
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER, shared_part
from tests.matches.sockets import connect, receive


async def _never_told_to_catch_up(since: float) -> None:
    raise AssertionError("no frame was lost")


@pytest.mark.asyncio
async def test_a_held_subscriber_gets_only_the_frames_newer_than_its_snapshot_in_order() -> None:
    sent: list[str] = []

    async def send_text(text: str) -> None:
        sent.append(text)

    subscriber = Subscriber(send_text, catch_up=_never_told_to_catch_up)
    for version in (4, 5, 6):
        await subscriber.deliver(version, f"frame {version}")
    assert sent == []  # held until its snapshot is out

    await subscriber.release(5)  # the snapshot already contained v 4 and 5
    await subscriber.deliver(5, "duplicate 5")
    await subscriber.deliver(7, "frame 7")

    assert sent == ["frame 6", "frame 7"]


async def _recording_subscriber() -> tuple[Subscriber, list[str], asyncio.Event]:
    sent: list[str] = []
    arrived = asyncio.Event()

    async def send_text(text: str) -> None:
        sent.append(text)
        arrived.set()

    return Subscriber(send_text, catch_up=_never_told_to_catch_up), sent, arrived


@pytest.mark.asyncio
async def test_a_frame_that_overtook_the_one_before_it_waits_for_it() -> None:
    subscriber, sent, _ = await _recording_subscriber()
    await subscriber.release(3)

    await subscriber.deliver(5, "frame 5")
    assert sent == []  # v 4 is still on its way
    await subscriber.deliver(4, "frame 4")
    await subscriber.deliver(4, "duplicate 4")

    assert sent == ["frame 4", "frame 5"]


@pytest.mark.asyncio
async def test_a_version_that_never_comes_holds_the_next_frames_only_until_the_gap_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(subscriber_module, "GAP_SECONDS", 0)
    subscriber, sent, arrived = await _recording_subscriber()
    await subscriber.release(3)

    await subscriber.deliver(5, "frame 5")  # v 4's publish was lost
    await asyncio.wait_for(arrived.wait(), timeout=5)
    await subscriber.deliver(4, "late 4")  # the client resynced on the hole: too late to matter
    await subscriber.deliver(6, "frame 6")

    assert sent == ["frame 5", "frame 6"]


class LayerThatMasksCancellation:
    """Like channels_redis when a cancelled receive() fails in its clean-up: the cancellation comes out as
    another error."""

    async def new_channel(self) -> str:
        return "specific.test!1"

    async def group_add(self, group: str, channel: str) -> None:
        pass

    async def group_discard(self, group: str, channel: str) -> None:
        pass

    async def receive(self, channel: str) -> dict[str, Any]:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            raise RuntimeError("Two event loops are trying to receive() on one channel layer at once!") from None
        raise AssertionError("unreachable")


@pytest.mark.asyncio
async def test_the_last_socket_leaving_ends_the_reader_even_if_the_layer_masks_the_cancellation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hub_module, "get_channel_layer", LayerThatMasksCancellation)
    hub, subscriber = Hub(), Subscriber(lambda text: asyncio.sleep(0), catch_up=_never_told_to_catch_up)
    await hub.join(1, subscriber)
    reader = hub._streams[(1, "public")].reader
    assert reader is not None
    await asyncio.sleep(0.05)  # let the reader start waiting in receive()

    await hub.leave(1, subscriber)

    await asyncio.wait_for(asyncio.gather(reader, return_exceptions=True), timeout=5)
    assert reader.done()


class LayerThatMasksCancellationWhileRenewing(LayerThatMasksCancellation):
    """A renewal (group_add) cancelled on its way to Redis comes out as a connection error, as redis-py's may."""

    def __init__(self) -> None:
        self.renewing = asyncio.Event()

    async def group_add(self, group: str, channel: str) -> None:
        if not self.renewing.is_set():  # the join's, not a renewal
            self.renewing.set()
            return
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            raise ConnectionError("Connection closed by server.") from None


@pytest.mark.asyncio
async def test_the_last_socket_leaving_ends_the_renewals_even_if_the_layer_masks_the_cancellation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A keeper that took a masked cancellation for Redis being down renewed the membership for good: the
    group went on sending to a channel nobody read, and the leave waiting for the keeper never returned."""
    layer = LayerThatMasksCancellationWhileRenewing()
    monkeypatch.setattr(hub_module, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(hub_module, "RENEW_SECONDS", 0.01)
    hub, subscriber = Hub(), Subscriber(lambda text: asyncio.sleep(0), catch_up=_never_told_to_catch_up)
    await hub.join(1, subscriber)
    keeper = hub._streams[(1, "public")].keeper
    assert keeper is not None
    await asyncio.sleep(0.05)  # the keeper is now waiting in its renewal

    await asyncio.wait_for(hub.leave(1, subscriber), timeout=5)

    assert keeper.done()


class LayerSlowToDiscard(LayerThatMasksCancellation):
    """A group_discard that waits on Redis (busy, or restarting) until told to go on."""

    def __init__(self) -> None:
        self.go_on = asyncio.Event()
        self.discarded: list[str] = []

    async def group_discard(self, group: str, channel: str) -> None:
        await self.go_on.wait()
        self.discarded.append(group)


@pytest.mark.asyncio
async def test_a_socket_cancelled_while_leaving_still_takes_its_stream_out_of_the_group(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Daphne cancels a socket's task that is slow to shut down (the full soak's servers logged 15,000 of them):
    cancelled in the middle of leaving, its last stream stayed in the Redis group, which went on sending every
    frame of the match to a channel nobody read, kept in the process's memory for a day (4,000 frames each)."""
    layer = LayerSlowToDiscard()
    monkeypatch.setattr(hub_module, "get_channel_layer", lambda: layer)
    hub, subscriber = Hub(), Subscriber(lambda text: asyncio.sleep(0), catch_up=_never_told_to_catch_up)
    await hub.join(1, subscriber)
    leaving = asyncio.create_task(hub.leave(1, subscriber))
    await asyncio.sleep(0.05)  # waiting in group_discard
    leaving.cancel()
    await asyncio.gather(leaving, return_exceptions=True)
    layer.go_on.set()
    await asyncio.sleep(0.05)
    assert layer.discarded == ["match.1.public"]


class LayerThatIsDown:
    """Redis down: joining a group fails, the first time only once a second socket waits on the same stream."""

    def __init__(self) -> None:
        self.second_waits = asyncio.Event()

    async def new_channel(self) -> str:
        return "specific.test!2"

    async def group_add(self, group: str, channel: str) -> None:
        await self.second_waits.wait()
        raise ConnectionError("Redis is down")


@pytest.mark.asyncio
async def test_sockets_waiting_on_a_subscription_that_fails_are_told_and_none_is_left_deaf(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layer = LayerThatIsDown()
    monkeypatch.setattr(hub_module, "get_channel_layer", lambda: layer)
    hub = Hub()
    first, second = (Subscriber(lambda text: asyncio.sleep(0), catch_up=_never_told_to_catch_up) for _ in range(2))
    making = asyncio.create_task(hub.join(1, first))
    await asyncio.sleep(0)
    waiting = asyncio.create_task(hub.join(1, second))
    await asyncio.sleep(0)
    layer.second_waits.set()
    results = await asyncio.gather(making, waiting, return_exceptions=True)
    # Before: the second socket's join returned as if live, on a stream with no reader and no renewal.
    assert [type(result) for result in results] == [ConnectionError, ConnectionError]
    assert hub.subscriber_count(1) == 0


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_joining_while_redis_is_down_is_told_to_reconnect_without_a_traceback(
    match: Match, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    layer = LayerThatIsDown()
    layer.second_waits.set()
    monkeypatch.setattr(hub_module, "get_channel_layer", lambda: layer)
    socket = await connect(match)
    # Before: the error left connect() and Channels logged "Exception inside application" with its traceback.
    assert await socket.receive_output(timeout=5) == {"type": "websocket.close", "code": hub_module.RESYNC_CLOSE_CODE}
    assert [r for r in caplog.records if r.levelname == "ERROR" or r.exc_info] == []
    assert get_hub().subscriber_count(match.pk) == 0
    await socket.disconnect()
    await database_sync_to_async(connections.close_all)()


def require_redis_layer(settings: Any) -> None:
    """The product's own Redis layer configuration (REDIS_URL; .ci/run always sets it)."""
    if "RedisChannelLayer" not in settings.CHANNEL_LAYERS["default"]["BACKEND"]:
        pytest.skip("REDIS_URL is not set (.ci/run sets it; this test needs a real Redis)")


async def redis_group_size(group: str) -> int:
    layer = get_channel_layer()
    client = redis.from_url(os.environ["REDIS_URL"])
    try:
        return int(await client.zcard(layer._group_key(group)))
    finally:
        await client.aclose()


@pytest.mark.asyncio
async def test_what_still_reaches_a_left_streams_channel_is_not_kept_for_good(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """channels_redis buffers in the process what arrives for a channel nobody receives on: a frame sent to a
    stream just left (its last socket gone) stayed in memory for good, a little more at each Redis restart."""
    require_redis_layer(settings)
    monkeypatch.setattr(hub_module, "FORGET_SECONDS", 0.3)
    hub, layer = Hub(), get_channel_layer()
    gone, staying = (Subscriber(lambda text: asyncio.sleep(0), catch_up=_never_told_to_catch_up) for _ in range(2))
    await hub.join(901, gone)
    await hub.join(902, staying)
    left = hub._streams[(901, "public")].channel
    await hub.leave(901, gone)
    await layer.send(left, {"type": hub_module.MESSAGE_TYPE, "frames": []})  # sent before the discard
    for _ in range(40):  # the staying stream's reader takes it off Redis, for the channel left
        if left in layer.receive_buffer:
            break
        await asyncio.sleep(0.05)
    assert left in layer.receive_buffer
    await asyncio.sleep(0.5)
    assert left not in layer.receive_buffer
    await hub.leave(902, staying)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_one_redis_subscription_per_match_and_process_feeds_every_local_socket(
    match: Match, alice: User, bob: User, settings: Any
) -> None:
    require_redis_layer(settings)
    sockets = [await connect(match, user) for user in (alice, bob, None)]
    for socket in sockets:
        assert (await receive(socket))["type"] == "snapshot"
    group = group_name(match.pk, "public")
    assert get_hub().subscriber_count(match.pk) == 3
    assert await redis_group_size(group) == 1  # not one group member per socket

    alice, bob, spectator = sockets
    await alice.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_ORDER}))
    await bob.send_to(text_data=json.dumps({"type": "submit", "order": BOB_ORDER}))
    received = {}
    for name, socket in zip(("alice", "bob", "spectator"), sockets):
        frames = [await receive(socket) for _ in range(4 if name != "spectator" else 3)]
        received[name] = [f for f in frames if f["type"] in ("submitted", "playback")]
    # Every socket got the same broadcast frames, in version order, but that each player's own `submitted`
    # names its order.
    assert [f["v"] for f in received["spectator"]] == [1, 2, 3]
    for name, order in (("alice", ALICE_ORDER), ("bob", BOB_ORDER)):
        assert [f.get("order") for f in received[name]] == [order if f.get("side") == name else None for f in received[name]]
    alike = [[shared_part(f) for f in received[name]] for name in ("alice", "bob", "spectator")]
    assert alike[0] == alike[1] == alike[2]

    for socket in sockets:
        await socket.disconnect()
    assert get_hub().subscriber_count(match.pk) == 0
    assert await redis_group_size(group) == 0  # the last socket out removed the process's subscription
    await database_sync_to_async(connections.close_all)()


@pytest.mark.asyncio
async def test_publish_without_subscribers_is_harmless() -> None:
    """A resolution in a match nobody watches must not fail the transaction's on_commit."""
    await sync_to_async(publish)(match_id=123456, frames=[{"type": "submitted", "v": 1}])


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_frames_published_out_of_order_by_two_threads_reach_the_socket_in_version_order(
    match: Match, alice: User
) -> None:
    """Two submits of one match commit in version order on two threads, but the second may publish first."""
    socket = await connect(match, alice)
    assert (await receive(socket))["type"] == "snapshot"
    second_published = threading.Event()

    def publish_second() -> None:
        publish(match_id=match.pk, frames=[{"type": "submitted", "v": 2}])
        second_published.set()

    def publish_first() -> None:
        second_published.wait(timeout=5)
        publish(match_id=match.pk, frames=[{"type": "submitted", "v": 1}])

    await asyncio.gather(
        sync_to_async(publish_first, thread_sensitive=False)(),
        sync_to_async(publish_second, thread_sensitive=False)(),
    )

    assert [(await receive(socket))["v"] for _ in range(2)] == [1, 2]
    await socket.disconnect()
    await database_sync_to_async(connections.close_all)()


@pytest.mark.asyncio
async def test_each_variant_of_a_frame_is_encoded_once_per_process_and_reaches_its_audience_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A frame that differs by audience (frames.py) is published once with its variants: each variant is encoded
    once in the process however many local sockets of its audience there are, the spectators' variant goes to
    every audience no other variant names, and an audience no variant names (a chat room's non-readers) gets
    nothing."""
    encoded: list[str] = []
    monkeypatch.setattr(hub_module, "encode", lambda frame: encoded.append(frame["to"]) or json.dumps(frame))
    audiences = {"red 1": "player:red", "red 2": "player:red", "blue": "player:blue", "judge": "referee",
                 "spectator 1": "spectator", "spectator 2": "spectator"}
    received: dict[str, list[str]] = {name: [] for name in audiences}
    everything = asyncio.Event()

    def recorder(name: str) -> Any:
        async def send_text(text: str) -> None:
            received[name].append(json.loads(text)["to"])
            if sum(map(len, received.values())) == 10:
                everything.set()
        return send_text

    hub, match_id = Hub(), 900_000 + os.getpid()
    subscribers = [
        Subscriber(recorder(name), catch_up=lambda since: asyncio.sleep(0), audience=audience)
        for name, audience in audiences.items()
    ]
    for subscriber in subscribers:
        await hub.join(match_id, subscriber)
        await subscriber.release(0)
    playback = hub_module.addressed([
        (["player:red"], {"type": "playback", "v": 1, "to": "red"}),
        (["referee"], {"type": "playback", "v": 1, "to": "referee"}),
        ([hub_module.EVERYONE, "player:blue"], {"type": "playback", "v": 1, "to": "everyone else"}),
    ])
    chat = hub_module.addressed([(["player", "referee"], {"type": "chat", "v": 1, "to": "players' room"})])
    await hub_module.publish_async(match_id=match_id, frames=[playback])
    await hub_module.publish_async(match_id=match_id, frames=[chat], versioned=False)
    await asyncio.wait_for(everything.wait(), timeout=5)

    assert sorted(encoded) == ["everyone else", "players' room", "red", "referee"]
    assert received == {
        "red 1": ["red", "players' room"], "red 2": ["red", "players' room"], "blue": ["everyone else", "players' room"],
        "judge": ["referee", "players' room"], "spectator 1": ["everyone else"], "spectator 2": ["everyone else"],
    }
    for subscriber in subscribers:
        await hub.leave(match_id, subscriber)


def test_each_variant_travels_as_its_sockets_are_sent_it() -> None:
    """A published frame's variants are encoded before Redis, a field they share (one object) once, and each
    text is the frame's `encode` all the same."""
    timeline = [{"unit": "A", "steps": ["F", "F"], "note": "é"}]
    item = hub_module.addressed([
        (["player:alice"], {"type": "playback", "v": 4, "timeline": timeline, "view": {"ammo": 1}}),
        (["*"], {"type": "playback", "v": 4, "timeline": timeline, "view": {}}),
    ])
    texts = hub_module._encoded(item)["texts"]
    assert [(audiences, version, json.loads(text)) for audiences, version, text in texts] == [
        (audiences, 4, frame) for audiences, frame in hub_module.variants_of(item)
    ]
    assert [text for _, _, text in texts] == [hub_module.encode(frame) for _, frame in hub_module.variants_of(item)]
    assert hub_module._encoded({"type": "submitted", "v": 1})["texts"] == [[["*"], 1, '{"type":"submitted","v":1}']]
