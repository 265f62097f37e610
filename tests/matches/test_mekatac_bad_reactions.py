"""MEKATAC reactions refused through the pipeline (issue 20, "Bad input": "a reaction after its window closed, a
weapon used twice ... a coded error naming the item; nothing changes"): the Tasmanian is asked during the
Sharpshot's walk ("Un Meka puede atacar en cualquier momento de la fase de movimiento"), passes, and an answer to
the window that closed, or one naming a weapon the window does not offer or one twice, is refused with its code,
the match's version and state as they were."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import reactions, services
from matches.errors import MatchError
from matches.models import Event, Match
from tests.matches.lobby_duels import open_over_rest

pytestmark = pytest.mark.django_db


def open_window(match: Match) -> dict[str, Any]:
    return Event.objects.filter(match=match, kind=Event.Kind.REACTION_WINDOW).order_by("-version").first().payload[
        "window"]  # type: ignore[union-attr]


def refused(match: Match, user: User, window: str, unit: str, order: Any) -> str:
    match.refresh_from_db()
    version, state = match.version, match.state
    with pytest.raises(MatchError) as error:
        reactions.react(match_id=match.pk, user=user, window=window, unit=unit, order=order)
    match.refresh_from_db()
    assert (match.version, match.state) == (version, state)
    return error.value.code


def test_a_reaction_after_its_window_closed_or_with_a_bad_weapon_is_refused(alice: User, bob: User) -> None:
    match = open_over_rest(alice, bob, {"ruleset": "mekatac", "options": {"turn_limit": 3}}, side="b")
    assert match.phase == "movement"
    for unit, steps in (("A1", ["F", "F"]), ("A2", []), ("B1", []), ("B2", [])):
        user = alice if unit.startswith("A") else bob
        services.order_submit(match_id=match.pk, user=user, order_json={"unit": unit, "steps": steps})
    first = open_window(match)
    assert first["units"] == ["B1"] and first["key"].split(":")[1] == "A1", first
    offered = [int(weapon) for weapon in first["key"].split(":")[3].split(".") if weapon.isdigit()]
    assert offered
    assert refused(match, bob, first["key"], "B1", {"weapons": [offered[0], offered[0]]}) == "reaction.weapon"
    assert refused(match, bob, first["key"], "B1", {"weapons": [9]}) == "reaction.weapon"
    reactions.react(match_id=match.pk, user=bob, window=first["key"], unit="B1", order=None)
    match.refresh_from_db()
    assert open_window(match)["key"] != first["key"] or match.phase != "movement" or match.turn > 1
    assert refused(match, bob, first["key"], "B1", None) == "reaction.not_asked"
