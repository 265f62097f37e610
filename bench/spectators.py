"""Crowds of spectator sockets, run in worker processes so that the clients are not one Python thread.

A worker opens its sockets, reports when each is subscribed (its first frame: the snapshot, or the
ceiling server's hello), then stamps every broadcast frame on arrival with `time.time()`, the clock the
server stamps its events with, until the parent names the last version it expects.

How the clients are made (`Clients`): each worker runs its sockets on uvloop (`loop="asyncio"`: the default
loop, as before issue 19), and a socket is either the bare protocol of bench/wsclient.py (`client="raw"`, the
default: one callback per read, no task per socket) or a `websockets` connection with a reader task
(`client="websockets"`, the harness before issue 19). A message's type and version are read from the
frame's first bytes (`{"type":"playback","v":12,`, how the hub writes every frame); only a frame that does not
start that way is parsed whole. With `resync`, a socket asks for a snapshot after each playback, as the match
page did before 8d60b94 (the `resync` round trip), and a crowd is delivered only once those have arrived.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import re
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from websockets.asyncio.client import connect
from websockets.typing import Origin

from .wsclient import open_raw

BROADCAST_TYPES = {"submitted", "playback"}
HANDSHAKE_TIMEOUT = 60.0
RESYNC = json.dumps({"type": "resync"})
HEAD_BYTES = re.compile(rb'\{"type":"(\w+)","v":(\d+)[,}]')
HEAD_TEXT = re.compile(r'\{"type":"(\w+)","v":(\d+)[,}]')
T = TypeVar("T")


@dataclass(frozen=True)
class Clients:
    """How a crowd's sockets are made: which client, on which loop, in how many processes."""

    client: str = "raw"  # "raw" (bench/wsclient.py) or "websockets"
    loop: str = "uvloop"  # or "asyncio"
    workers: int = 4
    resync: bool = False

    def label(self) -> str:
        return f"{self.client}/{self.loop} x{self.workers}{' resync' if self.resync else ''}"


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
    resynced: list[dict[int, float]] = field(default_factory=list)  # per socket: a resync's snapshot version -> arrival
    texts: dict[int, str] = field(default_factory=dict)  # the first socket's frames, to replay on the ceiling
    snapshots: int = 0  # snapshots that answered a resync (the subscribing one not counted)
    cpu_s: float = 0.0  # this worker's CPU from all subscribed to all delivered
    loop: str = ""


@dataclass
class Seen:
    """What one socket has received."""

    arrivals: dict[int, float]
    texts: dict[int, str] | None
    resync: bool
    subscribed: asyncio.Future[float]
    resynced: dict[int, float] = field(default_factory=dict)
    pending: int = 0  # resyncs asked and not yet answered
    snapshots: int = 0
    send: Any = None  # sends a text on the socket (set once it is open)

    def received(self, data: bytes | str, now: float) -> None:
        head = HEAD_BYTES.match(data) if isinstance(data, bytes) else HEAD_TEXT.match(data)  # type: ignore[arg-type]
        if head is not None:
            kind, version = head[1], int(head[2])
            kind = kind.decode() if isinstance(kind, bytes) else kind
        else:
            frame = json.loads(data)
            kind, version = frame.get("type"), frame.get("v")
        if not self.subscribed.done():
            self.subscribed.set_result(now)
            return
        if kind in BROADCAST_TYPES:
            self.arrivals.setdefault(version, now)
            if self.texts is not None:
                self.texts[version] = data.decode() if isinstance(data, bytes) else data
            if self.resync and kind == "playback":
                self.pending += 1
                self.send(RESYNC)
        elif kind == "snapshot" and self.pending:
            self.pending -= 1
            self.snapshots += 1
            self.resynced.setdefault(version, now)

    def done(self, last_version: int) -> bool:
        """Has the last frame, or a snapshot at or past it (which the server sends instead of the frames it
        covers), and no resync unanswered."""
        return (last_version in self.arrivals or max(self.resynced, default=-1) >= last_version) and not self.pending


async def _open(target: Target, seen: Seen, client: str) -> tuple[Any, float]:
    """Opens a socket whose messages go to `seen`; returns it once subscribed, with the moment."""
    if client == "raw":
        raw = await open_raw(target.url, target.origin, lambda _s, data, now: seen.received(data, now), HANDSHAKE_TIMEOUT)
        seen.send = raw.send_text
        return raw, await asyncio.wait_for(seen.subscribed, HANDSHAKE_TIMEOUT)
    socket = await connect(
        target.url, origin=Origin(target.origin), open_timeout=HANDSHAKE_TIMEOUT, max_queue=None, compression=None
    )
    seen.send = lambda text: asyncio.ensure_future(socket.send(text))

    async def listen() -> None:
        async for text in socket:
            seen.received(text, time.time())

    reader = asyncio.create_task(listen())
    socket.reader = reader  # type: ignore[attr-defined]  # kept alive, cancelled at close
    return socket, await asyncio.wait_for(seen.subscribed, HANDSHAKE_TIMEOUT)


async def _close(socket: Any) -> None:
    reader = getattr(socket, "reader", None)
    if reader is not None:
        reader.cancel()
    await socket.close()


async def _wait_for_command(conn: Connection) -> Any:
    loop = asyncio.get_running_loop()
    ready = asyncio.Event()
    loop.add_reader(conn.fileno(), ready.set)
    try:
        await ready.wait()
    finally:
        loop.remove_reader(conn.fileno())
        os.set_blocking(conn.fileno(), True)  # uvloop's add_reader leaves the pipe non-blocking: a long send fails
    return conn.recv()


async def _crowd(conn: Connection, targets: list[Target], batch: int, clients: Clients) -> None:
    report = CrowdReport(connect_started=time.time(), loop=type(asyncio.get_running_loop()).__module__)
    sockets: list[Any] = []
    everyone: list[Seen] = []
    loop = asyncio.get_running_loop()
    for start in range(0, len(targets), batch):
        seens = [
            Seen({}, report.texts if not everyone and i == 0 else None, clients.resync, loop.create_future())
            for i in range(len(targets[start:start + batch]))
        ]
        opening = (_open(t, s, clients.client) for t, s in zip(targets[start:start + batch], seens))
        results = await asyncio.gather(*opening, return_exceptions=True)
        for result, seen in zip(results, seens):
            if isinstance(result, BaseException):
                report.failures.append(repr(result))
            else:
                sockets.append(result[0])
                everyone.append(seen)
                report.subscribed_at.append(result[1])
    report.arrivals = [seen.arrivals for seen in everyone]
    report.resynced = [seen.resynced for seen in everyone]
    # No collector pauses while frames arrive: what the sockets hold is frozen, nothing made from now on is
    # freed by the collector before the report (a few MB at most).
    gc.freeze()
    gc.disable()
    conn.send(("subscribed", len(sockets), len(report.failures)))
    cpu_before = time.process_time()

    last_version, deadline = await _wait_for_command(conn)
    give_up = time.monotonic() + deadline
    while time.monotonic() < give_up and not all(seen.done(last_version) for seen in everyone):
        await asyncio.sleep(0.01)
    report.cpu_s = time.process_time() - cpu_before
    report.snapshots = sum(seen.snapshots for seen in everyone)
    conn.send(("delivered",))

    await _wait_for_command(conn)
    gc.enable()
    await asyncio.gather(*(_close(s) for s in sockets), return_exceptions=True)
    conn.send(("report", report))


def run(coroutine: Coroutine[Any, Any, T], loop: str) -> T:
    """Runs `coroutine` on uvloop (if `loop` says so and it is installed) or on asyncio's own loop."""
    if loop == "uvloop":
        try:
            import uvloop
        except ImportError:
            pass
        else:
            return uvloop.run(coroutine)
    return asyncio.run(coroutine)


def add_arguments(parser: argparse.ArgumentParser, workers: int = Clients.workers) -> None:
    """The command-line flags that choose a benchmark's `Clients`."""
    parser.add_argument("--workers", type=int, default=workers, help="client processes holding the spectators")
    parser.add_argument("--client", choices=["raw", "websockets"], default=Clients.client, help="spectator sockets")
    parser.add_argument("--client-loop", choices=["uvloop", "asyncio"], default=Clients.loop, help="their event loop")


def from_arguments(args: argparse.Namespace, resync: bool = False) -> Clients:
    return Clients(client=args.client, loop=args.client_loop, workers=args.workers, resync=resync)


def _worker(conn: Connection, targets: list[Target], batch: int, clients: Clients) -> None:
    run(_crowd(conn, targets, batch, clients), clients.loop)


class Crowd:
    """`clients.workers` processes sharing `targets` between them; use as a context manager. A bare number
    of workers means the default clients (raw sockets on uvloop) in that many processes."""

    def __init__(self, targets: list[Target], clients: Clients | int = Clients(), batch: int = 50) -> None:
        if isinstance(clients, int):
            clients = Clients(workers=clients)
        context = multiprocessing.get_context("spawn")
        self._pipes: list[Connection] = []
        self._processes = []
        for index in range(clients.workers):
            parent, child = context.Pipe()
            share = targets[index::clients.workers]
            if share:
                process = context.Process(target=_worker, args=(child, share, batch, clients), daemon=True)
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
        """Blocks until every socket has `last_version` (and the snapshots it asked for), or `deadline`
        seconds have passed."""
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
