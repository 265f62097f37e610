"""Numbers in text people and files write (hex labels, board sizes, levels, weapon numbers)."""

from __future__ import annotations


def is_number(text: str) -> bool:
    """A non-empty run of the digits 0-9. `str.isdigit` alone also takes "²" and other digits `int` refuses."""
    return text.isascii() and text.isdigit()
