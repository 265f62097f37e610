"""The match page on a phone (issue 16): at 390×844 the board and the order being given fit one screen, the
submit button in reach without scrolling, and no keyboard help on a touch screen."""

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
    alice.screenshot(path=str(artifacts / "phone-plotting.png"))
    alice.tap("[data-action='submit']")
    alice.wait_for_selector("#orders[data-state='submitted']")
    assert alice.evaluate("() => window.scrollY") == 0
