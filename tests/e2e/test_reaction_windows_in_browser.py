"""Reaction windows in the browser (issue 16): on the Sentry test game (tests/rulesets/sentry.py), served by a
server that registers it, the runner's move stops where it comes next to the sentry. The sentry's player is
asked on the page (shoot or pass, the window's deadline as a clock, the your-turn cue); the runner's player
and a spectator see who is asked; the answer plays the phase on, and the window closes on every page."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.live import daphne_processes

pytestmark = pytest.mark.e2e

REGISTER = "from rules.rulesets import RULESETS\nfrom tests.rulesets.sentry import SentryRuleset\n" \
           "RULESETS['sentry'] = SentryRuleset()\n"

# R (alice's runner) in 0510 facing north, S (bob's sentry) in 0606: R comes next to S at its third step.
SENTRY_DUEL = REGISTER + """
from django.contrib.auth.models import User
from matches.pipeline import match_create
from rules.core.board import Board
from tests.rulesets.sentry import SentryState, Trooper, hex_

players = {"alice": User.objects.get(username="alice"), "bob": User.objects.get(username="bob")}
state = SentryState(Board(12, 12), (Trooper("R", hex_("0510"), 0, side="alice"),
                                    Trooper("S", hex_("0606"), 0, side="bob", sentry=True)))
print(match_create(state=state, players=players, ruleset="sentry", title="Sentry duel").pk)
"""

RUN = REGISTER + """
from django.contrib.auth.models import User
from matches import services
services.order_submit(match_id=MATCH, user=User.objects.get(username="alice"), order_json={"unit": "R", "hexes": 6})
"""


@pytest.fixture(scope="module")
def sentry_server(daphne_server: dict[str, str], server_env: dict[str, str]) -> Iterator[str]:
    """A second server on the e2e database (the demo users are there) that knows the Sentry game."""
    with daphne_processes(1, {**server_env, "DJANGO_SETTINGS_MODULE": "tests.e2e.sentry_settings"}) as [server]:
        yield f"http://127.0.0.1:{server.port}"


def login(browser: Any, url: str, user: str | None, match: str) -> Any:
    page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
    if user:
        page.goto(f"{url}/accounts/login/?next={match}")
        page.fill("#id_username", user)
        page.fill("#id_password", f"{user}-demo")
        page.click("form[action$='/login/'] button[type=submit]")
        page.wait_for_url(f"**{match}")
    else:
        page.goto(url + match)
    page.wait_for_selector("#match[data-version] .unit[data-unit='S']")
    return page


def test_the_asked_player_reacts_on_the_page_and_the_phase_plays_on(
    browser: Any, sentry_server: str, server_manage: Callable[..., str], artifacts: Path
) -> None:
    match_id = server_manage("shell", "-c", SENTRY_DUEL).split()[-1]
    match = f"/matches/{match_id}/"
    bob, alice, spectator = (login(browser, sentry_server, user, match) for user in ("bob", "alice", None))
    errors: list[str] = []
    for page in (bob, alice, spectator):
        page.on("pageerror", lambda error: errors.append(str(error)))
        assert page.is_hidden("#reaction")

    server_manage("shell", "-c", RUN.replace("MATCH", match_id))
    # Bob is asked: shoot the runner or pass, before the window's deadline; the tab says it is his turn.
    bob.wait_for_selector("#reaction:not([hidden]) button[data-react-unit='S'][data-choice='0']")
    assert bob.inner_text("#reaction button[data-choice='0']") == "shoot at R"
    assert bob.is_visible("#reaction button[data-pass]")
    assert re.fullmatch(r"Answer due in (1:[0-5]\d|2:00)", bob.inner_text("#reaction .clock"))
    assert bob.title().startswith("● ")
    assert "R ran next to S" in bob.inner_text("#reaction .reaction-about")
    bob.screenshot(path=str(artifacts / "reaction-asked.png"))
    # The others see the window and whom it waits for, with nothing to answer.
    for page in (alice, spectator):
        page.wait_for_selector("#reaction:not([hidden])")
        assert "Waiting for the reaction of S." in page.inner_text("#reaction .reaction-about")
        assert page.locator("#reaction button").count() == 0

    bob.click("#reaction button[data-pass]")
    # The pass plays the phase on: the window closes on every page and the runner runs its six hexes.
    for page in (bob, alice, spectator):
        page.wait_for_selector("#reaction[hidden]", state="attached", timeout=30_000)
        page.wait_for_selector(".unit[data-unit='R'][data-hex='0504']", timeout=30_000)
    assert not bob.title().startswith("● ")
    assert errors == []
    for page in (bob, alice, spectator):
        page.context.close()
