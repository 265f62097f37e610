"""The lobby pages (issue 7): open a match with the form, join, accept; errors shown on the page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from matches import lobby
from matches.errors import MatchError
from matches.lobby_views import _uploaded_text
from matches.models import Match
from tests.matches.lobby_duels import DUEL
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db

FORM = {"title": "Arena", "red": "Atlas AS7-D", "blue": "Locust LCT-1V", "movement": "classic", "los": "dead_zone",
        "turn_limit": "10", "deadline_minutes": "60", "spectator_delay": "0", "spectator_delay_seconds": "30"}


def test_the_form_opens_a_match_and_the_lobby_starts_it(alice: User, bob: User) -> None:
    assert "Atlas AS7-D" in client_as(alice).get("/matches/new/").content.decode()
    response = client_as(alice).post("/matches/new/", FORM)
    match = Match.objects.get()
    assert response.url == f"/matches/{match.pk}/lobby/"
    assert match.options == {"movement": "classic", "los": "dead_zone", "turn_limit": 10, "deadline_minutes": 60,
                             "spectator_delay": 0, "spectator_delay_seconds": 30}
    lobby_url = f"/matches/{match.pk}/lobby/"
    client_as(bob).post(lobby_url, {"action": "player"})
    for user in (alice, bob):
        client_as(user).post(lobby_url, {"action": "accept", "options": json.dumps(match.options)})
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert f'href="/matches/{match.pk}/"' in client_as(bob).get(lobby_url).content.decode()  # "go to the match"


def test_the_lobby_shows_each_players_acceptance_and_a_change_of_options_clears_it(alice: User, bob: User) -> None:
    """Issue 8, "lobby … options with each player's acceptance"."""
    client_as(alice).post("/matches/new/", FORM)
    match = Match.objects.get()
    lobby_url = f"/matches/{match.pk}/lobby/"
    client_as(bob).post(lobby_url, {"action": "player"})
    client_as(alice).post(lobby_url, {"action": "accept", "options": json.dumps(match.options)})

    def accepted() -> list[str]:
        page = client_as(bob).get(lobby_url).content.decode()
        # The last cell of each side's row (the seats also show each side's units).
        return [row.split("</tr>")[0].split("<td>")[-1].split("</td>")[0] for row in page.split("<tr data-side=")[1:]]

    assert accepted() == ["✔", "—"]
    client_as(alice).post(lobby_url, {"action": "options", **FORM, "turn_limit": "12"})
    match.refresh_from_db()
    assert match.options["turn_limit"] == 12 and accepted() == ["—", "—"]


def test_an_uploaded_board_that_is_not_a_board_is_shown_as_an_error(alice: User) -> None:
    upload = SimpleUploadedFile("arena.board", b"size 2 2\nend\n")
    response = client_as(alice).post("/matches/new/", {**FORM, "board": upload})
    assert response.status_code == 400
    assert 'data-code="board.' in response.content.decode()
    assert not Match.objects.exists()


def test_a_bad_number_or_stale_acceptance_is_shown_not_raised(alice: User) -> None:
    response = client_as(alice).post("/matches/new/", {**FORM, "turn_limit": "ten"})
    assert (response.status_code, 'data-code="options.invalid"' in response.content.decode()) == (400, True)
    client_as(alice).post("/matches/new/", FORM)
    match = Match.objects.get()
    stale = client_as(alice).post(f"/matches/{match.pk}/lobby/", {"action": "accept", "options": "{}"})
    assert 'data-code="accept.stale_options"' in stale.content.decode()


def test_the_new_match_form_needs_a_login(db: None) -> None:
    assert Client().get("/matches/new/").status_code == 302


def test_the_form_asks_for_each_sides_pilot_and_opens_the_match_with_it(alice: User) -> None:
    """Issue 7/8 follow-up: the form's pilot fields (gunnery and piloting, 0-8, the standard 4/5 to start)."""
    page = client_as(alice).get("/matches/new/").content.decode()
    assert 'name="red_gunnery" min="0" max="8" value="4"' in page
    assert 'name="blue_piloting" min="0" max="8" value="5"' in page
    client_as(alice).post("/matches/new/", {**FORM, "red_gunnery": "2", "red_piloting": "3", "blue_gunnery": "5",
                                      "blue_piloting": "6"})
    units = {unit["side"]: unit for unit in Match.objects.get().state["units"]}
    assert (units["red"]["gunnery"], units["red"]["piloting"]) == (2, 3)
    assert (units["blue"]["gunnery"], units["blue"]["piloting"]) == (5, 6)


@pytest.mark.parametrize("skill", ["9", "-1", "four"])
def test_a_pilot_skill_out_of_range_or_not_a_number_is_shown_not_raised(alice: User, skill: str) -> None:
    response = client_as(alice).post("/matches/new/", {**FORM, "blue_gunnery": skill})
    assert (response.status_code, 'data-code="pilots.malformed"' in response.content.decode()) == (400, True)
    assert not Match.objects.exists()



def test_an_upload_far_too_large_for_a_board_is_refused_unread(alice: User) -> None:
    too_large = SimpleUploadedFile("huge.board", b"#" * (4 * lobby.MAX_BOARD_CHARS + 1))
    response = client_as(alice).post("/matches/new/", {**FORM, "board": too_large})
    assert response.status_code == 400
    assert 'data-code="board.malformed"' in response.content.decode()
    assert not Match.objects.exists()
    # Refused on its size, before any of it is read into memory.
    class Unreadable:
        size = 4 * lobby.MAX_BOARD_CHARS + 1

        def read(self) -> bytes:
            pytest.fail("the upload was read")

    with pytest.raises(MatchError) as refused:
        _uploaded_text(Unreadable())  # type: ignore[arg-type]
    assert refused.value.code == "board.malformed"


def test_no_template_comment_shows_on_a_page(alice: User) -> None:
    # A {# … #} comment over two lines is no comment to Django: the lobby page showed it as text.
    match = lobby.match_open(host=alice, designs=DUEL)
    assert "{#" not in client_as(alice).get(f"/matches/{match.pk}/lobby/").content.decode()
    for template in (Path(__file__).resolve().parents[2] / "matches" / "templates").rglob("*.html"):
        assert all("#}" in line for line in template.read_text().splitlines() if "{#" in line), template
