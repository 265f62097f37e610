"""The server names no game (issue 14: "a new game plugs in without editing the core"): a standing choice is the
ruleset's (`ruleset.choices`, `ruleset.choose`), so a game without Solaris's split line of sight refuses a
`los_side` with a code, changing nothing; the design list and the built-in board are the ruleset's. The import
contract in pyproject.toml keeps matches (campaigns aside) off rules.battletech and the Solaris package."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from matches.errors import MatchError
from matches.los_sides import los_side_choose
from matches.models import Match
from tests.matches.lobby_duels import open_over_rest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ruleset", ["mekatac", "skirmish"])
def test_a_game_without_a_split_line_of_sight_refuses_a_side_with_a_code(alice: User, bob: User, ref: User,
                                                                        ruleset: str) -> None:
    match = open_over_rest(alice, bob, {"ruleset": ruleset})
    unit = next(unit["id"] for unit in match.state["units"])
    for user, reason in ((alice, None), (bob, None), (ref, "away")):
        with pytest.raises(MatchError) as error:
            los_side_choose(match_id=match.pk, user=user, unit=unit, side="left", reason=reason)
        assert (error.value.code, error.value.status, error.value.message) == (
            "choice.not_offered", 409, "This game has no 'los_side' choice.")
    after = Match.objects.get(pk=match.pk)
    assert (after.state, after.version) == (match.state, match.version)


def test_the_design_list_and_the_built_in_board_are_the_rulesets() -> None:
    client = Client()
    mekas = client.get("/api/designs/?ruleset=mekatac").json()
    assert mekas and all(set(design) == {"name"} for design in mekas)
    assert client.get("/api/designs/?ruleset=skirmish").json() == []
    assert client.get("/api/designs/").json() == client.get("/api/designs/?ruleset=solaris").json()
    [board] = client.get("/api/boards/?ruleset=mekatac").json()
    assert (board["width"], board["height"]) == (12, 12)
    unknown = client.get("/api/boards/?ruleset=chess")
    assert (unknown.status_code, unknown.json()["code"]) == (400, "ruleset.unknown")
