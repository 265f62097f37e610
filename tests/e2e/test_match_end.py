"""The end of a match in the browser (issue 16): the finished match page shows the result, the end-of-match
summary (shots, hits, damage dealt and taken, counted by the server) and a link to the replay; the replay
viewer shows the result, the summary, the revealed seed checked against the published hash with how to verify
it, starts from the starting positions (reachable again after any phase), and its last phase leaves the board
as the live page shows it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import poses

pytestmark = pytest.mark.e2e

# The demo duel face to face (A in 0808 facing north, B in 0807 facing south), one turn: nobody moves, both
# fire their lasers, no physical attack; the turn limit of 1 ends it. Prints the match id.
FOUGHT_MATCH = """
from dataclasses import replace
from django.contrib.auth.models import User
from matches import services
from matches.models import Match
from matches.pipeline import match_create
from rules.core.hexes import Hex
from rules.rulesets.solaris.demo import demo_duel_state

alice, bob = User.objects.get(username="alice"), User.objects.get(username="bob")
state = demo_duel_state()
poses = {"A": ("0808", 0), "B": ("0807", 3)}
units = tuple(replace(u, hex=Hex.parse(poses[u.id][0]), facing=poses[u.id][1]) for u in state.units)
match = match_create(state=replace(state, units=units, options={"turn_limit": 1}), players={"alice": alice, "bob": bob},
                     title="A fight", seed="e2e summary seed")
orders = [
    {"A": {"unit": "A", "mode": "walk", "steps": []}, "B": {"unit": "B", "mode": "walk", "steps": []}},
    {"A": {"unit": "A", "target": "B", "weapons": ["Large Laser", "Medium Laser [LA]"], "twist": 0},
     "B": {"unit": "B", "target": "A", "weapons": ["Medium Laser", "SRM 2"], "twist": 0}},
    {"A": {"unit": "A"}, "B": {"unit": "B"}},
]
for phase_orders in orders:
    for user, unit in ((alice, "A"), (bob, "B")):
        services.order_submit(match_id=match.pk, user=user, order_json=phase_orders[unit])
match.refresh_from_db()
assert match.status == Match.Status.FINISHED, match.status
print(match.pk)
"""


def test_the_finished_match_sums_up_and_its_replay_verifies(
    open_page: Any, server_manage: Callable[..., str], artifacts: Path
) -> None:
    match_id = server_manage("shell", "-c", FOUGHT_MATCH).split()[-1]
    page = open_page("alice", f"/matches/{match_id}/")
    page.wait_for_selector("#match-over #replay-link")
    assert "Match over after turn 1" in page.inner_text("#match-over")
    page.wait_for_selector("#match-summary:not([hidden]) tr[data-unit='A']")
    headers = page.locator("#match-summary tr").first.locator("th").all_inner_texts()
    assert headers == ["Unit", "Shots", "Hits", "Damage dealt", "Damage taken"]
    for unit in "AB":
        assert page.inner_text(f"#match-summary tr[data-unit='{unit}'] td.shots") == "2"
    dealt = {unit: int(page.inner_text(f"#match-summary tr[data-unit='{unit}'] td.damage_dealt")) for unit in "AB"}
    taken = {unit: int(page.inner_text(f"#match-summary tr[data-unit='{unit}'] td.damage_taken")) for unit in "AB"}
    assert dealt == {"A": taken["B"], "B": taken["A"]}
    page.screenshot(path=str(artifacts / "match-summary.png"))
    live = poses(page)

    page.click("#replay-link")
    page.wait_for_selector("#replay[data-loaded='true']")
    assert "Match over after turn 1" in page.inner_text("#replay-result")
    assert page.inner_text("#match-summary tr[data-unit='A'] td.shots") == "2"
    # The seed, checked in the browser against the hash published at the start, and how to check it oneself.
    page.wait_for_selector("#replay-seed .seed-check[data-verified='true']")
    assert page.inner_text("#replay-seed .seed") == "e2e summary seed"
    assert "verify_match" in page.inner_text("#replay-seed")
    start = {"A": "0808/0", "B": "0807/3"}
    assert poses(page) == start

    # The last phase leaves the board as the live page shows it; the starting position is one click away.
    phases = page.locator("#replay-phases button:not([data-start])")
    last = phases.count() - 1
    phases.nth(last).click()
    page.wait_for_selector(f"#replay[data-played='{last}']", timeout=30_000)
    assert poses(page) == live
    page.click("#replay-phases button[data-start]")
    page.wait_for_selector("#replay[data-played='start']")
    assert poses(page) == start
    page.screenshot(path=str(artifacts / "replay-seed.png"), full_page=True)
