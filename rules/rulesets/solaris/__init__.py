"""The Solaris VII duel ruleset: BattleTech with the Solaris VII referees' clarifications."""

from rules.rulesets.solaris.ruleset import SolarisRuleset

__all__ = ["SolarisRuleset"]
