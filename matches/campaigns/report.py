"""Report lines stored as a message id and its parameters, said in the reader's language when shown.

Reports written before this (plain strings) are shown as they were written."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext


def line(text: str, **params: Any) -> dict[str, Any]:
    """One line: `text` is an English message id marked for translation (gettext_noop), `params` its values
    (a value may itself be a line: a word said in the reader's language too)."""
    return {"text": text, "params": params}


def said(entry: Any) -> str:
    """The line in the active language."""
    if isinstance(entry, str):
        return entry
    params = {key: said(value) if isinstance(value, dict) else value for key, value in entry.get("params", {}).items()}
    return gettext(entry["text"]) % params
