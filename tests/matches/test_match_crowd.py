"""The crowd count (issue 7: "spectators: any number, read-only, crowd count shown to all"): every viewer
learns how many spectators watch, kept right across processes through Redis."""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from bench.live import free_port
from matches import crowd
from matches.models import Match
from tests.matches.sockets import connect, receive


@pytest.fixture
def fast_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crowd, "TICK_SECONDS", 0.05)


async def receive_crowd(socket: Any) -> int:
    """The next crowd count the socket is told, skipping the snapshot."""
    while (frame := await receive(socket))["type"] != "crowd":
        assert frame["type"] == "snapshot", frame
    assert "v" not in frame  # the count says nothing about the match, least of all its live version
    return int(frame["spectators"])


async def told(socket: Any, spectators: int) -> None:
    """Waits until the socket is told `spectators`; counts on the way there come as sockets connect a tick
    apart or within one, so only where they settle is certain."""
    while await receive_crowd(socket) != spectators:
        pass


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections", "fast_ticks")
async def test_every_viewer_is_told_how_many_spectators_watch(match: Match, alice: User, carol: User) -> None:
    player = await connect(match, alice)
    assert await receive_crowd(player) == 0  # a newcomer is told the count, players are not counted
    watcher = await connect(match, carol)
    anonymous = await connect(match)
    for socket in (player, watcher, anonymous):
        await told(socket, 2)
    await anonymous.disconnect()
    await told(player, 1)
    await told(watcher, 1)
    await watcher.disconnect()
    await told(player, 0)
    assert await player.receive_nothing(timeout=0.3)  # nothing changed, nothing sent
    await player.disconnect()


@pytest.mark.asyncio
@pytest.mark.skipif(not getattr(settings, "REDIS_URL", None), reason="the shared count needs Redis (REDIS_URL)")
async def test_processes_share_the_count_and_a_dead_process_drops_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two Crowd objects on one Redis are two Daphne processes; one that stops refreshing has died."""
    monkeypatch.setattr(crowd, "ENTRY_SECONDS", 0.5)
    monkeypatch.setattr(crowd, "TICK_SECONDS", 0.1)
    prefix = f"arbitro-test-{os.getpid()}-{uuid.uuid4().hex}"
    first, second = crowd.Crowd(settings.REDIS_URL, prefix), crowd.Crowd(settings.REDIS_URL, prefix)
    sent: list[str] = []

    async def send_text(text: str) -> None:
        sent.append(text)

    await first.join(7, "a", spectator=True, send_text=send_text)
    await second.join(7, "b", spectator=True, send_text=send_text)
    await second.join(7, "p", spectator=False, send_text=send_text)
    assert (await first.count(7), await second.count(7)) == (2, 2)
    await second.leave(7, "b")
    assert await first.count(7) == 1
    await second.join(7, "c", spectator=True, send_text=send_text)
    second._ticker.cancel()  # type: ignore[union-attr]  # the second process dies: it refreshes no more
    await asyncio.sleep(1.0)
    assert await first.count(7) == 1  # "c" lapsed; the living first process kept refreshing "a"
    await first.leave(7, "a")
    await second._redis.aclose()  # type: ignore[union-attr]


@pytest.mark.asyncio
async def test_a_socket_leaves_the_count_even_when_redis_is_down() -> None:
    """Redis failing must neither refuse a socket nor keep it counted here after it left (nor fail its
    disconnect): a Redis entry it may have, refreshed no more, lapses on its own."""
    unreachable = crowd.Crowd(f"redis://127.0.0.1:{free_port()}/0", f"arbitro-test-{uuid.uuid4().hex}")

    async def send_text(text: str) -> None:
        pass

    await unreachable.join(7, "a", spectator=True, send_text=send_text)  # counted here, stored when Redis is back
    assert await unreachable.latest(7) == unreachable.local_spectators(7) == 1  # what a snapshot is sent
    await unreachable.leave(7, "a")

    assert unreachable.local_spectators(7) == 0
    assert unreachable._ticker is None and unreachable._redis is None  # nothing left running


@pytest.mark.asyncio
async def test_a_socket_that_joins_while_a_tick_counts_is_told_on_the_next_tick_without_an_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The soak's servers logged a KeyError with its traceback: the first socket of a match joined while the
    tick was counting the others, so the tick had no count of that match to tell it."""
    here = crowd.Crowd(None, "test")
    sent: list[tuple[int, str]] = []

    def sender(match_id: int) -> Any:
        async def send_text(text: str) -> None:
            sent.append((match_id, text))
        return send_text

    counting = here.count

    async def count_while_one_joins(match_id: int) -> int:
        if match_id == 1 and 2 not in here._sockets:
            await here.join(2, "late", spectator=False, send_text=sender(2))
        return await counting(match_id)

    here.count = count_while_one_joins  # type: ignore[method-assign]
    await here.join(1, "first", spectator=True, send_text=sender(1))
    await here._tell_changes()
    assert [r for r in caplog.records if r.levelname == "ERROR"] == []
    await here._tell_changes()
    assert here._told.get(2) == 0 and "late" not in here._newcomers  # counted, and told (by the broadcast)
    for match_id, socket_id in ((1, "first"), (2, "late")):
        await here.leave(match_id, socket_id)
