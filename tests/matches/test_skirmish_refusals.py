"""Bad input to a skirmish match through the server (issue 21, "Bad input"): a path through a wall taller than
the silhouette, a move ending on an ally, mounting while Engaged, a reaction from a troop without line of fire,
a second reaction in one order, an attack by a hidden troop with nothing to react to: each is refused with the
coded error that names the rule, and nothing changes (the match, its log, no answer stored)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import reactions, services
from matches.errors import MatchError
from matches.models import Match, ReactionAnswer
from matches.pipeline import match_create
from matches.selectors import open_window
from rules.core.board import board_from_cells
from rules.rulesets.skirmish.example import troop
from rules.rulesets.skirmish.state import SkirmishState, pool_of
from rules.rulesets.skirmish.troops import ENGAGED
from tests.matches.conftest import fingerprint

WALL = {"0607": {"terrain": "building:1;bldg_elev:5"}}


@pytest.fixture
def skirmish(alice: User, bob: User) -> Match:
    """F, G and an Engaged rider R (alice's); E watching F from 0602, Y facing away, H hidden and facing away (bob's)."""
    rider = troop("R", "0909", 0, "a", "infantry", other="bike")
    units = (troop("F", "0606", 0, "a", "infantry"), troop("G", "0605", 0, "a", "infantry"),
             rider.with_states(ENGAGED), troop("E", "0602", 3, "b", "infantry"), troop("Y", "0610", 3, "b", "infantry"),
             troop("H", "1010", 3, "b", "infantry", hidden=True))
    board = board_from_cells(12, 12, WALL)
    state = SkirmishState(board, units, sides=("a", "b"), active="a")
    state = SkirmishState(board, units, sides=state.sides, active="a", pool=pool_of(state, "a"))
    return match_create(state=state, players={"a": alice, "b": bob}, ruleset="skirmish", title="Bad input")


def refused(match: Match, call: Any) -> str:
    before, answers = fingerprint(match), ReactionAnswer.objects.count()
    with pytest.raises(MatchError) as error:
        call()
    assert fingerprint(match) == before and ReactionAnswer.objects.count() == answers
    return error.value.code


@pytest.mark.parametrize("skill, code", [
    ({"skill": "move", "path": ["0607"]}, "skirmish.obstacle"),  # a five-level wall, an infantry template is 2
    ({"skill": "move", "path": ["0605"]}, "skirmish.ends_on_ally"),  # G stands there
])
def test_a_move_breaking_a_rule_is_refused_naming_it(skirmish: Match, alice: User, skill: Any, code: str) -> None:
    assert refused(skirmish, lambda: services.order_submit(
        match_id=skirmish.pk, user=alice, order_json={"unit": "F", "skills": [skill]})) == code


def test_mounting_while_engaged_is_refused(skirmish: Match, alice: User) -> None:
    # 'si la Tropa se encuentra en estado Trabado … al inicio de la Orden, no podrá declarar una Habilidad de
    # Movimiento para montar o desmontar'
    order = {"unit": "R", "skills": [{"skill": "move", "path": ["0809"], "mount": True}]}
    assert refused(skirmish, lambda: services.order_submit(match_id=skirmish.pk, user=alice, order_json=order)) \
        == "skirmish.mount_engaged"


def test_reactions_the_rules_do_not_allow_are_refused_naming_the_rule(skirmish: Match, alice: User, bob: User) -> None:
    services.order_submit(match_id=skirmish.pk, user=alice, order_json={"unit": "F", "skills": [
        {"skill": "move", "path": ["0506", "0505"]}]})
    skirmish.refresh_from_db()
    first = open_window(skirmish).payload["window"]
    assert first["units"] == ["E"]

    def react(window: dict[str, Any], unit: str, order: Any) -> Any:
        return lambda: reactions.react(match_id=skirmish.pk, user=bob, window=window["key"], unit=unit, order=order)

    assert refused(skirmish, react(first, "Y", {"attack": "F"})) == "skirmish.reaction_no_lof"  # facing away
    assert refused(skirmish, react(first, "Y", None)) == "skirmish.reaction_no_lof"
    reactions.react(match_id=skirmish.pk, user=bob, window=first["key"], unit="E", order=None)
    skirmish.refresh_from_db()
    # The end of the Move asks the hidden H (whether or not it sees F); E has had its reaction of the order.
    end = open_window(skirmish).payload["window"]
    assert end["units"] == ["H"] and end["reason_code"]["code"] == "skirmish.skill_end"
    assert refused(skirmish, react(end, "E", {"attack": "F"})) == "skirmish.reaction_closed"
    assert refused(skirmish, react(end, "H", {"attack": "F"})) == "skirmish.reaction_no_lof"
    assert refused(skirmish, react(end, "F", None)) == "reaction.not_yours"  # alice's troop: said as any other
