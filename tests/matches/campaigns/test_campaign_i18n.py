"""Spanish and English for every campaign word (issue 17): every field, help text, choice, action, message
and public page of the campaigns app is in its Spanish catalogue (matches/campaigns/locale/es), and the
pages and the admin speak it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import Client
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import override, template, trans_real

from matches.campaigns import pairings, results, services
from tests.matches.campaigns.conftest import League, finish

pytestmark = pytest.mark.django_db

APP = Path(__file__).resolve().parents[3] / "matches" / "campaigns"
# gettext calls as xgettext reads them: the message id, the first argument, when it is a literal (a plural's
# forms are its catalogue entry's).
CALLS = ("gettext", "gettext_lazy", "_", "gettext_noop", "ngettext", "ngettext_lazy")
_TEMPLATE_CALL = re.compile(r"""\b(n?gettext)\((u?(?:'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"))(?:,\s*(u?(?:'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")))?""")


def python_words() -> list[str]:
    words = []
    for source in APP.rglob("*.py"):
        if "migrations" in source.parts:
            continue
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS:
                words += [arg.value for arg in node.args[:1] if isinstance(arg, ast.Constant)
                          and isinstance(arg.value, str)]
    return words


def template_words() -> list[str]:
    words = []
    for page in (APP / "templates").rglob("*.html"):
        for call in _TEMPLATE_CALL.finditer(template.templatize(page.read_text())):
            words.append(ast.literal_eval(call.group(2)))
    return words


def spanish() -> dict[str, str]:
    return trans_real.translation("es")._catalog  # type: ignore[no-any-return]


def untranslated(words: list[str]) -> list[str]:
    catalogue = spanish()
    return sorted({word for word in words if word and word not in catalogue and (word, 0) not in catalogue})


def test_every_word_of_the_campaign_code_and_pages_has_its_spanish() -> None:
    words = python_words()
    pages = template_words()

    assert len(words) > 150 and "Void the fixture" in words and "%(pilot)s is in another fixture of this round." in words
    assert len(pages) > 50 and "Campaigns" in pages
    assert untranslated(words + pages) == []


def test_every_field_choice_and_action_is_a_translated_word() -> None:
    """A field left without its own verbose name or help text in `_()` is English only: caught here."""
    texts: list[Promise | str] = [apps.get_app_config("campaigns").verbose_name]
    for model in apps.get_app_config("campaigns").get_models():
        texts += [model._meta.verbose_name, model._meta.verbose_name_plural]
        for field in model._meta.get_fields():
            if field.concrete and not field.auto_created:
                texts += [field.verbose_name] + ([field.help_text] if field.help_text else [])
                # Choices named by their own value (rulesets, designs, MEKATAC's Spanish factions) are names.
                texts += [label for value, label in field.flatchoices if value and label != value]
        model_admin = admin.site._registry.get(model)
        if model_admin is not None:
            texts += [action.short_description for action in (getattr(model_admin, name) for name in
                      model_admin.actions or []) if hasattr(action, "short_description")]
    plain = [text for text in texts if not isinstance(text, Promise)]
    assert plain == [], "strings not marked for translation"
    assert untranslated([str(text) for text in texts]) == []


def test_the_public_pages_and_the_admin_speak_spanish(league: League) -> None:
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    first = league.round.fixtures.order_by("id").first()
    assert first is not None
    finish(first, "a", a={"kills": 1})
    results.round_apply_results(round_id=league.round.pk)
    reader = Client(headers={"accept-language": "es"})

    index = reader.get(reverse("campaign-index")).content.decode()
    standings = reader.get(reverse("campaign-standings", args=[league.campaign.pk])).content.decode()
    pilot = reader.get(reverse("campaign-pilot", args=[first.pilot_a_id])).content.decode()
    schedule = reader.get(reverse("campaign-round", args=[league.round.pk])).content.decode()

    assert "<h2>Campañas</h2>" in index
    assert "Pilotos" in standings and "Cuadras" in standings
    assert "1 baja" in pilot and "victoria" in pilot  # "1 kill" counted in Spanish
    assert "ver en directo" in schedule and "repetición" in schedule
    reader.force_login(league.pilots["Gray"].player.__class__.objects.create_superuser("jefa", password="x"))
    fixtures = reader.get(reverse("admin:campaigns_fixture_changelist")).content.decode()
    fixture_page = reader.get(reverse("admin:campaigns_fixture_change", args=[first.pk])).content.decode()
    assert "Anular el combate" in fixtures and "Retirar el resultado" in fixtures
    assert "victoria, 1 baja(s)" in fixture_page and "+3 PX" in fixture_page  # the report, said in Spanish
    assert "Piloto a" in fixture_page


def test_a_refusal_is_said_in_the_readers_language(league: League) -> None:
    pairings.round_generate_pairings(round_id=league.round.pk)
    with override("es"), pytest.raises(Exception) as refused:
        pairings.round_generate_pairings(round_id=league.round.pk)

    assert "ya tiene sus emparejamientos" in str(refused.value)
