"""``python -m rules explain`` for MEKATAC (docs/scenario.md, "MEKATAC scenarios"): sight, an attack with its
target number and reasons ("ATAQUES"), a move's check, and a movement phase with its reaction opportunities by
step ("Un Meka puede atacar en cualquier momento de la fase de movimiento")."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.io.explain import explain, run


def scenario(query: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"ruleset": "mekatac", "board": {"size": [12, 12], "hexes": {"0806": {"level": 0, "terrain": "woods:1"}}},
            "units": [{"id": "A", "hex": "0812", "facing": 0, "side": "a", "design": "Myrmidon"},
                      {"id": "B", "hex": "1208", "facing": 4, "side": "b", "design": "Sharpshot"},
                      {"id": "C", "hex": "0806", "facing": 3, "side": "b", "design": "Samurai"}],
            "seed": 7, "query": query, **extra}


def test_los_arcs_and_cover() -> None:
    answer = explain(scenario({"los": {"from": "A", "to": "C"}}))
    assert answer == {"los": True, "distance": 6, "arcs": ["F"], "cover_percent": 25, "modifier": -1}


def test_an_attack_gives_its_target_number_and_each_coded_modifier() -> None:
    answer = explain(scenario({"attack": {"from": "A", "to": "C", "weapon": 0}}))
    assert answer["legal"] and answer["need"] == 8 and answer["dice"] == "1D10"
    assert [modifier["reason_code"]["code"] for modifier in answer["modifiers"]] == ["mekatac.mod_cover"]
    refused = explain(scenario({"attack": {"from": "A", "to": "B", "weapon": "punch"}}))
    assert refused["legal"] is False and refused["code"] == "mekatac.refuse_out_of_range"
    assert refused["reason_code"]["params"]["weapon"] == "Puño"


def test_a_move_is_checked() -> None:
    assert explain(scenario({"move": {"unit": "A", "steps": ["F", "R"]}}))["steps"][-1] == {
        "step": "R", "hex": "0811", "facing": 1}
    assert explain(scenario({"move": {"unit": "A", "steps": ["F"] * 9}}))["code"] == "mekatac.refuse_no_mp"


def test_a_movement_phase_lists_its_reaction_opportunities_by_step() -> None:
    orders = [{"unit": "A", "steps": ["F", "F", "F"]}]
    passed = explain(scenario({"movement_phase": {"orders": orders}}))
    assert [(window["mover"], window["unit"], window["answer"]) for window in passed["windows"]] == [
        ("A", "B", None), ("A", "C", None), ("A", "B", None), ("A", "C", None), ("A", "B", None), ("A", "C", None)]
    assert passed["mekas"]["A"]["hex"] == "0809"
    fired = explain(scenario({"movement_phase": {"orders": orders, "reactions": "fire"}}))
    attacks = [event for phase in fired["playback"]["phases"] for tick in phase["ticks"] for event in tick
               if event["kind"] == "attack"]
    assert attacks and {event["unit"] for event in attacks} == {"B", "C"}


def test_bad_mekatac_scenarios_are_coded_refusals() -> None:
    for bad in [scenario({"los": {"from": "A"}}), scenario({"fly": {}}), {**scenario({}), "units": [{"id": "A"}]},
                {**scenario({}), "ruleset": "chess"}]:
        with pytest.raises(RuleError) as refused:
            explain(bad)
        assert "." in refused.value.code
    out = io.StringIO()
    assert run(io.StringIO(json.dumps(scenario({"los": {"from": "A", "to": "Z"}}))), out) == 2
    assert json.loads(out.getvalue())["error"]["code"] == "unit.unknown"


def test_a_meka_may_carry_ammunition_types() -> None:
    """"MUNICIÓN BALÍSTICA, DE MISILES Y MORTEROS: Inteligente +1 para impactar" (a scenario's ``loads``)."""
    data = scenario({"attack": {"from": "B", "to": "A", "weapon": 0}})
    data["units"][1]["loads"] = {"0": "inteligente"}
    codes = [modifier["reason_code"]["code"] for modifier in explain(data)["modifiers"]]
    assert "mekatac.mod_smart" in codes
    data["units"][1]["loads"] = {"x": "inteligente"}
    with pytest.raises(RuleError) as refused:
        explain(data)
    assert refused.value.code == "scenario.unit"
