"""The REST API's JSON parser (settings.REST_FRAMEWORK): a module of its own, since DRF imports it while its
views are still loading."""

from __future__ import annotations

from typing import Any

from rest_framework import parsers

from rules.core.reasons import Reason

from .errors import MatchError


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, answering JSON nested too deep for Python's parser like any other malformed JSON."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:  # arrays or objects nested thousands deep
            raise MatchError("message.malformed", why=Reason("message.nested_too_deeply")) from None
