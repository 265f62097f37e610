"""The ``attack`` query of ``python -m rules explain`` (issue 6, scenario command)."""

import io
import json

from rules.rulesets.solaris.orders import physical_order_from_json, weapon_order_from_json
from rules.core.errors import MalformedOrder
from rules.io.explain import explain, run

import pytest


def scenario(query, **unit_b):
    return {
        "board": {"size": [16, 17]},
        "seed": 6,
        "units": [
            {"id": "A", "hex": "0810", "facing": 0, "design": "Hunchback HBK-4G", "moved": "walk", "hexes_moved": 3},
            {"id": "B", "hex": "0806", "facing": 3, "design": "Jenner JR7-D", "moved": "run", "hexes_moved": 5, **unit_b},
        ],
        "query": {"attack": query},
    }


def test_target_number_with_every_modifier_named():
    answer = explain(scenario({"from": "A", "to": "B", "weapon": "AC/20", "roll": False}))
    assert answer["legal"] and answer["attack"] == "AC/20 [RT]" and answer["distance"] == 4
    assert answer["to_hit"]["target"] == 9
    assert [m["reason"] for m in answer["to_hit"]["modifiers"]] == [
        "gunnery skill 4", "attacker walked", "medium range (4 hexes)", "target moved 5 hexes"]
    assert "roll" not in answer


def test_with_the_seed_the_rolls_and_the_damage_applied():
    answer = explain(scenario({"from": "A", "to": "B", "weapon": "AC/20"}))
    assert answer["roll"]["target"] == 9 and answer["hit"] is (answer["roll"]["total"] >= 9)
    if answer["hit"]:
        assert answer["damage"] == 20 and "B" in answer["damage_applied"]
    assert answer["rolls"][0] == answer["roll"]


def test_los_given_by_hand_is_the_whole_line_modifier():
    """Like the LOS module's answer, a hand-given ``modifier`` already holds partial cover's +3."""
    answer = explain(scenario({"from": "A", "to": "B", "weapon": "Medium Laser", "roll": False,
                               "los": {"los": True, "modifier": 4, "partial_cover": True,
                                       "reasons": ["light woods +1", "partial cover +3"]}}))
    assert answer["to_hit"]["target"] == 4 + 1 + 2 + 2 + 4


def test_the_los_module_decides_by_default():
    """A level 1 hill next to the target, between it and the attacker: partial cover (Solaris VII
    'Cobertura parcial': +3 to hit, punch location table)."""
    data = scenario({"from": "A", "to": "B", "weapon": "Medium Laser", "roll": False})
    data["board"]["hexes"] = {"0807": {"level": 1, "terrain": ""}}
    answer = explain(data)
    assert answer["los"]["partial_cover"] and answer["to_hit"]["target"] == 4 + 1 + 2 + 2 + 3
    assert any("partial cover" in m["reason"].lower() for m in answer["to_hit"]["modifiers"])


def test_an_illegal_attack_is_answered_not_refused():
    answer = explain(scenario({"from": "A", "to": "B", "weapon": "AC/20"}, hex="0812"))
    assert answer["legal"] is False and answer["error"]["code"] == "attack.out_of_arc"


def test_a_physical_attack():
    answer = explain(scenario({"from": "A", "to": "B", "physical": "kick", "limb": "RL", "roll": False}, hex="0809"))
    assert answer["legal"] and answer["to_hit"]["target"] == 5 - 2 + 1 + 2


def test_malformed_query_exits_2_with_a_code():
    out = io.StringIO()
    status = run(io.StringIO(json.dumps(scenario({"from": "A", "to": "B"}))), out)
    assert status == 2 and json.loads(out.getvalue())["error"]["code"] == "scenario.query"


def test_unknown_design_in_the_scenario():
    data = scenario({"from": "A", "to": "B", "weapon": "AC/20"}, design="Mad Cat")
    out = io.StringIO()
    assert run(io.StringIO(json.dumps(data)), out) == 2
    assert json.loads(out.getvalue())["error"]["code"] == "design.unknown"


@pytest.mark.parametrize("data", [
    {"unit": "A", "target": "B", "weapons": "AC/20"},
    {"unit": "A", "weapons": ["AC/20"]},
    {"unit": "A", "target": "B", "weapons": [True]},
    ["A"],
])
def test_weapon_orders_from_json_refuse_anything_else(data):
    with pytest.raises(MalformedOrder):
        weapon_order_from_json(data)


def test_orders_from_json():
    assert weapon_order_from_json({"unit": "A", "target": "B", "weapons": ["AC/20", 3]}).weapons == ("AC/20", "3")
    assert physical_order_from_json({"unit": "A", "target": "B", "attack": "kick", "limb": "RL"}).kind == "kick"
    with pytest.raises(MalformedOrder):
        physical_order_from_json({"unit": "A", "attack": 3})


def test_orders_decoded_by_phase():
    from dataclasses import replace

    from rules.battletech.codec import attacks_to_json
    from rules.rulesets import get_ruleset
    from rules.battletech.combat.attacks import plan_weapon_attack
    from rules.core.errors import RuleError
    from rules.io.scenario import load_scenario

    ruleset = get_ruleset("solaris")
    state, _ = load_scenario(scenario({"from": "A", "to": "B", "weapon": "AC/20"}))

    def decoded(phase, data):
        return ruleset.decode_order(replace(state, phase=phase), data)

    assert decoded("movement", {"unit": "A", "mode": "walk", "steps": ["F"]}).steps == ("F",)
    order = decoded("weapons", {"unit": "A", "target": "B", "weapons": ["AC/20"]})
    assert decoded("physical", {"unit": "A"}).target == ""
    with pytest.raises(RuleError) as error:
        decoded("heat", {"unit": "A"})
    assert error.value.code == "order.phase_closed"
    checked = attacks_to_json(plan_weapon_attack(state, order))
    assert checked["legal"] and checked["attacks"][0]["to_hit"]["target"] == 9
    assert ruleset.check(replace(state, phase="weapons"), order) == {"attacks": checked}


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rules.core.errors import RuleError  # noqa: E402

_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=12),
                    st.sampled_from(["A", "B", "AC/20", "Medium Laser", "punch", "kick", "charge", "RA", "LL", "dfa"]),
                    st.lists(st.integers(0, 3), max_size=2))
_los = st.dictionaries(st.sampled_from(["los", "modifier", "partial_cover", "reasons"]), _values, max_size=4)
_bodies = st.dictionaries(st.sampled_from(["from", "to", "weapon", "physical", "limb", "roll", "los"]),
                          st.one_of(_values, _los), max_size=6)


@settings(max_examples=300, deadline=None)
@given(body=_bodies)
def test_any_query_body_is_answered_or_refused_with_a_code(body):
    """Bad input gets a coded error, never a traceback."""
    try:
        answer = explain(scenario(body))
    except RuleError as error:
        assert error.code
    else:
        assert "legal" in answer


def test_a_target_inside_a_building_shows_the_building_damage():
    """Solaris VII 'Atacando unidades dentro de edificaciones': hit or miss, the building around B takes
    damage (a tenth of its CF from each hit, rounded up, or the whole missed shot); the answer lists it and
    names the hit location table."""
    data = scenario({"from": "A", "to": "B", "weapon": "AC/20"})
    data["board"]["hexes"] = {"0806": {"terrain": "building:2;bldg_elev:2;bldg_cf:40"}}
    answer = explain(data)
    assert answer["location_table"] == "standard"
    (building,) = answer["buildings"]
    assert building["hex"] == "0806" and building["damage"] == (4 if answer["hit"] else 20)
    assert building["cf"] == 40 - building["damage"] and building["collapsed"] is False
