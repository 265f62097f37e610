"""Live matches over the websocket (issue 7): lobby frames, two players, a spectator and a referee."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from matches import lobby, referee
from matches.models import Match
from tests.matches.lobby_duels import DUEL
from tests.matches.sockets import connect, frames_until, receive

pytestmark = [
    pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_worker_connections"),
]

SECRET_STEPS = ["F", "R", "F", "L"]



async def test_lobby_to_play_with_a_spectator_and_a_referee_and_no_leak(alice: User, bob: User, carol: User) -> None:
    ref = await database_sync_to_async(User.objects.create_user)("ref", is_staff=True)
    match = await database_sync_to_async(lobby.match_open)(host=alice, designs=DUEL)
    a, spectator, judge = await connect(match, alice), await connect(match, carol), await connect(match, ref)
    for socket in (a, spectator, judge):
        assert (await receive(socket))["match"]["status"] == "open"

    await database_sync_to_async(lobby.match_join)(match_id=match.pk, user=bob, role="player")
    for user in (alice, bob):
        options = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).options
        await database_sync_to_async(lobby.match_accept)(match_id=match.pk, user=user, accepted=True, options=options)
    lobby_frames = await frames_until(spectator, "started")
    assert [f["type"] for f in lobby_frames] == ["joined", "accepted", "accepted", "started"]
    assert lobby_frames[-1]["options"]["movement"] == "pm_by_pm"
    await frames_until(a, "started")
    await frames_until(judge, "started")
    b = await connect(match, bob)
    assert (await receive(b))["match"]["status"] == "in_progress"

    # Everything the opponent and the spectator receive while alice plots and submits is recorded.
    order = {"unit": "A", "mode": "walk", "steps": SECRET_STEPS}
    await a.send_to(text_data=json.dumps({"type": "plot", "order": order}))
    await a.send_to(text_data=json.dumps({"type": "submit", "order": order}))
    await frames_until(a, "order_accepted")
    heard = [await receive(b), await receive(spectator)]
    assert all(frame["type"] == "submitted" and "order" not in frame for frame in heard)
    assert await b.receive_nothing(timeout=0.3) and await spectator.receive_nothing(timeout=0.3)
    assert all("steps" not in json.dumps(frame) for frame in heard)

    # The referee is sent alice's order with her `submitted` and sees it in the snapshot with the referee
    # panel; the spectator neither.
    assert (await frames_until(judge, "submitted"))[-1]["order"] == order
    await judge.send_to(text_data=json.dumps({"type": "resync"}))
    snapshot = await receive(judge)
    assert snapshot["my_orders"] == [order] and snapshot["referee"]["can_annul"] is False
    await spectator.send_to(text_data=json.dumps({"type": "resync"}))
    watched = await receive(spectator)
    assert watched["my_orders"] == [] and "referee" not in watched

    await database_sync_to_async(referee.referee_pause)(match_id=match.pk, user=ref, reason="tea")
    assert (await receive(b))["type"] == "paused"
    refused = json.dumps({"type": "submit", "order": {"unit": "B", "mode": "walk", "steps": ["F"]}})
    await b.send_to(text_data=refused)
    assert (await receive(b))["code"] == "order.phase_closed"
    for socket in (a, b, spectator, judge):
        await socket.disconnect()
