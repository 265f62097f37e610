"""Take back my order (issue 16): a player submits a move, takes it back before the phase resolves (the other
player sees the side owe an order again), changes it and submits again, and the playback plays the new order;
a declared attack is taken back the same way. And the optional your-turn sound: off until switched on,
remembered across a reload, ringing when an order becomes owed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

PLAYBACK_MS = 30_000

# A fresh demo duel with a long deadline; prints its id.
DUEL = """
from django.contrib.auth.models import User
from matches.pipeline import match_create
from rules.rulesets.solaris.demo import demo_duel_state

players = {"alice": User.objects.get(username="alice"), "bob": User.objects.get(username="bob")}
print(match_create(state=demo_duel_state(), players=players, title="Take back", options={"deadline_minutes": 30}).pk)
"""

# Counts the chimes the page rings (an AudioContext per chime), without a sound card.
COUNT_CHIMES = """
window.chimes = 0;
window.AudioContext = class { constructor() { window.chimes++; throw new Error("no audio in the test"); } };
"""


def test_a_submitted_move_and_attack_are_taken_back_changed_and_resubmitted(
    open_page: Any, server_manage: Callable[..., str], artifacts: Path
) -> None:
    match = f"/matches/{server_manage('shell', '-c', DUEL).split()[-1]}/"
    alice, bob = open_page("alice", match), open_page("bob", match)
    start = alice.get_attribute(".unit[data-unit='A']", "data-hex")

    alice.wait_for_selector("#orders[data-state='plotting']")
    alice.keyboard.press("w")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='1']")
    alice.click("[data-action='submit']")
    alice.wait_for_selector("#orders[data-state='submitted'] [data-take-back]:visible")
    bob.wait_for_selector("#sides [data-side='alice'][data-submitted='true']")
    alice.screenshot(path=str(artifacts / "take-back-offered.png"))

    alice.click("#orders [data-take-back]")
    # The order is back as the plot, to change; bob's page sees alice's side owe an order again.
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='1']")
    assert "Order taken back" in alice.inner_text("#status")
    bob.wait_for_selector("#sides [data-side='alice'][data-submitted='false']")
    alice.keyboard.press("w")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='2']")
    alice.click("[data-action='submit']")
    alice.wait_for_selector("#orders[data-state='submitted']")
    bob.wait_for_selector("#orders[data-state='plotting']")
    bob.click("[data-action='submit']")

    # The playback plays the second order: two hexes forward.
    for page in (alice, bob):
        page.wait_for_selector("#attack[data-state='choosing'][data-phase='weapons']", timeout=PLAYBACK_MS)
    assert alice.get_attribute(".unit[data-unit='A']", "data-hex") != start

    # A declared attack (holding fire) is taken back too, and the panel lets alice choose again.
    alice.click("#attack [data-attack='hold']")
    alice.wait_for_selector("#attack[data-state='submitted'] [data-take-back]:visible")
    alice.click("#attack [data-take-back]")
    alice.wait_for_selector("#attack[data-state='choosing']")
    bob.wait_for_selector("#sides [data-side='alice'][data-submitted='false']")


def test_the_your_turn_sound_is_off_until_switched_on_and_then_rings(
    open_page: Any, server_manage: Callable[..., str]
) -> None:
    match = f"/matches/{server_manage('shell', '-c', DUEL).split()[-1]}/"
    alice = open_page("alice", match)
    alice.context.add_init_script(COUNT_CHIMES)
    alice.reload()
    alice.wait_for_selector("#orders[data-state='plotting']")
    assert not alice.is_checked("#sound-cue")
    assert alice.evaluate("window.chimes") == 0  # the order is owed, but the sound is off

    alice.check("#sound-cue")
    alice.reload()
    alice.wait_for_selector("#orders[data-state='plotting']")
    assert alice.is_checked("#sound-cue")  # remembered
    assert alice.evaluate("window.chimes") == 1  # rung once as the owed order showed
    assert alice.locator("label:has(#sound-cue)").inner_text().strip() == "Sound when it is my turn"
