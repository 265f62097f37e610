"""A scripted MEKATAC game on a fixed seed, played through the ruleset protocol the server uses: three turns of
cards, initiative and movement with its reaction windows. In turn 1 the Samurai walks at the Titanicus and
the Titanicus fires on it in the middle of that move ("incluso si otro Meka se está moviendo"), a hit of 10
or more that rolls on the critical table; the game ends at the agreed turn limit or when a side is out."""

from __future__ import annotations

import json
from typing import Any

from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.phases import OVER
from rules.core.playback import Reaction
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.state import MekaState
from tests.rules.mekatac.mekatac_helpers import meka

RULES = MekatacRuleset()
SEED = "mekatac-scripted-13"  # chosen so that the interrupt shot rolls a critical


def start() -> MekaState:
    mekas = (meka("T", "0610", 0, "a", "Titanicus"), meka("S", "0602", 3, "b", "Samurai"),
             meka("G", "1002", 3, "b", "Gunslinger"))
    return MekaState(Board(12, 12), mekas, options=RULES.options.validate({"turn_limit": 3}))


def orders_for(state: MekaState) -> list[Any]:
    """Turn 1: the Samurai walks four hexes south; every other meka, every turn, stands and fires all it has
    ready at the nearest enemy when its move opens."""
    orders = []
    for unit in RULES.awaits(state):
        meka_ = state.unit(unit)
        if unit == "S" and state.turn == 1:
            data: dict[str, Any] = {"unit": "S", "steps": ["F", "F", "F", "F"]}
        else:
            enemies = sorted((other.hex.distance(meka_.hex), other.id) for other in state.units
                             if other.side != meka_.side and other.in_fight)
            ready = RULES.hints(state, "player", meka_.side)["units"][unit]["weapons"]
            data = {"unit": unit, "attacks": [{"at": 0, "target": enemies[0][1], "weapons": ready}]} if enemies else {
                "unit": unit}
        order = RULES.decode_order(state, data)
        RULES.check(state, order)
        orders.append(order)
    return orders


def play(seed: str = SEED) -> list[tuple[Any, list[Any], Any]]:
    """Each resolution: the state it began from, the windows it stopped at, and its outcome."""
    state, record = start(), []
    for _ in range(40):
        if state.phase == OVER:
            return record
        orders = orders_for(state) if RULES.awaits(state) else []
        answers: dict[str, dict[str, Reaction]] = {}
        windows = []
        dice_seed = f"{seed}:{state.turn}:{state.phase}"
        outcome = RULES.resolve_phase(state, orders, Dice(dice_seed), answers)
        while outcome.pending is not None:
            window = outcome.pending
            windows.append(window)
            everything = RULES.reaction_choices(state, window, window.units[0])[-2]["order"]  # "all" or the one weapon
            answers[window.key] = {window.units[0]: RULES.decode_reaction(state, window, window.units[0], everything)}
            outcome = RULES.resolve_phase(state, orders, Dice(dice_seed), answers)
        record.append((state, windows, outcome))
        state = outcome.state
    raise AssertionError("the scripted game did not end")


def test_the_titanicus_fires_into_the_samurais_move_and_rolls_a_critical() -> None:
    record = play()
    first_movement = next(outcome for state, windows, outcome in record if state.phase == "movement")
    movement = first_movement.reports[0]
    windows = next(windows for state, windows, outcome in record if state.phase == "movement")
    assert windows and windows[0].trigger == "S" and windows[0].units == ("T",)
    tick = movement.ticks[windows[0].tick - 1]
    assert tick[0].unit == "S" and tick[0].kind == "step"  # the Samurai's step, then the Titanicus's fire
    assert [event.unit for event in tick if event.kind == "attack"] and all(
        event.unit == "T" for event in tick if event.kind == "attack")
    criticals = [event for event in tick if event.kind == "critical"]
    assert criticals and criticals[0].unit == "S"
    assert criticals[0].reason.code == "mekatac.critical"  # type: ignore[attr-defined]


def test_the_scripted_game_ends_and_replays_byte_for_byte() -> None:
    record = play()
    final = record[-1][2].state
    assert final.phase == OVER and final.result is not None
    first = [json.dumps(RULES.report_to_json(outcome), sort_keys=True) for _, _, outcome in record]
    again = [json.dumps(RULES.report_to_json(outcome), sort_keys=True) for _, _, outcome in play()]
    assert first == again
    assert RULES.state_from_json(json.loads(json.dumps(RULES.state_to_json(final)))) == final
