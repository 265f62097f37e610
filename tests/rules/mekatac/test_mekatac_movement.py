"""MEKATAC initiative and movement: "FASE DE INICIATIVA" (1D10 per meka, plus the size table's modifier; ties
rolled again), "FASE DE MOVIMIENTO" ("de menor a mayor tirada de iniciativa"), "MOVIMIENTO Y ENCARAMIENTO"
(1 MP a hex forward or a 60° turn), the systems' MP ("4 patas +2", "Jump Jets +4: Puede saltar obstáculos",
"Alas +8"), and "ATAQUES": "Un Meka puede atacar en cualquier momento de la fase de movimiento, incluso si
otro Meka se está moviendo" (the reaction windows)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.core.playback import Reaction
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.phases import INITIATIVE
from rules.rulesets.mekatac.state import MekaState
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka

RULES = MekatacRuleset()


def order(state: MekaState, **data: Any) -> Any:
    return RULES.decode_order(state, data)


def test_initiative_adds_the_size_modifier_and_moves_lowest_first() -> None:
    state = game(meka("S", "0101", 0, "a", "Imp"), meka("L", "0301", 0, "b", "Titanicus"), phase="initiative")
    # Imp +3: 2 → 5; Titanicus -4: 9 → 5: a tie, rolled again (in id order): Titanicus 10-4 = 6, Imp 1+3 = 4
    tied = INITIATIVE.resolve(state, (), ScriptedDice(2, 9, 10, 1))
    assert tied.state.order == ("S", "L") and tied.state.initiative == {"S": 5, "L": 5}
    kinds = [event.kind for event in tied.reports[0].ticks[0]]
    assert kinds == ["initiative", "initiative", "initiative_tie", "initiative", "initiative"]
    plain = INITIATIVE.resolve(state, (), ScriptedDice(9, 2)).state
    assert plain.order == ("L", "S") and plain.initiative == {"S": 12, "L": -2}


def test_mp_by_size_and_systems_and_the_check() -> None:
    state = game(meka("W", "0815", 0, "a", "Wardog"), meka("R", "0415", 0, "a", "Ranger"),
                 meka("D", "1215", 0, "b", "Demoness"), meka("C", "1501", 3, "b", "Cyclops"))
    assert RULES.check(state, order(state, unit="W", steps=["F"] * 9))["budget"] == 9  # 7 + 4 patas
    assert RULES.check(state, order(state, unit="R", mode="jump", steps=["F"] * 12))["budget"] == 12  # 8 + 4
    assert RULES.check(state, order(state, unit="D", mode="fly", steps=["F"] * 13))["budget"] == 13  # 5 + 8
    refusals = [({"unit": "W", "steps": ["F"] * 10}, "mekatac.refuse_no_mp"),
                ({"unit": "C", "mode": "jump", "steps": ["F"]}, "mekatac.refuse_mode"),
                ({"unit": "W", "attacks": [{"at": 0, "target": "D", "weapons": [2, 2]}]}, "mekatac.refuse_used"),
                ({"unit": "W", "attacks": [{"at": 0, "target": "D", "weapons": [1, "kick"]}]},
                 "mekatac.refuse_melee_used"),
                ({"unit": "W", "attacks": [{"at": 0, "target": "D", "weapons": [0]}]}, "mekatac.refuse_not_a_weapon")]
    for data, code in refusals:
        with pytest.raises(RuleError) as refused:
            RULES.check(state, RULES.decode_order(state, data))
        assert refused.value.code == code, data


def test_a_turn_costs_1_mp_and_a_building_stops_a_walker_not_a_jumper() -> None:
    wall = {"0806": (0, "building:1")}
    state = game(meka("R", "0808", 0, "a", "Ranger"), meka("Z", "0101", 3, "b", "Cyclops"), terrain=wall)
    with pytest.raises(RuleError) as refused:
        RULES.check(state, order(state, unit="R", steps=["F", "F"]))
    assert refused.value.code == "mekatac.move_blocked"
    jumped = RULES.check(state, order(state, unit="R", mode="jump", steps=["F", "F", "F", "R"]))
    assert [step["hex"] for step in jumped["steps"]] == ["0807", "0806", "0805", "0805"]
    assert jumped["steps"][-1]["facing"] == 1


def resolve(state: MekaState, orders: list[Any], answer: Any = None, seed: str = "move") -> Any:
    """The movement phase played to its end, every window answered with ``answer(window)`` (None: pass)."""
    from rules.core.dice import Dice
    answers: dict[str, dict[str, Reaction]] = {}
    windows = []
    for _ in range(50):
        outcome = RULES.resolve_phase(state, orders, Dice(seed), answers)
        if outcome.pending is None:
            return outcome, windows
        window = outcome.pending
        windows.append(window)
        data = answer(window) if answer else None
        answers[window.key] = {window.units[0]: RULES.decode_reaction(state, window, window.units[0], data)}
    raise AssertionError("too many windows")


def duel() -> MekaState:
    # The mover A walks north past B, who faces west: B's Lascañón (F) sees A only once A is in its front arc.
    return game(meka("A", "0812", 0, "a", "Myrmidon"), meka("B", "1208", 4, "b", "Sharpshot"))


def test_an_enemy_is_asked_after_each_hex_the_mover_enters_with_a_legal_shot() -> None:
    state = duel()
    outcome, windows = resolve(state, [order(state, unit="A", steps=["F", "F", "F", "F"])])
    assert [window.trigger for window in windows] and all(window.units == ("B",) for window in windows)
    assert all(window.key.split(":")[1:3] == ["A", "B"] and window.key.endswith(":0") for window in windows)
    assert windows[0].reason.code == "mekatac.attack_interrupt"  # type: ignore[attr-defined]
    assert outcome.state.unit("A").hex.label == "0808"


def test_a_reaction_shot_lands_at_the_step_it_was_given_and_the_weapon_is_spent() -> None:
    state = duel()
    first: list[str] = []

    def fire_once(window: Any) -> Any:
        if first:
            return None
        first.append(window.key)
        return {"weapons": [0]}

    outcome, windows = resolve(state, [order(state, unit="A", steps=["F", "F", "F", "F"])], fire_once)
    ticks = outcome.reports[0].ticks
    tick = windows[0].tick
    assert [event.kind for event in ticks[tick - 1]][:2] == ["step", "attack"]
    assert ticks[tick - 1][1].unit == "B" and ticks[tick - 1][1].target == "A"
    assert len(windows) == 1  # the Rail Gun fired: B has nothing left to offer
    assert outcome.state.unit("B").ammo[0] == 9  # one shot of 10 (the turn's end readies the weapon again)


def test_hold_passes_for_the_rest_of_the_move() -> None:
    state = duel()
    outcome, windows = resolve(state, [order(state, unit="A", steps=["F", "F", "F", "F"])], lambda w: {"hold": True})
    assert len(windows) == 1


def test_a_reaction_must_fire_what_the_window_offered() -> None:
    state = duel()
    outcome, windows = resolve(state, [order(state, unit="A", steps=["F", "F", "F", "F"])])
    window = windows[0]
    for data, code in [({"weapons": [1]}, "reaction.weapon"), ({"weapons": [0, 0]}, "reaction.weapon"),
                       ({"weapons": []}, "reaction.malformed"), ({"fire": 1}, "reaction.malformed"),
                       ({"weapons": ["bite"]}, "order.malformed")]:
        with pytest.raises(RuleError) as refused:
            RULES.decode_reaction(state, window, "B", data)
        assert refused.value.code == code, data
    with pytest.raises(RuleError) as other:
        RULES.decode_reaction(state, window, "A", None)
    assert other.value.code == "reaction.not_asked"
    labels = [choice["label"] for choice in RULES.reaction_choices(state, window, "B")]
    assert labels == ["Rail Gun [F]", "hold"]


def test_the_mover_fires_at_the_step_its_order_names() -> None:
    state = game(meka("A", "0812", 0, "a", "Myrmidon"), meka("B", "0802", 3, "b", "Cyclops"))
    outcome, windows = resolve(state, [order(state, unit="A", steps=["F", "F", "F"],
                                             attacks=[{"at": 2, "target": "B", "weapons": [0]}])])
    ticks = outcome.reports[0].ticks
    assert [event.kind for event in ticks[2]][:2] == ["step", "attack"]  # tick 1 opens A's move, tick 3 its 2nd step
    assert ticks[2][1].from_hex.label == "0810"


def test_a_shocked_meka_loses_its_next_move() -> None:
    # TABLA DE DAÑO CRÍTICO 8: "El Meka no puede hacer nada en su siguiente movimiento"
    state = game(meka("A", "0812", 0, "a", "Myrmidon", shock=True), meka("B", "0802", 3, "b", "Cyclops"))
    assert RULES.awaits(state) == ["B"]
    outcome, _ = resolve(state, [])
    assert outcome.state.unit("A").shock is False and outcome.reports[0].ticks[0][0].kind == "idle"


def test_a_blocked_step_ends_the_move() -> None:
    state = game(meka("A", "0812", 0, "a", "Myrmidon"), meka("B", "0810", 3, "b", "Cyclops"))
    outcome, _ = resolve(state, [order(state, unit="A", steps=["F", "F", "F"])], lambda w: None)
    kinds = [event.kind for tick in outcome.reports[0].ticks for event in tick if event.unit == "A"]
    assert kinds == ["step", "blocked"] and outcome.state.unit("A").hex.label == "0811"
