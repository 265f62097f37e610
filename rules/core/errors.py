"""Coded refusals: one hierarchy of rule errors, each with a stable code whose English template lives in one
catalogue (:data:`TEMPLATES`), like the reasons, so a client says it in the player's language and tests
assert it.

``RuleError("attack.self", unit="A")`` is refused with the template of its code filled from its parameters;
the message is never written a second time at the raise site. Templates use Django's ``%(name)s``
placeholders, and ``%(name)r`` for a value shown quoted as the player typed it. A parameter is a number, a
label or name (shown as it is), a list (said as its items joined by commas), a :class:`Reason` (a clause
said in the same language: a refusal that has several causes names the cause with a coded reason) or another
:class:`RuleError` (a refusal whose cause is itself a coded refusal, said from its own template). ``at``
says where the refusal happened (``step 2 (F)``, ``hex 0503``, a weapon's label) and prefixes the message.
Each package registers its own codes (:func:`register`, from the package's ``__init__``). Codes are a public
contract (docs/protocol.md, docs/scenario.md): add codes, never change the meaning or parameters of one in use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.reasons import Reason, reason_code
from rules.core.reasons import register as register_reasons

TEMPLATES: dict[str, str] = {
    # The board and its hexes (hexes.py, board.py)
    "board.invalid_hex": "%(label)r is not a hex label (CCRR, columns and rows counted from 01)",
    "board.off_board": "hex %(hex)s is off the %(width)sx%(height)s board",
    "board.unknown_terrain": "unknown terrain %(terrain)r in %(given)r",
    "board.invalid_terrain": "%(why)s",
    "board.malformed": "%(why)s",
    "unit.unknown": "there is no unit %(unit)r",
    # Options and phases (options.py, phases.py)
    "options.malformed": "options are an object of option names and values",
    "options.unknown": "unknown option %(option)r; known: %(known)s",
    "options.invalid": "option %(option)r is %(allowed)s, not %(value)r",
    "order.malformed": "%(why)s",
    "order.phase_closed": "%(why)s",
    "reaction.not_asked": "%(why)s",
    "reaction.malformed": "%(why)s",
}

# What is wrong, for the codes that several refusals share (``%(why)s``, ``%(allowed)s``), and where.
register_reasons({
    "board.at_hex": "hex %(hex)s",
    "board.at_line": "line %(line)s",
    "board.size_numbers": "the board size must be two positive whole numbers, not %(width)r x %(height)r",
    "board.cell": "a hex is {\"level\": N, \"terrain\": \"name:level;…\"}",
    "board.level": "the level must be a whole number, not %(level)r",
    "board.hex_before_size": "a hex line comes before the size line",
    "board.too_many_hexes": "more hexes than the %(width)sx%(height)s size allows",
    "board.hex_line": "a hex line is: hex CCRR LEVEL \"terrains\" \"theme\"",
    "board.keyword": "unknown keyword %(keyword)r",
    "board.no_size": "the board has no 'size W H' line",
    "board.hex_count": "the %(width)sx%(height)s board needs %(needed)s hex lines, the file has %(count)s",
    "board.size_line": "the size line is: size WIDTH HEIGHT",
    "board.terrain_text": "terrain must be a string such as \"woods:1\", not %(given)r",
    "board.terrain_no_level": "terrain %(given)r has no numeric level",
    "board.terrain_level": "%(terrain)s:%(level)s: %(why)s",
    "board.woods_type": "woods are 1 (light) or 2 (heavy)",
    "board.building_type": "the type is 1 Light, 2 Medium, 3 Heavy or 4 Hardened",
    "board.bridge_type": "the type is 1 Light, 2 Medium, 3 Heavy or 4 Hardened (0: not marked)",
    "board.negative": "cannot be negative",
    "board.building_height": "a building rises at least one level",
    "board.bridge_height": "a bridge deck cannot lie below its hex",
    "board.no_owner": "describes a %(owner)s but the hex has none",
    "board.building_cf": "a %(kind)s building has at most CF %(cf)s",
    "options.one_of": "one of %(values)s",
    "options.count": "a whole number from %(minimum)s to %(maximum)s",
    "order.no_orders_now": "no orders are taken in the %(phase)s phase",
    "reaction.none_in_game": "this game takes no reactions",
})


def register(templates: Mapping[str, str]) -> None:
    """Adds a package's error codes and their English templates; each code is registered once."""
    taken = templates.keys() & TEMPLATES.keys()
    if taken:
        raise ValueError(f"error codes registered twice: {sorted(taken)}")
    TEMPLATES.update(templates)


def say(code: str, params: Mapping[str, Any], at: str = "", translate: Callable[[str], str] = str) -> str:
    """The message of ``code`` with ``params``, prefixed by where it happened: English, or its template
    ``translate``d (a server page in its own language)."""
    shown = {name: ", ".join(map(str, value)) if isinstance(value, list | tuple)
             else say(value.code, value.params, value.at, translate) if isinstance(value, RuleError) else value
             for name, value in params.items()}
    message = translate(TEMPLATES[code]) % shown
    return f"{at}: {message}" if at else message


def error_json(code: str, message: str, params: Mapping[str, Any], at: str = "") -> dict[str, Any]:
    """The error as it leaves the rules and the server: ``{"code", "message", "params"?, "at"?}``; a coded
    parameter or place goes out as ``{"code", "params"}`` (docs/protocol.md, "Reason codes")."""
    body: dict[str, Any] = {"code": code, "message": message}
    if params:
        body["params"] = _coded_params(params)
    if at:
        body["at"] = reason_code(at) if isinstance(at, Reason) else at
    return body


def _coded_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as JSON: a reason, or an error given as the cause of another, as ``{"code", "params"}``."""
    return {name: reason_code(value) if isinstance(value, Reason)
            else {"code": value.code, "params": _coded_params(value.params)} if isinstance(value, RuleError)
            else value for name, value in params.items()}


class RuleError(ValueError):
    """Something the rules refuse. ``code`` is stable and dotted (``area.what``), a subclass gives its own
    by default; ``params`` fill its template and name the culprit."""

    code = "rules.error"

    # ``at`` is a str (a Reason or a label); typed Any so that a site passing its parameters on (``**params``)
    # type-checks.
    def __init__(self, code: str | None = None, /, *, at: Any = "", **params: Any) -> None:
        self.code = code or self.code
        self.params, self.at = params, at
        self.message = say(self.code, params, at)
        super().__init__(self.message)

    def located(self, at: str, **params: Any) -> RuleError:
        """The same refusal, said at ``at`` (a step, a hex, a line) with ``params`` added."""
        return type(self)(self.code, at=at, **{**self.params, **params})

    def to_json(self) -> dict[str, Any]:
        return error_json(self.code, self.message, self.params, self.at)


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
