"""A ruleset's options schema: the options players agree before a match, their defaults and what each allows.

One schema validates every way in (the lobby form and REST, campaigns, the scenario command), and describes
itself as JSON so a form can be drawn from it. A refusal is a coded :class:`RuleError` naming the option and
the rule it broke.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.errors import RuleError
from rules.core.reasons import Reason


@dataclass(frozen=True, slots=True)
class Choice:
    """An option that takes one of a few named values."""

    name: str
    values: tuple[str, ...]
    default: str
    description: str

    def checked(self, value: Any) -> str:
        if not isinstance(value, str) or value not in self.values:
            raise RuleError("options.invalid", option=self.name, value=value, values=list(self.values),
                            allowed=Reason("options.one_of", values=", ".join(self.values)))
        return value

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "choice", "values": list(self.values), "default": self.default,
                "description": self.description}


@dataclass(frozen=True, slots=True)
class Count:
    """An option that is a whole number from ``minimum`` to ``maximum``."""

    name: str
    default: int
    maximum: int
    description: str
    minimum: int = 0

    def checked(self, value: Any) -> int:
        if type(value) is not int or not self.minimum <= value <= self.maximum:
            raise RuleError("options.invalid", option=self.name, value=value, minimum=self.minimum,
                            maximum=self.maximum,
                            allowed=Reason("options.count", minimum=self.minimum, maximum=self.maximum))
        return value

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "count", "minimum": self.minimum, "maximum": self.maximum,
                "default": self.default, "description": self.description}


Option = Choice | Count


class OptionsSchema:
    """The options of one ruleset, in the order a form shows them."""

    def __init__(self, *options: Option) -> None:
        self.options = options

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options)

    @property
    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def validate(self, raw: Any, current: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``raw`` laid over ``current`` (options already agreed; the defaults fill what neither gives), every
        value checked: the normalised options, every option present, in the schema's order."""
        if not isinstance(raw, Mapping):
            raise RuleError("options.malformed")
        unknown = sorted(str(name) for name in raw if name not in self.names)
        if unknown:
            raise RuleError("options.unknown", option=unknown[0], known=list(self.names))
        given = {**(current or {}), **raw}
        return {option.name: option.checked(given.get(option.name, option.default)) for option in self.options}

    def to_json(self) -> list[dict[str, Any]]:
        """Each option with its kind, what it allows, its default and its description (for a form)."""
        return [option.to_json() for option in self.options]
