"""The MEKATAC computer opponent (issue 22: rules of thumb are fine): two bots play the example to its end (the
agreed turn limit, "LÍMITE DE TURNOS" of the options) with every order accepted by the rules' check, and an
enemy's secret hand (CARTAS DE ACCIÓN: each player's hand is hidden) does not change a bot's orders."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import Dice
from rules.core.phases import OVER
from rules.rulesets import get_bot, get_ruleset
from rules.rulesets.bot import play
from rules.rulesets.mekatac.bot import MekatacBot

MEKATAC = get_ruleset("mekatac")


class Checked(MekatacBot):
    """The bot, each of its orders checked by the rules before it is played (a refusal fails the test)."""

    def orders(self, state, side, dice):  # type: ignore[no-untyped-def]
        given = super().orders(state, side, dice)
        for order in given:
            MEKATAC.check(state, MEKATAC.decode_order(state, order))
        return given


def test_two_bots_play_the_example_to_its_end_every_order_accepted() -> None:
    start = MEKATAC.example({**MEKATAC.options.defaults, "turn_limit": 6})
    end = play(MEKATAC, start, {"a": Checked(MEKATAC), "b": Checked(MEKATAC)}, "mekatac-bot")
    assert end.phase == OVER and end.result is not None


def test_the_enemys_hand_does_not_change_the_bots_orders() -> None:
    start = MEKATAC.example({**MEKATAC.options.defaults, "turn_limit": 6})
    bot = get_bot("mekatac", "hard")
    assert bot is not None
    # Played to the first movement phase (the cards and initiative resolve without orders).
    state = MEKATAC.resolve_phase(start, [], Dice("deal")).state
    mine = bot.orders(state, "a", Dice("x"))
    assert mine and state.hands["b"], "side a has mekas to move and b a hand to hide"
    other_hand = replace(state, hands={**state.hands, "b": ()})
    assert mine == bot.orders(other_hand, "a", Dice("x"))
