"""A MEKATAC turn in the browser (issue 20, "Tests"): two players and a spectator on the example game. Alice's
Sharpshot walks north; Bob's Tasmanian is asked, on his page, for a reaction at the step that gives it a shot
("Un Meka puede atacar en cualquier momento de la fase de movimiento, incluso si otro Meka se está moviendo") and
fires; every page plays the move on and says the shot in its rulings list and match log, the shot is in the
logged playback, and each player's hand stays on its own page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

PLAYBACK_MS = 30_000

# The example position, its card and initiative phases taken as played: the movement phase, side a's mekas first
# (the Sharpshot and the Tasmanian named A and B, as the pages' fixture looks for B).
MEKATAC_MATCH = """
from dataclasses import replace
from django.contrib.auth.models import User
from matches.pipeline import match_create
from rules.rulesets import get_ruleset

rules = get_ruleset("mekatac")
example = rules.example(rules.options.defaults)
names = {"A1": "A", "B1": "B"}
state = replace(example, units=tuple(replace(meka, id=names.get(meka.id, meka.id)) for meka in example.units),
                phase="movement", order=("A", "A2", "B", "B2"), hands={"a": ("blitz",), "b": ("deflexion",)},
                shuffled=True)
players = {"a": User.objects.get(username="alice"), "b": User.objects.get(username="bob")}
print(f"mekatac match {match_create(state=state, players=players, ruleset='mekatac', title='A MEKATAC turn', seed='e2e-mekatac', options={'deadline_minutes': 30}).pk}")
"""


SHOTS = """
from matches.models import Event
playback = Event.objects.filter(match_id=MATCH, kind="playback", payload__phase="movement").order_by("version").first()
print([event["reason"] for phase in playback.payload["timeline"]["phases"] for tick in phase["ticks"] for event in tick
       if event["kind"] == "attack"])
"""


def expected_cover(at: str) -> dict[str, set[str]]:
    """The Sharpshot's cover facing north from ``at`` on the example board, as the rules work it out."""
    from dataclasses import replace

    from rules.rulesets import get_ruleset
    from rules.rulesets.mekatac.combat import weapon_cover

    example = get_ruleset("mekatac").example({})
    sharpshot = replace(example.unit("A1"), hex=example.board.hex(at))
    (rail_gun,) = weapon_cover(example.board, sharpshot)
    return {bracket: set(rail_gun[bracket]) for bracket in ("half", "full", "blind")}


def shaded(page: Any) -> dict[str, set[str]]:
    """The hexes the page shades as covered, by bracket."""
    return {bracket: set(page.eval_on_selector_all(f".board .cover-hex.{bracket}",
                                                   "hexes => hexes.map(hex => hex.dataset.hex)"))
            for bracket in ("half", "full", "blind")}


def give(page: Any, meka: str, steps: int = 0) -> None:
    page.wait_for_selector(f"#mekatac-move:not([hidden]) [data-meka='{meka}']")
    page.click(f"#mekatac-move [data-meka='{meka}']")
    for _ in range(steps):
        page.click("#mekatac-move [data-step='F']")
    page.wait_for_selector(f"#mekatac-move [data-mp='{steps}']")
    page.click("#mekatac-move [data-action='submit']")
    page.wait_for_selector("#mekatac-move .when-submitted:not([hidden])", timeout=PLAYBACK_MS)


def test_a_mekatac_turn_with_a_reaction_shot(
    open_page: Any, daphne_server: dict[str, str], server_manage: Callable[..., str], artifacts: Path
) -> None:
    match = f"/matches/{server_manage('shell', '-c', MEKATAC_MATCH).split()[-1]}/"
    alice, bob, watcher = open_page("alice", match), open_page("bob", match), open_page(None, match)
    for page in (alice, bob, watcher):
        page.wait_for_selector(".unit[data-unit='A']")
    # Each hand on its own page only (the text's "cartas en mano"; its size is public).
    assert "Blitz Meka" in alice.inner_text("#mekatac-move") and "Deflección" not in alice.inner_text("#mekatac-move")
    assert "Deflección" in bob.inner_text("#mekatac-move")
    assert watcher.locator("#mekatac-move:not([hidden])").count() == 0
    # The toggle shades the hexes the chosen meka's weapons cover, from the server's hints ("ARCOS DE DISPARO").
    alice.check("#mekatac-move [name='cover']")
    alice.wait_for_selector(".board .cover-hex.half")
    assert bob.locator(".cover-hex").count() == 0
    # With the line of sight: the hexes behind the hill (0507, two levels up) are shaded as out of sight. A plotted
    # step moves the shading to where the step leaves the Sharpshot, as the server answers the plot.
    assert shaded(alice) == expected_cover("0611")
    alice.click("#mekatac-move [data-step='F']")
    alice.wait_for_selector(".board .cover-hex.blind[data-hex='0304']")
    assert shaded(alice) == expected_cover("0610")
    alice.click("#mekatac-move [data-action='undo']")
    alice.wait_for_selector(".board .cover-hex.blind[data-hex='0405']")
    alice.wait_for_selector(".board .cover-hex.blind[data-hex='0304']", state="detached")
    alice.uncheck("#mekatac-move [name='cover']")
    assert alice.locator(".cover-hex").count() == 0

    give(bob, "B")
    give(bob, "B2")
    give(alice, "A2")
    give(alice, "A", steps=2)

    # Bob is asked during the Sharpshot's move and fires.
    bob.wait_for_selector("#reaction:not([hidden]) button[data-react-unit]", timeout=PLAYBACK_MS)
    bob.screenshot(path=str(artifacts / "mekatac-reaction.png"), full_page=True)
    assert "B may fire at A during its move" in bob.inner_text("#reaction")
    bob.click("#reaction button[data-react-unit]:has-text('all at A')")  # both missile launchers
    # Every page plays the move on: the Sharpshot two hexes north, the next turn's orders asked.
    for page in (alice, bob, watcher):
        page.wait_for_selector(".unit[data-unit='A'][data-hex='0609']", timeout=PLAYBACK_MS)
        page.wait_for_selector("#match-state[data-turn='2'][data-phase='movement']", timeout=PLAYBACK_MS)
    alice.screenshot(path=str(artifacts / "mekatac-turn.png"), full_page=True)
    # Each page's rulings list and match log say the shot, from the server's coded rulings of the playback.
    for page in (alice, bob, watcher):
        page.wait_for_selector("#rulings li:has-text('Movement: B fires Lanzamisiles mediano [F] at A')",
                               timeout=PLAYBACK_MS)
        assert "B fires Lanzamisiles mediano [F] at A" in page.inner_text("#match-log")
    # Every page has each meka's record sheet from the view: its armour and its weapons with their rounds.
    sheet = watcher.inner_text("#mekatac-record [data-meka='B']")
    assert "Armour" in sheet and "Lanzamisiles mediano [F]" in sheet and "shots" in sheet
    # The shot is in the logged playback, at the step of the Sharpshot's move where the window opened.
    shots = server_manage("shell", "-c", SHOTS.replace("MATCH", match.strip("/").split("/")[-1]))
    assert "B fires Lanzamisiles mediano [F] at A" in shots
