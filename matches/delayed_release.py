"""Spectators of a match with a delay in seconds (option `spectator_delay_seconds`): each frame reaches their
sockets N seconds after its event was logged.

Per process and match, one `Release` feeds the local sockets of the `hub.SECONDS_DELAYED_STREAM`. It reads
what to send from the event log (`selectors.spectator_horizon`, judged on the events' logged times), never
from memory: an asyncio timer wakes it when the next event's time comes, and a `hub.LOGGED` nudge on the
match's delayed stream (from `pipeline.run_command`) when the log grows. So a process started later, or a
socket that reconnects, releases exactly what the log says, and nothing is lost by a restart. Chat and crowd
frames travel on the delayed stream too and are passed on at once, and so is a `hub.REJUDGE` item.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from datetime import timedelta
from typing import Any

from channels.db import database_sync_to_async
from django.utils import timezone

from . import hub
from .hub import encode, get_hub, per_event_loop
from .subscriber import Subscriber
from .models import Match
from .frames import PUBLIC, audience, frames_for
from .selectors import board_at, spectator_horizon

log = logging.getLogger(__name__)

# How long a failed read of the log waits before the next try (the database restarting).
RETRY_SECONDS = 1.0


def released_since(match_id: int, after: int | None) -> tuple[int, list[tuple[int, str]], float | None]:
    """The version spectators may see now, the encoded public frames after `after` up to it (none when
    `after` is None: a new `Release` starts there), and in how many seconds the next event is due (None:
    nothing waits, or the match is gone)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return after or 0, [], None
    horizon = spectator_horizon(match)
    shown = match.version if horizon is None else horizon
    start = shown if after is None else after
    events = list(match.events.filter(version__gt=start, version__lte=shown).order_by("version"))
    public = frames_for(match, events, PUBLIC, board_at(match, start)) if events else []
    frames = [(frame["v"], encode(frame)) for frame in public]
    waiting = match.events.filter(version__gt=shown).order_by("version").values_list("created_at", flat=True).first()
    due = None
    if horizon is not None and waiting is not None:
        release_at = waiting + timedelta(seconds=match.options.get("spectator_delay_seconds", 0))
        due = max(0.0, (release_at - timezone.now()).total_seconds())
    return max(start, shown), frames, due


class Release:
    """The local delayed-by-seconds sockets of one match and the task that feeds them."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self.subscribers: set[Subscriber] = set()
        self._nudged = asyncio.Event()
        # What reaches this process on the match's delayed stream: nudges, chat and crowd frames.
        self._inbox = Subscriber(
            self._received, catch_up=self._catch_up, audience=audience(PUBLIC), rejudge=self._rejudge
        )
        self._released = 0
        self._due: float | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await get_hub().join(self.match_id, self._inbox, hub.DELAYED_STREAM)
        await self._inbox.release(0)
        # Read before any socket computes its snapshot, so none misses a frame released in between.
        self._released, _, self._due = await database_sync_to_async(released_since)(self.match_id, None)
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await get_hub().leave(self.match_id, self._inbox, hub.DELAYED_STREAM)

    async def _received(self, text: str) -> None:
        if json.loads(text)["type"] == hub.LOGGED:
            self._nudged.set()
            return
        for subscriber in list(self.subscribers):
            await subscriber.deliver(None, text)

    async def _catch_up(self, since: float) -> None:
        # A nudge may be lost: the log is read again. Chat, crowd and rejudge items may be lost with it: every
        # socket catches up in place (the hub's module docstring), from the version it was last released.
        self._nudged.set()
        for subscriber in list(self.subscribers):
            await subscriber.catch_up(since)
        await self._inbox.caught_up()

    async def _rejudge(self, item: dict[str, Any]) -> None:
        for subscriber in list(self.subscribers):
            await subscriber.rejudge(item)

    async def _run(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._nudged.wait(), self._due)
            except TimeoutError:
                pass
            # Cleared before reading the log: a nudge that comes while reading wakes the next round.
            self._nudged.clear()
            try:
                self._released, frames, self._due = await database_sync_to_async(released_since)(
                    self.match_id, self._released
                )
            except Exception:
                log.exception("delayed release: reading match %s failed; retrying", self.match_id)
                self._due = RETRY_SECONDS
                continue
            for version, text in frames:
                for subscriber in list(self.subscribers):
                    try:
                        await subscriber.deliver(version, text)
                    except Exception:
                        # One broken socket must not stop the match's frames for everyone else.
                        log.exception("delayed release: dropping a frame for one socket of match %s", self.match_id)


class Releases:
    """This process's `Release` per match; `join` and `leave` mirror `hub.Hub`'s for the consumer."""

    def __init__(self) -> None:
        self._releases: dict[int, Release] = {}
        self._starting: dict[int, asyncio.Task[None]] = {}

    async def join(self, match_id: int, subscriber: Subscriber, stream: str) -> None:
        release = self._releases.get(match_id)
        if release is None:
            release = self._releases[match_id] = Release(match_id)
            self._starting[match_id] = asyncio.create_task(release.start())
        release.subscribers.add(subscriber)
        try:
            await asyncio.shield(self._starting[match_id])
        except BaseException:
            await self.leave(match_id, subscriber, stream)
            raise

    async def leave(self, match_id: int, subscriber: Subscriber, stream: str) -> None:
        subscriber.stop()
        release = self._releases.get(match_id)
        if release is None:
            return
        release.subscribers.discard(subscriber)
        if not release.subscribers:
            del self._releases[match_id]
            starting = self._starting.pop(match_id)
            await asyncio.wait([starting])
            await release.stop()


# One per Daphne process, like the hub.
get_releases = per_event_loop(Releases)
