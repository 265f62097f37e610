"""The questions about the position are the ruleset's (issue 14: matches/queries.py dispatches through
`ruleset.queries` and `ruleset.query`): MEKATAC answers the line of sight and each attack a meka could make,
skirmish the line of fire between troops, and a question a game does not offer is a coded refusal. A troop in
hidden deployment cannot be named by a viewer its ruleset's view hides it from (the one viewer filter)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import AnonymousUser, User

from matches.errors import MatchError
from matches.models import Match
from matches.pipeline import match_create
from matches.queries import attack_options, sight_line, unit_reach
from rules.core.board import Board
from rules.rulesets.skirmish.example import troop
from rules.rulesets.skirmish.state import SkirmishState, pool_of
from tests.matches.lobby_duels import open_over_rest
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def mekatac(alice: User, bob: User) -> Match:
    """The MEKATAC example (alice side a: A1 Sharpshot and A2 Reaper; bob side b), in its movement phase."""
    return open_over_rest(alice, bob, {"ruleset": "mekatac"})


@pytest.fixture
def skirmish(alice: User, bob: User) -> Match:
    """The skirmish worked example: alice plays angus (F, B), bob plays yu (Z, and T in hidden deployment)."""
    return open_over_rest(alice, bob, {"ruleset": "skirmish"})


def test_mekatac_answers_the_line_of_sight_with_arcs_and_cover_for_anyone(mekatac: Match) -> None:
    answer = sight_line(match_id=mekatac.pk, user=AnonymousUser(), source="A1", target="B1")
    assert (answer["type"], answer["v"], answer["from"], answer["to"]) == ("los", mekatac.version, "A1", "B1")
    assert set(answer) >= {"los", "distance", "arcs", "cover_percent", "modifier"}
    assert answer["distance"] == 9


def test_mekatac_attack_options_give_each_weapons_target_number_or_its_refusal(mekatac: Match, alice: User) -> None:
    answer = attack_options(match_id=mekatac.pk, user=alice, unit_id="A1", target="B1")
    choices = {option["choice"]: option for option in answer["options"]}
    assert {"punch", "kick"} <= set(choices)
    assert not choices["punch"]["legal"] and choices["punch"]["code"].startswith("mekatac.")
    assert all(option["need"] >= 1 for option in answer["options"] if option["legal"])


@pytest.mark.parametrize(("who", "unit", "code"), [("bob", "A1", "order.not_your_unit"),
                                                   ("alice", "B1", "order.not_your_unit"),
                                                   ("alice", "Z9", "order.not_your_unit")])
def test_mekatac_attack_options_are_for_the_mekas_own_player(
        mekatac: Match, alice: User, bob: User, who: str, unit: str, code: str) -> None:
    with pytest.raises(MatchError) as refused:
        attack_options(match_id=mekatac.pk, user={"alice": alice, "bob": bob}[who], unit_id=unit, target="B1")
    assert refused.value.code == code


def test_a_question_the_game_does_not_offer_is_a_coded_refusal(mekatac: Match, skirmish: Match, alice: User) -> None:
    with pytest.raises(MatchError) as refused:
        unit_reach(match_id=mekatac.pk, user=alice, unit_id="A1", mode="walk")
    assert (refused.value.code, refused.value.status) == ("query.not_offered", 409)
    assert refused.value.params["query"] == "reach"
    with pytest.raises(MatchError) as malformed:
        sight_line(match_id=skirmish.pk, user=alice, source="F", target=3)
    assert malformed.value.code == "message.malformed"


def test_skirmish_answers_the_line_of_fire_and_the_cover(skirmish: Match) -> None:
    answer = sight_line(match_id=skirmish.pk, user=AnonymousUser(), source="Z", target="F")
    # The text's worked example: the Fusilier behind the building is in total cover from the Zhanshi.
    assert (answer["los"], answer["cover"]) == (False, "total")


def test_a_troop_in_hidden_deployment_is_unknown_to_those_its_view_hides_it_from(
        skirmish: Match, alice: User, bob: User) -> None:
    for user in (alice, AnonymousUser()):
        with pytest.raises(MatchError) as refused:
            sight_line(match_id=skirmish.pk, user=user, source="F", target="T")
        assert refused.value.code == "unit.unknown"
        with pytest.raises(MatchError) as nobody:
            sight_line(match_id=skirmish.pk, user=user, source="F", target="Q")
        assert nobody.value.code == "unit.unknown"  # the same answer as for an id nobody has
    assert sight_line(match_id=skirmish.pk, user=bob, source="T", target="F")["from"] == "T"


def test_a_side_whose_troops_are_all_hidden_is_still_seated_in_the_other_sides_snapshot(alice: User, bob: User) -> None:
    state = SkirmishState(Board(12, 12), (troop("F", "0606", 0, "a", "infantry"),
                                          troop("T", "0602", 3, "b", "infantry", hidden=True)), sides=("a", "b"))
    match = match_create(state=replace(state, pool=pool_of(state, "a")), players={"a": alice, "b": bob},
                         ruleset="skirmish")
    seen = client_as(alice).get(f"/api/matches/{match.pk}/").json()
    assert [unit["id"] for unit in seen["units"]] == ["F"]
    assert [(side["side"], side["player"]) for side in seen["sides"]] == [("a", "alice"), ("b", "bob")]
