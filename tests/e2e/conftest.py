"""End-to-end fixtures: a real Daphne server on a fresh database, and Debian's Chromium.

The server runs as a subprocess on a free port (bench/live.py starts and stops it). With `DATABASE_URL` pointing at PostgreSQL (as in CI) it
gets a database of its own, created here and dropped after; otherwise a temporary SQLite file. With
`REDIS_URL` it uses Redis under a channel-layer prefix of its own (`CHANNEL_LAYER_PREFIX`), so other test
runs on the same Redis server, whose matches have the same ids, cannot reach its sockets; otherwise the
in-memory channel layer. Browsers are never downloaded:
Playwright drives /usr/bin/chromium.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from bench.live import daphne_processes

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


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


def private_redis() -> dict[str, str]:
    """REDIS_URL with a key prefix no other run uses: a database number alone was shared by chance, and another
    server's frames for its match 1 reached our match 1's sockets."""
    if not os.environ.get("REDIS_URL"):
        return {}
    return {"REDIS_URL": os.environ["REDIS_URL"], "CHANNEL_LAYER_PREFIX": f"arbitro-e2e-{uuid.uuid4().hex}"}


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots and the server log go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def server_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The e2e server's own DATABASE_URL and REDIS_URL."""
    with private_database(tmp_path_factory.mktemp("e2e")) as database_url:
        yield {"DATABASE_URL": database_url, **private_redis()}


@pytest.fixture(scope="session")
def server_manage(server_env: dict[str, str]) -> Callable[..., str]:
    """Runs manage.py on the e2e server's (migrated) database and returns what it printed: the demo, or a
    test setting up a match of its own."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "project.settings", **server_env}
    manage(env, "migrate", "--noinput")
    return lambda *args: manage(env, *args)


@pytest.fixture(scope="session")
def daphne_server(
    server_env: dict[str, str], server_manage: Callable[..., str], artifacts: Path
) -> Iterator[dict[str, str]]:
    """The app served by Daphne with the demo loaded: {"url": base URL, "match": "/matches/<id>/"}."""
    if not (ROOT / "frontend" / "dist" / "app.js").is_file():
        pytest.fail("frontend/dist/app.js is missing: build the client first (make frontend)")
    match_path = re.search(r"Match page: (\S+)", server_manage("demo"))
    assert match_path, "manage.py demo did not print the match page"

    with daphne_processes(1, server_env) as [server]:
        try:
            yield {"url": f"http://127.0.0.1:{server.port}", "match": match_path.group(1)}
        finally:
            (artifacts / "daphne.log").write_text(server.log_tail(1_000_000))


# Module scope: Playwright's sync API keeps an event loop running in this thread while it is open,
# which would break every asyncio test collected after the browser tests.
@pytest.fixture(scope="module")
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


# A phone held upright (issue 16: 390×844), touch only.
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                         "device_scale_factor": 2}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keeps each phase's report on the test item, so a fixture can tell whether its test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


# How much of each frame the traffic log keeps (E2E_TRAFFIC_CHARS: more, to read whole snapshots).
TRAFFIC_CHARS = int(os.environ.get("E2E_TRAFFIC_CHARS", "600"))


def record_traffic(page: Any, user: str | None, lines: list[str], started: float) -> None:
    """Every websocket frame the page sends and receives, and its console, as timed lines: written to
    artifacts/ when the test fails, or always with E2E_TRAFFIC=always (a flaky test shows what the page was
    told, in which order)."""

    def note(kind: str, text: str) -> None:
        lines.append(f"{time.monotonic() - started:8.3f} {user or 'anonymous'} {kind} {text[:TRAFFIC_CHARS]}")

    def on_socket(socket: Any) -> None:
        note("ws-open", socket.url)
        socket.on("framesent", lambda payload: note(">>", str(payload)))
        socket.on("framereceived", lambda payload: note("<<", str(payload)))
        socket.on("close", lambda _: note("ws-close", socket.url))

    page.on("websocket", on_socket)
    page.on("console", lambda message: note("console", f"{message.type}: {message.text}"))


@pytest.fixture
def open_page(
    browser: Any, daphne_server: dict[str, str], request: pytest.FixtureRequest, artifacts: Path
) -> Iterator[Any]:
    """Opens a match (the demo match unless told) in a browser context of its own, logged in as `user` or
    anonymous, on a desktop screen or a `phone`."""
    contexts = []
    page_errors: list[str] = []
    traffic: list[str] = []
    started = time.monotonic()

    def open_as(user: str | None, match: str = daphne_server["match"], phone: bool = False) -> Any:
        context = browser.new_context(**(PHONE if phone else {"viewport": {"width": 1300, "height": 1000}}))
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: page_errors.append(f"{user}: {error}"))
        record_traffic(page, user, traffic, started)
        if user:
            page.goto(f"{daphne_server['url']}/accounts/login/?next={match}")
            page.fill("#id_username", user)
            page.fill("#id_password", f"{user}-demo")
            page.click("form[action$='/login/'] button[type=submit]")  # not the language switch's
            page.wait_for_url(f"**{match}")
        else:
            page.goto(daphne_server["url"] + match)
        page.wait_for_selector("#match[data-version] .unit[data-unit='B']")
        return page

    yield open_as
    for context in contexts:
        context.close()
    report = getattr(request.node, "report_call", None)
    if (report is not None and report.failed) or os.environ.get("E2E_TRAFFIC") == "always":
        name = re.sub(r"[^\w.-]+", "-", request.node.nodeid.split("::")[-1])
        (artifacts / f"traffic-{name}.log").write_text("\n".join(traffic) + "\n")
    assert not page_errors, page_errors


def poses(page: Any) -> dict[str, str]:
    """Each unit on the page's board: its hex and facing, `"0505/3"`."""
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.unit')]"
        ".map(u => [u.dataset.unit, `${u.dataset.hex}/${u.dataset.facing}`]))"
    )
