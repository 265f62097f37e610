"""The MEKATAC computer opponent, by rules of thumb: each meka its side moves stands where it is and fires every
weapon its side's hints call ready at the nearest enemy meka, dropping weapons until the rules' check accepts
the attack (standing without firing when none does), firing at the first legal shot in the windows it would be
asked in; asked to react, it passes.

It reads only what its side's player is shown: its own mekas' hints (modes, ready weapons), the mekas on the
board, and the rules' ``check`` of each order, as a player's plot asks; never the hands or the decks.
"""

from __future__ import annotations

from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.playback import ReactionWindow
from rules.rulesets.base import Ruleset
from rules.rulesets.bot import level_budget


class MekatacBot:
    """One side's computer player (every level plays alike: rules of thumb)."""

    def __init__(self, ruleset: Ruleset[Any, Any], level: str = "normal") -> None:
        self.ruleset = ruleset
        level_budget(level)

    def orders(self, state: Any, side: str, dice: Dice) -> list[Json]:
        hints = self.ruleset.hints(state, "player", side).get("units", {})
        mine = [unit for unit in self.ruleset.awaits(state) if state.unit(unit).side == side]
        return [self._order(state, unit, hints.get(unit, {}).get("weapons", [])) for unit in mine]

    def fallback(self, state: Any, side: str) -> list[Json]:
        return [_stand(unit) for unit in self.ruleset.awaits(state) if state.unit(unit).side == side]

    def react(self, state: Any, window: ReactionWindow, unit: str, dice: Dice) -> Json | None:
        return None

    def _order(self, state: Any, unit: str, weapons: list[int]) -> Json:
        meka = state.unit(unit)
        enemies = [other for other in state.units if other.side != meka.side and getattr(other, "in_fight", True)]
        if not enemies:
            return _stand(unit)
        target = min(enemies, key=lambda other: (_distance(meka.hex, other.hex), other.id))
        for count in range(len(weapons), 0, -1):
            order = {**_stand(unit), "react": "fire",
                     "attacks": [{"at": 0, "target": target.id, "weapons": weapons[:count]}]}
            try:
                self.ruleset.check(state, self.ruleset.decode_order(state, order))
            except RuleError:
                continue
            return order
        return _stand(unit)


def _stand(unit: str) -> Json:
    return {"unit": unit, "mode": "walk", "steps": []}


def _distance(a: Hex, b: Hex) -> int:
    return a.distance(b)
