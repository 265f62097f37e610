"""The skirmish ruleset: troops that move by orders on hexes, and enemies reacting (AROs) the moment they see
them (the rule text 'Condiciones Generales de Movimiento'; docs/skirmish.md)."""

from rules.rulesets.skirmish import errors as _errors  # noqa: F401  (registers the package's error codes)
from rules.rulesets.skirmish import reasons as _reasons  # noqa: F401  (and its reason codes)
from rules.rulesets.skirmish.ruleset import SkirmishRuleset

__all__ = ["SkirmishRuleset"]
