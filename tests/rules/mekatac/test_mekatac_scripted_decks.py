"""A scripted MEKATAC game with the decks (issue 20, "Tests"): on a fixed seed, played through the ruleset protocol
the server uses, it has an interrupt attack during movement ("incluso si otro Meka se está moviendo"), a critical
("cada vez que un impacto hace 10 o más"), a hidden meka revealed ("se revela si … está en línea de visión de un
Meka enemigo") and a mine ("4D10 de daño al Meka que las pise"). The preparation hands are set to the two cards
the game plays (as if dealt): side a mines the hex the Samurai walks into, side b hides its Gunslinger."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.phases import OVER
from rules.core.playback import Reaction
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.state import MekaState
from tests.rules.mekatac.mekatac_helpers import meka

RULES = MekatacRuleset()
SEED = "mekatac-decks-33"  # chosen so that the turn-1 movement holds all four


def start() -> MekaState:
    mekas = (meka("T", "0610", 0, "a", "Titanicus"), meka("S", "0602", 3, "b", "Samurai"),
             meka("G", "1002", 3, "b", "Gunslinger"))
    return MekaState(Board(12, 12), mekas, options=RULES.options.validate({"turn_limit": 3, "decks": "on"}))


def order_data(state: MekaState, unit: str) -> dict[str, Any]:
    meka_ = state.unit(unit)
    if state.phase == "preparation":
        mine, hide = {"card": "minas", "hex": "0607"}, {"card": "meka_oculto", "meka": "G", "hex": "1002"}
        return {"unit": unit, "cards": [mine if meka_.side == "a" else hide]}
    if unit == "S" and state.turn == 1:
        return {"unit": "S", "steps": ["F"] * 5}
    enemies = sorted((other.hex.distance(meka_.hex), other.id) for other in state.units
                     if other.side != meka_.side and other.in_fight)
    ready = RULES.hints(state, "player", meka_.side)["units"][unit]["weapons"]
    return {"unit": unit, "attacks": [{"at": 0, "target": enemies[0][1], "weapons": ready}]} if enemies else {
        "unit": unit}


def play() -> list[tuple[MekaState, list[Any], Any]]:
    state, record = start(), []
    for _ in range(60):
        if state.phase == OVER:
            return record
        if state.phase == "preparation":
            state = replace(state, strategies={"a": ("minas",), "b": ("meka_oculto",)}, upgrades={"a": (), "b": ()})
        orders = [RULES.decode_order(state, order_data(state, unit)) for unit in RULES.awaits(state)]
        for order in orders:
            RULES.check(state, order)
        answers: dict[str, dict[str, Reaction]] = {}
        windows, dice_seed = [], f"{SEED}:{state.turn}:{state.phase}"
        outcome = RULES.resolve_phase(state, orders, Dice(dice_seed), answers)
        while outcome.pending is not None:
            window = outcome.pending
            windows.append(window)
            everything = RULES.reaction_choices(state, window, window.units[0])[-2]["order"]
            answers[window.key] = {window.units[0]: RULES.decode_reaction(state, window, window.units[0], everything)}
            outcome = RULES.resolve_phase(state, orders, Dice(dice_seed), answers)
        record.append((state, windows, outcome))
        state = outcome.state
    raise AssertionError("the scripted game did not end")


def test_the_first_movement_has_an_interrupt_a_critical_a_hidden_meka_revealed_and_a_mine() -> None:
    record = play()
    prepared = next(outcome.state for state, _, outcome in record if state.phase == "preparation")
    assert prepared.unit("G").hidden and prepared.mines == {"a": ("0607",)}
    assert [unit["id"] for unit in RULES.view(prepared, "player", "a")["units"]] == ["T", "S"]
    state, windows, outcome = next(entry for entry in record if entry[0].phase == "movement")
    events = [event for tick in outcome.reports[0].ticks for event in tick]
    assert windows and windows[0].trigger == "S" and windows[0].units == ("T",)
    assert any(event.kind == "attack" and event.unit == "T" for event in events)
    assert [event.unit for event in events if event.kind == "revealed"] == ["G"]
    assert [(event.unit, event.to_hex.label) for event in events if event.kind == "mine"] == [("S", "0607")]
    assert any(event.kind == "critical" for event in events)
    assert outcome.state.mines == {"a": ()} and not outcome.state.unit("G").hidden


def test_it_replays_byte_for_byte() -> None:
    first = [json.dumps(RULES.report_to_json(outcome), sort_keys=True) for _, _, outcome in play()]
    again = [json.dumps(RULES.report_to_json(outcome), sort_keys=True) for _, _, outcome in play()]
    assert first == again and play()[-1][2].state.phase == OVER
