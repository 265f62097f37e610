"""Phase deadlines (issue 7): a player who misses one stands still / holds fire, and the phase resolves."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User

from matches import lobby, services
from matches.deadlines import deadlines_expire
from matches.models import Event, Match
from matches.replay import match_verify
from matches.selectors import phase_deadline
from tests.matches.lobby_duels import DUEL, start_lobby_duel

ALICE_MOVE = {"unit": "A", "mode": "walk", "steps": ["F", "F"]}


@pytest.fixture
def started(alice: User, bob: User) -> Match:
    return start_lobby_duel(alice, bob, {"deadline_minutes": 5, "turn_limit": 1})


def _unit(match: Match, unit_id: str) -> dict:
    match.refresh_from_db()
    return next(unit for unit in match.state["units"] if unit["id"] == unit_id)


def test_the_deadline_runs_from_the_start_of_the_phase(started: Match) -> None:
    opened = started.events.get(kind=Event.Kind.STARTED).created_at
    assert phase_deadline(started) == opened + timedelta(minutes=5)


def test_before_the_deadline_nothing_happens(started: Match) -> None:
    assert deadlines_expire(now=phase_deadline(started) - timedelta(seconds=1)) == []
    assert Match.objects.get(pk=started.pk).version == started.version


def test_a_missed_movement_deadline_stands_the_unit_still_and_resolves(started: Match, alice: User) -> None:
    services.order_submit(match_id=started.pk, user=alice, order_json=ALICE_MOVE)
    b_before = _unit(started, "B")
    assert deadlines_expire(now=phase_deadline(started)) == [started.pk]
    started.refresh_from_db()
    expired = started.events.get(kind=Event.Kind.EXPIRED)
    assert expired.payload["units"] == ["B"] and expired.payload["default"] == "stand still"
    assert started.phase == "weapons"
    assert (_unit(started, "B")["hex"], _unit(started, "B")["facing"]) == (b_before["hex"], b_before["facing"])
    assert _unit(started, "A")["hex"] != "0917"


def test_expired_phases_hold_fire_and_the_match_still_verifies(started: Match) -> None:
    """Every phase of a one-turn match left to its deadlines: nobody moves or fires, the end is on record."""
    for _ in range(3):  # movement, weapons, physical
        started.refresh_from_db()
        deadlines_expire(now=phase_deadline(started) + timedelta(seconds=1))
    started.refresh_from_db()
    assert started.status == Match.Status.FINISHED
    defaults = list(started.events.filter(kind=Event.Kind.EXPIRED).values_list("payload__default", flat=True))
    assert defaults == ["stand still", "hold fire", "hold fire"]
    assert match_verify(started).problems == []


def test_paused_or_deadline_free_matches_are_left_alone(started: Match, alice: User) -> None:
    no_deadline = lobby.match_open(host=alice, designs=DUEL)
    Match.objects.filter(pk=started.pk).update(status=Match.Status.PAUSED)
    assert deadlines_expire(now=phase_deadline(started) + timedelta(days=30)) == []
    assert phase_deadline(no_deadline) is None
