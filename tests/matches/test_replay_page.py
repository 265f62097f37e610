"""The replay viewer's page (issue 8): it points the client at the replay API and is there for any match."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Match

pytestmark = pytest.mark.django_db


def test_the_replay_page_names_the_replay_api(match: Match) -> None:
    page = Client(headers={"accept-language": "en"}).get(f"/matches/{match.pk}/replay/").content.decode()

    assert f'data-replay-url="/api/matches/{match.pk}/replay/"' in page
    assert 'id="playback"' in page and 'id="replay-phases"' in page


def test_an_unknown_match_has_no_replay_page(match: Match) -> None:
    assert Client().get(f"/matches/{match.pk + 1}/replay/").status_code == 404


def test_the_replay_page_explains_how_to_verify_the_dice_in_spanish_too(match: Match) -> None:
    english = Client(headers={"accept-language": "en"}).get(f"/matches/{match.pk}/replay/").content.decode()
    spanish = Client(headers={"accept-language": "es"}).get(f"/matches/{match.pk}/replay/").content.decode()

    assert f"manage.py verify_match {match.pk}" in english and "printf %s SEED | sha256sum" in english
    assert f"manage.py verify_match {match.pk}" in spanish and "printf %s SEMILLA | sha256sum" in spanish
    assert "Dados justos: compruébalo" in spanish and "Cada tirada de la partida salió de esta semilla" in spanish
