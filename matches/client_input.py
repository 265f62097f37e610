"""Text a client sends that the database cannot hold: PostgreSQL's text and jsonb refuse the NUL character,
so a value with one would fail at the INSERT (a 500) instead of being refused like any other bad input."""

from __future__ import annotations

from typing import Any

from .errors import MatchError


def refuse_nul(value: Any) -> None:
    """Raises `message.malformed` when any string in `value` (keys included, at any depth) holds a NUL."""
    pending = [value]
    while pending:  # a loop, not recursion: the JSON may be nested as deeply as the parser allowed
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise MatchError("message.malformed", "Text may not contain the NUL character (U+0000).")
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
