"""Coded reasons: every ruling's reason has a stable code and parameters, so a client can say it in the
player's language, and it is still the English sentence everywhere a string is expected.

``Reason("los.heights", source=…, …)`` fills the English template of its code (``TEMPLATES``, Django's
``%(name)s`` placeholders, the same text the client's catalogue translates). Each package registers its
own codes (:func:`register`, from the package's ``__init__``); the core knows only how to say several
reasons as one. A parameter is a number, a word (translated by the client when it is in ``WORDS``), a
proper name or label (shown as it is), or another :class:`Reason` (a clause rendered in the same
language). Codes are a public contract (docs/protocol.md): add codes, never change the meaning or
parameters of one in use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Union

Param = Union[str, int, "Reason"]

TEMPLATES: dict[str, str] = {
    # Saying several reasons as one (:func:`joined`, :func:`listed`).
    "rules.joined": "%(first)s; %(then)s",
    "rules.listed": "%(first)s, %(then)s",
}

# Words a parameter may hold that the client translates (terrain, postures, sides …); anything else in a
# parameter (hex labels, unit ids, weapon names, numbers) is shown as it is.
WORDS: set[str] = set()


def register(templates: Mapping[str, str], words: Iterable[str] = ()) -> None:
    """Adds a package's reason codes and the words its parameters may hold. Each package registers its own
    when it is imported (its ``__init__``), so a code is known wherever the rules that give it are loaded."""
    taken = templates.keys() & TEMPLATES.keys()
    if taken:
        raise ValueError(f"reason codes registered twice: {sorted(taken)}")
    TEMPLATES.update(templates)
    WORDS.update(words)


# A placeholder: ``%(name)s`` shows the value as it is, ``%(name)r`` quoted (a name the player typed).
PLACEHOLDER = re.compile(r"%\((\w+)\)[sr]")


class Reason(str):
    """The English text of a coded reason, carrying its ``code`` and ``params``."""

    code: str
    params: Mapping[str, Param]

    def __new__(cls, code: str, /, **params: Param) -> Reason:
        reason = super().__new__(cls, TEMPLATES[code] % params)
        reason.code, reason.params = code, params
        return reason

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Param]]:
        # copy and pickle rebuild the reason from its code, not from its text.
        return (self.code,), dict(self.params)


def signed(value: int) -> str:
    """A modifier as the rules write it: ``+2``, ``-1``, ``+0``."""
    return f"{value:+d}"


def reason_code(reason: str) -> dict[str, Any]:
    """``{"code", "params"}`` for the client; a reason without a code (one a scenario gave in plain
    words) has ``code`` null and is shown as its text."""
    if not isinstance(reason, Reason):
        return {"code": None, "params": {}}
    params = {name: reason_code(value) if isinstance(value, Reason) else value
              for name, value in reason.params.items()}
    return {"code": reason.code, "params": params}


def reason_from_code(text: str, coded: Any) -> str:
    """A stored reason back with its code (``coded`` as :func:`reason_code` wrote it), or its plain text
    when the code is missing or no longer gives that text."""
    try:
        params = {name: reason_from_code("", value) if isinstance(value, dict) else value
                  for name, value in coded["params"].items()}
        reason = Reason(coded["code"], **params)
    except (KeyError, TypeError, ValueError):
        return text
    return reason if reason == text or not text else text


def reason_codes(reasons: Iterable[str]) -> list[dict[str, Any]]:
    """The ``reason_codes`` list that goes out beside ``reasons``, one entry per reason, in order."""
    return [reason_code(reason) for reason in reasons]


def joined(reasons: Sequence[str]) -> str:
    """Several reasons said as one, ``first; then…``, still coded (each further reason is nested)."""
    if len(reasons) < 2:
        return reasons[0] if reasons else ""
    return Reason("rules.joined", first=reasons[0], then=joined(reasons[1:]))


def listed(reasons: Sequence[str]) -> str:
    """Several reasons as a list, ``first, then…``, still coded like :func:`joined`."""
    if len(reasons) < 2:
        return reasons[0] if reasons else ""
    return Reason("rules.listed", first=reasons[0], then=listed(reasons[1:]))
