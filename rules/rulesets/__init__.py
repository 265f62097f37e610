"""Rulesets are strategy objects over the shared hex core; a match names the one it plays."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.rulesets.base import Ruleset
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.skirmish import SkirmishRuleset
from rules.rulesets.solaris import SolarisRuleset

# The ruleset a match or a scenario plays when it names none.
DEFAULT_RULESET = "solaris"
RULESETS: dict[str, Ruleset[Any, Any]] = {
    DEFAULT_RULESET: SolarisRuleset(), "mekatac": MekatacRuleset(), "skirmish": SkirmishRuleset(),
}

__all__ = ["DEFAULT_RULESET", "Ruleset", "RULESETS", "get_ruleset"]


def get_ruleset(name: str) -> Ruleset[Any, Any]:
    try:
        return RULESETS[name]
    except KeyError:
        raise RuleError(f"unknown ruleset {name!r}", code="ruleset.unknown", ruleset=name) from None
