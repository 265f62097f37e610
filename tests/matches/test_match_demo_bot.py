"""`manage.py demo`'s match against the computer (issue 22): a newcomer alone logs in as alice, finds it on the
home page and plays a whole duel against the bot, whose orders go through the pipeline like hers; the log
verifies from the seed at the end."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from matches import bots, services
from matches.management.commands.demo import BOT_LEVEL, BOT_TITLE
from matches.models import Event, Match
from matches.replay import match_verify
from rules.core.dice import Dice
from rules.rulesets import get_bot, get_ruleset

pytestmark = pytest.mark.django_db

SOLARIS = get_ruleset("solaris")
# A duel between bots ends in about 25 turns of 3 phases (bench/bench_bot.py); this bounds a stuck one.
MOST_PHASES = 240


def test_the_demo_opens_a_match_against_the_computer_on_the_home_page() -> None:
    call_command("demo")
    call_command("demo")  # kept, not opened twice
    against = Match.objects.get(title=BOT_TITLE)
    assert against.status == Match.Status.IN_PROGRESS
    seats = dict(against.participants.values_list("side", "user__username"))
    assert seats == {"alice": "alice", "bob": f"computer-{BOT_LEVEL}"}
    # The computer has given its first order already; the phase waits for alice's.
    assert [e.payload["player"] for e in against.events.filter(kind=Event.Kind.SUBMITTED)] == [f"computer-{BOT_LEVEL}"]
    assert f'href="/matches/{against.pk}/"' in Client().get("/").content.decode()


def test_alice_alone_plays_the_demo_duel_against_the_computer_to_its_end() -> None:
    # On seeded dice, so the duel is the same every run: on a fresh seed about one duel in eight outlasted
    # MOST_PHASES (81 turns and going, both mechs standing), and the test failed by chance.
    call_command("demo", seed="demo-against-the-computer")
    match = Match.objects.get(title=BOT_TITLE)
    alice, hers = User.objects.get(username="alice"), get_bot("solaris", "hard")
    assert hers is not None
    for _ in range(MOST_PHASES):
        if match.status != Match.Status.IN_PROGRESS:
            break
        state = SOLARIS.state_from_json(match.state)
        for order in hers.orders(state, "alice", Dice(f"alice:{match.turn}:{match.phase}")):
            services.order_submit(match_id=match.pk, user=alice, order_json=order, turn=match.turn, phase=match.phase)
        # The test's transaction never commits, so the bot's worker is not woken: its turn is played here.
        bots.play_bots(match.pk)
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.state["result"]["winner"] in ("alice", "bob", None)
    assert match_verify(match).problems == []
