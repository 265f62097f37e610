"""MEKATAC damage and the "TABLA DE DAÑO CRÍTICO": "Se tira en la tabla de daños críticos cada vez que un impacto
hace 10 o más puntos de daño", each result's effect, "Cada piloto tiene 6 heridas", "Un Meka volador que cae
pierde 2D6 X 10% del total de su blindaje original"."""

from __future__ import annotations

import pytest

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.rulesets.mekatac.combat import aim
from rules.rulesets.mekatac.damage import apply_critical, damage
from rules.rulesets.mekatac.movement import budget
from rules.rulesets.mekatac.phases import END, CARDS
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka


def target(**fields):  # type: ignore[no-untyped-def]
    return game(meka("A", "0810", 0, "a", "Myrmidon"), meka("B", "0805", 3, "b", "Hellion", **fields))


def test_nine_damage_rolls_no_critical_ten_does() -> None:
    after, events = damage(target(), "B", 9, ScriptedDice())
    assert after.unit("B").armour == 61 and after.unit("B").criticals == ()
    after, events = damage(target(), "B", 10, ScriptedDice(11))
    assert after.unit("B").criticals == ("no_effect",) and events[-1].kind == "critical"


def test_no_armour_left_is_destroyed_and_rolls_no_critical() -> None:
    after, events = damage(target(armour=12), "B", 12, ScriptedDice())
    assert after.unit("B").destroyed and [event.kind for event in events] == ["armour", "destroyed"]


def test_1_leg_destroyed_cannot_move_but_still_attacks() -> None:
    state, _ = apply_critical(target(), "B", "leg_destroyed", ScriptedDice())
    hellion = state.unit("B")
    assert hellion.leg_destroyed
    state = game(meka("A", "0810", 0, "a", "Myrmidon", leg_destroyed=True), meka("B", "0805", 3, "b", "Hellion"))
    assert aim(state, "A", "B", 0).need == 7


def test_2_pilot_wounded_1d6_and_six_wounds_is_out() -> None:
    state, events = apply_critical(target(wounds=2), "B", "pilot_wounded", ScriptedDice(3))
    assert state.unit("B").wounds == 5 and state.unit("B").in_fight
    state, events = apply_critical(state, "B", "pilot_wounded", ScriptedDice(4))
    assert state.unit("B").wounds == 6 and not state.unit("B").in_fight and events[-1].kind == "pilot_killed"


def test_3_leg_damaged_or_wing_torn_off() -> None:
    state, _ = apply_critical(target(), "B", "leg_damaged", ScriptedDice())
    assert state.unit("B").legs_damaged == 1 and budget(state.unit("B"), "walk") == 4
    winged = game(meka("B", "0805", 3, "b", "Demoness", airborne="fly"), meka("A", "0810", 0, "a", "Myrmidon"))
    state, events = apply_critical(winged, "B", "leg_damaged", ScriptedDice(4, 4))
    demoness = state.unit("B")
    # "ala arrancada: no puede volar y cae si estaba volando": 8 × 10% of 64
    assert demoness.wings_torn and demoness.legs_damaged == 0 and demoness.airborne == ""
    assert demoness.armour == 64 - 51 and [event.kind for event in events][:2] == ["critical", "fall"]


def test_4_5_a_weapon_at_random_is_destroyed() -> None:
    state, events = apply_critical(target(), "B", "weapon", ScriptedDice(6))  # 6 weapons: the sixth
    assert state.unit("B").broken == {5}
    state, events = apply_critical(state, "B", "weapon", ScriptedDice(1))  # of the five left, the first
    assert state.unit("B").broken == {0, 5}


def test_6_reactor_explodes_on_4_or_more_at_the_end_of_the_turn() -> None:
    state, _ = apply_critical(target(), "B", "reactor", ScriptedDice())
    held = END.resolve(state, (), ScriptedDice(3)).state
    assert held.unit("B").in_fight and not held.unit("B").reactor
    blown = END.resolve(state, (), ScriptedDice(4)).state
    assert blown.unit("B").destroyed and blown.result is not None and blown.result.winner == "a"


def test_7_computer_minus_1_on_every_attack() -> None:
    state, _ = apply_critical(target(), "A", "computer", ScriptedDice())
    assert aim(state, "A", "B", 0).need == 8


def test_9_fall_spends_the_next_turn_standing_up() -> None:
    state, _ = apply_critical(target(), "A", "fall", ScriptedDice())
    assert state.unit("A").down_until == 2
    for turn in (1, 2):
        with pytest.raises(RuleError):
            aim(game(*(state.units), turn=turn), "A", "B", 0)
    assert aim(game(*state.units, turn=3), "A", "B", 0).need == 7


def test_10_electrical_fire_1d4_at_the_start_of_each_turn() -> None:
    state, _ = apply_critical(target(), "B", "electrical_fire", ScriptedDice())
    burned = CARDS.resolve(state, (), Dice("fire")).state
    rolled = 70 - burned.unit("B").armour
    assert 1 <= rolled <= 4


def test_a_flamer_hit_burns_for_two_more_turns() -> None:
    # "Los Mekas impactados por lanzallamas sufren daño durante tres turnos": the hit's and the next two
    from rules.rulesets.mekatac.strike import attack
    state = game(meka("A", "0810", 0, "a", "Imp"), meka("B", "0809", 3, "b", "Hellion"))
    state, _ = attack(state, "A", "B", 1, ScriptedDice(9, 2))
    assert state.unit("B").armour == 68 and len(state.unit("B").burns) == 1
    for left in (1, 0):
        state = CARDS.resolve(state, (), ScriptedDice(*([3] + [1] * 47))).state
        assert len(state.unit("B").burns) == left
    assert state.unit("B").armour == 62
