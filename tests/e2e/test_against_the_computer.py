"""Play against the computer in the browser (issue 22): alice opens a match against the easy bot from the
new-match page, lands on its board, plots and submits her move, and the phase resolves with the bot's move
(given through the server's pipeline by its worker); the demo's match against the computer is on the home
page for a newcomer alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

PLAYBACK_MS = 30_000


def test_alice_plays_a_phase_against_the_computer(open_page: Any, daphne_server: dict[str, str],
                                                  artifacts: Path) -> None:
    alice = open_page("alice")
    home = alice.goto(daphne_server["url"] + "/")
    assert home is not None and home.ok
    assert alice.locator("text=Demo duel against the computer").count() >= 1

    alice.goto(daphne_server["url"] + "/matches/new/")
    alice.select_option("select[name='side']", "red")
    alice.select_option("select[name='bot']", "easy")
    alice.click("form.new-match button[type=submit]")
    alice.wait_for_url(re.compile(r"/matches/\d+/$"))
    alice.wait_for_selector("#match[data-version] .unit[data-unit='B']")
    assert alice.get_attribute("#match", "data-role") == "player"

    alice.wait_for_selector("#orders[data-state='plotting']")
    alice.keyboard.press("w")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='1']")
    alice.click("[data-action='submit']")
    alice.wait_for_selector("#match[data-playback='done']", timeout=PLAYBACK_MS)
    alice.wait_for_selector("#match-state[data-turn='1'][data-phase='weapons']")
    alice.screenshot(path=str(artifacts / "against-the-computer.png"))
