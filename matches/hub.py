"""Fan-out once per process (issue 10).

Sockets are never channel-layer group members. Each process (each event loop) keeps ONE channel-layer
subscription per match stream: a channel added to the stream's group when the first local socket of the
match joins, discarded when the last leaves. Its reader gets every broadcast once, each frame encoded to
text once by its publisher, and writes that same string to every local socket of the stream.

A frame may differ by audience (frames.py: a side's players, the referee, the spectators): then it is
published once as variants, each with the audiences it is for, each variant encoded once (`publish`) and
written to the local sockets of its audiences. Players, the referee and live spectators share the
"public" stream; delayed spectators have theirs.

Redis restarting empties every group (and the queued messages): the subscription would stay open but hear
nothing. So each stream renews its membership every `RENEW_SECONDS`; when the membership had gone, or the
reader lost its connection, what was published since the last renewal that found the stream whole may be
lost. Once the channel is back in its group (what is published from then on comes live), every local socket
of the stream is told (`Subscriber.catch_up`) and catches up in place, open (consumers.py): it reads from the
event log what its viewer missed after the last version it was sent (what a reconnect with `?v=N` reads, a
snapshot if it is too far behind) and the chat lines and crowd count that may be lost with it, and sends
them while newer broadcasts wait; then what waited goes out, each version once (`Subscriber.hold`,
`release`). A viewer whose view changed meanwhile (its `REJUDGE` lost) is judged again. `delayed_release`
reads the log again for its sockets, which catch up the same way. This replaces closing every socket, whose
clients all reconnected at once (a reconnection storm: bench/README.md, soak).

A match socket is still closed with `RESYNC_CLOSE_CODE` (its client reconnects with the last version it has
and catches up from the log) only where it cannot go on in place: it joined while Redis was down (`join`
raises), or its catch-up or its judging again failed (the database down too).

A command that changes who sees what (a seat, a role, the options with their spectator delay) publishes a
`REJUDGE` item on every stream after its frames (frames.rejudged). The hub hands it to each local socket
(`Subscriber.rejudge`); a socket it concerns stops at that version (`Subscriber.cut`: later frames wait),
is judged again, and either goes on as it was or moves to its new stream and audience and is sent a
snapshot of its new view, the frames its old audience was queued dropped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from .layer import forget, group_renew, group_send
from .subscriber import EVERYONE, Subscriber

log = logging.getLogger(__name__)
T = TypeVar("T")

PUBLIC_STREAM = "public"
# Spectators of a match with a spectator delay: the public frames, released phases late (selectors.spectator_horizon).
DELAYED_STREAM = "delayed"
# Spectators of a match with a delay in seconds: their sockets are fed by `delayed_release`, which listens here.
SECONDS_DELAYED_STREAM = "delayed_seconds"
# The frame type that tells `delayed_release` the log grew (it never reaches a socket).
LOGGED = "logged"
# The item that has the sockets of a match judged again (module docstring); it never reaches a socket either.
REJUDGE = "rejudge"
MESSAGE_TYPE = "hub.frames"
RECEIVE_RETRY_SECONDS = 1.0
# How often each stream re-adds its channel to its group: often enough that a Redis restart leaves a match
# deaf for a couple of seconds at most, and it keeps channels_redis's group expiry (a day) from ever lapsing.
RENEW_SECONDS = 2.0
# How long after a stream is left what still arrives for its channel is dropped (the layer's message expiry).
FORGET_SECONDS = 60.0
# The close code that tells a client frames may have been lost: reconnect with `?v=N` and catch up.
RESYNC_CLOSE_CODE = 4012


def group_name(match_id: int, stream: str) -> str:
    return f"match.{match_id}.{stream}"


def encode(frame: Any) -> str:
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


def publish(*, match_id: int, frames: list[dict[str, Any]], stream: str = PUBLIC_STREAM, versioned: bool = True) -> None:
    """Sends a match's new frames, in version order, to every process that has a socket on the stream.
    Frames that are not `versioned` (chat: they change nothing) go to every socket whatever it has seen.

    Called from synchronous code after the transaction commits (`transaction.on_commit`).
    """
    async_to_sync(publish_async)(match_id=match_id, frames=frames, stream=stream, versioned=versioned)


async def publish_async(
    *, match_id: int, frames: list[dict[str, Any]], stream: str = PUBLIC_STREAM, versioned: bool = True
) -> None:
    """`publish` from async code (the crowd count). Each variant of a frame travels encoded, as its sockets
    are sent it: encoded once here, not once in every process, and a string is the cheapest thing to pack."""
    message = {"type": MESSAGE_TYPE, "frames": [_encoded(item) for item in frames], "versioned": versioned}
    await group_send(get_channel_layer(), group_name(match_id, stream), message)


def _encoded(item: dict[str, Any]) -> dict[str, Any]:
    """A published item as it travels: a `REJUDGE` as it is, a frame as `{"texts": [[AUDIENCES, V, TEXT], ...]}`."""
    if item.get("type") == REJUDGE:
        return item
    variants = variants_of(item)
    # A field that is one object in several variants (a playback's timeline, most of its frame) encoded once.
    counts = Counter(id(value) for _, frame in variants for value in frame.values() if isinstance(value, (dict, list)))
    shared = {key for key, count in counts.items() if count > 1}
    texts: dict[int, str] = {}

    def text_of(value: Any) -> str:
        if id(value) not in shared:
            return encode(value)
        if id(value) not in texts:  # the variants hold every value alive meanwhile: an id is not reused
            texts[id(value)] = encode(value)
        return texts[id(value)]

    def whole(frame: dict[str, Any]) -> str:
        if not shared:
            return encode(frame)
        # `encode`'s text, field by field: "{", each `"key":value` joined by ",", "}".
        return "{" + ",".join(f"{encode(key)}:{text_of(value)}" for key, value in frame.items()) + "}"

    return {"texts": [[audiences, frame.get("v"), whole(frame)] for audiences, frame in variants]}


def addressed(variants: list[tuple[list[str], dict[str, Any]]]) -> dict[str, Any]:
    """One frame to publish in variants: each for the audiences it lists (an audience such as "player:red",
    or a role, "player", for all its audiences), `EVERYONE` for every socket no variant names. A socket of
    no listed audience gets nothing. A single variant for everyone is the plain frame."""
    if len(variants) == 1 and EVERYONE in variants[0][0]:
        return variants[0][1]
    return {"variants": [[audiences, frame] for audiences, frame in variants]}


def variants_of(item: dict[str, Any]) -> list[list[Any]]:
    """A published item's variants, `[[AUDIENCES, FRAME], ...]` (a plain frame is one, for everyone)."""
    return item.get("variants") or [[[EVERYONE], item]]


def variant_for(variants: list[list[Any]], audience: str) -> int | None:
    """The index of the variant a socket of `audience` gets, if any (each variant's audiences come first)."""
    role = audience.split(":")[0]
    named = next((i for i, variant in enumerate(variants) if audience in variant[0] or role in variant[0]), None)
    return named if named is not None else next((i for i, variant in enumerate(variants) if EVERYONE in variant[0]), None)


@dataclass(eq=False)
class _Stream:
    group: str
    subscribers: set[Subscriber] = field(default_factory=set)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    channel: str = ""
    reader: asyncio.Task[None] | None = None
    keeper: asyncio.Task[None] | None = None
    # The reader lost its connection since the last renewal: what was queued for it may be gone.
    missed: bool = False
    # When the last renewal that found the stream whole began (at first, its join): nothing published before
    # it was lost.
    sound_at: float = field(default_factory=time.time)


class Hub:
    def __init__(self) -> None:
        self._streams: dict[tuple[int, str], _Stream] = {}
        self._closing: set[asyncio.Task[None]] = set()  # subscriptions being closed (`leave`)

    def subscriber_count(self, match_id: int, stream: str = PUBLIC_STREAM) -> int:
        entry = self._streams.get((match_id, stream))
        return len(entry.subscribers) if entry else 0

    async def join(self, match_id: int, subscriber: Subscriber, stream: str = PUBLIC_STREAM) -> None:
        """Returns once the stream's subscription is live, so nothing committed afterwards is missed. Raises
        the layer's error when it cannot be made (Redis down): a socket must never sit on a stream nobody reads."""
        key = (match_id, stream)
        while (entry := self._streams.get(key)) is not None:
            entry.subscribers.add(subscriber)
            await entry.ready.wait()
            if self._streams.get(key) is entry:
                return
            # The socket that was making the subscription failed (or went): try again, making it if need be.
            entry.subscribers.discard(subscriber)
        entry = self._streams[key] = _Stream(group=group_name(match_id, stream))
        entry.subscribers.add(subscriber)
        layer = get_channel_layer()
        try:
            entry.channel = await layer.new_channel()
            await layer.group_add(entry.group, entry.channel)
            entry.reader = asyncio.create_task(self._read(entry, layer))
            entry.keeper = asyncio.create_task(self._keep(entry, layer))
        except BaseException:
            self._streams.pop(key, None)
            raise
        finally:
            entry.ready.set()

    async def leave(self, match_id: int, subscriber: Subscriber, stream: str = PUBLIC_STREAM) -> None:
        subscriber.stop()
        key = (match_id, stream)
        entry = self._streams.get(key)
        if entry is None:
            return
        entry.subscribers.discard(subscriber)
        if entry.subscribers:
            return
        del self._streams[key]
        closing = asyncio.create_task(self._close(entry))
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)
        # The socket's task may be cancelled meanwhile (Daphne kills one slow to shut down): the subscription is
        # closed all the same, or its group would go on sending to a channel nobody reads, buffered for a day.
        await asyncio.shield(closing)

    async def _close(self, entry: _Stream) -> None:
        await entry.ready.wait()
        if entry.reader is None:
            return
        entry.reader.cancel()
        if entry.keeper is not None:
            # Ended before the discard, so a renewal under way cannot add the channel back after it.
            entry.keeper.cancel()
            await asyncio.gather(entry.keeper, return_exceptions=True)
        layer = get_channel_layer()
        # What still reaches the channel (sent before the discard) is buffered by channels_redis for a reader
        # that is gone, for good: dropped once the reader has ended, and again once such stragglers lapse.
        entry.reader.add_done_callback(lambda _: forget(layer, entry.channel))
        asyncio.get_running_loop().call_later(FORGET_SECONDS, forget, layer, entry.channel)
        try:
            await layer.group_discard(entry.group, entry.channel)
        except Exception as error:
            # Redis is down: nobody reads the channel any more, and its queue lapses on its own.
            log.warning("hub: could not leave %s: %r", entry.group, error)

    async def _read(self, entry: _Stream, layer: Any) -> None:
        # A cancellation that the layer swallowed still ends the reader before it blocks again.
        while not being_cancelled():
            try:
                message = await layer.receive(entry.channel)
            except Exception as error:
                # channels_redis may turn our cancellation into another error while it cleans up: leaving
                # wins over retrying, or the task would never end.
                if being_cancelled():
                    raise
                # Redis restarting must not end the match's stream in this process for good.
                log.warning("hub: receiving for %s failed (%r); retrying", entry.group, error)
                entry.missed = True
                await asyncio.sleep(RECEIVE_RETRY_SECONDS)
                continue
            if message.get("type") != MESSAGE_TYPE:
                continue
            versioned = message.get("versioned", True)
            for item in message["frames"]:
                if item.get("type") == REJUDGE:
                    await _rejudge(entry, item)
                else:
                    await _fan_out(entry, item["texts"], versioned)


    async def _keep(self, entry: _Stream, layer: Any) -> None:
        # As in `_read`: a cancellation the layer turned into another error still ends the keeper, or it would
        # renew the membership of a left stream for good (and `_close`, waiting for it, would never return).
        while not being_cancelled():
            await asyncio.sleep(RENEW_SECONDS)
            renewing_at = time.time()
            try:
                lost = await group_renew(layer, entry.group, entry.channel)
            except Exception as error:
                if being_cancelled():
                    raise
                # Redis is down: the renewal after it comes back finds the membership gone.
                log.warning("hub: renewing %s failed: %r", entry.group, error)
                continue
            since, entry.sound_at = entry.sound_at, renewing_at
            if not (lost or entry.missed):
                continue
            entry.missed = False
            # Back in the group: what is committed from now on comes live, what was before is in the log.
            log.warning("hub: %s may have missed frames; its %d sockets catch up", entry.group, len(entry.subscribers))
            for subscriber in list(entry.subscribers):
                try:
                    await subscriber.catch_up(since)
                except Exception:
                    log.exception("hub: telling one subscriber of %s to catch up failed", entry.group)


async def _fan_out(entry: _Stream, texts: list[list[Any]], versioned: bool) -> None:
    """Writes one frame to every local socket of the stream: the variant of its audience (`texts`:
    `[[AUDIENCES, V, TEXT], ...]`, each variant encoded by its publisher)."""
    picked: dict[str, int | None] = {}  # by audience: a stream's sockets are of a few audiences
    for subscriber in list(entry.subscribers):
        if subscriber.audience not in picked:
            picked[subscriber.audience] = variant_for(texts, subscriber.audience)
        index = picked[subscriber.audience]
        if index is None:
            continue
        _, version, text = texts[index]
        try:
            await subscriber.deliver(version if versioned else None, text)
        except Exception:
            # One broken socket must not stop the match's stream for everyone else.
            log.exception("hub: dropping a frame for one subscriber of %s", entry.group)


async def _rejudge(entry: _Stream, item: dict[str, Any]) -> None:
    for subscriber in list(entry.subscribers):
        try:
            await subscriber.rejudge(item)
        except Exception:
            log.exception("hub: judging one subscriber of %s again failed", entry.group)


def being_cancelled() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def per_event_loop(make: Callable[[], T]) -> Callable[[], T]:
    """A getter of one `make()` per running event loop: one per Daphne process (tests get a fresh one per loop)."""
    made: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, T] = weakref.WeakKeyDictionary()

    def get() -> T:
        loop = asyncio.get_running_loop()
        if loop not in made:
            made[loop] = make()
        return made[loop]

    return get


get_hub = per_event_loop(Hub)
