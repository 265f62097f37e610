"""One socket's place in a match stream (hub.py): the order its frames go out in, each version once.

The hub and `delayed_release` hand a socket's `Subscriber` every frame meant for it; the consumer holds it while
it sends a snapshot or a catch-up read from the event log, and cuts it while the socket is judged again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

# The audience of a frame's variant for everyone its other variants do not name (`hub.addressed`).
EVERYONE = "*"
# How long a frame waits for a lower version that has not arrived. Commits of one match published by two
# threads or processes arrive milliseconds apart; a version that never comes (its publish failed) costs the
# frames after it this long, then the client resyncs.
GAP_SECONDS = 1.0


class Subscriber:
    """One socket's place in a stream. Versioned frames go out in version order, each exactly once: while
    the socket is held (until its snapshot is sent) they wait, and a frame that arrives before the one just
    below it (two threads or processes published a match's commits in the other order) waits for it, at
    most `GAP_SECONDS`. Then the socket is sent what it has and its client, seeing the hole, resyncs by
    version as after any lost frame."""

    def __init__(
        self, send_text: Callable[[str], Awaitable[None]], *, catch_up: Callable[[float], Awaitable[None]],
        audience: str = EVERYONE, rejudge: Callable[[dict[str, Any]], Awaitable[None]] | None = None,
    ) -> None:
        """`catch_up` is awaited with the time (`time.time()`) since when frames of the stream may have been
        lost (see the module docstring); `audience` picks the variant of a frame the socket is sent
        (`addressed`); `rejudge` is awaited with each `REJUDGE` item (none: the socket's view never changes)."""
        self._send_text = send_text
        self._catch_up = catch_up
        self.audience = audience
        self._rejudge = rejudge
        self._floor: int | None = None  # version of the last frame or snapshot sent; None while held
        self._cut: int | None = None  # no frame after this version goes out until `uncut` or `forget`
        self._waiting: dict[int, str] = {}  # versioned frames not sent yet, by version
        self._held_unversioned: list[str] = []
        self._sending = False
        self._catching_up = 0  # catch-ups asked for and not done: a hole is theirs to fill
        self._gap_timer: asyncio.TimerHandle | None = None
        self._gap_task: asyncio.Task[None] | None = None

    @property
    def version(self) -> int | None:
        """The version of the last frame or snapshot sent; None while held."""
        return self._floor

    def hold(self) -> None:
        self._floor = None

    async def catch_up(self, since: float) -> None:
        """Frames may have been lost since `since`. Until as many `caught_up` (the catch-up sent, whatever was
        sent meanwhile: a connect's snapshot read before the loss), a frame after a hole waits for the catch-up
        to fill it, however long, instead of `GAP_SECONDS`: skipped, the hole would make its client resync."""
        self._catching_up += 1
        await self._catch_up(since)

    async def caught_up(self) -> None:
        self._catching_up -= 1
        await self._send_in_order()  # what still waits behind a hole now waits `GAP_SECONDS` at most

    async def rejudge(self, item: dict[str, Any]) -> None:
        if self._rejudge is not None:
            await self._rejudge(item)

    def cut(self, version: int) -> None:
        """Frames after `version`, and unversioned ones, wait: the socket is being judged again."""
        self._cut = version if self._cut is None else min(self._cut, version)

    async def uncut(self) -> None:
        """Judged the same: what waited goes out."""
        self._cut = None
        if self._floor is not None:
            await self.release(self._floor)

    def forget(self) -> None:
        """Judged otherwise: nothing that waited for the old audience goes out (a snapshot follows)."""
        self._cut, self._waiting, self._held_unversioned = None, {}, []
        self.stop()

    async def release(self, version: int) -> None:
        """The socket has been sent everything up to `version`; deliver what queued up after it."""
        self._floor = version
        self._waiting = {v: text for v, text in self._waiting.items() if v > version}
        while self._held_unversioned and self._cut is None:
            await self._send_text(self._held_unversioned.pop(0))
        await self._send_in_order()

    async def deliver(self, version: int | None, text: str) -> None:
        """`version` None: a frame outside the version sequence, sent whatever the socket has seen."""
        if version is None:
            if self._floor is None or self._cut is not None:
                self._held_unversioned.append(text)
            else:
                await self._send_text(text)
        elif self._floor is None or version > self._floor:
            self._waiting[version] = text
            await self._send_in_order()

    def stop(self) -> None:
        """The socket is gone: no frame waits for a missing one any more."""
        if self._gap_timer is not None:
            self._gap_timer.cancel()
            self._gap_timer = None

    async def _send_in_order(self) -> None:
        # One sender at a time: a frame delivered meanwhile is picked up by the loop, never sent beside it.
        if self._floor is None or self._sending:
            return
        self._sending = True
        try:
            while self._floor is not None and self._floor + 1 in self._waiting and self._open():  # hold() may come
                self._floor += 1
                await self._send_text(self._waiting.pop(self._floor))
        finally:
            self._sending = False
        if not self._waiting:
            self.stop()
        elif self._gap_timer is None:
            self._gap_timer = asyncio.get_running_loop().call_later(GAP_SECONDS, self._gap_expired)

    def _open(self) -> bool:
        return self._cut is None or self._floor is None or self._floor < self._cut

    def _gap_expired(self) -> None:
        self._gap_timer = None
        self._gap_task = asyncio.create_task(self._skip_gap())

    async def _skip_gap(self) -> None:
        if self._floor is None or self._sending or not self._waiting or self._cut is not None or self._catching_up:
            return  # held for a snapshot, being judged or catching up, or the frame came after all
        self._floor = min(self._waiting) - 1
        try:
            await self._send_in_order()
        except Exception:
            log.exception("hub: sending the frames after a missing one failed")
