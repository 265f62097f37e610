"""The end-of-match summary (issue 16: "damage dealt and taken, shots, hits"): counted by the ruleset from the
playbacks in force, sent in the snapshot and REST once the match is over, and only then."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import referee, services
from matches.models import Event, Match
from matches.selectors import match_summary, player_view, viewer_for
from tests.matches.duels import duel_match
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db

STAND_STILL = {"A": {"unit": "A", "mode": "walk", "steps": []}, "B": {"unit": "B", "mode": "walk", "steps": []}}
ALICE_FIRE = {"unit": "A", "target": "B", "weapons": ["Large Laser", "Medium Laser [LA]"], "twist": 0}
BOB_FIRE = {"unit": "B", "target": "A", "weapons": ["Medium Laser", "SRM 2"], "twist": 0}
NO_ATTACK = {"A": {"unit": "A"}, "B": {"unit": "B"}}


def _turn(match: Match, alice: User, bob: User, fire: dict[str, dict[str, Any]]) -> None:
    for orders in (STAND_STILL, fire, NO_ATTACK):
        services.order_submit(match_id=match.pk, user=alice, order_json=orders["A"])
        services.order_submit(match_id=match.pk, user=bob, order_json=orders["B"])


def _attacks(match: Match) -> list[dict[str, Any]]:
    return [attack for timeline in match.events.filter(kind=Event.Kind.PLAYBACK).values_list("payload__timeline", flat=True)
            for report in timeline.get("combat", ()) for attack in report.get("attacks", ())]


def test_a_finished_match_says_what_each_mech_dealt_and_took(alice: User, bob: User, carol: User) -> None:
    match = duel_match(alice, bob, phase="movement", turn_limit=1)
    assert "summary" not in player_view(match=match, viewer=viewer_for(match=match, user=carol))
    _turn(match, alice, bob, {"A": ALICE_FIRE, "B": BOB_FIRE})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED

    attacks = _attacks(match)
    expected = {unit: {"shots": sum(a["unit"] == unit for a in attacks),
                       "hits": sum(a["unit"] == unit and a["hit"] for a in attacks),
                       "damage_dealt": sum(a["damage"] for a in attacks if a["unit"] == unit and a["hit"]),
                       "damage_taken": sum(a["damage"] for a in attacks if a["target"] == unit and a["hit"])}
                for unit in "AB"}
    assert expected["A"]["shots"] == 2 and expected["B"]["shots"] == 2
    summary = player_view(match=match, viewer=viewer_for(match=match, user=carol))["summary"]
    assert summary == {"units": expected}
    assert client_as(None).get(f"/api/matches/{match.pk}/").json()["summary"] == summary


def test_an_annulled_phase_does_not_count(alice: User, bob: User, ref: User) -> None:
    match = duel_match(alice, bob, phase="movement", turn_limit=1)
    for user, unit in ((alice, "A"), (bob, "B")):
        services.order_submit(match_id=match.pk, user=user, order_json=STAND_STILL[unit])
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_FIRE)
    services.order_submit(match_id=match.pk, user=bob, order_json=BOB_FIRE)
    referee.referee_annul(match_id=match.pk, user=ref, reason="a misclick")
    # Played again with nobody firing: only the physical phase's (none) and this phase's attacks count.
    for user, unit in ((alice, "A"), (bob, "B")):
        services.order_submit(match_id=match.pk, user=user, order_json=NO_ATTACK[unit])
    for user, unit in ((alice, "A"), (bob, "B")):
        services.order_submit(match_id=match.pk, user=user, order_json=NO_ATTACK[unit])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match_summary(match) == {"units": {}}
