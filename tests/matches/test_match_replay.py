"""Provably fair dice and replays (issue 7): a full lobby match is replayed from its seed and logged orders."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from matches import lobby, services
from matches.models import Event, Match
from tests.matches.lobby_duels import DUEL

# Per phase of turn 1, each side's order: both walk, then hold fire and make no physical attack.
ORDERS = {
    "movement": {"A": {"unit": "A", "mode": "walk", "steps": ["F", "F"]},
                 "B": {"unit": "B", "mode": "walk", "steps": ["F"]}},
    "weapons": {"A": {"unit": "A"}, "B": {"unit": "B"}},
    "physical": {"A": {"unit": "A"}, "B": {"unit": "B"}},
}


def play_one_turn_match(alice: User, bob: User) -> Match:
    """A lobby duel with a one-turn limit, played to its end through the services."""
    match = lobby.match_open(host=alice, designs=DUEL, options={"turn_limit": 1})
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    for user in (alice, bob):
        match.refresh_from_db()
        lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)
    for _ in range(len(ORDERS)):
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        for user, unit in ((alice, "A"), (bob, "B")):
            services.order_submit(match_id=match.pk, user=user, order_json=ORDERS[match.phase][unit])
    match.refresh_from_db()
    return match


@pytest.fixture
def finished(alice: User, bob: User) -> Match:
    match = play_one_turn_match(alice, bob)
    assert match.status == Match.Status.FINISHED
    return match


def test_verify_match_replays_every_roll_of_a_full_match(finished: Match) -> None:
    out = StringIO()
    call_command("verify_match", str(finished.pk), stdout=out)
    assert out.getvalue().startswith(f"OK match {finished.pk}: seed {finished.seed}")
    assert "0 rolls" not in out.getvalue()  # initiative at least was rolled and checked


def test_verify_match_catches_a_tampered_roll(finished: Match) -> None:
    playback = finished.events.filter(kind=Event.Kind.PLAYBACK).first()
    timeline = playback.payload["timeline"]
    roll = timeline["rolls"][0]
    roll["dice"] = [7 - die for die in roll["dice"]]
    # Event.save refuses changes (append-only): only a direct UPDATE can tamper, as an attacker would.
    Event.objects.filter(pk=playback.pk).update(payload={**playback.payload, "timeline": timeline})
    err = StringIO()
    with pytest.raises(CommandError, match="does not verify"):
        call_command("verify_match", str(finished.pk), stderr=err)
    assert "resolves differently" in err.getvalue()


def test_verify_match_refuses_a_match_still_being_played(alice: User) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    with pytest.raises(CommandError, match="revealed when it finishes"):
        call_command("verify_match", str(match.pk))


def test_replay_api_gives_each_phase_with_its_orders_once_finished(finished: Match) -> None:
    body = Client().get(f"/api/matches/{finished.pk}/replay/").json()
    assert body["seed"] == finished.seed
    assert body["start"]["units"][0]["hex"] == "0917"
    movement = body["phases"][0]
    assert (movement["turn"], movement["phase"]) == (1, "movement")
    assert movement["orders"] == [ORDERS["movement"]["A"], ORDERS["movement"]["B"]]
    assert body["phases"][-1]["state"]["result"] is not None
    # Who played which side, and the end-of-match summary (nobody fired: no shots counted).
    assert body["players"] == {"red": "alice", "blue": "bob"}
    assert body["summary"] == {"units": {}}


def test_replay_api_refuses_a_match_in_play(alice: User) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    response = Client().get(f"/api/matches/{match.pk}/replay/")
    assert response.status_code == 409
    assert response.json()["code"] == "replay.not_finished"
