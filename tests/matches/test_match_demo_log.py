"""`manage.py demo` logs the demo match's start (issue 7: "provide a command that replays the event log from
the seed and orders"), so `verify_match` and the referee's annulment work on it like on a lobby match."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from matches import referee, services
from matches.management.commands.demo import DEMO_TITLE
from matches.models import Event, Match
from matches.replay import match_verify

pytestmark = pytest.mark.django_db

STAND_STILL = {"A": {"unit": "A", "mode": "walk", "steps": []}, "B": {"unit": "B", "mode": "walk", "steps": ["F"]}}


def _play_movement(match: Match) -> None:
    for side, unit in (("alice", "A"), ("bob", "B")):
        services.order_submit(match_id=match.pk, user=User.objects.get(username=side), order_json=STAND_STILL[unit])


def test_the_demo_match_starts_with_a_logged_start_and_verifies(capsys: Any) -> None:
    call_command("demo")
    demo = Match.objects.get(title=DEMO_TITLE)
    started = demo.events.get()
    assert (started.kind, started.version, started.payload["state"]) == (Event.Kind.STARTED, 0, demo.state)
    assert started.payload["seed_hash"] == demo.seed_hash
    _play_movement(demo)
    demo.refresh_from_db()
    assert demo.phase == "weapons" and match_verify(demo).problems == []

    # Finished by a decision (no more play): the command checks the seed, every roll and the final state.
    Match.objects.filter(pk=demo.pk).update(status=Match.Status.FINISHED)
    call_command("verify_match", str(demo.pk))
    assert f"OK match {demo.pk}" in capsys.readouterr().out


def test_the_referee_can_annul_the_demo_matchs_last_phase() -> None:
    call_command("demo")
    demo = Match.objects.get(title=DEMO_TITLE)
    start = demo.state
    _play_movement(demo)
    referee.referee_annul(match_id=demo.pk, user=User.objects.get(username="referee"), reason="try again")
    demo.refresh_from_db()
    assert (demo.state, demo.phase) == (start, "movement")
    assert match_verify(demo).problems == []


def test_demo_new_opens_a_second_match_beside_the_one_in_progress() -> None:
    call_command("demo")
    call_command("demo")
    in_progress = Match.objects.filter(status=Match.Status.IN_PROGRESS, title=DEMO_TITLE)
    assert in_progress.count() == 1
    call_command("demo", "--new")  # the e2e duel's own match
    assert in_progress.count() == 2
