"""Units in a lobby match have a design and a pilot (issue 7, 'units in the match (design, pilot, state)'): the
host may give each side's pilot skills when opening the match; left out, a pilot is the standard 4/5
(gunnery 4, piloting 5, Total Warfare's regular MechWarrior)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client

from matches import lobby
from matches.errors import MatchError
from matches.models import Match
from tests.matches.lobby_duels import DUEL

pytestmark = pytest.mark.django_db


def _skills(match: Match) -> dict[str, tuple[int, int]]:
    return {u["side"]: (u["gunnery"], u["piloting"]) for u in match.state["units"]}


def test_each_sides_pilot_skills_are_set_at_creation(alice: User) -> None:
    match = lobby.match_open(host=alice, designs=DUEL, pilots={"red": {"gunnery": 3, "piloting": 4}, "blue": {"gunnery": 2}})
    assert _skills(match) == {"red": (3, 4), "blue": (2, 5)}
    assert _skills(lobby.match_open(host=alice, designs=DUEL)) == {"red": (4, 5), "blue": (4, 5)}


def test_over_rest_the_view_shows_the_pilots(alice: User) -> None:
    client = Client()
    client.force_login(alice)
    body = {"designs": DUEL, "pilots": {"blue": {"gunnery": 5, "piloting": 6}}}
    view = client.post("/api/matches/", json.dumps(body), content_type="application/json").json()
    assert {u["side"]: (u["gunnery"], u["piloting"]) for u in view["units"]} == {"red": (4, 5), "blue": (5, 6)}


@pytest.mark.parametrize(
    "pilots",
    [[], {"green": {"gunnery": 3}}, {"red": {"gunnery": 9}}, {"red": {"gunnery": -1}}, {"red": {"gunnery": True}},
     {"red": {"gunnery": "3"}}, {"red": {"luck": 3}}, {"red": 3}],
)
def test_bad_pilots_are_refused_and_nothing_is_created(alice: User, pilots: object) -> None:
    with pytest.raises(MatchError) as error:
        lobby.match_open(host=alice, designs=DUEL, pilots=pilots)
    assert error.value.code == "pilots.malformed"
    assert not Match.objects.exists()
