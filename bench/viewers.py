"""A match socket that behaves as the browser client does (frontend/src/socket.ts), for the fault tests
(tests/faults/) and the soak (bench/bench_soak.py).

Event frames are applied in version order, each once; a frame after a hole asks for a resync; any close
reconnects with `?v=N` (the last version applied) to the first server that answers, as a browser behind a
load balancer would. What it lived through is kept for the test to check: the events applied, the snapshots,
the duplicates the server sent, the close codes.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .live import Daphne, match_socket

# The frames that change nothing (frontend/src/socket.ts REPLY_FRAMES): never judged by version.
REPLY_FRAMES = {"plotted", "order_accepted", "reach", "los", "los_side_set", "error", "crowd", "chat", "chat_sent"}
RECONNECT_SECONDS = 0.2
RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)
WAIT_SECONDS = 20.0


def retry_delay(retries: int, rng: random.Random) -> float:
    """frontend/src/socket.ts `retryDelay`: the backoff step of attempt `retries`, from half to 1.5 times it."""
    return RETRY_SECONDS[min(retries, len(RETRY_SECONDS) - 1)] * (0.5 + rng.random())


class Viewer:
    def __init__(
        self, servers: list[Daphne], match_id: int, cookie: str | None = None, rng: random.Random | None = None
    ) -> None:
        """`rng`: back off with the browser's jitter (`retry_delay`) drawn from it; none, the fixed steps
        after a short pause (the fault tests, which want clients back fast)."""
        self.servers = servers
        self.rng = rng
        self.match_id = match_id
        self.cookie = cookie
        self.version: int | None = None
        self.applied: list[dict[str, Any]] = []
        self.snapshots = 0
        self.duplicates = 0
        self.closes: list[int | None] = []
        self._socket: Any = None
        self._resyncing = False
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._changed = asyncio.Event()
        self._online = asyncio.Event()
        self._online.set()
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Viewer:
        self._task = asyncio.create_task(self._run())
        await self.wait_until(lambda: self.version is not None)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        if self._socket is not None:
            await self._socket.close()

    @property
    def types(self) -> list[str]:
        return [frame["type"] for frame in self.applied]

    async def submit(self, order: dict[str, Any]) -> dict[str, Any]:
        """Sends the order and returns the answer. A socket that closed first is reconnected and the order
        sent again, as a player would plot it again; `order.already_submitted` then means the first one
        was stored."""
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            try:
                await self.wait_until(lambda: self._socket is not None, deadline - time.monotonic())
            except AssertionError:
                break
            self._drain_replies()
            socket = self._socket
            try:
                await socket.send(json.dumps({"type": "submit", "order": order}))
            except ConnectionClosed:
                await asyncio.sleep(RECONNECT_SECONDS)
                continue
            # The answer, unless the socket closes first (a restart): its answer is lost, so the order goes again.
            answer = asyncio.ensure_future(self._replies.get())
            gone = asyncio.ensure_future(self.wait_until(lambda: self._socket is not socket, WAIT_SECONDS))
            await asyncio.wait([answer, gone], timeout=max(0.0, deadline - time.monotonic()),
                               return_when=asyncio.FIRST_COMPLETED)
            gone.cancel()
            await asyncio.gather(gone, return_exceptions=True)
            if answer.done():
                return answer.result()
            answer.cancel()
        return {"type": "error", "code": "client.no_answer",
                "message": f"no answer to a submit in {WAIT_SECONDS} s; version {self.version}, closes {self.closes}"}

    @asynccontextmanager
    async def offline(self) -> AsyncIterator[None]:
        """The connection drops without a close (a train in a tunnel) and stays down until the block ends."""
        self._online.clear()
        self._socket.transport.abort()
        await self.wait_until(lambda: self._socket is None)
        try:
            yield
        finally:
            self._online.set()

    async def wait_until(self, condition: Any, seconds: float = WAIT_SECONDS) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            self._changed.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"waited {seconds} s in vain; version {self.version}, closes {self.closes}")
            # Not asyncio.wait_for: on Python 3.11 it swallows a cancellation that comes as the event is set (a
            # reply arriving), and a submit cancelling its `gone` waiter then waited its full 20 s for it.
            try:
                async with asyncio.timeout(remaining):
                    await self._changed.wait()
            except TimeoutError:
                pass

    async def _run(self) -> None:
        while True:
            socket = await self._connect()
            self._socket = socket
            self._changed.set()
            try:
                async for text in socket:
                    self._receive(json.loads(text))
            except ConnectionClosed:
                pass
            self._socket, self._resyncing = None, False
            self.closes.append(socket.close_code)
            self._changed.set()
            await asyncio.sleep(RECONNECT_SECONDS if self.rng is None else retry_delay(0, self.rng))
            await self._online.wait()

    async def _connect(self) -> Any:
        for retry in itertools.count():
            query = "" if self.version is None else f"?v={self.version}"
            for server in self.servers:
                if server.process.poll() is not None:
                    continue  # killed: the balancer sends us elsewhere
                try:
                    return await match_socket(server, self.match_id, self.cookie, query)
                except (OSError, InvalidHandshake, TimeoutError):  # refused, or dropped during a storm
                    continue
            # Backing off as the browser does (frontend/src/socket.ts retryDelay) when no server answered.
            if self.rng is None:
                await asyncio.sleep(RETRY_SECONDS[min(retry, len(RETRY_SECONDS) - 1)])
            else:
                await asyncio.sleep(retry_delay(retry + 1, self.rng))
        raise AssertionError("unreachable")

    def _receive(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "snapshot":
            self.version, self._resyncing = frame["v"], False
            self.snapshots += 1
        elif kind in REPLY_FRAMES:
            if kind in ("order_accepted", "error"):
                self._replies.put_nowait(frame)
        elif self.version is None or frame["v"] <= self.version:
            self.duplicates += 1
        elif frame["v"] == self.version + 1:
            self.version = frame["v"]
            self.applied.append(frame)
        elif not self._resyncing:
            self._resyncing = True
            asyncio.get_running_loop().create_task(self._socket.send(json.dumps({"type": "resync"})))
        self._changed.set()

    def _drain_replies(self) -> None:
        while not self._replies.empty():
            self._replies.get_nowait()
