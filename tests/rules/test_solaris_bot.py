"""The Solaris computer opponent (issue "Play against the computer"): it only sends orders the rules accept, it
stands up after a fall, its own fire never takes it into the heat scale's shutdown range (Total Warfare heat
scale: the first shutdown roll at 14), and two bots play a duel to a result, the same one for the same seed."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from rules.battletech.combat.heat import SHUTDOWN_AVOID, heat_balance
from rules.battletech.state import GameState
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.rulesets import get_ruleset
from rules.rulesets.bot import LEVELS, play
from rules.rulesets.solaris.bot import SolarisBot, side_view
from rules.rulesets.solaris.bot_fire import SAFE_HEAT

SOLARIS = get_ruleset("solaris")


class Checked:
    """A bot whose every order goes through the rules' check before it is sent, as the server's plot does."""

    def __init__(self, bot: SolarisBot) -> None:
        self.bot, self.sent = bot, 0

    def orders(self, state: Any, side: str, dice: Dice) -> list[Json]:
        orders = self.bot.orders(state, side, dice)
        for data in orders:
            SOLARIS.check(state, SOLARIS.decode_order(state, data))  # raises on any refusal
        assert sorted(data["unit"] for data in orders) == sorted(
            unit for unit in SOLARIS.awaits(state) if state.unit(unit).side == side)
        self.sent += len(orders)
        return orders


def duel(seed: str, alice: str = "normal", bob: str = "easy", turns: int = 3) -> GameState:
    state: GameState = SOLARIS.example({"turn_limit": turns})
    return play(SOLARIS, state, {"alice": SolarisBot(SOLARIS, alice), "bob": SolarisBot(SOLARIS, bob)}, seed)


def close_range(heat: int = 0) -> GameState:
    """The demo duel at its weapons phase with the mechs four hexes apart, facing each other."""
    state: GameState = SOLARIS.example({})
    units = (replace(state.unit("A"), hex=Hex.parse("0810"), facing=0),
             replace(state.unit("B"), hex=Hex.parse("0806"), facing=3))
    mechs = {**state.mechs, "A": replace(state.mechs["A"], heat=heat)}
    return replace(state, units=units, mechs=mechs, phase="weapons")


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_order_is_one_the_rules_accept(level: str) -> None:
    bots = {"alice": Checked(SolarisBot(SOLARIS, level)), "bob": Checked(SolarisBot(SOLARIS, "hard"))}
    end = play(SOLARIS, SOLARIS.example({"turn_limit": 2}), bots, f"legal-{level}")
    assert end.result is not None
    assert bots["alice"].sent >= 6 and bots["bob"].sent >= 6  # two turns of movement, fire, physical


def test_a_prone_mech_stands_up_first() -> None:
    """TW 'Standing up': a prone mech may turn where it lies, then spends 2 MP getting up (SU) before it walks on;
    the bot always gets up when it can."""
    state: GameState = SOLARIS.example({})
    state = replace(state, units=tuple(replace(unit, prone=unit.id == "A") for unit in state.units))
    for level in LEVELS:
        (order,) = SolarisBot(SOLARIS, level).orders(state, "alice", Dice("prone"))
        assert "SU" in order["steps"]
        path = SOLARIS.check(state, SOLARIS.decode_order(state, order))["path"]
        assert not path["steps"][-1]["prone"]


@pytest.mark.parametrize("heat", [0, 6, 10, 13, 20])
def test_its_own_fire_stays_out_of_shutdown_range(heat: int) -> None:
    """TW heat scale: at 14 heat a mech rolls to avoid shutting down; the bot's volley ends the turn at 13 or less
    (none at all when its heat is already past it)."""
    assert SAFE_HEAT == min(level for level, _roll in SHUTDOWN_AVOID) - 1 == 13
    state = close_range(heat)
    (order,) = SolarisBot(SOLARIS, "hard").orders(state, "alice", Dice("heat"))
    planned = SOLARIS.check(state, SOLARIS.decode_order(state, order))["attacks"]["attacks"]
    fired = frozenset(attack_index(state, attack) for attack in planned)
    after = heat_balance(replace(state.mechs["A"], fired=fired), state.motion("A")).after
    assert after <= SAFE_HEAT or not fired
    if heat == 0:
        assert fired  # a cool mech four hexes from its enemy fires


def attack_index(state: GameState, attack: Json) -> int:
    return next(index for index, component in state.mechs["A"].design.weapons if component.label == attack["attack"])


def test_a_physical_attack_when_adjacent() -> None:
    """TW 'Physical attacks': adjacent and standing, the bot kicks or punches when the rules allow it."""
    state = close_range()
    units = (replace(state.unit("A"), hex=Hex.parse("0807")), state.unit("B"))
    state = replace(state, units=units, phase="physical")
    (order,) = SolarisBot(SOLARIS, "normal").orders(state, "alice", Dice("kick"))
    assert order.get("target") == "B" and order["attack"] in ("kick", "punch")
    SOLARIS.check(state, SOLARIS.decode_order(state, order))


def test_two_bots_play_a_duel_to_a_result_the_same_for_the_same_seed() -> None:
    first, again = duel("duel-7"), duel("duel-7")
    assert first.result is not None
    assert json.dumps(SOLARIS.state_to_json(first), sort_keys=True) == json.dumps(
        SOLARIS.state_to_json(again), sort_keys=True)


def test_the_bot_does_not_read_the_enemy_ammunition() -> None:
    """Solaris hides a mech's bins from the other side: the bot's orders cannot depend on them."""
    state = close_range()
    emptied = replace(state, mechs={**state.mechs, "B": replace(state.mechs["B"], ammo=dict.fromkeys(
        state.mechs["B"].ammo, 0))})
    assert side_view(emptied, "alice") == side_view(state, "alice")
    bot = SolarisBot(SOLARIS, "normal")
    assert bot.orders(emptied, "alice", Dice("ammo")) == bot.orders(state, "alice", Dice("ammo"))


def test_an_unknown_level_is_a_coded_refusal() -> None:
    with pytest.raises(RuleError) as refused:
        SolarisBot(SOLARIS, "grandmaster")
    assert refused.value.code == "bot.unknown_level"
