"""The ``move`` query of ``python -m rules explain`` (issue 4 'The scenario command, movement queries')."""

import io
import json

from rules.io.explain import run

SCENARIO = {
    "board": {"size": [10, 10], "hexes": {"0504": {"level": 0, "terrain": "swamp:1"}, "0503": {"level": 0, "terrain": "woods:2"}}},
    "units": [{"id": "A", "hex": "0505", "facing": 0, "walk": 4, "piloting": 5, "jump": 3}],
}


def ask(move):
    out = io.StringIO()
    status = run(io.StringIO(json.dumps({**SCENARIO, "query": {"move": move}})), out)
    return status, json.loads(out.getvalue())


def test_a_legal_path_answers_each_step_with_its_cost_and_rolls():
    status, answer = ask({"unit": "A", "mode": "walk", "steps": ["F", "R"]})
    assert status == 0 and answer["legal"] is True and "error" not in answer
    assert (answer["mode"], answer["moved"], answer["mp"], answer["end"]) == ("walk", "walk", 3, {"hex": "0504", "facing": 1})
    first = answer["steps"][0]
    assert (first["step"], first["hex"], first["facing"], first["mp"]) == ("F", "0504", 0, 2)
    assert [(c["roll"], c["reason"], c["target"]) for c in first["checks"]] == [("piloting", "swamp", 5)]
    assert answer["reasons"]


def test_an_illegal_path_names_the_first_offending_step_and_keeps_the_legal_ones():
    status, answer = ask({"unit": "A", "mode": "walk", "steps": ["F", "F", "F"]})
    assert status == 0 and answer["legal"] is False
    assert answer["error"]["code"] == "move.insufficient_mp" and answer["error"]["params"]["step"] == 2
    assert [step["hex"] for step in answer["steps"]] == ["0504"]


def test_an_unknown_step_code_is_an_illegal_path_not_a_malformed_scenario():
    status, answer = ask({"unit": "A", "mode": "walk", "steps": ["F", "Q"]})
    assert status == 0 and answer["legal"] is False
    assert answer["error"]["code"] == "move.unknown_step" and [s["step"] for s in answer["steps"]] == ["F"]


def test_a_jump_is_a_destination_and_a_facing():
    status, answer = ask({"unit": "A", "mode": "jump", "to": "0503", "facing": 3})
    assert status == 0 and answer["legal"] is True
    assert (answer["moved"], answer["mp"], answer["end"]) == ("jump", 2, {"hex": "0503", "facing": 3})


def test_a_malformed_move_query_is_a_coded_error_with_exit_2():
    status, answer = ask({"unit": "A", "mode": "fly", "steps": []})
    assert status == 2 and answer["error"]["code"] == "order.malformed"
    status, answer = ask({"unit": "Z", "mode": "walk", "steps": []})
    assert status == 2 and answer["error"]["code"] == "unit.unknown"
