"""MEKATAC: the fast mecha game on hexes (the Spanish rule text "MEKATAC en español"), as a ruleset on the shared core.

Importing the package registers its reason codes (:mod:`rules.rulesets.mekatac.reasons`).
"""

from rules.rulesets.mekatac import reasons  # noqa: F401  (registers the codes)
from rules.rulesets.mekatac.ruleset import MekatacRuleset

__all__ = ["MekatacRuleset"]
