"""The one error that leaves the server: a stable dotted code, a message and an HTTP status."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError


class MatchError(Exception):
    def __init__(self, code: str, message: str, *, status: int = 400, params: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.params = params or {}

    @classmethod
    def from_rule_error(cls, error: RuleError) -> MatchError:
        # The rules library's codes (`move.*`, `order.*`) pass through unchanged.
        return cls(error.code, error.message, params=dict(error.params))

    @classmethod
    def database_unavailable(cls) -> MatchError:
        """The database connection broke mid-command (PostgreSQL restarting, a terminated backend): the
        transaction rolled back, and the next command opens a fresh connection, so sending it again is safe."""
        return cls("server.unavailable", "The database did not answer; send it again.", status=503)

    def as_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.params:
            body["params"] = self.params
        return body
