"""The skirmish computer opponent, by rules of thumb: each troop its side may order shoots the first target
the rules let it shoot, and otherwise stays idle; asked to react, it passes.

It reads only what its side's player is shown: the hints of its side's view (the troops it may order and the
targets it sees; a troop in hidden deployment is never offered it), and asks the rules' ``check`` as a player's
plot does, so every order it sends is one a person could have sent.
"""

from __future__ import annotations

from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.phases import Json
from rules.core.playback import ReactionWindow
from rules.rulesets.base import Ruleset
from rules.rulesets.bot import level_budget


class SkirmishBot:
    """One side's computer player (every level plays alike: rules of thumb)."""

    def __init__(self, ruleset: Ruleset[Any, Any], level: str = "normal") -> None:
        self.ruleset = ruleset
        level_budget(level)

    def orders(self, state: Any, side: str, dice: Dice) -> list[Json]:
        units = self.ruleset.hints(state, "player", side).get("units", {})
        return [self._order(state, unit, hint.get("targets", [])) for unit, hint in sorted(units.items())
                if hint.get("orders")]

    def fallback(self, state: Any, side: str) -> list[Json]:
        units = self.ruleset.hints(state, "player", side).get("units", {})
        return [_idle(unit) for unit, hint in sorted(units.items()) if hint.get("orders")]

    def react(self, state: Any, window: ReactionWindow, unit: str, dice: Dice) -> Json | None:
        return None

    def _order(self, state: Any, unit: str, targets: list[str]) -> Json:
        for target in targets:
            order: Json = {"unit": unit, "skills": [{"skill": "attack", "target": target}]}
            try:
                self.ruleset.check(state, self.ruleset.decode_order(state, order))
            except RuleError:
                continue
            return order
        return _idle(unit)


def _idle(unit: str) -> Json:
    return {"unit": unit, "skills": [{"skill": "idle"}]}
