"""Spanish and English pages (issue 8): the language follows the browser and can be switched, and the
client's words come from the JavaScript catalog of the same language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.translation import template, trans_real

from matches import lobby
from matches.models import Match
from tests.matches.lobby_duels import DUEL

pytestmark = pytest.mark.django_db


def test_the_page_speaks_the_browsers_language() -> None:
    spanish = Client(headers={"accept-language": "es-ES,es;q=0.9"}).get("/").content.decode()
    english = Client(headers={"accept-language": "en-GB,en;q=0.9"}).get("/").content.decode()

    assert '<html lang="es">' in spanish and "<h2>Partidas</h2>" in spanish
    assert '<html lang="en">' in english and "<h2>Matches</h2>" in english


def test_without_a_preference_the_page_is_spanish() -> None:
    """The seeds and their players speak Spanish: LANGUAGE_CODE is the fallback."""
    assert "<h2>Partidas</h2>" in Client().get("/").content.decode()


def test_the_switch_overrides_the_browser() -> None:
    client = Client(headers={"accept-language": "es"})

    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})

    assert response.status_code == 302
    assert "<h2>Matches</h2>" in client.get("/").content.decode()


def test_the_client_catalog_translates_event_kinds_and_error_codes() -> None:
    spanish = Client(headers={"accept-language": "es"}).get("/jsi18n/").content.decode()
    english = Client(headers={"accept-language": "en"}).get("/jsi18n/").content.decode()

    assert '"blocked": "bloqueado"' in spanish
    assert "Ese hex\\u00e1gono est\\u00e1 fuera del mapa." in spanish  # the catalog is JSON-escaped
    assert "bloqueado" not in english


def test_the_list_and_the_match_page_name_status_and_phase_in_the_pages_language(match: Match) -> None:
    spanish = Client(headers={"accept-language": "es"})
    english = Client(headers={"accept-language": "en"})

    row = spanish.get("/").content.decode().split(f'data-match="{match.pk}"')[1].split("</tr>")[0]
    assert "<td>en curso" in row and "1 · movimiento</td>" in row
    assert "<td>in progress" in english.get("/").content.decode()
    assert "Turno 1 · movimiento</small>" in spanish.get(f"/matches/{match.pk}/").content.decode()


def test_the_client_catalog_has_the_attack_panel() -> None:
    spanish = Client(headers={"accept-language": "es"}).get("/jsi18n/").content.decode()

    assert '"Hold fire": "No disparar"' in spanish
    assert '"Death from above": "Muerte desde el cielo"' in spanish


def test_the_lobby_names_the_options_as_their_form_does(alice: User) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    page = Client(headers={"accept-language": "es"}).get(reverse("match-lobby", args=[match.pk])).content.decode()

    assert '<dt data-option="los">Línea de visión</dt>' in page
    assert "data-status=\"open\">abierta</small>" in page


def test_the_lobby_says_the_option_values_in_words(alice: User) -> None:
    """Issue 8: the values in the Solaris VII texts' own terms ('Movimiento PM a PM', 'la regla de la zona muerta')."""
    match = lobby.match_open(host=alice, designs=DUEL, options={"movement": "pm_by_pm", "los": "dead_zone"})
    url = reverse("match-lobby", args=[match.pk])
    host = Client(headers={"accept-language": "es"})
    host.force_login(alice)
    spanish = host.get(url).content.decode()
    english = Client(headers={"accept-language": "en"}).get(url).content.decode()

    assert '<dd data-value="pm_by_pm">Movimiento PM a PM</dd>' in spanish
    assert '<dd data-value="dead_zone">Regla de la zona muerta</dd>' in spanish
    assert '<option value="classic">Movimiento clásico</option>' in spanish  # the host's form
    assert '<option value="standard">Regla estándar de la LdV</option>' in spanish
    assert '<dd data-value="pm_by_pm">PM by PM movement</dd>' in english


def test_the_referee_seat_and_the_split_line_of_sight_panel_in_spanish(alice: User, match: Match) -> None:
    host = Client(headers={"accept-language": "es"})
    host.force_login(alice)
    opened = lobby.match_open(host=alice, designs=DUEL)
    page = host.get(reverse("match-lobby", args=[opened.pk])).content.decode()

    assert "Árbitro: —</p>" in page
    assert "Árbitro (nombre de usuario)" in page and ">Designar al árbitro</button>" in page
    page = host.get(f"/matches/{match.pk}/").content.decode()
    assert '<h2 id="split-los-title">LdV entre dos hexágonos</h2>' in page
    assert "el jugador que dirige la unidad objetivo decide por cuál de los dos pasa" in page


def test_the_buttons_hints_are_the_pages_own_tooltips(alice: User, match: Match) -> None:
    """Issue 8, "tooltips dismissable with Esc": no native title (no key dismisses it) but a data-hint, which
    frontend/src/tooltip.ts turns into a described, Esc-dismissable tooltip."""
    player = Client(headers={"accept-language": "en"})
    player.force_login(alice)
    page = player.get(f"/matches/{match.pk}/").content.decode()

    assert ' title="' not in page
    assert 'data-hint="Zoom in (+)"' in page and 'data-hint="Undo the last step (Z)"' in page


# A `{% trans %}` or `{% blocktrans %}` as the Python-like text Django's makemessages reads from a template.
_GETTEXT = re.compile(r"""\bgettext\((u?(?:'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"))\)""")
TEMPLATES = Path(__file__).resolve().parents[2] / "matches" / "templates"


def test_every_word_of_the_pages_has_its_spanish() -> None:
    """Issue 8: "all text in Spanish and English"; the client's words are checked by catalogue.test.ts."""
    spanish = trans_real.translation("es")._catalog  # the compiled django.mo (make messages)
    words = [
        ast.literal_eval(call.group(1))
        for page in TEMPLATES.rglob("*.html")
        for call in _GETTEXT.finditer(template.templatize(page.read_text()))
    ]
    assert len(words) > 100 and "You are playing <strong>%(side)s</strong>." in words  # blocktrans too
    assert [word for word in words if word not in spanish] == []


def test_no_words_are_left_in_the_style_sheet_where_no_catalog_reaches_them() -> None:
    # " ✓ submitted" beside a player's name was English on every Spanish match page.
    styles = (Path(__file__).resolve().parents[2] / "frontend" / "src" / "app.css").read_text()
    assert [text for text in re.findall(r'content:\s*"([^"]*)"', styles) if re.search(r"[^\W\d_]", text)] == []


def test_every_rulesets_phases_are_named_in_the_pages_language(alice: User, bob: User) -> None:
    # The skirmish header said "Turno 1 · order-1" on a Spanish page.
    from tests.matches.lobby_duels import open_over_rest

    match = open_over_rest(alice, bob, {"ruleset": "skirmish", "options": {"turns": 4}})
    page = Client(headers={"accept-language": "es"}).get(f"/matches/{match.pk}/").content.decode()
    assert "Turno 1 · orden 1</small>" in page


def test_the_options_of_every_ruleset_are_named_in_the_pages_language(alice: User) -> None:
    # MEKATAC's decks and transformers and skirmish's turns were English (or the bare name) on Spanish pages.
    spanish = Client(headers={"accept-language": "es"})
    spanish.force_login(alice)
    mekatac = spanish.get("/matches/new/?ruleset=mekatac").content.decode()
    assert "Mazos de mejoras y de estrategia" in mekatac and "Los Transformers pueden cambiar de modo" in mekatac
    assert '<option value="on">sí</option>' in mekatac
    match = lobby.match_open(host=alice, ruleset="skirmish", options={"turns": 4})
    assert '<dt data-option="turns">Turnos de juego</dt>' in spanish.get(f"/matches/{match.pk}/lobby/").content.decode()
