"""End-to-end fixtures: a real Daphne server on a fresh database, and Debian's Chromium.

The server runs as a subprocess on a free port. With `DATABASE_URL` pointing at PostgreSQL (as in CI) it
gets a database of its own, created here and dropped after; otherwise a temporary SQLite file. With
`REDIS_URL` it uses Redis, on a database number of its own so other test runs on the same Redis server
cannot reach its sockets; otherwise the in-memory channel layer. Browsers are never downloaded:
Playwright drives /usr/bin/chromium.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SERVER_START_SECONDS = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def private_database(tmp: Path) -> Iterator[str]:
    """A DATABASE_URL for the server alone: a fresh PostgreSQL database, or a SQLite file."""
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{tmp / 'e2e.sqlite3'}"
        return
    import psycopg

    name = f"arbitro_e2e_{os.getpid()}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(base)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def private_redis() -> str | None:
    """REDIS_URL on a database number picked from our process id (1–15; 0 is the default others use)."""
    base = os.environ.get("REDIS_URL")
    if not base:
        return None
    return urlunsplit(urlsplit(base)._replace(path=f"/{1 + os.getpid() % 15}"))


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def wait_until_serving(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"daphne exited with {server.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"daphne did not answer at {url} within {SERVER_START_SECONDS}s:\n{log.read_text()}")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots and the server log go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def daphne_server(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[dict[str, str]]:
    """The app served by Daphne with the demo loaded: {"url": base URL, "match": "/matches/<id>/"}."""
    if not (ROOT / "frontend" / "dist" / "app.js").is_file():
        pytest.fail("frontend/dist/app.js is missing: build the client first (make frontend)")
    tmp = tmp_path_factory.mktemp("e2e")
    with private_database(tmp) as database_url:
        env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "project.settings"}
        redis_url = private_redis()
        if redis_url:
            env["REDIS_URL"] = redis_url
        manage(env, "migrate", "--noinput")
        match_path = re.search(r"Match page: (\S+)", manage(env, "demo"))
        assert match_path, "manage.py demo did not print the match page"

        port = free_port()
        log = artifacts / "daphne.log"
        with log.open("wb") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "project.asgi:application"],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            )
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_serving(url + "/", server, log)
            yield {"url": url, "match": match_path.group(1)}
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (never `playwright install`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
