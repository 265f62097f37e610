"""Any process can serve any socket (issue 7): two Daphne processes on one Redis and one PostgreSQL.

Alice plays through one process; Bob and a spectator are on the other. Each process holds its own hub
subscription to the match, so every frame crosses Redis to reach the other process's sockets.
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection

from bench.live import Daphne, daphne_processes, database_url, match_socket, session_cookie
from matches.models import Match
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER, shared_part

BROADCAST_TYPES = {"submitted", "playback"}
FRAME_TIMEOUT = 15.0
# Frames must still arrive after a quiet spell longer than channels_redis's 5 s blocking read on Redis:
# with redis-py 8's default 5 s socket timeout each such read failed (see the channel layer in settings).
QUIET_SECONDS = 6.5


async def _broadcast_frames(socket: Any, until_type: str) -> list[dict[str, Any]]:
    """The broadcast frames a socket receives, up to and including the first of type `until_type`."""
    frames: list[dict[str, Any]] = []
    while not frames or frames[-1]["type"] != until_type:
        frame = json.loads(await asyncio.wait_for(socket.recv(), FRAME_TIMEOUT))
        if frame["type"] in BROADCAST_TYPES:
            frames.append(frame)
    return frames


async def _submit(socket: Any, order: dict[str, Any]) -> None:
    await socket.send(json.dumps({"type": "submit", "order": order}))


async def _play_one_phase(first: Daphne, second: Daphne, match: Match, cookies: dict[str, str]) -> dict[str, Any]:
    async with (
        await match_socket(first, match.pk, cookies["alice"]) as alice,
        await match_socket(second, match.pk, cookies["bob"]) as bob,
        await match_socket(second, match.pk, cookies["carol"]) as spectator,
    ):
        for socket in (alice, bob, spectator):
            snapshot = json.loads(await asyncio.wait_for(socket.recv(), FRAME_TIMEOUT))
            assert snapshot["type"] == "snapshot", snapshot
        await asyncio.sleep(QUIET_SECONDS)
        await _submit(alice, ALICE_ORDER)
        await _submit(bob, BOB_ORDER)
        received = await asyncio.gather(*(_broadcast_frames(s, "playback") for s in (alice, bob, spectator)))
    return dict(zip(("alice", "bob", "spectator"), received))


@pytest.mark.django_db(transaction=True)
def test_a_player_on_one_process_and_a_spectator_on_another_get_the_same_frames(
    match: Match, alice: User, bob: User, carol: User
) -> None:
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        pytest.skip("REDIS_URL is not set: the in-memory channel layer cannot span processes.")
    # Redis keys of our own, so another run's match with the same id cannot reach our sockets (a database
    # number picked from the pid was shared by chance).
    database = database_url(connection.settings_dict)
    if database is None:
        pytest.fail("The scale-out test needs DATABASE_URL on PostgreSQL: other processes cannot see SQLite's test database.")
    env = {"DATABASE_URL": database, "REDIS_URL": redis_url, "CHANNEL_LAYER_PREFIX": f"arbitro-scaleout-{uuid.uuid4().hex}"}
    cookies = {user.username: session_cookie(user) for user in (alice, bob, carol)}

    with daphne_processes(2, env) as (first, second):
        try:
            received = asyncio.run(_play_one_phase(first, second, match, cookies))
        except Exception as error:
            raise AssertionError(f"{error!r}\n--- daphne 1 ---\n{first.log_tail()}\n--- daphne 2 ---\n{second.log_tail()}") from error

    match.refresh_from_db()
    versions = [frame["v"] for frame in received["spectator"]]
    assert versions == list(range(1, match.version + 1)), "every event of the phase, once and in order"
    assert [frame["type"] for frame in received["spectator"]] == ["submitted", "submitted", "playback"]
    # The same frames, but that each player's own `submitted` names its own order and each audience's
    # position its own hints.
    own = {"alice": ALICE_ORDER, "bob": BOB_ORDER}
    for player, order in own.items():
        assert [frame.get("order") for frame in received[player]] == [
            order if frame.get("side") == player else None for frame in received[player]
        ]
    alike = [[shared_part(f) for f in received[name]] for name in ("alice", "bob", "spectator")]
    assert alike[0] == alike[1] == alike[2]
    assert all("order" not in frame for frame in received["spectator"]), "orders stay secret until resolved"
