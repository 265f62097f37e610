"""Referee seats from the lobby (issue 7, "participants (player, side, role: player / referee / spectator)"):
the host seats any user as the match's referee, who then sees everything and has the referee's powers."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from matches import lobby, referee, services
from matches.errors import MatchError
from matches.models import Event, Match, Participant
from matches.selectors import player_view, viewer_for
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db

MOVE = {"unit": "A", "mode": "walk", "steps": ["F"]}


def _start(match: Match, *players: User) -> None:
    for user in players:
        match.refresh_from_db()
        lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)
    match.refresh_from_db()


def test_the_seated_referee_sees_everything_and_referees(opened: Match, alice: User, bob: User, dana: User) -> None:
    assert lobby.match_referee_seat(match_id=opened.pk, user=alice, username="dana") == {
        "role": "referee", "referee": "dana"}
    joined = opened.events.filter(kind=Event.Kind.JOINED).last()
    assert joined is not None and joined.payload == {"player": "dana", "role": "referee", "side": None, "by": "alice"}
    _start(opened, alice, bob)
    services.order_submit(match_id=opened.pk, user=alice, order_json=MOVE)
    judge = player_view(match=opened, viewer=viewer_for(match=opened, user=dana))
    assert (judge["you"]["role"], judge["seated_referee"], judge["my_orders"]) == ("referee", "dana", [MOVE])
    assert "referee" in judge and player_view(match=opened, viewer=viewer_for(match=opened, user=bob))["my_orders"] == []
    referee.referee_pause(match_id=opened.pk, user=dana, reason="tea")
    assert Match.objects.get(pk=opened.pk).status == Match.Status.PAUSED


def test_seating_another_replaces_the_referee_and_a_spectator_seat_becomes_the_referees(
    opened: Match, alice: User, carol: User, dana: User
) -> None:
    lobby.match_referee_seat(match_id=opened.pk, user=alice, username="dana")
    lobby.match_join(match_id=opened.pk, user=carol, role="spectator")
    lobby.match_referee_seat(match_id=opened.pk, user=alice, username=" carol ")
    seats = dict(Participant.objects.filter(match=opened).values_list("user__username", "role"))
    assert seats == {"alice": "player", "bob": "player", "carol": "referee"}
    assert viewer_for(match=opened, user=dana).role == "spectator"


@pytest.mark.parametrize(("who", "username", "code"), [
    ("bob", "dana", "referee_seat.not_host"),
    ("alice", "nobody", "referee_seat.unknown_user"),
    ("alice", "bob", "referee_seat.player"),
    ("alice", "", "referee_seat.malformed"),
    ("alice", None, "referee_seat.malformed"),
    ("alice", ["dana"], "referee_seat.malformed"),
])
def test_bad_seatings_get_a_code_and_change_nothing(
    opened: Match, alice: User, bob: User, dana: User, who: str, username: Any, code: str
) -> None:
    seats = list(Participant.objects.filter(match=opened).values_list("user__username", "role"))
    with pytest.raises(MatchError) as error:
        lobby.match_referee_seat(match_id=opened.pk, user={"alice": alice, "bob": bob}[who], username=username)
    assert error.value.code == code
    assert list(Participant.objects.filter(match=opened).values_list("user__username", "role")) == seats
    assert Match.objects.get(pk=opened.pk).version == opened.version


def test_once_started_the_referee_is_fixed(opened: Match, alice: User, bob: User, dana: User) -> None:
    _start(opened, alice, bob)
    with pytest.raises(MatchError) as error:
        lobby.match_referee_seat(match_id=opened.pk, user=alice, username="dana")
    assert error.value.code == "match.started"


def test_over_rest_and_on_the_lobby_page(opened: Match, alice: User, bob: User, dana: User) -> None:
    url = f"/api/matches/{opened.pk}/referee-seat/"
    answer = client_as(alice).post(url, {"username": "dana"}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["seated_referee"] == "dana"
    refused = client_as(bob).post(url, {"username": "bob"}, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (403, "referee_seat.not_host")
    anonymous = Client().post(url, {"username": "dana"}, content_type="application/json")
    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "auth.required")

    lobby_url = f"/matches/{opened.pk}/lobby/"
    page = client_as(alice).get(lobby_url).content.decode()
    assert 'data-referee="dana"' in page and 'name="referee"' in page
    assert 'name="referee"' not in client_as(bob).get(lobby_url).content.decode()  # only the host seats one
    failed = client_as(alice).post(lobby_url, {"action": "referee", "referee": "nobody"})
    assert failed.status_code == 400 and 'data-code="referee_seat.unknown_user"' in failed.content.decode()
    assert Participant.objects.get(match=opened, role="referee").user == dana
