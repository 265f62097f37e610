"""``python -m rules explain``: the referee's scenario command and its public contract (docs/scenario.md)."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rules.__main__ import main
from rules.io.explain import run

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"


def scenario(**changes):
    base = {
        "board": {"size": [16, 17], "hexes": {"0508": {"level": 2, "terrain": ""}, "0201": {"terrain": "woods:1"}}},
        "units": [
            {"id": "A", "kind": "mech", "hex": "0510", "facing": 0, "tons": 50, "walk": 4, "run": 6, "jump": 0,
             "piloting": 5, "gunnery": 4, "prone": False, "hands": 2, "masc": False},
            {"id": "B", "hex": "0505"},
            {"id": "C", "hex": "0102"},
            {"id": "D", "hex": "0302"},
        ],
        "seed": 7,
        "query": {"los": {"from": "A", "to": "B"}},
    }
    base.update(changes)
    return base


def ask(data, base=None):
    out = io.StringIO()
    status = run(io.StringIO(data if isinstance(data, str) else json.dumps(data)), out, base)
    return status, json.loads(out.getvalue())


def test_a_los_answer_has_every_documented_field():
    status, answer = ask(scenario())
    assert status == 0
    assert set(answer) == {"los", "modifier", "modifiers", "partial_cover", "hexes", "split", "side", "rule", "reasons",
                           "reason_codes"}
    assert answer["los"] is False and answer["hexes"] == ["0509", "0508", "0507", "0506"]
    assert answer["rule"] == "standard" and all(isinstance(reason, str) for reason in answer["reasons"])


def test_a_split_line_is_reported_with_the_side_taken():
    status, answer = ask(scenario(query={"los": {"from": "C", "to": "D"}}))
    assert status == 0 and answer["split"] and answer["side"] == "left" and answer["modifier"] == 1
    assert answer["modifiers"] == [{"value": 1, "reason": "light woods in 0201", "reason_code": {
        "code": "los.mod_woods", "params": {"woods": "light woods", "hex": "0201"}}}]
    status, answer = ask(scenario(query={"los": {"from": "C", "to": "D", "side": "right"}}))
    assert answer["side"] == "right" and answer["modifier"] == 0


def test_a_hex_target_and_the_dead_zone_option():
    status, answer = ask(scenario(query={"los": {"from": "A", "to": {"hex": "0506"}}}))
    assert status == 0 and answer["los"] is False  # the level 2 hill is next to the target and above it
    status, answer = ask(scenario(options={"los": "dead_zone"}))
    assert status == 0 and answer["rule"] == "dead_zone"


def test_a_board_file_is_read_next_to_the_scenario():
    data = scenario(board={"file": "duel.board"}, units=[{"id": "A", "hex": "0101"}, {"id": "B", "hex": "0401"}],
                    query={"los": {"from": "A", "to": "B"}})
    status, answer = ask(data, DATA)
    assert status == 0 and answer["los"] is False  # B stands in depth 2 water


@pytest.mark.parametrize("change, code", [
    ({"query": {"los": {"from": "A", "to": "Z"}}}, "unit.unknown"),
    ({"query": {"los": {"from": "A", "to": {"hex": "2020"}}}}, "board.off_board"),
    ({"query": {"los": {"from": "A", "to": "B", "side": "up"}}}, "scenario.query"),
    ({"query": {"sight": {}}}, "scenario.query"),
    ({"query": {"los": {"from": "A"}}}, "scenario.query"),
    ({"board": {"size": [16, 17], "hexes": {"0503": {"terrain": "lava:1"}}}}, "board.unknown_terrain"),
    ({"board": {"size": [16]}}, "scenario.board"),
    ({"board": {"file": "missing.board"}}, "scenario.board_file"),
    ({"units": [{"id": "A", "hex": "2020"}]}, "board.off_board"),
    ({"units": [{"id": "A", "hex": "0101", "walk": "4"}]}, "scenario.unit_field"),
    ({"units": [{"id": "A", "hex": "0101", "walk": -1}]}, "scenario.unit_field"),
    ({"units": [{"id": "A", "hex": "0101", "facing": 6}]}, "scenario.unit_field"),
    ({"units": [{"id": "A", "hex": "0101", "prone": 1}]}, "scenario.unit_field"),
    ({"units": [{"id": "A", "hex": "0101", "wings": 2}]}, "scenario.unit_field"),
    ({"units": [{"id": "A", "hex": "0101", "kind": "dragon"}]}, "unit.unknown_kind"),
    ({"units": [{"id": "A", "hex": "0101"}, {"id": "A", "hex": "0102"}]}, "scenario.duplicate_unit"),
    ({"options": {"los": "generous"}}, "scenario.option"),
    ({"seed": [1]}, "scenario.seed"),
    ({"weather": "rain"}, "scenario.malformed"),
])
def test_a_malformed_scenario_is_a_coded_error_exit_2(change, code):
    status, answer = ask(scenario(**change), DATA)
    assert status == 2 and answer["error"]["code"] == code and answer["error"]["message"]


def test_a_refusal_names_its_cause_and_where_with_codes():
    """docs/scenario.md, "Errors": the cause of a shared code is a coded reason (``params.why``), or the coded
    refusal it comes from (a bad option's, from the ruleset's schema); ``at`` names the unit."""
    status, answer = ask(scenario(units=[{"id": "A", "hex": "0101", "walk": -1}]))
    error = answer["error"]
    assert status == 2 and error["message"] == "unit A: 'walk' must be a whole number >= 0, not -1"
    assert error["at"] == {"code": "scenario.at_unit", "params": {"unit": "A"}}
    assert error["params"]["why"]["code"] == "scenario.field_value"
    status, answer = ask(scenario(options={"los": "generous"}))
    assert answer["error"]["params"]["why"]["code"] == "options.invalid"
    assert answer["error"]["message"] == "option 'los' is one of standard, dead_zone, not 'generous'"


def test_not_json_is_a_coded_error():
    status, answer = ask("{not json")
    assert status == 2 and answer["error"]["code"] == "scenario.json"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["A", "B", "0505", "woods:1", "x", "mech"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["board", "units", "query", "los", "from", "to", "hex", "id", "size", "hexes", "level",
                         "terrain", "options", "seed", "walk", "kind", "file", "side"]), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150)
@given(json_values)
def test_any_json_gets_an_answer_or_a_coded_error_never_a_traceback(data):
    status, answer = ask(data, DATA)
    assert status in (0, 2) and (status == 0) == ("error" not in answer)


def test_the_command_line_reads_a_file_or_stdin_and_sets_the_exit_code(tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario()))
    command = [sys.executable, "-m", "rules", "explain"]
    by_file = subprocess.run([*command, str(path)], capture_output=True, text=True, cwd=ROOT)
    assert by_file.returncode == 0 and json.loads(by_file.stdout)["los"] is False
    bad = json.dumps(scenario(query={"los": {"from": "Z", "to": "B"}}))
    by_stdin = subprocess.run([*command, "-"], input=bad, capture_output=True, text=True, cwd=ROOT)
    assert by_stdin.returncode == 2 and json.loads(by_stdin.stdout)["error"]["code"] == "unit.unknown"
    assert by_stdin.stderr == ""


def test_wrong_arguments_exit_2_with_usage_on_stderr(capsys):
    assert main([]) == 2 and main(["explain"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "usage" in captured.err
