"""The client's reason catalogue is the registered reason codes', and every template and word has its Spanish."""

import gettext

import rules.rulesets  # noqa: F401  (loads every ruleset, so every package's codes are registered)
from rules.core.reasons import PLACEHOLDER, TEMPLATES, WORDS
from tests.vectors.make_reason_catalogue import OUTPUT, PROTOCOL, ROOT, render, render_protocol

SPANISH = ROOT / "locale" / "es" / "LC_MESSAGES" / "djangojs.mo"


def test_committed_reason_catalogue_is_up_to_date() -> None:
    assert OUTPUT.read_text(encoding="utf-8") == render(), (
        "frontend/src/reason-catalogue.json is stale: run .venv/bin/python tests/vectors/make_reason_catalogue.py")


def test_the_protocol_documents_every_code() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    assert text == render_protocol(text), (
        "the reason codes table in docs/protocol.md is stale: run tests/vectors/make_reason_catalogue.py")


def test_every_reason_and_word_has_its_spanish_with_the_same_placeholders() -> None:
    with SPANISH.open("rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)
    # A rule's title reads the same in both languages, so look for the entry, not for a different text.
    entries = catalog._catalog  # type: ignore[attr-defined]
    missing = [text for text in [*TEMPLATES.values(), *WORDS] if text not in entries]
    assert missing == [], "add these to locale/es/LC_MESSAGES/djangojs.po and run make messages"
    for template in TEMPLATES.values():
        assert sorted(PLACEHOLDER.findall(catalog.gettext(template))) == sorted(PLACEHOLDER.findall(template)), template
