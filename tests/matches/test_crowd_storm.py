"""A connection storm must not fail sockets on the crowd count's Redis pool (issue 10: zero failed
handshakes; redis-py's asyncio pool holds 100 connections unless told otherwise)."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from django.conf import settings

from matches import crowd

pytestmark = pytest.mark.skipif(not getattr(settings, "REDIS_URL", None), reason="the pool is Redis's")


@pytest.mark.asyncio
async def test_more_spectators_joining_at_once_than_pool_connections_all_get_in() -> None:
    room = crowd.Crowd(settings.REDIS_URL, f"arbitro-test-storm-{uuid.uuid4().hex}")

    async def send_text(_: str) -> None:
        return None

    joins = [room.join(1, f"socket-{n}", spectator=True, send_text=send_text) for n in range(300)]
    outcomes = await asyncio.gather(*joins, return_exceptions=True)
    try:
        assert [o for o in outcomes if isinstance(o, BaseException)] == []
        assert await room.count(1) == 300
    finally:
        for n in range(300):
            await room.leave(1, f"socket-{n}")
