"""Golden replays: Solaris matches and ``python -m rules explain`` answers recorded with the rules as they were
before issue 14 reshaped ``rules/`` (commit caaabff), replayed with today's code.

Issue 14, "Done when": "the golden replay test passes on matches recorded before the change" and
"``python -m rules explain`` answers every documented query exactly as before (the contract is stable)"; its
"What to build": "a golden test replays stored Solaris matches and gets the same rolls, events and final state,
byte for byte".

``data/golden/*.json`` holds one match each: the initial state and, per resolved phase, the turn, the phase, its
dice seed (``SEED:TURN:PHASE``, the stream the server gives a phase that was not annulled), the stored orders
and what came out: the playback timeline, the state after it and every roll. ``data/golden/explain/*.json``
holds scenarios with their exit status and answer. The recordings are never re-recorded to make a change pass:
a difference here is a change in a Solaris roll, ruling or answer.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.core.dice import Dice, Roll
from rules.io.explain import run
from rules.rulesets import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "data" / "golden"
MATCHES = sorted(GOLDEN.glob("*.json"))
EXPLAIN = [(f"{path.stem}-{index}", case) for path in sorted((GOLDEN / "explain").glob("*.json"))
           for index, case in enumerate(json.loads(path.read_text(encoding="utf-8")))]


def canonical(value: Any) -> str:
    """The byte-for-byte form both sides are compared in."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def first_difference(recorded: Any, actual: Any, where: str = "") -> str:
    """Where two JSON values first part, so a failure names the field rather than printing two long lines."""
    if isinstance(recorded, dict) and isinstance(actual, dict):
        for key in sorted(set(recorded) | set(actual)):
            if key not in recorded or key not in actual:
                return f"{where}.{key}: only in the {'answer' if key in actual else 'recording'}"
            if canonical(recorded[key]) != canonical(actual[key]):
                return first_difference(recorded[key], actual[key], f"{where}.{key}")
    if isinstance(recorded, list) and isinstance(actual, list) and len(recorded) == len(actual):
        for index, (old, new) in enumerate(zip(recorded, actual)):
            if canonical(old) != canonical(new):
                return first_difference(old, new, f"{where}[{index}]")
    return f"{where or 'the value'}: recorded {canonical(recorded)[:300]}, now {canonical(actual)[:300]}"


def assert_same(recorded: Any, actual: Any, what: str) -> None:
    if canonical(recorded) != canonical(actual):
        pytest.fail(f"{what}: not as recorded, first at {first_difference(recorded, actual)}")


def rolls_to_json(rolls: list[Roll]) -> list[dict[str, Any]]:
    return [{"dice": list(roll.dice), "reason": roll.reason, "target": roll.target} for roll in rolls]


def test_the_recordings_are_there() -> None:
    """A missing folder must not pass as zero replays."""
    assert len(MATCHES) >= 10 and len(EXPLAIN) >= 300


@pytest.mark.parametrize("path", MATCHES, ids=lambda path: path.stem)
def test_a_recorded_match_replays_byte_for_byte(path: Path) -> None:
    """Each phase, on its recorded dice stream and orders, gives the recorded rolls, timeline and state."""
    record = json.loads(path.read_text(encoding="utf-8"))
    ruleset = get_ruleset(record["ruleset"])
    state = ruleset.state_from_json(record["initial_state"])
    assert_same(record["initial_state"], ruleset.state_to_json(state), "the initial state")
    for step in record["phases"]:
        where = f"turn {step['turn']}, {step['phase']}"
        assert (state.turn, state.phase) == (step["turn"], step["phase"])
        assert step["dice_seed"] == f"{record['seed']}:{state.turn}:{state.phase}"
        orders = [ruleset.decode_order(state, data) for data in step["orders"]]
        assert_same(step["orders"], [ruleset.encode_order(state, order) for order in orders], f"{where}: the orders")
        dice = Dice(step["dice_seed"])
        result = ruleset.resolve_phase(state, orders, dice)
        assert_same(step["rolls"], rolls_to_json(dice.rolls), f"{where}: the rolls")
        assert_same(step["timeline"], ruleset.report_to_json(result), f"{where}: the timeline")
        after = ruleset.state_to_json(result.state)
        assert_same(step["state"], after, f"{where}: the state after")
        # Through JSON, as the server stores the state between phases.
        state = ruleset.state_from_json(after)
    assert state.phase == "over"  # every recording plays to a result


def assert_fields_kept(recorded: Any, actual: Any, where: str = "the answer") -> None:
    """Every recorded field is still there with exactly its recorded value; an object may have gained fields.
    docs/scenario.md: "this page is a stable public contract: fields are only ever added, never renamed or
    removed", so an added field is the one change the contract allows and the only one this lets through."""
    if isinstance(recorded, dict):
        assert isinstance(actual, dict), f"{where}: recorded an object, now {canonical(actual)[:300]}"
        for key, value in recorded.items():
            assert key in actual, f"{where}: the field {key!r} is gone"
            assert_fields_kept(value, actual[key], f"{where}.{key}")
    elif isinstance(recorded, list):
        assert isinstance(actual, list) and len(actual) == len(recorded), \
            f"{where}: recorded {canonical(recorded)[:300]}, now {canonical(actual)[:300]}"
        for index, (old, new) in enumerate(zip(recorded, actual)):
            assert_fields_kept(old, new, f"{where}[{index}]")
    else:
        # type() too: JSON's true is not 1.
        assert (type(actual), actual) == (type(recorded), recorded), \
            f"{where}: recorded {canonical(recorded)}, now {canonical(actual)}"


@pytest.mark.parametrize("case", [case for _, case in EXPLAIN], ids=[name for name, _ in EXPLAIN])
def test_explain_answers_as_recorded(case: dict[str, Any]) -> None:
    """The scenario command's answer (exit status and JSON) to each recorded scenario: the docs/scenario.md
    examples, every scenario the rules tests asked it at the recording, and an attack with each weapon of each
    shipped design and each physical attack. ``board_files`` is the folder a scenario's board file is read from."""
    out = io.StringIO()
    base = ROOT / case["board_files"] if case["board_files"] else None
    status = run(io.StringIO(json.dumps(case["scenario"], ensure_ascii=False)), out, base)
    assert status == case["exit"]
    assert_fields_kept(case["answer"], json.loads(out.getvalue()))


@pytest.mark.parametrize("case", [case for name, case in EXPLAIN if name.startswith("docs-")][:3])
def test_the_command_line_answers_the_documented_examples_as_recorded(case: dict[str, Any]) -> None:
    """The same through ``python -m rules explain -`` itself, for the first documented examples."""
    done = subprocess.run([sys.executable, "-m", "rules", "explain", "-"], input=json.dumps(case["scenario"]),
                          capture_output=True, text=True, cwd=ROOT, check=False, timeout=60)
    assert done.returncode == case["exit"]
    assert_fields_kept(case["answer"], json.loads(done.stdout))
