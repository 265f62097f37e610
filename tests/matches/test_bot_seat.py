"""A match against the computer (issue "Play against the computer"): the bot is a seated user whose orders go
through the same order pipeline as a person's, triggered each time a phase opens, so a human against a bot
plays through a whole turn and every bot order is logged as a submit."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import bots, services
from matches.errors import MatchError
from matches.models import Event, Match
from matches.pipeline import match_create
from rules.rulesets import get_ruleset

SOLARIS = get_ruleset("solaris")
# What the person (side alice, unit A) does each phase: stand, hold fire, no physical attack.
HUMAN = {"movement": {"unit": "A", "mode": "walk", "steps": []}, "weapons": {"unit": "A"}, "physical": {"unit": "A"}}


@pytest.mark.django_db(transaction=True)
def test_a_person_against_the_computer_plays_a_whole_turn(alice: User) -> None:
    computer = bots.bot_user("easy")
    match = match_create(state=SOLARIS.example({}), players={"alice": alice, "bob": computer}, seed="bot-seat")
    bots.schedule(match.pk)  # the first phase opened with the match
    try:
        for _ in range(6):
            bots.settle()
            match.refresh_from_db()
            if match.turn > 1:
                break
            state = SOLARIS.state_from_json(match.state)
            if "A" in SOLARIS.awaits(state):
                services.order_submit(match_id=match.pk, user=alice, order_json=HUMAN[match.phase],
                                      turn=match.turn, phase=match.phase)
        bots.settle()
    finally:
        bots.settle()
    match.refresh_from_db()
    assert match.turn == 2 or match.status == Match.Status.FINISHED
    submitted: list[dict[str, Any]] = [e.payload for e in match.events.filter(kind=Event.Kind.SUBMITTED)]
    by_bot = [payload for payload in submitted if payload["player"] == "computer-easy"]
    assert {payload["phase"] for payload in by_bot if payload["turn"] == 1} >= {"movement", "weapons"}
    assert all(payload["side"] == "bob" for payload in by_bot)
    # The bot cannot log in.
    assert not computer.has_usable_password()


@pytest.mark.django_db
def test_an_unknown_bot_level_is_a_coded_refusal() -> None:
    with pytest.raises(MatchError) as refused:
        bots.bot_user("grandmaster")
    assert refused.value.code == "bot.unknown_level"


@pytest.mark.django_db
def test_level_of_a_person_is_none(alice: User) -> None:
    assert bots.level_of(alice) is None
    assert bots.level_of(bots.bot_user("hard")) == "hard"
