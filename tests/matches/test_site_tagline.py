"""The site header names the page's game (issue 16: it said "BattleTech referee" for every game): a match's
pages, its lobby and its replay say whose referee Árbitro is there, in the page's language; pages of no one
game say every game's."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from matches import lobby
from matches.models import Match

pytestmark = pytest.mark.django_db


def tagline(page: str) -> str:
    found = re.search(r'<span class="tagline">([^<]*)</span>', page)
    assert found, "the site header has no tagline"
    return found.group(1)


def get(path: str, language: str = "en", user: User | None = None) -> str:
    client = Client(headers={"accept-language": language})
    if user:
        client.force_login(user)
    return client.get(path).content.decode()


def test_a_matchs_pages_name_its_game(match: Match, alice: User) -> None:
    assert tagline(get(f"/matches/{match.pk}/")) == "Solaris VII referee"
    assert tagline(get(f"/matches/{match.pk}/replay/")) == "Solaris VII referee"
    mekatac = lobby.match_open(host=alice, ruleset="mekatac", options={})
    assert tagline(get(f"/matches/{mekatac.pk}/lobby/")) == "MEKATAC referee"
    skirmish = lobby.match_open(host=alice, ruleset="skirmish", options={"turns": 4})
    assert tagline(get(f"/matches/{skirmish.pk}/", "es")) == "Árbitro de escaramuzas"
    assert tagline(get("/matches/new/?ruleset=mekatac", user=alice)) == "MEKATAC referee"


def test_pages_of_no_one_game_say_every_games_and_none_says_battletech(match: Match) -> None:
    assert tagline(get("/")) == "Referee for mech games on hexes"
    assert tagline(get("/", "es")) == "Árbitro de juegos de mechs en hexágonos"
    assert "BattleTech referee" not in get(f"/matches/{match.pk}/")
