"""The Solaris VII duel ruleset: BattleTech with the Solaris VII referees' clarifications."""

from rules.rulesets.solaris import errors as _errors  # noqa: F401  (registers the package's reason codes)
from rules.rulesets.solaris.ruleset import SolarisRuleset

__all__ = ["SolarisRuleset"]
