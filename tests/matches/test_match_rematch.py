"""A rematch of a finished match (issue 16): the same start, options and seats in a new lobby match, hosted by the
player who asked; the finished match logs the offer for everyone watching it; asking again gives the same one."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import lobby, rematch
from matches.errors import MatchError
from matches.models import Event, Match, Participant
from matches.selectors import player_view, viewer_for
from tests.matches.conftest import fingerprint
from tests.matches.duels import duel_match
from tests.matches.lobby_duels import HOLD_FIRE, MOVES, resolve, start_lobby_duel
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db


def _finished(alice: User, bob: User) -> Match:
    """A lobby duel (alice red, bob blue) with a one-turn limit, played to its end."""
    match = start_lobby_duel(alice, bob, {"turn_limit": 1})
    for orders in (MOVES, HOLD_FIRE, HOLD_FIRE):
        resolve(match, alice, bob, orders)
    assert match.status == Match.Status.FINISHED
    return match


def test_a_rematch_opens_a_lobby_match_from_the_same_start_with_the_same_seats(
    alice: User, bob: User, carol: User, published: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    match = _finished(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        reply = rematch.match_rematch(match_id=match.pk, user=bob)

    new = Match.objects.get(pk=reply["match"])
    start = match.events.get(kind=Event.Kind.STARTED).payload
    assert (new.status, new.ruleset, new.host, new.options) == (Match.Status.OPEN, match.ruleset, bob, start["options"])
    assert new.state == start["state"] and new.seed != match.seed
    seats = {(seat.user.username, seat.side, seat.accepted)
             for seat in new.participants.filter(role=Participant.Role.PLAYER).select_related("user")}
    assert seats == {("alice", "red", False), ("bob", "blue", False)}
    # Everyone watching the finished match hears of it, and its snapshot links to it.
    assert published[-1] == {"type": "rematch", "v": match.version + 1, "match": new.pk, "by": "bob"}
    match.refresh_from_db()
    assert player_view(match=match, viewer=viewer_for(match=match, user=carol))["rematch"] == new.pk
    # Asking again (either player) gives the same rematch.
    assert rematch.match_rematch(match_id=match.pk, user=alice)["match"] == new.pk
    assert Match.objects.count() == 2

    # Both accept in its lobby, and it is under way.
    for user in (alice, bob):
        new.refresh_from_db()
        lobby.match_accept(match_id=new.pk, user=user, accepted=True, options=new.options)
    new.refresh_from_db()
    assert new.status == Match.Status.IN_PROGRESS


def test_only_a_player_of_a_finished_lobby_match_gets_a_rematch(alice: User, bob: User, carol: User) -> None:
    playing = start_lobby_duel(alice, bob)
    # A match set up outside the lobby (the demo's sides, alice and bob) cannot be set up in it again.
    outside = duel_match(alice, bob, phase="movement")
    Match.objects.filter(pk=outside.pk).update(status=Match.Status.FINISHED)
    before = fingerprint(playing)
    for user, match, code in ((alice, playing, "rematch.not_finished"), (carol, playing, "rematch.not_player"),
                              (alice, outside, "rematch.not_lobby_sides")):
        with pytest.raises(MatchError) as caught:
            rematch.match_rematch(match_id=match.pk, user=user)
        assert caught.value.code == code
    assert fingerprint(playing) == before
    assert "rematch" not in player_view(match=playing, viewer=viewer_for(match=playing, user=alice))


def test_the_rematch_api(alice: User, bob: User, carol: User) -> None:
    match = _finished(alice, bob)
    response = client_as(alice).post(f"/api/matches/{match.pk}/rematch/", content_type="application/json")
    assert response.status_code == 201
    assert Match.objects.get(pk=response.json()["match"]).host == alice
    refused = client_as(carol).post(f"/api/matches/{match.pk}/rematch/", content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (403, "rematch.not_player")
