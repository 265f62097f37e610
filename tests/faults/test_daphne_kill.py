"""A Daphne process killed (SIGKILL) between the two submissions of a phase: the first order survives, the
match resolves on the other process, and the killed process's clients reconnect there and catch up."""

from __future__ import annotations

import asyncio

import pytest
from django.contrib.auth.models import User

from bench.live import Daphne, session_cookie
from matches.models import Match, Order
from tests.faults.conftest import Servers
from bench.viewers import Viewer
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER


async def _play_across_a_crash(first: Daphne, second: Daphne, match: Match, cookies: dict[str, str]) -> list[Viewer]:
    async with (
        Viewer([first, second], match.pk, cookies["alice"]) as alice,
        Viewer([second, first], match.pk, cookies["bob"]) as bob,
        Viewer([first, second], match.pk) as anonymous,
    ):
        viewers = [alice, bob, anonymous]
        assert (await alice.submit(ALICE_ORDER))["type"] == "order_accepted"
        for viewer in viewers:
            await viewer.wait_until(lambda viewer=viewer: viewer.version == 1)

        first.process.kill()  # by its PID, nothing flushed
        first.process.wait()
        assert (await bob.submit(BOB_ORDER))["type"] == "order_accepted"
        for viewer in viewers:
            await viewer.wait_until(lambda viewer=viewer: viewer.version == 3)
        return viewers


@pytest.mark.django_db(transaction=True)
def test_a_daphne_killed_between_two_submissions_loses_no_order(
    servers: Servers, match: Match, alice: User, bob: User
) -> None:
    cookies = {user.username: session_cookie(user) for user in (alice, bob)}
    with servers(2) as (_, (first, second)):
        try:
            alice_view, bob_view, anonymous = asyncio.run(_play_across_a_crash(first, second, match, cookies))
        except Exception as error:
            raise AssertionError(f"{error!r}\n--- surviving daphne ---\n{second.log_tail()}") from error
        assert "Traceback" not in second.log_tail(1_000_000)

    match.refresh_from_db()
    assert match.version == 3 and Order.objects.filter(match=match, unit="A").exists()
    for viewer in (alice_view, bob_view, anonymous):
        assert viewer.types == ["submitted", "submitted", "playback"]
        assert viewer.snapshots == 1 and viewer.duplicates == 0
    assert alice_view.closes and anonymous.closes and not bob_view.closes  # only the killed process's sockets dropped
