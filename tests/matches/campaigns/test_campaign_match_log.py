"""A campaign match is created like every match (`pipeline.match_create`), its start logged, so it can be
replayed, verified with `manage.py verify_match` and have a phase annulled by the referee (issue 14)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from matches import referee
from matches.campaigns import pairings, services
from matches.campaigns.models import Campaign, Fixture, Mech
from matches.models import Event, Match
from matches.replay import match_verify
from matches.services import order_submit
from tests.matches.campaigns.conftest import SCRIPTED_TURNS, League, finish, play_out

pytestmark = pytest.mark.django_db


def _live_fixture(league: League) -> Fixture:
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    return Fixture.objects.filter(round=league.round).select_related("match", "pilot_a", "pilot_b").first()


def test_a_campaign_match_logs_its_start(league: League) -> None:
    match = _live_fixture(league).match
    started = match.events.get()
    assert (started.kind, started.version, started.payload["state"]) == (Event.Kind.STARTED, 0, match.state)
    assert started.payload["seed_hash"] == match.seed_hash
    assert (match.status, match.version) == (Match.Status.IN_PROGRESS, 0)


def test_a_campaign_match_ended_in_play_verifies(league: League, capsys: Any) -> None:
    """One turn of mechs that fight (a shipped design): the turn limit ends it after the combat phases."""
    Campaign.objects.filter(pk=league.campaign.pk).update(match_options={"los": "dead_zone", "turn_limit": 1})
    Mech.objects.filter(stable__campaign=league.campaign).update(design="Phoenix Hawk PXH-1")
    match = play_out(_live_fixture(league), turns=SCRIPTED_TURNS[:1])
    assert match.status == Match.Status.FINISHED

    call_command("verify_match", str(match.pk))
    assert f"OK match {match.pk}" in capsys.readouterr().out


def test_a_campaign_match_ended_by_the_referee_verifies(league: League, capsys: Any) -> None:
    fixture = _live_fixture(league)
    play_out(fixture)
    finish(fixture, "a")

    call_command("verify_match", str(fixture.match.pk))
    out = capsys.readouterr().out
    assert f"OK match {fixture.match.pk}" in out and " 0 phases" not in out


def test_the_referee_annuls_a_campaign_matchs_last_phase(league: League, ref: User) -> None:
    fixture = _live_fixture(league)
    match = fixture.match
    start = match.state
    seats = {"A": fixture.pilot_a.player, "B": fixture.pilot_b.player}
    for unit, order in SCRIPTED_TURNS[0].items():
        order_submit(match_id=match.pk, user=seats[unit], order_json=order)
    match.refresh_from_db()
    assert match.state != start

    reply = referee.referee_annul(match_id=match.pk, user=ref, reason="the arena's lights failed")

    match.refresh_from_db()
    assert reply["type"] == Event.Kind.ANNULLED
    assert (match.state, match.turn, match.phase) == (start, 1, "movement")
    assert match_verify(match).problems == []
