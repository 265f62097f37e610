"""Giving up a seat (issue 18): a player or the referee may leave the lobby before the match starts, a
spectator at any time, through the one pipeline; after the start, and for the host, a coded refusal."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from matches import lobby
from matches.errors import MatchError
from matches.models import Event, Match, Participant
from matches.selectors import player_view, viewer_for
from tests.matches.lobby_duels import DUEL
from tests.matches.sockets import client_as, connect, frames_until, receive

pytestmark = pytest.mark.django_db



def _sides(match: Match, user: User) -> dict[str, str | None]:
    match.refresh_from_db()
    return {s["side"]: s["player"] for s in player_view(match=match, viewer=viewer_for(match=match, user=user))["sides"]}


def _refused(code: str, match: Match, user: User) -> None:
    events = match.events.count()
    with pytest.raises(MatchError) as refused:
        lobby.match_leave(match_id=match.pk, user=user)
    assert refused.value.code == code
    assert match.events.count() == events  # nothing logged, nothing changed


def test_a_guest_leaves_the_lobby_and_the_side_is_free_again(opened: Match, alice: User, bob: User, carol: User) -> None:
    lobby.match_accept(match_id=opened.pk, user=alice, accepted=True, options=opened.options)
    assert lobby.match_leave(match_id=opened.pk, user=bob) == {"role": None, "side": None}
    left = opened.events.order_by("-version").first()
    assert left is not None and (left.kind, left.payload) == (
        Event.Kind.LEFT, {"player": "bob", "role": "player", "side": "blue"})
    assert _sides(opened, alice) == {"red": "alice", "blue": None}
    assert lobby.match_join(match_id=opened.pk, user=carol, role="player") == {"role": "player", "side": "blue"}
    # The options did not change: the host's acceptance stands; the newcomer accepts them to start.
    assert Participant.objects.get(match=opened, user=alice).accepted
    lobby.match_accept(match_id=opened.pk, user=carol, accepted=True, options=opened.options)
    opened.refresh_from_db()
    assert opened.status == Match.Status.IN_PROGRESS


def test_players_and_the_referee_keep_their_seats_once_the_match_has_started(
    opened: Match, alice: User, bob: User, carol: User, dana: User
) -> None:
    lobby.match_referee_seat(match_id=opened.pk, user=alice, username=dana.username)
    lobby.match_join(match_id=opened.pk, user=carol, role="spectator")
    for user in (alice, bob):
        opened.refresh_from_db()
        lobby.match_accept(match_id=opened.pk, user=user, accepted=True, options=opened.options)
    opened.refresh_from_db()
    for user in (bob, dana):
        _refused("leave.started", opened, user)
    lobby.match_leave(match_id=opened.pk, user=carol)  # a spectator's seat is no part of the fight
    assert not Participant.objects.filter(match=opened, user=carol).exists()


def test_the_host_keeps_the_seat_and_someone_without_one_has_none_to_leave(
    opened: Match, alice: User, carol: User
) -> None:
    _refused("leave.host", opened, alice)
    _refused("leave.not_seated", opened, carol)


def test_the_seated_referee_may_leave_the_lobby(opened: Match, alice: User, dana: User) -> None:
    lobby.match_referee_seat(match_id=opened.pk, user=alice, username=dana.username)
    lobby.match_leave(match_id=opened.pk, user=dana)
    opened.refresh_from_db()
    assert player_view(match=opened, viewer=viewer_for(match=opened, user=alice))["seated_referee"] is None


def test_leaving_through_rest_and_the_lobby_page(opened: Match, alice: User, bob: User) -> None:
    answer = client_as(bob).post(f"/api/matches/{opened.pk}/leave/", content_type="application/json")
    assert answer.status_code == 200
    assert answer.json()["you"] == {"role": "spectator", "side": None}
    assert client_as(alice).post(f"/api/matches/{opened.pk}/leave/").json()["code"] == "leave.host"
    lobby.match_join(match_id=opened.pk, user=bob, role="player")
    page = f"/matches/{opened.pk}/lobby/"
    assert 'value="leave"' in client_as(bob).get(page).content.decode()
    assert 'value="leave"' not in client_as(alice).get(page).content.decode()  # the host's is not offered
    assert client_as(bob).post(page, {"action": "leave"}).status_code == 302
    assert _sides(opened, alice) == {"red": "alice", "blue": None}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_player_who_leaves_watches_on_as_a_spectator_without_reconnecting(alice: User, bob: User) -> None:
    match = await database_sync_to_async(lobby.match_open)(host=alice, designs=DUEL)
    await database_sync_to_async(lobby.match_join)(match_id=match.pk, user=bob, role="player")
    socket, host = await connect(match, bob), await connect(match, alice)
    assert (await receive(socket))["you"] == {"role": "player", "side": "blue"}
    await receive(host)
    await database_sync_to_async(lobby.match_leave)(match_id=match.pk, user=bob)
    assert (await frames_until(host, "left"))[-1]["player"] == "bob"  # the lobby refreshes on it
    assert (await frames_until(socket, "snapshot"))[-1]["you"] == {"role": "spectator", "side": None}
    await socket.disconnect()
    await host.disconnect()
