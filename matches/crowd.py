"""How many spectators watch each match (issue 7: "crowd count shown to all"), across Daphne processes.

Each process knows its own spectator sockets. With Redis (`REDIS_URL`) all processes keep them in one sorted
set per match, each socket scored with the time its entry lapses. A process refreshes its entries every tick,
so the sockets of a process that died leave the count within `ENTRY_SECONDS` instead of haunting it. Without
Redis (the embedded default: one process) the local sockets are the whole crowd.

Every tick a process recounts the matches it has sockets on (or just lost its last one on) and broadcasts a
`crowd` frame for each whose count differs from what it last told: at most one frame per match per process
per tick, however many spectators come and go in between. A socket that joined since the last tick is sent
the count then if no broadcast told it, so every viewer has it within a tick of connecting. The snapshot a
socket gets carries `spectators` too, added as it is sent (the encoded snapshot is shared by every spectator):
the count this process last told, so it waits on Redis only for a match the process has not counted yet.
The REST view asks `spectators_now`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import redis
import redis.asyncio as aioredis
from django.conf import settings

from . import hub

log = logging.getLogger(__name__)

TICK_SECONDS = 2.0
ENTRY_SECONDS = 30.0


def crowd_frame(spectators: int) -> dict[str, Any]:
    # No `v`: the count is not part of the match, and a delayed spectator must not learn the live version.
    return {"type": "crowd", "spectators": spectators}


class Crowd:
    """One process's (one event loop's) share of the crowd count."""

    def __init__(self, redis_url: str | None, key_prefix: str) -> None:
        self._redis_url = redis_url
        self._key_prefix = key_prefix
        self._redis: aioredis.Redis | None = None
        self._sockets: dict[int, dict[str, bool]] = {}  # match -> this process's sockets: id -> is a spectator
        self._changed: set[int] = set()  # matches whose local crowd changed since the last tick
        self._told: dict[int, int] = {}  # match -> the count this process last broadcast
        self._newcomers: dict[str, tuple[int, Callable[[str], Awaitable[None]]]] = {}  # socket -> (match, send)
        self._ticker: asyncio.Task[None] | None = None

    async def join(
        self, match_id: int, socket_id: str, *, spectator: bool, send_text: Callable[[str], Awaitable[None]]
    ) -> None:
        """Every socket joins (all viewers get the count); only spectators are counted."""
        self._sockets.setdefault(match_id, {})[socket_id] = spectator
        self._newcomers[socket_id] = (match_id, send_text)
        if spectator:
            self._changed.add(match_id)
            if self._redis_url:
                try:
                    await self._store(match_id, [socket_id])
                except redis.RedisError as error:
                    # The count is a courtesy, not a reason to refuse a socket: the next good tick stores it.
                    log.warning("crowd: Redis failed counting a spectator of match %s: %r", match_id, error)
        if self._ticker is None:
            self._ticker = asyncio.create_task(self._tick_forever())

    async def leave(self, match_id: int, socket_id: str) -> None:
        """Never fails on Redis: the socket is gone from this process at once, and a Redis entry it may still
        have, refreshed no more, lapses within `ENTRY_SECONDS`."""
        sockets = self._sockets.get(match_id, {})
        spectator = sockets.pop(socket_id, False)
        self._newcomers.pop(socket_id, None)
        if not sockets:
            self._sockets.pop(match_id, None)
        if spectator:
            self._changed.add(match_id)
            if self._redis_url:
                try:
                    await self._client().zrem(self._key(match_id), socket_id)
                except redis.RedisError as error:
                    log.warning("crowd: Redis failed while a socket left match %s: %r", match_id, error)
        if not self._sockets and self._ticker is not None:
            # The last socket of this process is gone: tell the others now, then stop ticking and let go of Redis.
            self._ticker.cancel()
            self._ticker = None
            try:
                await self._tell_changes()
            except redis.RedisError as error:
                log.warning("crowd: Redis failed telling the last counts: %r", error)
            if not self._sockets and self._redis is not None:  # unless a socket joined meanwhile
                client, self._redis = self._redis, None
                await client.aclose()

    async def count(self, match_id: int) -> int:
        if not self._redis_url:
            return self.local_spectators(match_id)
        key = self._key(match_id)
        async with self._client().pipeline() as pipe:
            pipe.zremrangebyscore(key, "-inf", time.time())
            pipe.zcard(key)
            _, spectators = await pipe.execute()
        return int(spectators)

    async def latest(self, match_id: int) -> int:
        """The count as of this process's last tick (what its sockets were last told), counted now only if
        the process has not told one for this match yet (this process's own spectators if Redis fails)."""
        told = self._told.get(match_id)
        if told is not None:
            return told
        try:
            return await self.count(match_id)
        except redis.RedisError:
            # A snapshot must not fail on the courtesy count; the next tick tells the shared one.
            log.warning("crowd: Redis unreachable, counting only this process's spectators of %s", match_id)
            return self.local_spectators(match_id)

    def local_spectators(self, match_id: int) -> int:
        return sum(self._sockets.get(match_id, {}).values())

    def _key(self, match_id: int) -> str:
        return crowd_key(self._key_prefix, match_id)

    def _client(self) -> aioredis.Redis:
        if self._redis is None:
            assert self._redis_url
            # A storm of sockets joining waits its turn for a connection instead of failing (bench/README.md).
            pool = aioredis.BlockingConnectionPool.from_url(
                self._redis_url, max_connections=settings.REDIS_MAX_CONNECTIONS
            )
            self._redis = aioredis.Redis.from_pool(pool)
        return self._redis

    async def _store(self, match_id: int, socket_ids: list[str]) -> None:
        """(Re)writes this process's entries with a fresh lapse time; the key itself lapses with its last entry."""
        key, lapses = self._key(match_id), time.time() + ENTRY_SECONDS
        async with self._client().pipeline() as pipe:
            pipe.zadd(key, dict.fromkeys(socket_ids, lapses))
            pipe.expire(key, int(ENTRY_SECONDS) + 1)
            await pipe.execute()

    async def _tick_forever(self) -> None:
        while not hub.being_cancelled():  # a cancellation redis-py turned into an error still ends it (hub._keep)
            await asyncio.sleep(TICK_SECONDS)
            try:
                if self._redis_url:
                    for match_id, sockets in list(self._sockets.items()):
                        spectators = [socket_id for socket_id, spectator in list(sockets.items()) if spectator]
                        if spectators:
                            await self._store(match_id, spectators)
                await self._tell_changes()
            except redis.RedisError as error:
                if hub.being_cancelled():
                    raise
                # Redis restarting must not stop the count for good; the next tick tries again.
                log.warning("crowd: a tick failed: %r", error)
            except Exception:
                log.exception("crowd: a tick failed")

    async def _tell_changes(self) -> None:
        # Matches with local sockets are recounted too: another process's sockets may have come, gone or lapsed.
        changed, self._changed = self._changed, set()
        told_now = set()
        for match_id in changed | set(self._sockets):
            spectators = await self.count(match_id)
            if self._told.get(match_id) != spectators:
                told_now.add(match_id)
                for stream in (hub.PUBLIC_STREAM, hub.DELAYED_STREAM):
                    await hub.publish_async(
                        match_id=match_id, frames=[crowd_frame(spectators)], stream=stream, versioned=False
                    )
            self._told[match_id] = spectators
        newcomers, self._newcomers = self._newcomers, {}
        for socket_id, (match_id, send_text) in newcomers.items():
            if match_id not in told_now and match_id not in self._told:
                # It joined while the others were being counted, the first socket here of its match: the
                # next tick counts the match and tells it.
                if socket_id in self._sockets.get(match_id, {}):
                    self._newcomers[socket_id] = (match_id, send_text)
            elif match_id not in told_now:
                try:
                    await send_text(hub.encode(crowd_frame(self._told[match_id])))
                except Exception:
                    # One broken socket must not keep the count from the others.
                    log.exception("crowd: could not send the count to one socket of match %s", match_id)
        self._told = {match_id: told for match_id, told in self._told.items() if match_id in self._sockets}


def crowd_key(prefix: str, match_id: int) -> str:
    return f"{prefix}:crowd:{match_id}"


def _key_prefix() -> str:
    # The channel layer's prefix keeps runs that share a Redis server (tests) out of each other's counts.
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    return str(layer.get("CONFIG", {}).get("prefix", "asgi"))


_crowds: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Crowd] = weakref.WeakKeyDictionary()


def get_crowd() -> Crowd:
    """The crowd of the running event loop: one per Daphne process (tests get a fresh one per loop)."""
    loop = asyncio.get_running_loop()
    crowd = _crowds.get(loop)
    if crowd is None:
        crowd = _crowds[loop] = Crowd(getattr(settings, "REDIS_URL", None), _key_prefix())
    return crowd


@functools.cache
def _sync_client(redis_url: str) -> redis.Redis:
    """One client (and connection pool) per process for the REST reads, not a new connection per read."""
    return redis.Redis.from_url(redis_url)


def spectators_now(match_id: int) -> int:
    """The count for synchronous code (the REST view): Redis's set when there is one, else this process's
    sockets (whichever event loop holds them). The count is a courtesy: a Redis failure must not fail the read."""
    local = sum(crowd.local_spectators(match_id) for crowd in list(_crowds.values()))
    redis_url = getattr(settings, "REDIS_URL", None)
    if not redis_url:
        return local
    key = crowd_key(_key_prefix(), match_id)
    try:
        with _sync_client(redis_url).pipeline() as pipe:
            pipe.zremrangebyscore(key, "-inf", time.time())
            pipe.zcard(key)
            _, spectators = pipe.execute()
    except redis.RedisError:
        log.warning("crowd: Redis unreachable, counting only this process's spectators of %s", match_id)
        return local
    return int(spectators)
