"""A computer opponent's seat, for any ruleset: what a bot is given and what it answers.

A bot plays one side. It sees what that side's player sees (the ruleset's own side view of the state) and asks
the rules only what a player may ask (``check``, ``decode_order``, ``hints``, ``reaction_choices``), so every
order it returns is one a person could have sent. Its budget is a count of candidates it weighs, never a clock,
and any noise it adds comes from a seeded :class:`Dice`: the same position, level and seed give the same orders.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from rules.core.dice import Dice
from rules.core.errors import RuleError, register
from rules.core.phases import OVER, Json
from rules.core.playback import ReactionWindow
from rules.rulesets.base import Ruleset

# How many candidate moves a bot weighs at each level, and how much noise (in expected damage points, from
# its dice) blurs its first sorting of them.
LEVELS: Mapping[str, tuple[int, int]] = {"easy": (3, 6), "normal": (8, 2), "hard": (20, 0)}


register({"bot.unknown_level": "There is no %(level)r computer player."})


class BotError(RuleError):
    code = "bot.unknown_level"


def level_budget(level: str) -> tuple[int, int]:
    """``(candidates, noise)`` of a level; a coded refusal for an unknown one."""
    try:
        return LEVELS[level]
    except KeyError:
        raise BotError(level=level) from None


class Bot(Protocol):
    """One side's computer player."""

    def orders(self, state: Any, side: str, dice: Dice) -> list[Json]:
        """An order (JSON, as the ruleset decodes it) for each unit of ``side`` the current phase awaits."""
        ...

    def fallback(self, state: Any, side: str) -> list[Json]:
        """Orders the rules accept for the same units, found without weighing anything: what the server sends
        when the bot's decision overruns its wall-clock deadline (the budget here is a count, never a clock)."""
        ...

    def react(self, state: Any, window: ReactionWindow, unit: str, dice: Dice) -> Json | None:
        """``unit``'s answer to ``window`` (a reaction order as the ruleset decodes it; None: a pass)."""
        ...


def play(ruleset: Ruleset[Any, Any], state: Any, bots: Mapping[str, Bot], seed: str, most: int = 400) -> Any:
    """A whole match between bots, one per side, without a server: each ordered phase gets every bot's orders
    (decoded by the ruleset, as the server would), then resolves with dice seeded by ``seed``, the turn and
    the phase. Every reaction window is passed. The final state (over, or after ``most`` resolutions)."""
    for _ in range(most):
        if state.phase == OVER:
            break
        where = f"{seed}:{state.turn}:{state.phase}"
        orders = [ruleset.decode_order(state, data)
                  for side, bot in sorted(bots.items()) for data in bot.orders(state, side, Dice(f"bot:{side}:{where}"))]
        outcome, answers = ruleset.resolve_phase(state, orders, Dice(where)), {}
        while outcome.pending is not None:
            window = outcome.pending
            answers[window.key] = {unit: ruleset.decode_reaction(state, window, unit, None) for unit in window.units}
            outcome = ruleset.resolve_phase(state, orders, Dice(where), answers)
        state = outcome.state
    return state
