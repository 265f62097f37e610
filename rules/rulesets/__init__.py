"""Rulesets are strategy objects over the shared hex core; a match names the one it plays."""

from __future__ import annotations

from rules.core.errors import RuleError
from rules.rulesets.base import PhaseResult, Ruleset
from rules.rulesets.solaris import SolarisRuleset

RULESETS: dict[str, Ruleset] = {"solaris": SolarisRuleset()}

__all__ = ["PhaseResult", "Ruleset", "RULESETS", "get_ruleset"]


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise RuleError(f"unknown ruleset {name!r}", code="ruleset.unknown", ruleset=name) from None
