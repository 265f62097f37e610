"""Rulesets are strategy objects over the shared hex core; a match names the one it plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.errors import RuleError, register
from rules.core.reasons import register as register_reasons
from rules.rulesets.base import Ruleset
from rules.rulesets.bot import Bot, level_budget
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.bot import MekatacBot
from rules.rulesets.skirmish import SkirmishRuleset
from rules.rulesets.skirmish.bot import SkirmishBot
from rules.rulesets.solaris import SolarisRuleset
from rules.rulesets.solaris.bot import SolarisBot

register({
    "ruleset.unknown": "unknown ruleset %(ruleset)r; known: %(known)s",
    "query.not_offered": "This game has no %(query)r query.",
    "choice.not_offered": "This game has no %(choice)r choice.",
})

# The ruleset a match or a scenario plays when it names none.
DEFAULT_RULESET = "solaris"
RULESETS: dict[str, Ruleset[Any, Any]] = {
    DEFAULT_RULESET: SolarisRuleset(), "mekatac": MekatacRuleset(), "skirmish": SkirmishRuleset(),
}
# Every phase's name is a word the client translates: the match page's header titles a phase by its name unless
# its ruleset titles it otherwise (TableRuleset.phase_title).
register_reasons({}, words=[phase.name for ruleset in RULESETS.values() for phase in ruleset.phases])

# The rulesets a computer opponent plays, and how to seat one at a level.
BOTS: dict[str, Callable[[Ruleset[Any, Any], str], Bot]] = {
    DEFAULT_RULESET: SolarisBot, "mekatac": MekatacBot, "skirmish": SkirmishBot,
}

__all__ = ["BOTS", "DEFAULT_RULESET", "Ruleset", "RULESETS", "get_bot", "get_ruleset"]


def get_ruleset(name: str) -> Ruleset[Any, Any]:
    try:
        return RULESETS[name]
    except KeyError:
        raise RuleError("ruleset.unknown", ruleset=name, known=list(RULESETS)) from None


def get_bot(name: str, level: str) -> Bot | None:
    """A computer player of ruleset ``name`` at ``level`` (None when the ruleset has no bot yet); a coded
    refusal for an unknown ruleset or level."""
    ruleset = get_ruleset(name)
    level_budget(level)
    return BOTS[name](ruleset, level) if name in BOTS else None
