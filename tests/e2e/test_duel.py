"""A whole turn of the demo duel in three browsers: alice and bob plot and submit, a spectator watches,
and all three see the same PM-by-PM playback end in the same positions (issue 2, "Done when")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

PLAYBACK_SECONDS = 30_000  # ms: generous, the machine is shared

# The demo mechs walk 5 PM. Alice's A starts in 0816 facing north, Bob's B in 0802 facing south.
# Alice: forward, turn right, forward three times (5 PM); Bob: forward three times (3 PM).
# Played PM by PM (Solaris VII "Movimiento PM a PM"), B's three PM fall on ticks 2, 4 and 5 of 5.
EXPECTED_MOVES = {
    "A": ["0816/0", "0815/0", "0815/1", "0915/1", "1014/1", "1114/1"],
    "B": ["0802/3", "0803/3", "0804/3", "0805/3"],
}

# Collects each unit marker's successive poses, so the test sees the playback and not only its end.
RECORD_MOVES = """() => {
  window.recordedMoves = {};
  for (const unit of document.querySelectorAll('.unit')) {
    const pose = () => `${unit.dataset.hex}/${unit.dataset.facing}`;
    const moves = (window.recordedMoves[unit.dataset.unit] = [pose()]);
    new MutationObserver(() => { if (moves.at(-1) !== pose()) moves.push(pose()); })
      .observe(unit, {attributes: true, attributeFilter: ['data-hex', 'data-facing']});
  }
}"""


@pytest.fixture
def open_page(browser: Any, daphne_server: dict[str, str]) -> Iterator[Any]:
    """Opens the demo match in a browser context of its own, logged in as `user` or anonymous."""
    contexts = []
    page_errors: list[str] = []

    def open_as(user: str | None) -> Any:
        context = browser.new_context(viewport={"width": 1300, "height": 1000})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: page_errors.append(f"{user}: {error}"))
        if user:
            page.goto(f"{daphne_server['url']}/accounts/login/?next={daphne_server['match']}")
            page.fill("#id_username", user)
            page.fill("#id_password", f"{user}-demo")
            page.click("form button[type=submit]")
            page.wait_for_url(f"**{daphne_server['match']}")
        else:
            page.goto(daphne_server["url"] + daphne_server["match"])
        page.wait_for_selector("#match[data-version] .unit[data-unit='B']")
        return page

    yield open_as
    for context in contexts:
        context.close()
    assert not page_errors, page_errors


def poses(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.unit')]"
        ".map(u => [u.dataset.unit, `${u.dataset.hex}/${u.dataset.facing}`]))"
    )


def plot(page: Any, *, click: str | None = None, key: str | None = None, expect_mp: int) -> None:
    """One plotting action, then wait for the server's priced path."""
    if click:
        page.click(f".hex[data-hex='{click}']")
    if key:
        page.keyboard.press(key)
    page.wait_for_selector(f"#orders[data-state='plotting'] #pm[data-mp='{expect_mp}']")


def test_two_players_and_a_spectator_see_the_same_playback(open_page: Any, artifacts: Path) -> None:
    alice, bob, spectator = open_page("alice"), open_page("bob"), open_page(None)
    pages = {"alice": alice, "bob": bob, "spectator": spectator}

    assert spectator.get_attribute("#match", "data-role") == "spectator"
    assert spectator.locator("#orders").count() == 0, "spectators get no order controls"
    assert alice.get_attribute("#match", "data-role") == "player"

    # The spectator's socket is refused when it sends an order behind the page's back.
    spectator.evaluate(
        "() => window.arbitro.socket.send({type: 'submit', turn: 1, order: {unit: 'A', mode: 'walk', steps: ['F']}})"
    )
    spectator.wait_for_selector("#status[data-code='order.spectator']")

    for page in pages.values():
        page.evaluate(RECORD_MOVES)

    # Alice plots by clicking hexes and with the keyboard; the server prices every step.
    plot(alice, click="0815", expect_mp=1)
    plot(alice, key="d", expect_mp=2)
    plot(alice, click="0915", expect_mp=3)
    plot(alice, key="w", expect_mp=4)
    plot(alice, key="w", expect_mp=5)
    # A sixth PM is beyond her walk: the server refuses it and the step is taken back.
    alice.keyboard.press("w")
    alice.wait_for_selector("#plot-message[data-code='move.insufficient_mp']")
    assert alice.locator("#plot-steps li").count() == 5
    assert alice.get_attribute("#pm", "data-mp") == "5"
    alice.screenshot(path=str(artifacts / "alice-plotting.png"), full_page=True)
    alice.click("[data-action='submit']")
    alice.wait_for_selector("#orders[data-state='submitted']")

    # Everyone hears that alice has submitted, and nothing about where she goes.
    spectator.wait_for_selector("#sides [data-side='alice'][data-submitted='true']")
    bob.wait_for_selector("#sides [data-side='alice'][data-submitted='true']")
    assert bob.locator(".path-line").count() == 0

    plot(bob, click="0803", expect_mp=1)
    plot(bob, click="0804", expect_mp=2)
    plot(bob, key="w", expect_mp=3)
    bob.click("[data-action='submit']")

    for name, page in pages.items():
        page.wait_for_selector("#match[data-playback='done']", timeout=PLAYBACK_SECONDS)
        page.wait_for_selector("#match-state[data-turn='2']")
        moves = page.evaluate("() => window.recordedMoves")
        assert moves == EXPECTED_MOVES, f"{name} saw another playback"
        page.screenshot(path=str(artifacts / f"{name}-after-playback.png"))

    final = {unit: steps[-1] for unit, steps in EXPECTED_MOVES.items()}
    assert {name: poses(page) for name, page in pages.items()} == {name: final for name in pages}

    # The spectator steps back through the playback (from the final state to tick 5, then 4) and forward.
    spectator.click("[data-playback='back']")
    spectator.click("[data-playback='back']")
    spectator.wait_for_selector(".unit[data-unit='A'][data-hex='1014']")
    spectator.click("[data-playback='step']")
    spectator.wait_for_selector(".unit[data-unit='A'][data-hex='1114']")
    assert spectator.locator("#rulings li").count() > 0, "the rulings explain the resolution"

    # A new turn: the players may plot again from where their mechs stand.
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='0']")

    # A reconnecting client jumps to the current state and does not replay the phase.
    spectator.reload()
    spectator.wait_for_selector("#match[data-version] .unit[data-unit='B']")
    assert spectator.get_attribute("#match", "data-playback") is None
    assert poses(spectator) == final
