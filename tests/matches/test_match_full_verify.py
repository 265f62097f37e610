"""Replay-verification of a full match (issue 7, 'Provably fair dice'): a lobby duel fought to its end with
weapon fire, physical attacks, referee corrections and an annulled phase replays from its seed and logged
orders roll for roll to the same final state; an edited log does not."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from matches import lobby, referee, services
from matches.errors import MatchError
from matches.models import Event, Match
from matches.replay import match_verify
from matches.selectors import player_view, viewer_for
from rules.battletech import codec
from rules.rulesets import get_ruleset
from tests.matches.lobby_duels import DUEL

pytestmark = pytest.mark.django_db

ENEMY = {"A": "B", "B": "A"}
PHYSICAL = [("kick", "RL"), ("kick", "LL"), ("punch", "RA"), ("punch", "LA")]


def candidates(match: Match, owner: User, unit: str) -> list[dict[str, Any]]:
    """The orders a player would try, the most violent first; the last one is always legal."""
    if match.phase == "movement":
        return [{"unit": unit, "mode": "walk", "steps": []}]
    if match.phase == "weapons":
        mech = player_view(match=match, viewer=viewer_for(match=match, user=owner))["mechs"][unit]
        working = [w["index"] for w in mech["weapons"] if not w["destroyed"] and not w["fired"]]
        return [{"unit": unit, "target": ENEMY[unit], "weapons": working}] + [
            {"unit": unit, "target": ENEMY[unit], "weapons": [index]} for index in working
        ] + [{"unit": unit}]
    return [{"unit": unit, "target": ENEMY[unit], "attack": a, "limb": limb} for a, limb in PHYSICAL] + [{"unit": unit}]


def play_phase(match: Match, players: dict[str, User]) -> None:
    """Every unit the phase waits for gets the first of its candidate orders that the server takes."""
    for unit in get_ruleset(match.ruleset).awaits(codec.state_from_json(match.state)):
        owner = players[unit]
        for order in candidates(match, owner, unit):
            try:
                services.order_submit(match_id=match.pk, user=owner, order_json=order)
                break
            except MatchError:
                continue
        match.refresh_from_db()


# A seed under which this fight reaches its end with hits and kicks (a random one sometimes ends the fight
# without a physical attack).
SEED = "00000000000000000000000000000004"


@pytest.fixture
def fought(alice: User, bob: User, ref: User) -> Match:
    match = lobby.match_open(host=alice, designs=DUEL, options={"turn_limit": 6})
    match.seed = SEED  # the hash published at the start is this seed's, as for any other
    match.save()
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    for user in (alice, bob):
        match.refresh_from_db()
        lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)
    # The referee puts both mechs face to face in the open, so they fight from the first turn.
    referee.referee_override(match_id=match.pk, user=ref, unit="A", changes={"hex": "0808", "facing": 0}, reason="set up")
    referee.referee_override(match_id=match.pk, user=ref, unit="B", changes={"hex": "0807", "facing": 3}, reason="set up")
    players = {"A": alice, "B": bob}
    annulled = False
    for _ in range(60):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        play_phase(match, players)
        match.refresh_from_db()
        if not annulled and match.turn == 1 and match.phase == "weapons":
            # The movement phase of turn 1 (its initiative roll) is played again with fresh dice.
            referee.referee_annul(match_id=match.pk, user=ref, reason="a disputed initiative roll")
            annulled = True
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and annulled
    return match


def test_a_fought_match_verifies_every_roll_and_its_final_state(fought: Match) -> None:
    attacks = [
        attack
        for playback in fought.events.filter(kind=Event.Kind.PLAYBACK)
        for report in playback.payload["timeline"].get("combat", [])
        for attack in report["attacks"]
    ]
    assert any(a["hit"] and a["damage"] for a in attacks)  # damage was done, so locations and criticals rolled
    assert {"kick", "punch"} & {a["attack"].split()[0] for a in attacks}

    out = StringIO()
    call_command("verify_match", str(fought.pk), stdout=out)
    assert out.getvalue().startswith(f"OK match {fought.pk}: seed {fought.seed} matches hash {fought.seed_hash}")
    assert match_verify(fought).rolls > 20


def test_a_correction_edited_to_do_more_than_it_says_does_not_verify(fought: Match) -> None:
    correction = fought.events.filter(kind=Event.Kind.OVERRIDDEN).first()
    state = correction.payload["state"]
    state["mechs"]["B"]["armour"] = {location: 1 for location in state["mechs"]["B"]["armour"]}
    Event.objects.filter(pk=correction.pk).update(payload={**correction.payload, "state": state})

    err = StringIO()
    with pytest.raises(CommandError, match="does not verify"):
        call_command("verify_match", str(fought.pk), stderr=err)
    assert f"v{correction.version}: the referee's correction changed more than it says" in err.getvalue()
