"""The skirmish computer opponent (issue 22: "MEKATAC and skirmish bots ... simple rules of thumb are fine"):
it plays the worked example to its end with every order accepted by the rules, and it reads only its side's
view: where the enemy's troop in hidden deployment stands (Reglamento, "Despliegue oculto": the troop is
known to its own side only) does not change its orders."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import Dice
from rules.core.hexes import Hex
from rules.core.phases import OVER
from rules.rulesets import get_bot, get_ruleset
from rules.rulesets.bot import play
from rules.rulesets.skirmish.bot import SkirmishBot

SKIRMISH = get_ruleset("skirmish")


class Checked(SkirmishBot):
    """The bot, each of its orders checked by the rules before it is played (a refusal fails the test)."""

    def orders(self, state, side, dice):  # type: ignore[no-untyped-def]
        given = super().orders(state, side, dice)
        for order in given:
            SKIRMISH.check(state, SKIRMISH.decode_order(state, order))
        return given


def test_two_bots_play_the_worked_example_to_its_end_every_order_accepted() -> None:
    start = SKIRMISH.example(SKIRMISH.options.defaults)
    end = play(SKIRMISH, start, {"angus": Checked(SKIRMISH), "yu": Checked(SKIRMISH)}, "skirmish-bot")
    assert end.phase == OVER and end.result is not None


def test_the_hidden_troop_does_not_change_the_other_sides_orders() -> None:
    start = SKIRMISH.example(SKIRMISH.options.defaults)
    hidden = next(unit for unit in start.units if unit.hidden)
    assert hidden.side == "yu"
    moved = replace(start, units=tuple(replace(unit, hex=Hex.parse("0101")) if unit.id == hidden.id else unit
                                       for unit in start.units))
    bot = get_bot("skirmish", "hard")
    assert bot is not None
    assert bot.orders(start, "angus", Dice("x")) == bot.orders(moved, "angus", Dice("x"))
    assert bot.orders(start, "angus", Dice("x")), "the example's side angus has troops to order"
