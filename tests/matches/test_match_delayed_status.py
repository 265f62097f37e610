"""A delayed spectator is shown the match's status as of the version they see (issue 7, spectator delay):
a pause or an end they have not reached yet must not show in the snapshot, the REST view, the match list
or the frames they get."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from matches import referee
from matches.campaigns.models import match_sides
from matches.campaigns.services import match_finish
from matches.models import Event, Match
from matches.replay import match_verify
from matches.selectors import PUBLIC, header_for, player_view
from matches.snapshots import spectator_snapshot
from tests.matches.lobby_duels import HOLD_FIRE, MOVES, resolve
from tests.matches.sockets import connect, receive
from tests.matches.test_match_spectator_delay import start_delayed


def _statuses(match: Match, user: User | None) -> dict[str, object]:
    """Every place a viewer reads the status: the snapshot, the REST view, the match list and its filter."""
    client = Client()
    if user is not None:
        client.force_login(user)
    listed = client.get("/api/matches/").json()
    return {
        "rest": client.get(f"/api/matches/{match.pk}/").json()["match"]["status"],
        "list": [header["status"] for header in listed if header["id"] == match.pk],
        "filtered": {
            status: [h["id"] for h in client.get(f"/api/matches/?status={status}").json()]
            for status in ("in_progress", "paused", "finished")
        },
    }


@pytest.mark.django_db
def test_a_pause_reaches_delayed_spectators_only_with_the_delay(alice: User, bob: User, carol: User, ref: User) -> None:
    match = start_delayed(alice, bob)
    resolve(match, alice, bob, MOVES)
    referee.referee_pause(match_id=match.pk, user=ref, reason="a phone call")
    match.refresh_from_db()
    in_progress = {"rest": "in_progress", "list": ["in_progress"],
                   "filtered": {"in_progress": [match.pk], "paused": [], "finished": []}}
    assert _statuses(match, None) == in_progress
    assert _statuses(match, carol) == in_progress
    assert '"status":"in_progress"' in spectator_snapshot(match)[1]
    assert player_view(match=match, viewer=PUBLIC)["match"]["status"] == "in_progress"
    # The players and the referee see it paused.
    assert _statuses(match, alice)["rest"] == _statuses(match, ref)["rest"] == "paused"
    assert _statuses(match, alice)["filtered"]["paused"] == [match.pk]


@pytest.mark.django_db
def test_a_match_ended_by_a_campaign_result_is_over_for_delayed_spectators_too(
    alice: User, bob: User, carol: User
) -> None:
    """A referee's result (campaigns `match_finish`) logs the `finished` event a played end logs, so the delay
    holds nothing back any more: the delayed spectator sees the end and the revealed seed."""
    match = start_delayed(alice, bob)
    resolve(match, alice, bob, MOVES)
    sides = match_sides(match)
    match_finish(match_id=match.pk, winner_side=sides[0], sides={side: {"victory_points": 2} for side in sides})
    match.refresh_from_db()
    finished = match.events.order_by("version").last()
    assert (finished.kind, finished.version) == (Event.Kind.FINISHED, match.version)
    assert finished.payload["result"]["winner"] == sides[0]
    assert finished.payload["result"]["victory_points"] == {side: 2 for side in sides}
    header = header_for(match=match, user=carol)
    assert header["status"] == "finished" and header["seed"] == match.seed
    assert header["result"]["winner"] == sides[0]
    assert match_verify(match).problems == []  # the replay takes the decision from the finished event


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_delayed_spectator_socket_gets_the_pause_only_when_it_is_released(
    alice: User, bob: User, carol: User, ref: User
) -> None:
    match = await database_sync_to_async(start_delayed)(alice, bob)
    await database_sync_to_async(resolve)(match, alice, bob, MOVES)
    await database_sync_to_async(referee.referee_pause)(match_id=match.pk, user=ref, reason="a phone call")
    watcher = await connect(match, carol)
    snapshot = await receive(watcher)
    assert (snapshot["type"], snapshot["match"]["status"]) == ("snapshot", "in_progress")
    assert await watcher.receive_nothing(timeout=0.3)
    await database_sync_to_async(referee.referee_resume)(match_id=match.pk, user=ref, reason="back")
    assert await watcher.receive_nothing(timeout=0.3)  # still behind the delay
    await database_sync_to_async(resolve)(match, alice, bob, HOLD_FIRE)  # the weapons phase
    movement = [await receive(watcher) for _ in range(3)]
    assert [frame["type"] for frame in movement] == ["submitted", "submitted", "playback"]
    assert await watcher.receive_nothing(timeout=0.3)  # the pause came after that playback
    await database_sync_to_async(resolve)(match, alice, bob, HOLD_FIRE)  # the physical phase
    weapons = [await receive(watcher) for _ in range(5)]
    assert [frame["type"] for frame in weapons] == ["paused", "resumed", "submitted", "submitted", "playback"]
    await watcher.disconnect()
