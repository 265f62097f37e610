"""MEKATAC ammunition types, "MUNICIÓN BALÍSTICA, DE MISILES Y MORTEROS": "Perforante: Daño +1", "Inteligente: +1
para impactar", "Alto explosivo: Área de efecto = hexágono objetivo y todos los adyacentes". The text does not say
how a meka gets them: a type is loaded into one weapon for the match (rules/rulesets/mekatac/ammo.py)."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.rulesets.mekatac.ammo import loaded
from rules.rulesets.mekatac.combat import aim
from rules.rulesets.mekatac.strike import attack
from rules.rulesets.mekatac.state import Meka, meka_from_json, meka_to_json
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka


def sharpshot(load: str) -> Meka:
    """Rail gun (ballistic, F, 2D6, range 8) and aimer."""
    return loaded(meka("A", "0110", 0, "a", "Sharpshot"), {0: load})


def test_smart_rounds_add_1_to_hit() -> None:
    state = game(sharpshot("inteligente"), meka("B", "0106", 3, "b", "Cockroach"))
    plain = game(meka("A", "0110", 0, "a", "Sharpshot"), meka("B", "0106", 3, "b", "Cockroach"))
    assert aim(state, "A", "B", 0).need == aim(plain, "A", "B", 0).need - 1
    assert "mekatac.mod_smart" in [getattr(why, "code", "") for _, why in aim(state, "A", "B", 0).modifiers]


def test_armour_piercing_rounds_do_1_more_damage() -> None:
    state = game(sharpshot("perforante"), meka("B", "0106", 3, "b", "Cockroach"))
    after, _ = attack(state, "A", "B", 0, ScriptedDice(10, 2, 3))
    assert after.unit("B").armour == 30 - (2 + 3 + 1)


def test_high_explosive_hits_every_meka_adjacent_to_the_target() -> None:
    state = game(sharpshot("alto_explosivo"), meka("B", "0106", 3, "b", "Cockroach"),
                 meka("C", "0105", 3, "b", "Cockroach"), meka("D", "0103", 3, "b", "Cockroach"))
    after, events = attack(state, "A", "B", 0, ScriptedDice(10, 2, 3))
    assert [after.unit(unit).armour for unit in "BCD"] == [25, 25, 30]  # D is two hexes from B
    assert [event.target for event in events if event.kind == "attack"] == ["B", "C"]


def test_a_load_the_weapon_cannot_take_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        loaded(meka("A", "0110", 0, "a", "Sharpshot"), {1: "perforante"})  # the aimer
    assert refused.value.code == "mekatac.refuse_load_weapon"
    with pytest.raises(RuleError) as refused:
        sharpshot("nuclear")
    assert refused.value.code == "mekatac.refuse_load_type"
    with pytest.raises(RuleError) as refused:
        loaded(meka("G", "0110", 0, "a", "Gunslinger"), {0: "perforante"})  # a lasrifle: a beam
    assert refused.value.code == "mekatac.refuse_load_weapon"


def test_loads_survive_the_codec() -> None:
    assert meka_from_json(meka_to_json(sharpshot("perforante"))).loads == {0: "perforante"}
