"""The server bounds a bot's decision in wall-clock time and has bots answer reaction windows (issue 22): a bot
that overruns `ARBITRO_BOT_SECONDS` has its fallback orders sent (orders the rules accept, found without
weighing anything), and a reaction window that asks a bot's unit is answered by the bot through the pipeline
at once, not left to its deadline (on the Sentry test game, tests/rulesets/sentry.py)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import bots, services
from matches.models import Event, Match
from matches.pipeline import match_create
from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.phases import Json
from rules.core.playback import ReactionWindow
from rules.rulesets import BOTS, RULESETS, get_ruleset
from rules.rulesets.solaris.bot import SolarisBot
from tests.rulesets.sentry import SentryRuleset, SentryState, Trooper, hex_

SOLARIS = get_ruleset("solaris")


@pytest.mark.django_db
def test_a_bot_that_overruns_its_deadline_sends_its_fallback_orders(
        alice: User, settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.ARBITRO_BOT_SECONDS = 0.01
    released = threading.Event()

    def stuck(self: SolarisBot, state: Any, side: str, dice: Dice) -> list[Json]:
        released.wait(timeout=30)  # thinks until the test lets it go
        return []

    monkeypatch.setattr(SolarisBot, "orders", stuck)
    match = match_create(state=SOLARIS.example({}), players={"alice": alice, "bob": bots.bot_user("hard")})
    try:
        assert bots.play_bots(match.pk) == 1
    finally:
        released.set()
    submitted = match.events.get(kind=Event.Kind.SUBMITTED).payload
    assert (submitted["player"], submitted["phase"]) == ("computer-hard", "movement")
    # Standing where it is: the order the rules accept without any search.
    assert match.orders.get().order == {"unit": "B", "mode": "walk", "steps": []}


class SentryBot:
    """Runs nowhere (the sentry awaits no order) and shoots whatever a window asks it about."""

    def __init__(self, ruleset: Any, level: str) -> None:
        self.ruleset = ruleset

    def orders(self, state: Any, side: str, dice: Dice) -> list[Json]:
        return []

    def fallback(self, state: Any, side: str) -> list[Json]:
        return []

    def react(self, state: Any, window: ReactionWindow, unit: str, dice: Dice) -> Json | None:
        choices: list[Json] = self.ruleset.reaction_choices(state, window, unit)
        return choices[0]["order"]


@pytest.mark.django_db(transaction=True)
def test_a_bot_answers_the_window_that_asks_it_and_the_phase_resolves(
        alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RULESETS, "sentry", SentryRuleset())
    monkeypatch.setitem(BOTS, "sentry", SentryBot)
    state = SentryState(Board(12, 12), (Trooper("R", hex_("0510"), 0, side="alice"),
                                        Trooper("S", hex_("0606"), 0, side="bob", sentry=True)))
    match = match_create(state=state, players={"alice": alice, "bob": bots.bot_user("easy")}, ruleset="sentry")
    try:
        services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "R", "hexes": 6})
    finally:
        bots.settle()
    reacted = match.events.get(kind=Event.Kind.REACTED).payload
    assert (reacted["unit"], reacted["order"], "expired" in reacted) == ("S", {"shoot": "R"}, False)
    assert match.events.filter(kind=Event.Kind.PLAYBACK).exists()
    match.refresh_from_db()
    assert match.status in (Match.Status.IN_PROGRESS, Match.Status.FINISHED)
