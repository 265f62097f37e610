"""The crowd count (issue 7: "crowd count shown to all") is also in the snapshot a socket gets and in the REST
view of the match, with Redis (every process) and without (this process)."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from matches.models import Match
from tests.matches.sockets import connect, receive, send

WITH_AND_WITHOUT_REDIS = pytest.mark.parametrize("redis_url", [
    None,
    pytest.param(getattr(settings, "REDIS_URL", None), id="redis", marks=pytest.mark.skipif(
        not getattr(settings, "REDIS_URL", None), reason="the shared count needs Redis (REDIS_URL)")),
])


@database_sync_to_async
def rest_view(match: Match, user: User | None = None) -> dict[str, Any]:
    client = Client()
    if user is not None:
        client.force_login(user)
    answer = client.get(f"/api/matches/{match.pk}/")
    assert answer.status_code == 200
    return dict(answer.json())


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
@WITH_AND_WITHOUT_REDIS
async def test_the_snapshot_and_the_rest_view_carry_the_count(
    match: Match, alice: User, carol: User, redis_url: str | None, settings: Any
) -> None:
    settings.REDIS_URL = redis_url
    assert (await rest_view(match))["spectators"] == 0
    watcher = await connect(match, carol)
    assert (await receive(watcher))["spectators"] == 1  # counted as it joins, before its snapshot
    anonymous = await connect(match)
    assert (await receive(anonymous))["spectators"] == 2
    player = await connect(match, alice)
    snapshot = await receive(player)
    assert (snapshot["type"], snapshot["spectators"], snapshot["you"]["role"]) == ("snapshot", 2, "player")
    resynced = await send(player, {"type": "resync"})
    assert (resynced["type"], resynced["spectators"]) == ("snapshot", 2)
    assert (await rest_view(match, alice))["spectators"] == 2
    for socket in (watcher, anonymous):
        await socket.disconnect()
    assert (await rest_view(match))["spectators"] == 0
    await player.disconnect()


@pytest.mark.django_db
def test_the_rest_view_still_answers_when_redis_is_down(match: Match, settings: Any) -> None:
    """The count is a courtesy: with Redis unreachable the REST view answers with this process's count."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    answer = Client().get(f"/api/matches/{match.pk}/")
    assert answer.status_code == 200
    assert answer.json()["spectators"] == 0
