"""A skirmish troop's name in the page's language (issue 21, "Spanish and English"): the view names a troop
coded, its id and its profile's word (skirmish.troop_name), so a Spanish page says "Z (infantería)" where it
said "Z (infantry)": the lobby page from Django's catalogue, the match page's client from its JavaScript one."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import Client

from matches import lobby
from matches.frames import PUBLIC
from matches.selectors import player_view

pytestmark = pytest.mark.django_db


def test_the_lobby_page_names_each_troop_with_its_profile_in_the_pages_language(alice: User) -> None:
    match = lobby.match_open(host=alice, ruleset="skirmish", options={"turns": 4})
    spanish = Client(headers={"accept-language": "es"}).get(f"/matches/{match.pk}/lobby/").content.decode()
    english = Client(headers={"accept-language": "en"}).get(f"/matches/{match.pk}/lobby/").content.decode()
    assert '<span data-unit="Z">Z (infantería)</span>' in spanish and '<span data-unit="B">B (moto)</span>' in spanish
    assert '<span data-unit="Z">Z (infantry)</span>' in english and "infantería" not in english


def test_the_view_names_a_troop_coded_and_the_client_catalogue_says_it_in_spanish(alice: User) -> None:
    match = lobby.match_open(host=alice, ruleset="skirmish", options={"turns": 4})
    units = {unit["id"]: unit for unit in player_view(match=match, viewer=PUBLIC)["units"]}
    assert units["Z"]["name"] == "Z (infantry)"
    assert units["Z"]["name_code"] == {"code": "skirmish.troop_name", "params": {"unit": "Z", "profile": "infantry"}}
    catalog = Client(headers={"accept-language": "es"}).get("/jsi18n/").content.decode()
    assert '"infantry": "infanter\\u00eda"' in catalog and '"bike": "moto"' in catalog
    assert '"%(unit)s (%(profile)s)": "%(unit)s (%(profile)s)"' in catalog


def test_the_unit_name_template_says_other_rulesets_units_by_name_or_their_designs_name() -> None:
    # The lobby's unit list said a MEKATAC meka as its design's dictionary ("{'name': 'Myrmidon', …}").
    meka = render_to_string("matches/unit-name.html", {"unit": {"id": "M1", "design": {"name": "Myrmidon", "size": 3}}})
    assert meka == "Myrmidon"
    assert render_to_string("matches/unit-name.html", {"unit": {"id": "A", "name": "Phoenix Hawk"}}) == "Phoenix Hawk"
