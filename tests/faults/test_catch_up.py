"""A client that missed frames catches up exactly once: its connection dropped without a close while two turns
were played, and it comes back with `?v=N` just as the next turn resolves. It gets every missed event and
every live one, each once and in order, without a second snapshot."""

from __future__ import annotations

import asyncio

import pytest
from django.contrib.auth.models import User

from bench.live import Daphne, session_cookie
from matches.models import Match
from tests.faults.conftest import Servers
from bench.viewers import Viewer
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER

# Standing still is an order for every turn of the demo match: three events a turn (two submitted, a playback).
STAND = {"A": {"unit": "A"}, "B": {"unit": "B"}}


async def _turn(alice: Viewer, bob: Viewer, orders: dict[str, dict[str, object]]) -> None:
    for viewer, unit in ((alice, "A"), (bob, "B")):
        assert (await viewer.submit(orders[unit]))["type"] == "order_accepted"


async def _miss_two_turns(server: Daphne, match: Match, cookies: dict[str, str]) -> Viewer:
    async with (
        Viewer([server], match.pk, cookies["alice"]) as alice,
        Viewer([server], match.pk, cookies["bob"]) as bob,
        Viewer([server], match.pk) as spectator,
    ):
        async with spectator.offline():
            await _turn(alice, bob, {"A": ALICE_ORDER, "B": BOB_ORDER})
            await _turn(alice, bob, STAND)
            await bob.wait_until(lambda: bob.version == 6)
        await _turn(alice, bob, STAND)  # while the spectator reads what it missed
        await spectator.wait_until(lambda: spectator.version == 9)
        await asyncio.sleep(0.5)  # anything sent twice would have come by now
        return spectator


@pytest.mark.django_db(transaction=True)
def test_a_client_that_missed_frames_gets_each_once(servers: Servers, match: Match, alice: User, bob: User) -> None:
    cookies = {user.username: session_cookie(user) for user in (alice, bob)}
    with servers(1) as (_, [server]):
        try:
            spectator = asyncio.run(_miss_two_turns(server, match, cookies))
        except Exception as error:
            raise AssertionError(f"{error!r}\n--- daphne ---\n{server.log_tail()}") from error
        assert "Traceback" not in server.log_tail(1_000_000)
    assert [frame["v"] for frame in spectator.applied] == list(range(1, 10))
    assert spectator.types == ["submitted", "submitted", "playback"] * 3
    assert spectator.snapshots == 1 and spectator.duplicates == 0  # the log's events, not a new snapshot
    assert len(spectator.closes) == 1  # one drop, one reconnect
