"""The movement_phase query of the scenario command: bad input answers a coded error, exit 2."""

import io
import json

import pytest

from rules.io.explain import run


def answer(query, options=None):
    scenario = {"board": {"size": [16, 17]}, "units": [{"id": "A", "hex": "0510"}, {"id": "B", "hex": "0805"}],
                "options": options or {}, "query": {"movement_phase": query}}
    out = io.StringIO()
    status = run(io.StringIO(json.dumps(scenario)), out)
    return status, json.loads(out.getvalue())


def test_a_phase_is_answered_with_exit_zero_and_every_unit_in_final():
    status, result = answer({"orders": [{"unit": "A", "mode": "walk", "steps": ["F"]}], "initiative": ["B", "A"]})
    assert status == 0 and result["mode"] == "pm_by_pm" and set(result["final"]) == {"A", "B"}
    assert result["final"]["B"]["moved"] == "none" and result["initiative"]["order"] == ["B", "A"]


@pytest.mark.parametrize("query, options, code", [
    ({"orders": 3}, None, "scenario.query"),
    ({"orders": [], "initiative": ["A"]}, None, "initiative.units"),
    ({"orders": [], "initiative": "A"}, None, "scenario.query"),
    ({"orders": [{"unit": "A", "mode": "walk", "steps": ["F"]}, {"unit": "A", "mode": "walk"}]}, None, "order.duplicate"),
    ({"orders": [{"unit": "A", "mode": "walk", "steps": ["F"], "charge": "A"}]}, None, "order.charge_target"),
    ({"orders": [{"unit": "A", "mode": "walk", "steps": ["F"], "charge": "Z"}]}, None, "unit.unknown"),
    ({"orders": [{"unit": "A", "mode": "walk", "steps": ["F"] * 9}]}, None, "move.insufficient_mp"),
    ({"orders": []}, {"movement": "fast"}, "scenario.option"),  # the loader refuses it before any query
])
def test_bad_input_is_a_coded_error(query, options, code):
    status, result = answer(query, options)
    assert status == 2 and result["error"]["code"] == code
