"""PostgreSQL drops the connection of a submit in the middle of its transaction (a backend terminated, as a
failover or an operator would): the player gets a coded error, nothing of the phase is half written, and the
same order sent again goes through on a fresh connection."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection

from bench.live import Daphne, database_url, session_cookie
from matches.models import Match, Order
from tests.faults.conftest import Servers
from bench.viewers import Viewer
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER

WAIT_SECONDS = 15.0


def _terminate_the_backend_waiting_for(lock: psycopg.Connection, database: str) -> None:
    """Kills the server process of the one session waiting for a lock on our test database."""
    deadline = time.monotonic() + WAIT_SECONDS
    with psycopg.connect(database, autocommit=True) as admin:
        while time.monotonic() < deadline:
            waiting = admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
                " AND pid <> %s", [lock.info.backend_pid],
            ).fetchall()
            if waiting:
                assert len(waiting) == 1, waiting
                admin.execute("SELECT pg_terminate_backend(%s)", [waiting[0][0]])
                return
            time.sleep(0.05)
    raise AssertionError("no submit waited for the match row")


async def _submit_through_a_dropped_connection(server: Daphne, match: Match, cookies: dict[str, str]) -> dict:
    database = database_url(connection.settings_dict)
    assert database is not None
    async with Viewer([server], match.pk, cookies["alice"]) as alice, Viewer([server], match.pk, cookies["bob"]) as bob:
        # Hold the match row, so alice's submit stops inside its transaction, after its first statements.
        with psycopg.connect(database) as lock:
            lock.execute("SELECT 1 FROM matches_match WHERE id = %s FOR UPDATE", [match.pk])
            answer, _ = await asyncio.gather(
                alice.submit(ALICE_ORDER), asyncio.to_thread(_terminate_the_backend_waiting_for, lock, database)
            )
            lock.rollback()
        assert await asyncio.to_thread(_untouched, match)  # nothing half written

        assert (await alice.submit(ALICE_ORDER))["type"] == "order_accepted"  # sent again: a fresh connection
        assert (await bob.submit(BOB_ORDER))["type"] == "order_accepted"
        for viewer in (alice, bob):
            await viewer.wait_until(lambda viewer=viewer: viewer.version == 3)
            assert viewer.types == ["submitted", "submitted", "playback"] and viewer.duplicates == 0
        return answer


def _untouched(match: Match) -> bool:
    match.refresh_from_db()
    return match.version == 0 and not Order.objects.filter(match=match).exists()


@pytest.mark.django_db(transaction=True)
def test_a_submit_whose_database_connection_drops_is_a_coded_error_and_changes_nothing(
    servers: Servers, match: Match, alice: User, bob: User
) -> None:
    cookies = {user.username: session_cookie(user) for user in (alice, bob)}
    with servers(1) as (_, [server]):
        try:
            answer = asyncio.run(_submit_through_a_dropped_connection(server, match, cookies))
        except Exception as error:
            raise AssertionError(f"{error!r}\n--- daphne ---\n{server.log_tail()}") from error
        log = server.log_tail(1_000_000)
    assert (answer["type"], answer["code"]) == ("error", "server.unavailable")
    assert "Traceback" not in log  # a dropped connection is an outage, not a bug
