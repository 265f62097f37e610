"""The replay viewer of a finished match in a real browser (issue 8): turn by turn and PM by PM, the board
shows the positions the match recorded, and the scrubber follows."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from collections.abc import Callable

import pytest

from tests.e2e.conftest import poses

pytestmark = pytest.mark.e2e

# A two-turn lobby duel of the demo's players, played to its end through the services (as
# tests/matches/test_match_replay.py does): each turn A walks forward, turns right and walks on, B walks
# two hexes; both hold fire and make no physical attack. Prints the match id.
FINISH_A_MATCH = """
from django.contrib.auth.models import User
from matches import lobby, services
from matches.models import Match

alice, bob = User.objects.get(username="alice"), User.objects.get(username="bob")
designs = {"red": "Phoenix Hawk PXH-1", "blue": "Shadow Hawk SHD-2H"}
match = lobby.match_open(host=alice, title="Replay", designs=designs, options={"turn_limit": 2})
lobby.match_join(match_id=match.pk, user=bob, role="player")
for user in (alice, bob):
    match.refresh_from_db()
    lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)
match.refresh_from_db()
steps = {"A": ["F", "R", "F"], "B": ["F", "F"]}
while match.status == Match.Status.IN_PROGRESS:
    for user, unit in ((alice, "A"), (bob, "B")):
        order = {"unit": unit, "mode": "walk", "steps": steps[unit]} if match.phase == "movement" else {"unit": unit}
        services.order_submit(match_id=match.pk, user=user, order_json=order)
    match.refresh_from_db()
assert match.status == Match.Status.FINISHED, match.status
print(f"finished match {match.pk}")
"""

# The poses shown (unit: hex/facing) at each step of the two movement phases: one per PM tick, then the
# phase's end state. A starts in 0917 facing north, B in 0901 facing south; A's three PM take three
# ticks and B's two fall on the last two (Solaris VII "Movimiento PM a PM").
TURN_1 = [
    {"A": "0916/0", "B": "0901/3"},
    {"A": "0916/1", "B": "0902/3"},
    {"A": "1015/1", "B": "0903/3"},
    {"A": "1015/1", "B": "0903/3"},
]
TURN_2 = [
    {"A": "1115/1", "B": "0903/3"},
    {"A": "1115/2", "B": "0904/3"},
    {"A": "1215/2", "B": "0905/3"},
    {"A": "1215/2", "B": "0905/3"},
]


def shows(page: Any, step: int, expected: dict[str, str]) -> None:
    """Wait until the scrubber stands at `step`, then check the board shows `expected`."""
    page.wait_for_function(f"document.querySelector('#playback-scrubber').value === '{step}'")
    assert poses(page) == expected, f"step {step}"


def test_the_replay_viewer_steps_through_the_recorded_turns(
    browser: Any, daphne_server: dict[str, str], server_manage: Callable[..., str], artifacts: Path
) -> None:
    match_id = server_manage("shell", "-c", FINISH_A_MATCH).split()[-1]
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{daphne_server['url']}/matches/{match_id}/replay/")
        page.wait_for_selector("#replay[data-loaded='true']")
        assert poses(page) == {"A": "0917/0", "B": "0901/3"}, "the board starts from the match's start"
        phases = page.locator("#replay-phases button:not([data-start])")
        assert phases.all_inner_texts() == [
            "Turn 1: movement", "Turn 1: weapons", "Turn 1: physical",
            "Turn 2: movement", "Turn 2: weapons", "Turn 2: physical",
        ]

        # Turn 1 plays to its end; then back PM by PM to the first tick, forward one, and the scrubber.
        phases.nth(0).click()
        page.wait_for_selector("#replay[data-played='0'] #replay-phases li:nth-child(2) [aria-current]")
        assert page.get_attribute("#playback-scrubber", "max") == "3"
        shows(page, 3, TURN_1[3])
        for step in (2, 1, 0):
            page.click("[data-playback='back']")
            shows(page, step, TURN_1[step])
        page.click("[data-playback='step']")
        shows(page, 1, TURN_1[1])
        page.eval_on_selector(
            "#playback-scrubber", "s => { s.value = '2'; s.dispatchEvent(new Event('input')); }"
        )
        shows(page, 2, TURN_1[2])
        assert "step 3 of 4" in page.inner_text("#playback-status")

        # Turn 2 starts where turn 1 left the mechs.
        phases.nth(3).click()
        page.wait_for_selector("#replay[data-played='3']")
        shows(page, 3, TURN_2[3])
        for step in (2, 1, 0):
            page.click("[data-playback='back']")
            shows(page, step, TURN_2[step])
        page.screenshot(path=str(artifacts / "replay-viewer.png"), full_page=True)

        # A phase without movement leaves the mechs where the movement before it put them.
        phases.nth(4).click()
        page.wait_for_selector("#replay[data-played='4']")
        assert poses(page) == TURN_2[3]
    finally:
        context.close()
