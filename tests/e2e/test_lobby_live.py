"""The lobby live (issue 16): the host's lobby page updates by websocket as the opponent joins and accepts (each
side's player, units and pilots, the host marked), and the last acceptance moves both players to the match page;
at the end of a match a player asks for a rematch, the other sees the offer live, and its lobby starts it anew."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_replay import FINISH_A_MATCH

pytestmark = pytest.mark.e2e

OPEN_A_MATCH = """
from django.contrib.auth.models import User
from matches import lobby
match = lobby.match_open(host=User.objects.get(username="alice"), title="Live lobby",
                         designs={"red": "Phoenix Hawk PXH-1", "blue": "Shadow Hawk SHD-2H"})
print(match.pk)
"""


def login(browser: Any, url: str, user: str, path: str) -> Any:
    page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
    page.goto(f"{url}/accounts/login/?next={path}")
    page.fill("#id_username", user)
    page.fill("#id_password", f"{user}-demo")
    page.click("form[action$='/login/'] button[type=submit]")
    page.wait_for_url(f"**{path}")
    return page


def accept_in_lobby(page: Any) -> None:
    page.click("button[value='accept']")


def test_the_lobby_updates_live_and_moves_both_players_to_the_match(
    browser: Any, daphne_server: dict[str, str], server_manage: Callable[..., str], artifacts: Path
) -> None:
    match_id = server_manage("shell", "-c", OPEN_A_MATCH).split()[-1]
    lobby, match = f"/matches/{match_id}/lobby/", f"/matches/{match_id}/"
    alice = login(browser, daphne_server["url"], "alice", lobby)
    alice.wait_for_selector("#lobby[data-connection='open']")
    assert "(host)" in alice.inner_text("#seats tr[data-side='red']")
    assert "Phoenix Hawk PXH-1 (gunnery 4, piloting 5)" in alice.inner_text("#seats tr[data-side='red'] .units")
    assert "Shadow Hawk SHD-2H" in alice.inner_text("#seats tr[data-side='blue'] .units")

    bob = login(browser, daphne_server["url"], "bob", lobby)
    bob.click("button[value='player']")
    # Alice's page, untouched, shows bob seated, then his acceptance.
    alice.wait_for_selector("#seats td[data-player='bob']")
    accept_in_lobby(bob)
    alice.wait_for_selector("#seats tr[data-side='blue'] td:last-child:text('✔')")
    alice.screenshot(path=str(artifacts / "lobby-live.png"))
    # The last acceptance starts the match: both pages are moved to it.
    accept_in_lobby(alice)
    for page in (alice, bob):
        page.wait_for_url(f"**{match}", timeout=15_000)
        page.wait_for_selector("#match[data-version] #orders[data-state='plotting']")
    for page in (alice, bob):
        page.context.close()


def test_a_rematch_is_offered_live_and_started_from_its_lobby(
    browser: Any, daphne_server: dict[str, str], server_manage: Callable[..., str]
) -> None:
    finished = f"/matches/{server_manage('shell', '-c', FINISH_A_MATCH).split()[-1]}/"
    alice, bob = (login(browser, daphne_server["url"], user, finished) for user in ("alice", "bob"))
    for page in (alice, bob):
        page.wait_for_selector("#match-over button[data-rematch]")
    bob.click("#match-over button[data-rematch]")
    bob.wait_for_url("**/lobby/")
    rematch_lobby = bob.url
    # Alice sees the offer on the finished match's page and follows it to the new lobby.
    alice.wait_for_selector("#match-over #rematch-link")
    alice.click("#rematch-link")
    alice.wait_for_url(rematch_lobby)
    assert "(host)" in alice.inner_text("#seats tr[data-side='blue']")  # bob asked: he hosts it
    accept_in_lobby(alice)
    accept_in_lobby(bob)
    for page in (alice, bob):
        page.wait_for_url("**/matches/*/", timeout=15_000)
        page.wait_for_selector("#match[data-version] #orders[data-state='plotting']")
        assert page.url != daphne_server["url"] + finished
    for page in (alice, bob):
        page.context.close()
