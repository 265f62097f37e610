"""Redis killed and started again, empty, in the middle of a match played across two Daphne processes
(issue 18, item 1): every socket stays open and gets the frames it missed from the event log (each process's
streams catch up in place, matches/hub.py), then the next turn's live; nothing is lost, nothing is played
twice, and no socket is closed (a reconnection storm: every socket of every process reconnecting at once)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User

from bench.live import Daphne, RedisServer, session_cookie
from matches import hub, pipeline, services
from matches.models import Match
from tests.faults.conftest import Servers
from bench.viewers import Viewer
from tests.faults.test_catch_up import STAND
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER


async def _play_across_a_restart(
    redis: RedisServer, first: Daphne, second: Daphne, match: Match, cookies: dict[str, str]
) -> list[Viewer]:
    # Each viewer starts on its own process and may be sent to either after a drop.
    async with (
        Viewer([first, second], match.pk, cookies["alice"]) as alice,
        Viewer([second, first], match.pk, cookies["bob"]) as bob,
        Viewer([second, first], match.pk, cookies["carol"]) as spectator,
        Viewer([first, second], match.pk) as anonymous,
    ):
        viewers = [alice, bob, spectator, anonymous]
        assert (await alice.submit(ALICE_ORDER))["type"] == "order_accepted"
        for viewer in viewers:
            await viewer.wait_until(lambda viewer=viewer: viewer.version == 1)

        redis.kill()
        redis.start()
        # Submitted at once: its frames may be published before a process has its subscription back.
        assert (await bob.submit(BOB_ORDER))["type"] == "order_accepted"
        for viewer in viewers:
            await viewer.wait_until(lambda viewer=viewer: viewer.version == 3)
        for player, order in ((alice, STAND["A"]), (bob, STAND["B"])):  # the next turn
            assert (await player.submit(order))["type"] == "order_accepted"
        for viewer in viewers:
            await viewer.wait_until(lambda viewer=viewer: viewer.version == 6)
        await asyncio.sleep(0.5)  # anything sent twice would have come by now
        return viewers


@pytest.mark.django_db(transaction=True)
def test_redis_restarting_mid_match_leaves_no_socket_deaf(
    servers: Servers, match: Match, alice: User, bob: User, carol: User
) -> None:
    cookies = {user.username: session_cookie(user) for user in (alice, bob, carol)}
    with servers(2) as (redis, (first, second)):
        try:
            viewers = asyncio.run(_play_across_a_restart(redis, first, second, match, cookies))
        except Exception as error:
            raise AssertionError(f"{error!r}\n--- daphne 1 ---\n{first.log_tail()}\n--- daphne 2 ---\n{second.log_tail()}") from error
        logs = [first.log_tail(1_000_000), second.log_tail(1_000_000)]
    assert "Traceback" not in "".join(logs)  # an outage is logged as one, not as a bug
    assert all("sockets catch up" in log for log in logs)  # each process found its streams' groups emptied

    match.refresh_from_db()
    assert match.version == 6 and match.events.filter(kind="playback").count() == 2
    for viewer in viewers:
        assert [frame["v"] for frame in viewer.applied] == list(range(1, 7))
        assert viewer.types == ["submitted", "submitted", "playback"] * 2  # each once, in order
        assert viewer.snapshots == 1 and viewer.duplicates == 0  # caught up from the log, not a new snapshot
        assert viewer.closes == []  # before: every socket closed with RESYNC_CLOSE_CODE, and reconnected


@pytest.mark.django_db
def test_a_publish_that_fails_on_redis_is_a_warning_not_a_traceback(
    match: Match, alice: User, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    django_capture_on_commit_callbacks: Any,
) -> None:
    def redis_down(**publish: Any) -> None:
        raise redis.ConnectionError("Connection refused")

    monkeypatch.setattr(hub, "publish", redis_down)
    monkeypatch.setattr(pipeline, "PUBLISH_RETRY_SECONDS", (0.0,))
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    assert [r.levelname for r in caplog.records if r.levelno >= logging.WARNING] == ["WARNING"]
    assert match.events.count() == 2  # the start and the order: stored all the same


@pytest.mark.django_db
def test_a_publish_that_redis_refuses_for_a_moment_is_sent_again_not_lost(
    match: Match, alice: User, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """A connection Redis closed when it restarted fails once, long after (the soak saw one 37 s later): the
    frame must still go out, or a phase's last frame lost leaves its match looking frozen."""
    sent: list[dict[str, Any]] = []
    failures = iter([redis.ConnectionError("Connection closed by server."), None])

    def flaky(**publish: Any) -> None:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        sent.append(publish)

    monkeypatch.setattr(hub, "publish", flaky)
    monkeypatch.setattr(pipeline, "PUBLISH_RETRY_SECONDS", (0.0, 0.0))
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    assert [hub.variants_of(item)[0][1]["type"] for publish in sent for item in publish["frames"]] == ["submitted"]
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
