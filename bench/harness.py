"""What every server benchmark needs: a database and Redis of its own, matches with scripted players,
server CPU and memory readings, percentiles, a printed table and a JSON result in bench/results/.

Loads go to 127.0.0.1 only. The benchmarks use the database `arbitro_bench` and Redis database 7 unless
BENCH_DATABASE_URL / BENCH_REDIS_URL say otherwise, so they never touch the tests' data or channels.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, UTC
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil
from websockets.asyncio.client import ClientConnection

from .live import REPO, Daphne, free_port, match_socket, session_cookie, wait_listening

RESULTS = Path(__file__).resolve().parent / "results"
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbitro_bench")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/7")
REPLY_TIMEOUT = 30.0
# Frames everyone gets that never answer a player's own request.
BROADCAST_ONLY = frozenset({"submitted", "crowd"})
LOAD_AT_START = os.getloadavg()

# Turning in place is legal every turn for the demo mechs (5 walking MP each), so a match can go on for
# as many turns as a benchmark needs, and each playback frame has 5 steps per mech (about 1.4 KB).
ORDERS = {
    "alice": {"unit": "A", "mode": "walk", "steps": ["R", "L", "R", "L", "R"]},
    "bob": {"unit": "B", "mode": "walk", "steps": ["L", "R", "L", "R", "L"]},
}


def server_env() -> dict[str, str]:
    # DEBUG off, as deployed: with it on Django also keeps every query it ran in memory.
    # BENCH_SETTINGS_MODULE runs the servers on a variant of the settings, to measure a change before making it.
    # REDIS_SHARDS (bench_scaleout --redis-shards) spreads the channel layer over more Redis servers.
    return {
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "REDIS_SHARDS": os.environ.get("REDIS_SHARDS", ""),
        "DJANGO_DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": os.environ.get("BENCH_SETTINGS_MODULE", "project.settings"),
    }


def settings_variant() -> str:
    """"" on the product's settings, else the variant's name (settings_pubsub, ...)."""
    module = server_env()["DJANGO_SETTINGS_MODULE"]
    return "" if module == "project.settings" else module.rsplit(".", 1)[-1]


def server_label(processes: int) -> str:
    shards = len(os.environ.get("REDIS_SHARDS", "").split())
    redis = f" redis x{shards + 1}" if shards else ""
    return f"daphne x{processes}{redis} {settings_variant()}".rstrip()


def setup_django() -> None:
    """Points this process at the bench database (created and migrated if needed) and Redis."""
    import psycopg

    os.environ.update(server_env())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    name = DATABASE_URL.rsplit("/", 1)[1]
    with psycopg.connect(DATABASE_URL.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        if admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            admin.execute(f'CREATE DATABASE "{name}"')

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


@dataclass
class MatchSeats:
    match_id: int
    cookies: dict[str, str]  # side -> session cookie of its player


def create_matches(count: int) -> list[MatchSeats]:
    """`count` demo duels, each with two fresh players (no password hashing: they log in by cookie)."""
    from django.contrib.auth.models import User

    from matches.pipeline import match_create
    from rules.rulesets.solaris.demo import demo_state

    seats = []
    for _ in range(count):
        tag = uuid.uuid4().hex[:10]
        players = {side: User.objects.create(username=f"bench-{tag}-{side}") for side in ORDERS}
        match = match_create(state=demo_state(), players=players, title=f"bench {tag}")
        seats.append(MatchSeats(match.pk, {side: session_cookie(user) for side, user in players.items()}))
    return seats


class Player:
    """A scripted player's socket: sends orders, and stamps the arrival of every playback frame."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.playbacks: dict[int, float] = {}  # version -> arrival time
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._playback_arrived = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def join(cls, server: Daphne, seats: MatchSeats, side: str) -> Player:
        player = cls(await match_socket(server, seats.match_id, seats.cookies[side], max_queue=None))
        snapshot = await player.reply()
        if snapshot["type"] != "snapshot":
            raise RuntimeError(f"expected a snapshot, got {snapshot}")
        return player

    async def _read(self) -> None:
        async for text in self.socket:
            now = time.monotonic()
            frame = json.loads(text)
            if frame["type"] == "playback":
                self.playbacks[frame["v"]] = now
                self._playback_arrived.set()
            elif frame["type"] not in BROADCAST_ONLY:
                await self._replies.put(frame)

    async def reply(self) -> dict[str, Any]:
        return await asyncio.wait_for(self._replies.get(), REPLY_TIMEOUT)

    async def submit(self, side: str) -> int:
        """Sends this side's order; returns the match version after it (raises on an error frame)."""
        await self.socket.send(json.dumps({"type": "submit", "order": ORDERS[side]}))
        answer = await self.reply()
        if answer["type"] != "order_accepted":
            raise RuntimeError(f"order refused: {answer}")
        return int(answer["v"])

    async def playback_after(self, version: int) -> float:
        """Waits for a playback frame newer than `version`; returns its arrival time."""
        async def arrived() -> float:
            while True:
                newer = [t for v, t in self.playbacks.items() if v > version]
                if newer:
                    return min(newer)
                self._playback_arrived.clear()
                await self._playback_arrived.wait()

        return await asyncio.wait_for(arrived(), REPLY_TIMEOUT)

    async def close(self) -> None:
        self._reader.cancel()
        await self.socket.close()


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """p50, p99 and max, in milliseconds (values are seconds)."""
    if not values:
        return {"p50_ms": float("nan"), "p99_ms": float("nan"), "max_ms": float("nan")}
    ordered = sorted(values)

    def at(fraction: float) -> float:
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000

    return {"p50_ms": round(at(0.50), 2), "p99_ms": round(at(0.99), 2), "max_ms": round(ordered[-1] * 1000, 2)}


def redis_server_pids() -> list[int]:
    """The Redis servers the benchmark's channel layer talks to (BENCH_REDIS_URL and REDIS_SHARDS), not the
    ones other work on the machine starts and stops (a fault test's own Redis)."""
    ports = {urlsplit(url).port or 6379 for url in [REDIS_URL, *os.environ.get("REDIS_SHARDS", "").split()]}
    pids = []
    for process in psutil.process_iter(["name", "cmdline"]):
        if process.info["name"] == "redis-server":
            listening = " ".join(process.info["cmdline"] or [])
            if any(f":{port}" in listening or f"--port {port}" in listening for port in ports):
                pids.append(process.pid)
    return pids


@dataclass
class CpuMeter:
    """CPU seconds (user + system) spent by some processes between `start()` and `stop()`."""

    pids: list[int]
    seconds: float = 0.0
    _start: dict[int, float] = field(default_factory=dict)

    @staticmethod
    def _cpu(pid: int) -> float:
        times = psutil.Process(pid).cpu_times()
        return float(times.user + times.system)

    def start(self) -> None:
        self._start = {}
        for pid in self.pids:
            try:
                self._start[pid] = self._cpu(pid)
            except psutil.NoSuchProcess:
                pass

    def stop(self) -> float:
        seconds = 0.0
        for pid, before in self._start.items():
            try:
                seconds += self._cpu(pid) - before
            except psutil.NoSuchProcess:  # gone meanwhile: its share is lost, the reading goes on
                pass
        self.seconds = seconds
        return self.seconds


class Profiler:
    """With BENCH_PROFILE=1, py-spy samples the servers between `start()` and `stop()` and writes collapsed
    stacks (one line per stack, for flamegraph tools) to bench/results/profile-<label>-<pid>.txt."""

    def __init__(self, pids: list[int], label: str) -> None:
        self.enabled = os.environ.get("BENCH_PROFILE") == "1"
        self.pids, self.label = pids, label
        self._recorders: list[subprocess.Popen[bytes]] = []

    def start(self) -> None:
        if not self.enabled:
            return
        RESULTS.mkdir(exist_ok=True)
        py_spy = Path(sys.executable).parent / "py-spy"
        for pid in self.pids:
            output = RESULTS / f"profile-{self.label}-{pid}.txt"
            command = [str(py_spy), "record", "--pid", str(pid), "--rate", "200", "--format", "raw", "--output", str(output)]
            self._recorders.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def stop(self) -> None:
        for recorder in self._recorders:
            recorder.send_signal(signal.SIGINT)  # py-spy writes its file when interrupted
        for recorder in self._recorders:
            recorder.wait(timeout=60)


def rss_bytes(pid: int) -> int:
    return int(psutil.Process(pid).memory_info().rss)


@contextmanager
def ceiling_server(loop: str = "uvloop") -> Iterator[tuple[int, int]]:
    """The bare websockets broadcast server (bench/ceiling.py) on a free port, on `loop`; yields (port, pid)."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "bench.ceiling", str(port), loop], cwd=REPO)
    try:
        wait_listening(port, process)
        yield port, process.pid
    finally:
        process.terminate()
        process.wait(timeout=10)


def machine() -> dict[str, Any]:
    """Where and under what load a figure was taken."""
    memory = psutil.virtual_memory()
    return {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "memory_gb": round(memory.total / 2**30, 1),
        "python": platform.python_version(),
        # Other work on the machine skews every figure: the load when the benchmark began and ended.
        "load_average_at_start": [round(x, 2) for x in LOAD_AT_START],
        "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
    }


def report(name: str, columns: list[str], rows: list[dict[str, Any]], extra: dict[str, Any] | None = None) -> Path:
    """Prints `rows` as a table and writes them, with the machine and load, to bench/results/<name>.json."""
    widths = [max(len(c), *(len(cell(r.get(c))) for r in rows)) for c in columns]
    print("  ".join(c.rjust(w) for c, w in zip(columns, widths)))
    for row in rows:
        print("  ".join(cell(row.get(c)).rjust(w) for c, w in zip(columns, widths)))
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{'-'.join(filter(None, [name, settings_variant()]))}.json"
    result = {"benchmark": name, "machine": machine(), "columns": columns, "rows": rows, **(extra or {})}
    path.write_text(json.dumps(result, indent=2))
    print(f"-> {path.relative_to(RESULTS.parent.parent)}")
    return path


def cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    return "" if value is None else str(value)
