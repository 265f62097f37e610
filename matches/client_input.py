"""Text a client sends that the database cannot hold: PostgreSQL's text and jsonb refuse the NUL character,
and a lone surrogate ("\\ud800" is valid JSON, but no Unicode text) can be neither stored nor sent back as
UTF-8. A value with either would fail at the INSERT or the answer (a 500) instead of being refused like any
other bad input. So would a number no JSON answer can say: Python's parser reads 1e400 as infinity (and takes
NaN and Infinity), and a refusal naming that value failed to render."""

from __future__ import annotations

import math
import re
from typing import Any

from rules.core.reasons import Reason

from .errors import MatchError

_SURROGATE = re.compile("[\ud800-\udfff]")


def refuse_unstorable(value: Any) -> None:
    """Raises `message.malformed` when any string in `value` (keys included, at any depth) holds a NUL or a
    lone surrogate, or any number is not finite."""
    pending = [value]
    while pending:  # a loop, not recursion: the JSON may be nested as deeply as the parser allowed
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise MatchError("message.malformed", why=Reason("message.nul"))
            if _SURROGATE.search(item):
                raise MatchError("message.malformed", why=Reason("message.lone_surrogate"))
        elif isinstance(item, float) and not math.isfinite(item):
            raise MatchError("message.malformed", why=Reason("message.not_finite"))
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
