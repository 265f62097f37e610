"""One hierarchy of rule errors, each with a stable code that clients translate and tests assert."""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    """Something the rules refuse. ``code`` is stable and dotted (``area.what``); ``params`` name the culprit."""

    code = "rules.error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.params = params

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **({"params": self.params} if self.params else {})}


class InvalidHex(RuleError):
    code = "board.invalid_hex"


class OffBoard(RuleError):
    code = "board.off_board"


class UnknownTerrain(RuleError):
    code = "board.unknown_terrain"


class InvalidTerrain(RuleError):
    """A known terrain with an impossible level (``woods:3``, ``building:7``, a negative depth …)."""

    code = "board.invalid_terrain"


class BoardFormatError(RuleError):
    code = "board.malformed"


class UnknownUnit(RuleError):
    code = "unit.unknown"


class MalformedOrder(RuleError):
    code = "order.malformed"


class IllegalMove(RuleError):
    """A movement order the rules forbid; ``code`` says which rule (``move.insufficient_mp`` …)."""

    code = "move.illegal"


class ScenarioError(RuleError):
    code = "scenario.malformed"
