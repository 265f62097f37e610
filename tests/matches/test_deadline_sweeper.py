"""The deadline sweeper (matches/sweeper.py): a Daphne process expires missed deadlines by itself, so a match
left by a player goes on with no cron job."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from matches.models import Event, Match
from matches.sweeper import start
from tests.matches.lobby_duels import start_lobby_duel


def _open_phase_minutes_ago(match: Match, minutes: int) -> None:
    match.events.filter(kind=Event.Kind.STARTED).update(
        created_at=match.events.get(kind=Event.Kind.STARTED).created_at - timedelta(minutes=minutes))


@pytest.mark.django_db(transaction=True)
def test_the_sweeper_resolves_a_phase_whose_deadline_passed(alice: User, bob: User) -> None:
    late = start_lobby_duel(alice, bob, {"deadline_minutes": 5, "turn_limit": 1})
    on_time = start_lobby_duel(alice, bob, {"deadline_minutes": 5, "turn_limit": 1})
    _open_phase_minutes_ago(late, 6)
    stop = start(0.05)
    try:
        waited = 0.0
        while not late.events.filter(kind=Event.Kind.EXPIRED).exists() and waited < 20:
            time.sleep(0.05)
            waited += 0.05
    finally:
        stop()
    late.refresh_from_db()
    assert late.phase == "weapons"
    assert late.events.get(kind=Event.Kind.EXPIRED).payload["units"] == ["A", "B"]
    assert not on_time.events.filter(kind=Event.Kind.EXPIRED).exists()


@pytest.mark.django_db
def test_the_cron_command_sweeps_once(alice: User, bob: User, capsys: pytest.CaptureFixture[str]) -> None:
    late = start_lobby_duel(alice, bob, {"deadline_minutes": 5, "turn_limit": 1})
    _open_phase_minutes_ago(late, 6)
    call_command("matches_expire_deadlines")
    assert f"1 phases resolved at their deadline: [{late.pk}]" in capsys.readouterr().out
    assert late.events.filter(kind=Event.Kind.EXPIRED).count() == 1
