"""Every refusal is a coded error from the catalogue (issue 14, "Errors as a catalogue"): each code raised
anywhere in rules/ and matches/ has an English template whose placeholders the raise site fills, and a
Spanish one; each coded reason a raise site names is registered too; one HTTP status per code; the client's
catalogue and docs/protocol.md's table are the registered one."""

from __future__ import annotations

import ast
import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules.io.explain  # noqa: F401  (the scenario command's codes)
import rules.rulesets  # noqa: F401  (loads every ruleset, so every package's codes are registered)
from matches.errors import STATUS
from rules.core import reasons
from rules.core.errors import TEMPLATES
from tests.vectors.make_error_catalogue import OUTPUT, PROTOCOL, ROOT, render, render_protocol

SPANISH = ROOT / "locale" / "es" / "LC_MESSAGES" / "djangojs.mo"
SOURCES = sorted(path for folder in ("rules", "matches") for path in (ROOT / folder).rglob("*.py"))
# A placeholder with how it is shown: Spanish must show each value the same way.
SHOWN = re.compile(r"%\(\w+\)[sr]")

def _error_classes(trees: dict[Path, ast.Module]) -> dict[str, str]:
    """Every error class (RuleError's and MatchError's families) and the code it gives by default."""
    defaults: dict[str, str] = {"RuleError": "rules.error", "MatchError": ""}
    bases: dict[str, tuple[list[str], str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                code = next((stmt.value.value for stmt in node.body if isinstance(stmt, ast.Assign)
                             and [getattr(t, "id", "") for t in stmt.targets] == ["code"]
                             and isinstance(stmt.value, ast.Constant)), "")
                bases[node.name] = ([getattr(base, "id", "") for base in node.bases], code)
    changed = True
    while changed:
        changed = False
        for name, (parents, code) in bases.items():
            parent = next((p for p in parents if p in defaults), None)
            if name not in defaults and parent is not None:
                defaults[name] = code or defaults[parent]
                changed = True
    return defaults


def _trees() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in SOURCES}


def _name(call: ast.Call) -> str:
    return getattr(call.func, "id", "") or getattr(call.func, "attr", "")


def _by_hand(call: ast.Call) -> bool:
    """An error built from a written message (a text that is not a code, or its code given by keyword)."""
    first = call.args[0] if call.args else None
    written = isinstance(first, ast.JoinedStr) or isinstance(first, ast.Constant) and first.value not in TEMPLATES
    return written or any(keyword.arg == "code" for keyword in call.keywords)


def raise_sites() -> Iterator[tuple[str, str, str | None, set[str] | None]]:
    """(where, kind, code, the keyword parameters given) for every error built and every coded reason named
    with a literal code; ``code`` None when the site gives a hand-written message (a text, or a code by
    keyword), the parameters None when they are passed on as a whole (``**params``)."""
    trees = _trees()
    classes = _error_classes(trees)
    for path, tree in trees.items():
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node)
            given = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords if k.arg}
            first = node.args[0] if node.args else None
            if name == "Reason" and isinstance(first, ast.Constant):
                yield f"{where}:{node.lineno}", "reason", first.value, given
            elif name == "Right" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                yield f"{where}:{node.lineno}", "error", node.args[1].value, set()
            elif name in classes:
                if _by_hand(node):
                    yield f"{where}:{node.lineno}", "error", None, given
                elif first is None:
                    yield f"{where}:{node.lineno}", "error", classes[name], given
                elif isinstance(first, ast.Constant):
                    yield f"{where}:{node.lineno}", "error", first.value, given


SITES = list(raise_sites())


def test_the_scan_finds_the_raise_sites() -> None:
    """A scan that found nothing would pass everything."""
    kinds = [kind for _, kind, _, _ in SITES]
    assert kinds.count("error") >= 200 and kinds.count("reason") > 100


@pytest.mark.parametrize(("where", "kind", "code", "given"), [site for site in SITES if site[2] is not None],
                         ids=[site[0] for site in SITES if site[2] is not None])
def test_every_code_raised_is_in_the_catalogue_and_its_placeholders_are_filled(
        where: str, kind: str, code: str, given: set[str] | None) -> None:
    templates = TEMPLATES if kind == "error" else reasons.TEMPLATES
    assert code in templates, f"{where}: {code!r} is not a registered {kind} code"
    if given is not None:
        missing = set(reasons.PLACEHOLDER.findall(templates[code])) - given
        assert not missing, f"{where}: {code!r} needs {sorted(missing)}"


def test_no_raise_site_writes_its_message_by_hand() -> None:
    by_hand = sorted(where for where, kind, code, _ in SITES if kind == "error" and code is None)
    assert by_hand == [], f"give these a catalogue code (their message is its template): {by_hand}"


def test_each_code_has_one_status_and_a_template() -> None:
    assert set(STATUS) <= set(TEMPLATES)
    assert all(status in (401, 403, 404, 409, 413, 429, 500, 503) for status in STATUS.values())


def test_committed_error_catalogue_is_up_to_date() -> None:
    assert OUTPUT.read_text(encoding="utf-8") == render(), (
        "frontend/src/error-catalogue.json is stale: run .venv/bin/python tests/vectors/make_error_catalogue.py")


def test_the_protocol_documents_every_error_code() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    assert text == render_protocol(text), (
        "the error codes table in docs/protocol.md is stale: run tests/vectors/make_error_catalogue.py")


def test_every_error_template_has_its_spanish_showing_the_same_values() -> None:
    with SPANISH.open("rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)
    entries = catalog._catalog  # type: ignore[attr-defined]
    missing = sorted(template for template in TEMPLATES.values() if template not in entries)
    assert missing == [], "add these to locale/es/LC_MESSAGES/djangojs.po and run make messages"
    for template in TEMPLATES.values():
        assert sorted(SHOWN.findall(catalog.gettext(template))) == sorted(SHOWN.findall(template)), template
