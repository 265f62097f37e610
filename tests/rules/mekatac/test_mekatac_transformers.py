"""MEKATAC transformers, an agreed option ("REGLAS OPCIONALES - TRANSFORMERS": "Un Transformer tiene dos modos. La
transformación tarda un turno en completarse. El otro modo tiene 1 o 2 sistemas que son diferentes … Los arcos de
fuego de las armas también pueden cambiarse. Los sistemas que no pueden desaparecer entre modos son el blindaje y
los misiles"; "Transformer: -20% del blindaje total estándar")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.combat import why_idle
from rules.rulesets.mekatac.designs import DESIGNS, TRANSFORMERS, Design, build, shipped
from rules.rulesets.mekatac.phases import END
from rules.rulesets.mekatac.state import MekaState, design_from_json, design_to_json, new_meka
from rules.core.hexes import Hex
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka

RULES = MekatacRuleset()
MOVEMENT = RULES.table.phase("movement")
# The text's example: "el mortero medio es reemplazado por unas alas".
WALKER = [("transformer", ""), ("mortar_m", "F"), ("missile_s", "F"), ("armour", "")]
FLYER = [("transformer", ""), ("wings", ""), ("missile_s", "T"), ("armour", "")]


def transformer() -> Design:
    return build("Shifter", 6, WALKER, other=FLYER)


def match(option: str = "on") -> MekaState:
    state = game(new_meka("T", Hex.parse("0110"), 0, "a", transformer()), meka("B", "1601", 0, "b", "Myrmidon"))
    return replace(state, options={"turn_limit": 0, "transformers": option})


def order(state: MekaState, **data: Any) -> Any:
    return MOVEMENT.decode_order(state, {"unit": "T", **data})


def test_the_builder_checks_the_two_modes() -> None:
    design = transformer()
    assert design.armour == 60 - 12 + 10 and design_from_json(design_to_json(design)) == design
    bad = ([("wings", ""), ("wings", ""), ("missile_s", "F"), ("armour", "")],  # no Transformer... in the other mode
           [("transformer", ""), ("mortar_m", "F"), ("lasrifle", "F"), ("armour", "")],  # a missile gone
           [("transformer", ""), ("mortar_m", "F"), ("missile_s", "F"), ("lasrifle", "F")],  # the armour gone
           [("transformer", ""), ("mortar_m", "F"), ("missile_s", "F"), ("armour", "")])  # no system changes
    for other in bad:
        with pytest.raises(RuleError) as refused:
            build("Shifter", 6, WALKER, other=other)
        assert refused.value.code == "design.transformer"


def test_a_transformer_spends_the_turn_and_stands_in_its_other_mode() -> None:
    state = match()
    RULES.check(state, order(state, transform=True))
    played = MOVEMENT.resolve(state, [order(state, transform=True)], ScriptedDice())
    assert played.state.unit("T").transforming
    assert why_idle(played.state, played.state.unit("T")).code == "mekatac.why_transforming"  # type: ignore[attr-defined]
    after = END.resolve(played.state, (), ScriptedDice()).state.unit("T")
    assert [mount.system.key for mount in after.design.mounts] == [key for key, _ in FLYER]
    assert after.design.mounts[2].arc == "T" and 1 not in after.ammo and after.ammo[2] == 6
    assert not after.transforming and "fly" in RULES.hints(replace(
        END.resolve(played.state, (), ScriptedDice()).state, phase="movement"), "player", "a")["units"]["T"]["modes"]


def test_a_transform_is_refused_without_the_option_or_with_steps() -> None:
    for state, data, code in ((match("off"), {"transform": True}, "mekatac.refuse_transform_off"),
                              (match(), {"transform": True, "steps": ["F"]}, "mekatac.refuse_transform_busy")):
        with pytest.raises(RuleError) as refused:
            RULES.check(state, order(state, **data))
        assert refused.value.code == code
    plain = replace(game(meka("T", "0110", 0, "a", "Sharpshot")), options={"turn_limit": 0, "transformers": "on"})
    with pytest.raises(RuleError) as refused:
        RULES.check(plain, order(plain, transform=True))
    assert refused.value.code == "mekatac.refuse_transform"


def test_the_shipped_transformers_keep_armour_and_missiles_and_change_one_or_two_systems() -> None:
    """None of the 30 "DESCRIPCIONES DE MEKAS" is a transformer; ours follow "El otro modo tiene 1 o 2 sistemas que
    son diferentes del primer modo (Por ejemplo: el mortero medio es reemplazado por unas alas)" and "Los sistemas
    que no pueden desaparecer entre modos son el blindaje y los misiles"; "Transformer: -20% del blindaje"."""
    assert not any(design.has("transformer") or design.other for design in DESIGNS.values())
    harrier, wolfhound = TRANSFORMERS["Harrier"], TRANSFORMERS["Wolfhound"]
    assert changed(harrier) == [("mortar_m", "wings")] and harrier.armour == 60 - 12 + 10
    assert [mount.arc for mount in harrier.mounts][-1] == "I" and harrier.other[-1].arc == "T"
    assert changed(wolfhound) == [("lasrifle", "four_legs"), ("chain_gun", "blade")] and wolfhound.armour == 40 - 8
    for design in (harrier, wolfhound):
        assert design_from_json(design_to_json(design)) == design and shipped(design.name) == design
        flipped = build(design.name, design.size, [(m.system.key, m.arc) for m in design.other],
                        other=[(m.system.key, m.arc) for m in design.mounts])
        assert flipped.armour == design.armour  # the other mode is a legal design too, with the same armour


def changed(design: Design) -> list[tuple[str, str]]:
    return [(one.system.key, two.system.key) for one, two in zip(design.mounts, design.other, strict=True)
            if one.system.key != two.system.key]


def test_the_lobby_offers_the_transformers_and_takes_one_only_with_the_option() -> None:
    """"REGLAS OPCIONALES - TRANSFORMERS": an agreed option; without it a transformer design is refused, naming it."""
    assert {"Harrier", "Wolfhound"} <= set(RULES.setup_offer()["choices"]["designs"]["values"])
    choices = {"designs": {"a": ["Harrier"], "b": ["Myrmidon"]}}
    with pytest.raises(RuleError) as refused:
        RULES.setup({"turn_limit": 0}, choices, None)
    assert refused.value.code == "design.transformer_off"
    state = RULES.setup(RULES.options.validate({"transformers": "on"}), choices, None)
    assert state.unit("A1").design == TRANSFORMERS["Harrier"]
