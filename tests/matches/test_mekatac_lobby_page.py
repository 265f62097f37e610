"""MEKATAC's new-match form and its transformers ("REGLAS OPCIONALES - TRANSFORMERS", an agreed option): the two
designs are offered with the text's 30 but taken only with ``transformers`` on (``design.transformer_off``), so
the form says so of them, in the page's language, and of no other design."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from matches.models import Match
from rules.rulesets.mekatac.designs import DESIGNS, TRANSFORMERS
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db


def offered(page: str) -> dict[str, str]:
    """The first design select's options: value → text."""
    select = page.split('<select name="a" required>')[1].split("</select>")[0]
    return dict(re.findall(r'<option value="([^"]*)">([^<]*)</option>', select))


@pytest.mark.parametrize(("language", "says"), [("en", "{} (needs the option “transformers”)"),
                                                ("es", "{} (necesita la opción “transformers”)")])
def test_the_form_marks_the_transformers_as_needing_their_option(alice: User, language: str, says: str) -> None:
    client = Client(headers={"accept-language": language})
    client.force_login(alice)
    options = offered(client.get("/matches/new/?ruleset=mekatac").content.decode())
    assert set(options) == {*DESIGNS, *TRANSFORMERS}
    assert {name: text for name, text in options.items() if text != name} == {
        name: says.format(name) for name in TRANSFORMERS}


def test_a_transformer_picked_in_the_form_opens_with_the_option_on_and_is_refused_without(alice: User) -> None:
    form = {"ruleset": "mekatac", "a": ["Harrier", ""], "b": "Reaper", "turn_limit": "2"}
    refused = client_as(alice).post("/matches/new/", {**form, "transformers": "off"})
    assert refused.status_code == 400 and 'data-code="design.transformer_off"' in refused.content.decode()
    assert client_as(alice).post("/matches/new/", {**form, "transformers": "on"}).status_code == 302
    assert [unit["design"]["name"] for unit in Match.objects.get().state["units"]] == ["Harrier", "Reaper"]


def test_the_set_up_names_the_option_each_transformer_needs() -> None:
    listed = {entry["name"]: entry["setup"] for entry in client_as(None).get("/api/rulesets/").json()}
    assert listed["mekatac"]["choices"]["designs"]["needs"] == dict.fromkeys(sorted(TRANSFORMERS), "transformers")
