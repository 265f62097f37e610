"""Crowds of spectator sockets, run in worker processes so that the clients are not one Python thread.

A worker opens its sockets, reports when each is subscribed (its first frame: the snapshot, or the
ceiling server's hello), then stamps every broadcast frame on arrival with `time.time()`, the clock the
server stamps its events with, until the parent names the last version it expects.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

BROADCAST_TYPES = {"submitted", "playback"}
HANDSHAKE_TIMEOUT = 60.0


@dataclass
class Target:
    url: str
    origin: str


@dataclass
class CrowdReport:
    connect_started: float
    subscribed_at: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    arrivals: list[dict[int, float]] = field(default_factory=list)  # per socket: version -> arrival time
    texts: dict[int, str] = field(default_factory=dict)  # the first socket's frames, to replay on the ceiling


async def _open(target: Target) -> tuple[ClientConnection, float]:
    socket = await connect(
        target.url, origin=Origin(target.origin), open_timeout=HANDSHAKE_TIMEOUT, max_queue=None, compression=None
    )
    await asyncio.wait_for(socket.recv(), HANDSHAKE_TIMEOUT)  # subscribed once its first frame arrives
    return socket, time.time()


async def _listen(socket: ClientConnection, arrivals: dict[int, float], texts: dict[int, str] | None) -> None:
    async for text in socket:
        now = time.time()
        frame = json.loads(text)
        if frame.get("type") in BROADCAST_TYPES:
            arrivals.setdefault(frame["v"], now)
            if texts is not None:
                texts[frame["v"]] = str(text)


async def _wait_for_command(conn: Connection) -> Any:
    loop = asyncio.get_running_loop()
    ready = asyncio.Event()
    loop.add_reader(conn.fileno(), ready.set)
    try:
        await ready.wait()
    finally:
        loop.remove_reader(conn.fileno())
    return conn.recv()


async def _crowd(conn: Connection, targets: list[Target], batch: int) -> None:
    report = CrowdReport(connect_started=time.time())
    sockets: list[ClientConnection] = []
    for start in range(0, len(targets), batch):
        results = await asyncio.gather(*(_open(t) for t in targets[start:start + batch]), return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException):
                report.failures.append(repr(result))
            else:
                sockets.append(result[0])
                report.subscribed_at.append(result[1])
    report.arrivals = [{} for _ in sockets]
    listeners = [
        asyncio.create_task(_listen(s, arrivals, report.texts if i == 0 else None))
        for i, (s, arrivals) in enumerate(zip(sockets, report.arrivals))
    ]
    conn.send(("subscribed", len(sockets), len(report.failures)))

    last_version, deadline = await _wait_for_command(conn)
    give_up = time.monotonic() + deadline
    while time.monotonic() < give_up and not all(last_version in a for a in report.arrivals):
        await asyncio.sleep(0.01)
    conn.send(("delivered",))

    await _wait_for_command(conn)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)
    conn.send(("report", report))


def _worker(conn: Connection, targets: list[Target], batch: int) -> None:
    asyncio.run(_crowd(conn, targets, batch))


class Crowd:
    """`workers` processes sharing `targets` between them; use as a context manager."""

    def __init__(self, targets: list[Target], workers: int = 2, batch: int = 50) -> None:
        context = multiprocessing.get_context("spawn")
        self._pipes: list[Connection] = []
        self._processes = []
        for index in range(workers):
            parent, child = context.Pipe()
            share = targets[index::workers]
            if share:
                process = context.Process(target=_worker, args=(child, share, batch), daemon=True)
                self._pipes.append(parent)
                self._processes.append(process)

    def __enter__(self) -> Crowd:
        for process in self._processes:
            process.start()
        return self

    def __exit__(self, *exc: object) -> None:
        for process in self._processes:
            process.join(timeout=10)
            if process.is_alive():
                process.terminate()

    def wait_subscribed(self, timeout: float = 300.0) -> tuple[int, int]:
        """Blocks until every worker has opened its sockets; returns (subscribed, failed)."""
        replies = self._replies(timeout)
        return sum(r[1] for r in replies), sum(r[2] for r in replies)

    def wait_delivered(self, last_version: int, deadline: float) -> None:
        """Blocks until every socket has `last_version`, or `deadline` seconds have passed."""
        for pipe in self._pipes:
            pipe.send((last_version, deadline))
        self._replies(deadline + 30)

    def close(self) -> list[CrowdReport]:
        """Closes the sockets; returns what each worker saw."""
        for pipe in self._pipes:
            pipe.send("close")
        return [reply[1] for reply in self._replies(60)]

    def _replies(self, timeout: float) -> list[Any]:
        replies = []
        for pipe in self._pipes:
            if not pipe.poll(timeout):
                raise TimeoutError("a spectator worker did not answer")
            replies.append(pipe.recv())
        return replies
