"""The match page on a phone (issue 16): at 390×844 the board and the order being given fit one screen, the
submit button in reach without scrolling, no keyboard help on a touch screen, and a tapped hex's terrain and
level read out above the board."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

HEIGHT = 844


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found, f"{selector} is not shown"
    return found


def test_a_phone_shows_the_board_and_the_order_controls_on_one_screen(
    open_page: Any, server_manage: Callable[..., str], artifacts: Path
) -> None:
    match = re.search(r"Match page: (\S+)", server_manage("demo", "--new"))
    assert match, "manage.py demo --new did not print the match page"
    alice = open_page("alice", match.group(1), phone=True)
    alice.wait_for_selector("#orders[data-state='plotting']")
    assert alice.evaluate("() => window.scrollY") == 0

    submit, board, sheet = box(alice, "[data-action='submit']"), box(alice, "#board svg"), box(alice, "#orders")
    assert submit["y"] >= 0 and submit["y"] + submit["height"] <= HEIGHT, "submit is in reach without scrolling"
    assert board["y"] < sheet["y"] and board["y"] + board["height"] / 2 < sheet["y"], "the board shows above the sheet"
    assert sheet["y"] + sheet["height"] <= HEIGHT + 1
    assert not alice.is_visible(".board-keys"), "no keyboard help on a touch screen"

    # A tap plots, and the plot is submitted from the sheet, still without scrolling.
    alice.tap(".hex[data-hex='0815']")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='1']")
    # The tap also reads the hex out above the board (no tooltip follows a finger): its number and terrain.
    alice.wait_for_selector("#hex-reading[data-hex='0815']")
    reading = box(alice, "#hex-reading")
    assert reading["y"] >= 0 and reading["y"] + reading["height"] <= sheet["y"], "the reading is not under the sheet"
    # What the tooltip says: the hex's number, level and terrain (its aria-label), and the PM to reach it.
    label = alice.get_attribute(".hex[data-hex='0815']", "aria-label")
    assert alice.inner_text("#hex-reading") == f"{label} · 1 PM"
    woods = alice.locator(".hex[aria-label*='woods']").first
    woods.tap()
    assert alice.inner_text("#hex-reading").startswith(woods.get_attribute("aria-label"))
    alice.screenshot(path=str(artifacts / "phone-plotting.png"))
    alice.tap("[data-action='submit']")
    alice.wait_for_selector("#orders[data-state='submitted']")
    assert alice.evaluate("() => window.scrollY") == 0
