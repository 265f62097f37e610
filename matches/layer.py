"""The channel-layer calls the hub makes on channels_redis, with the layer's own keys and expiries: a group send
in fewer round trips, a membership renewal that tells whether the membership had gone (Redis restarted empty),
and dropping what the layer buffered for a channel nobody reads any more. On any other layer (the in-memory one
of the embedded default) they are the layer's plain calls."""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

from channels_redis.core import RedisChannelLayer
from redis.exceptions import NoScriptError

log = logging.getLogger(__name__)


# channels_redis's `group_send` in two round trips instead of four: the group's members read with its lapsed
# ones dropped, in one script; then per Redis server one script that drops each channel's lapsed messages and
# adds the new one where there is room (channels_redis's own script, with the pipeline before it folded in).
GROUP_MEMBERS = "redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[1]) return redis.call('ZRANGE', KEYS[1], 0, -1)"
GROUP_SEND = """
local n = #KEYS
local now, expiry, lapsed = ARGV[2 * n + 1], ARGV[2 * n + 2], ARGV[2 * n + 3]
local over_capacity = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, lapsed)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


async def group_send(layer: Any, group: str, message: dict[str, Any]) -> None:
    """`layer.group_send(group, message)`, on channels_redis in fewer round trips (above): the same keys, the
    same messages (`_map_channel_keys_to_connection` serializes them), the same expiries and capacities."""
    if not isinstance(layer, RedisChannelLayer):
        await layer.group_send(group, message)
        return
    now = time.time()
    names = await _script(layer.connection(layer.consistent_hash(group)), GROUP_MEMBERS, [layer._group_key(group)],
                          [int(now) - layer.group_expiry])
    keys_by_server, messages, capacities = layer._map_channel_keys_to_connection([name.decode() for name in names], message)
    for index, keys in keys_by_server.items():
        args = [*(messages[key] for key in keys), *(capacities[key] for key in keys), now, layer.expiry, int(now) - int(layer.expiry)]
        over = await _script(layer.connection(index), GROUP_SEND, keys, args)
        if over:
            log.info("hub: %s of %s channels over capacity in group %s", over, len(names), group)


_SHAS = {script: hashlib.sha1(script.encode()).hexdigest() for script in (GROUP_MEMBERS, GROUP_SEND)}


async def _script(connection: Any, script: str, keys: list[Any], args: list[Any]) -> Any:
    try:
        return await connection.evalsha(_SHAS[script], len(keys), *keys, *args)
    except NoScriptError:  # not cached by this Redis yet (or since it restarted): EVAL caches it
        return await connection.eval(script, len(keys), *keys, *args)


async def group_renew(layer: Any, group: str, channel: str) -> bool:
    """Adds `channel` to `group` again with a fresh lapse time; True when it was no longer a member (Redis
    restarted empty). channels_redis's own `group_add` makes the same two writes but drops the answer."""
    if not isinstance(layer, RedisChannelLayer):
        await layer.group_add(group, channel)
        return False
    key = layer._group_key(group)
    connection = layer.connection(layer.consistent_hash(group))
    added = await connection.zadd(key, {channel: time.time()})
    await connection.expire(key, layer.group_expiry)
    return bool(added)


def forget(layer: Any, channel: str) -> None:
    buffers = getattr(layer, "receive_buffer", None)  # channels_redis's, by channel
    if buffers is not None:
        buffers.pop(channel, None)
