"""The lobby's invite link and ready/unready (issue 7): the link a host passes on opens the lobby, where a
visitor joins as a player or spectator; a player who withdraws their acceptance (unready) holds the start."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from matches import lobby
from matches.models import Event, Match
from tests.matches.lobby_duels import DUEL
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db


def test_the_invite_link_opens_the_lobby_where_a_visitor_joins(alice: User, bob: User, carol: User) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    lobby_url = f"/matches/{match.pk}/lobby/"
    page = client_as(alice).get(lobby_url).content.decode()
    invite = f'href="http://testserver{lobby_url}"'
    assert invite in page

    # Someone not logged in who follows it is sent to log in and back; then they pick a seat.
    anonymous = client_as(None).get(lobby_url).content.decode()
    assert 'value="player"' in anonymous and 'value="spectator"' in anonymous
    assert client_as(None).post(lobby_url, {"action": "player"}).url == f"/accounts/login/?next={lobby_url}"
    assert client_as(bob).post(lobby_url, {"action": "player"}).status_code == 302
    assert client_as(carol).post(lobby_url, {"action": "spectator"}).status_code == 302
    seats = {p.user.username: (p.role, p.side) for p in match.participants.all()}
    assert seats == {"alice": ("player", "red"), "bob": ("player", "blue"), "carol": ("spectator", "")}


def test_a_player_who_withdraws_holds_the_start_until_ready_again(alice: User, bob: User) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    options = Match.objects.get(pk=match.pk).options

    lobby.match_accept(match_id=match.pk, user=alice, accepted=True, options=options)
    lobby.match_accept(match_id=match.pk, user=alice, accepted=False, options=None)  # unready
    lobby.match_accept(match_id=match.pk, user=bob, accepted=True, options=options)
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN
    assert [s["accepted"] for s in client_as(alice).get(f"/api/matches/{match.pk}/").json()["sides"]] == [False, True]

    lobby.match_accept(match_id=match.pk, user=alice, accepted=True, options=options)  # ready again
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    log = [(e.payload["player"], e.payload["accepted"]) for e in match.events.filter(kind=Event.Kind.ACCEPTED)]
    assert log == [("alice", True), ("alice", False), ("bob", True), ("alice", True)]
