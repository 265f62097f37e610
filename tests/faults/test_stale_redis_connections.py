"""Connections the channel layer pooled before Redis restarted (issue 18): each would fail once, whenever it is
next used, long after Redis is back: a publish lost (a match looking frozen) or a renewal missed. The layer,
configured as project/settings.py configures it, opens a fresh connection and tries again instead."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from channels_redis.core import RedisChannelLayer
from django.conf import settings

from bench.live import redis_server

pytestmark = pytest.mark.asyncio


def _layer_on(url: str) -> RedisChannelLayer:
    """The product's channel layer, on the test's own Redis server."""
    config: dict[str, Any] = copy.deepcopy(settings.CHANNEL_LAYERS["default"]["CONFIG"])
    if "hosts" not in config:
        pytest.skip("REDIS_URL is not set: the product's Redis layer is what is tested")
    config["hosts"] = [{**host, "address": url} for host in config["hosts"][:1]]
    return RedisChannelLayer(**config)


async def test_connections_pooled_before_a_restart_do_not_fail_a_send_after_it() -> None:
    with redis_server() as redis:
        layer = _layer_on(redis.url)
        channels = [await layer.new_channel() for _ in range(3)]
        for channel in channels:
            await layer.group_add("match.1.public", channel)
        redis.kill()
        redis.start()
        # Before: "Connection closed by server." from the first command on each connection of the pool.
        for channel in channels:
            await layer.group_add("match.1.public", channel)
        await layer.group_send("match.1.public", {"type": "hub.frames", "frames": []})
        await layer.flush()
        await layer.close_pools()
