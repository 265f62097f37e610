"""Live Daphne processes, Redis servers and websocket clients, shared by the benchmarks, the scale-out test
and the fault tests.

Nothing here is a mock: each server is a real `daphne` process on 127.0.0.1 with the settings read from
the environment (DATABASE_URL, REDIS_URL), and clients are `websockets` connections with a real session
cookie, exactly as a browser would open them. A fault test runs a `redis-server` of its own, which it may
kill and start again.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

REPO = Path(__file__).resolve().parent.parent
DAPHNE = Path(sys.executable).parent / "daphne"
STARTUP_SECONDS = 30.0
# Twisted listens with a queue of 50 pending connections unless told otherwise; a connection storm overflows it.
BACKLOG = 1024


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Daphne:
    process: subprocess.Popen[bytes]
    port: int
    log: IO[bytes]

    @property
    def pid(self) -> int:
        return self.process.pid

    def url(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def log_tail(self, chars: int = 4000) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(errors="replace")[-chars:]


def wait_listening(port: int, process: subprocess.Popen[bytes], describe: Callable[[], str] = str) -> None:
    """Returns once something accepts TCP connections on `port`; fails if `process` exits first."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with {process.returncode}:\n{describe()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{process.args!r} did not listen on {port} within {STARTUP_SECONDS} s:\n{describe()}")


@contextmanager
def daphne_processes(count: int, env: Mapping[str, str]) -> Iterator[list[Daphne]]:
    """Starts `count` Daphne processes serving project.asgi with `env` on top of ours; stops them on exit."""
    with ExitStack() as stack:
        servers = []
        for _ in range(count):
            port = free_port()
            log = stack.enter_context(tempfile.NamedTemporaryFile(prefix=f"daphne-{port}-", suffix=".log"))
            process = subprocess.Popen(
                # -v 0: no access log, which would otherwise cost a write per handshake.
                [str(DAPHNE), "-v", "0", "-e", f"tcp:port={port}:interface=127.0.0.1:backlog={BACKLOG}",
                 "project.asgi:application"],
                cwd=REPO,
                env={**os.environ, "DJANGO_SETTINGS_MODULE": "project.settings", **env},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            server = Daphne(process, port, log)
            stack.callback(_stop, server)
            servers.append(server)
        for server in servers:
            wait_listening(server.port, server.process, server.log_tail)
        yield servers


def _stop(server: Daphne) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()


@dataclass
class RedisServer:
    """A `redis-server` of our own on a free port that keeps nothing on disk: killed, it comes back empty,
    as a Redis without persistence does after a crash."""

    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--daemonize", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        wait_listening(self.port, self.process)

    def kill(self) -> None:
        """SIGKILL, by its PID: a crash, nothing flushed."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        self.process = None


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer(free_port())
    server.start()
    try:
        yield server
    finally:
        if server.process is not None:
            server.kill()


def database_url(settings: Mapping[str, Any]) -> str | None:
    """A URL other processes can open for Django's database `settings` (the test database pytest-django
    made), or None on SQLite, whose test database other processes cannot see."""
    if settings["ENGINE"] != "django.db.backends.postgresql":
        return None
    return f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"


def session_cookie(user: Any) -> str:
    """A logged-in session for `user`, as the cookie header a browser would send (no password hashing)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"sessionid={session.session_key}"


async def match_socket(
    server: Daphne, match_id: int, cookie: str | None = None, query: str = "", **options: Any
) -> ClientConnection:
    """Opens the match websocket as the browser does: same-origin, with the session cookie if logged in
    (`query`: "?v=N" after a drop)."""
    headers = {"Cookie": cookie} if cookie else {}
    return await connect(
        server.url(f"/ws/matches/{match_id}/{query}"),
        origin=Origin(f"http://127.0.0.1:{server.port}"),  # the Origin check refuses a missing Origin
        additional_headers=headers,
        **options,
    )
