"""Coded reasons (rules/reasons.py): every reason is its English sentence and carries a stable code and
parameters the client translates (docs/protocol.md, 'Reason codes'). The converted rulings cite their
paragraphs here as in their own tests."""

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.board import board_from_cells
from rules.battletech.codec import state_to_json
from rules.core.state import result_from_json
from rules.battletech.designs.design import shipped_designs
from rules.core.hexes import Hex
from rules.battletech.sight.los import line_of_sight
from rules.core.reasons import PLACEHOLDER, TEMPLATES, Reason, reason_code, reason_codes, reason_from_code
from rules.battletech.units import Unit
from rules.battletech.codec import movement_to_json, path_to_json
from rules.core.dice import Dice
from rules.battletech.movement.plan import check_path
from rules.battletech.movement.simultaneous import resolve_movement
from test_combat_duel import play, start
from test_timeline_properties import phases


def sample(code):
    """A reason of ``code`` with each placeholder filled by its own name in capitals."""
    return Reason(code, **{name: name.upper() for name in PLACEHOLDER.findall(TEMPLATES[code])})


@pytest.mark.parametrize("code", sorted(TEMPLATES))
def test_every_code_in_the_catalogue_renders_every_parameter(code):
    reason = sample(code)
    assert reason.code == code and "%(" not in reason
    for name in reason.params:
        assert name.upper() in reason
    # Only Django's %(name)s placeholders: the client's t() fills no other kind.
    assert "%" not in PLACEHOLDER.sub("", TEMPLATES[code])
    assert code.count(".") == 1 and code == code.lower()


def test_a_reason_is_its_english_text_wherever_a_string_goes():
    reason = Reason("los.mod_woods", woods="light woods", hex="0201")
    assert reason == "light woods in 0201" and isinstance(reason, str)
    assert {reason: 1}["light woods in 0201"] == 1
    assert f"{reason}!" == "light woods in 0201!"


def test_a_reason_survives_copy_and_pickle_with_its_code():
    reason = Reason("los.split_chosen", side="left")
    for again in (copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert again == reason and again.code == "los.split_chosen" and again.params == {"side": "left"}


def test_a_missing_parameter_or_unknown_code_is_a_programming_error():
    with pytest.raises(KeyError):
        Reason("los.mod_woods", woods="light woods")
    with pytest.raises(KeyError):
        Reason("los.teleport")


def test_codes_go_out_nested_and_plain_text_has_no_code():
    outcome = Reason("los.outcome_clear", modifier="+1")
    assert reason_codes([outcome, "line of sight given by the scenario"]) == [
        {"code": "los.outcome_clear", "params": {"modifier": "+1"}},
        {"code": None, "params": {}},
    ]
    why = Reason("los.ground_blocks", hex="0508", level=3, why=Reason("los.higher_than_both"))
    assert reason_code(why)["params"]["why"] == {"code": "los.higher_than_both", "params": {}}


def test_a_woods_ruling_carries_its_code_params_and_english_text():
    """'Efectos del terreno interviniente': light woods in 0507 add +1 to hit."""
    board = board_from_cells(16, 17, {"0507": {"level": 0, "terrain": "woods:1"}})
    result = line_of_sight(board, Unit("A", Hex.parse("0510"), 0), Unit("T", Hex.parse("0505"), 0))
    woods = next(reason for reason in result.reasons if reason.startswith("0507"))
    assert isinstance(woods, Reason) and woods.code == "los.woods_intervene"
    assert woods.params == {"hex": "0507", "woods": "light woods", "level": 2, "modifier": 1,
                            "why": "higher than both ends"}
    assert woods == ("0507: light woods reaching level 2 intervenes (higher than both ends): +1 to hit "
                     "('Efectos del terreno interviniente').")
    assert result.modifiers[0].reason.code == "los.mod_woods"  # type: ignore[attr-defined]


def test_heights_name_both_ends_as_clauses():
    """'Unidades': a standing BattleMech rises one level above its hex."""
    board = board_from_cells(16, 17, {})
    result = line_of_sight(board, Unit("A", Hex.parse("0510"), 0), Hex.parse("0505"))
    heights = result.reasons[0]
    assert heights == "Heights: attacker A (standing mech in 0510) at level 1, target hex 0505 at level 0."
    assert reason_code(heights) == {"code": "los.heights", "params": {
        "source": {"code": "los.end_unit",
                   "params": {"role": "attacker", "unit": "A", "posture": "standing mech", "hex": "0510"}},
        "source_level": 1, "target": {"code": "los.end_hex", "params": {"hex": "0505"}}, "target_level": 0}}


def test_a_stored_result_keeps_its_code_and_a_changed_text_stays_as_stored():
    """A match result goes into the stored state as JSON and comes back coded ('Victoria')."""
    from rules.core.state import result_from_json, result_to_json
    from rules.core.state import MatchResult

    beaten = Reason("victory.beaten", unit="B", why=Reason("damage.centre_torso_destroyed"))
    result = MatchResult("alice", Reason("victory.other_side_out", beaten=beaten), {"alice": 7}, 4)
    again = result_from_json(result_to_json(result))
    assert again == result and again.reason.code == "victory.other_side_out"  # type: ignore[attr-defined]
    stale = {**result_to_json(result), "reason": "worded differently by an older server"}
    assert result_from_json(stale).reason == "worded differently by an older server"
    assert not isinstance(result_from_json(stale).reason, Reason)


@pytest.mark.parametrize("name", ["mekatac", "skirmish"])
def test_every_rulesets_stored_result_keeps_its_code(name: str) -> None:
    """A MEKATAC or skirmish result, stored with the state and read back, is still coded (its page said it in
    English only, or as the bare code)."""
    from dataclasses import replace

    from rules.core.state import MatchResult
    from rules.rulesets import get_ruleset

    ruleset = get_ruleset(name)
    state = ruleset.example({"turns": 3} if name == "skirmish" else {})
    reason = Reason("mekatac.turn_limit") if name == "mekatac" else Reason("skirmish.draw", turns=3)
    stored = ruleset.state_to_json(replace(state, result=MatchResult("", reason, {side: 0 for side in "ab"}, 3)))
    assert stored["result"]["reason_code"] == reason_code(reason)
    again = ruleset.state_from_json(stored).result
    assert again is not None and again.reason == reason and again.reason.code == reason.code  # type: ignore[attr-defined]


def test_an_attack_answer_codes_its_to_hit_modifiers_and_its_damage():
    """TW to-hit: gunnery, attacker movement, range bracket, target movement; then the damage reasons."""
    from rules.io.explain import explain

    answer = explain({
        "board": {"size": [16, 17]}, "seed": 6,
        "units": [
            {"id": "A", "hex": "0810", "facing": 0, "design": "Hunchback HBK-4G", "moved": "walk", "hexes_moved": 3},
            {"id": "B", "hex": "0806", "facing": 3, "design": "Jenner JR7-D", "moved": "run", "hexes_moved": 5},
        ],
        "query": {"attack": {"from": "A", "to": "B", "weapon": "AC/20"}},
    })
    codes = [m["reason_code"] for m in answer["to_hit"]["modifiers"]]
    assert codes == [{"code": "tohit.gunnery", "params": {"gunnery": 4}},
                     {"code": "tohit.attacker_walked", "params": {}},
                     {"code": "tohit.range", "params": {"bracket": "medium", "hexes": 4}},
                     {"code": "tohit.target_moved", "params": {"hexes": 5}}]
    assert len(answer["reason_codes"]) == len(answer["reasons"])
    needs = answer["reason_codes"][0]
    assert needs["code"] == "combat.needs" and needs["params"]["attack"] == "AC/20 [RT]"
    assert needs["params"]["modifiers"]["code"] == "rules.listed"  # "+4 gunnery skill 4, +1 attacker walked, …"
    assert answer["reasons"][0].startswith("AC/20 [RT] needs 9 (+4 gunnery skill 4, +1 attacker walked, ")
    assert all(code["code"] for code in answer["reason_codes"])  # every reason of the attack has its code


def coded_texts(data):
    """Every (English text, code) pair a report carries, wherever it sits."""
    if isinstance(data, list):
        for item in data:
            yield from coded_texts(item)
    elif isinstance(data, dict):
        if "reasons" in data:
            assert len(data["reason_codes"]) == len(data["reasons"])
            yield from zip(data["reasons"], data["reason_codes"])
        # A check's "reason" is its code word ("swamp"), the one "reason" sent without a reason_code.
        for text, code in (("reason", "reason_code"), ("resolution", "resolution_code"), ("why", "why_code")):
            if data.get(text) and code in data:
                yield data[text], data[code]
        for key, value in data.items():
            if not key.endswith(("_code", "_codes")):
                yield from coded_texts(value)


@settings(max_examples=30, deadline=None)
@given(a=st.sampled_from(sorted(shipped_designs())), b=st.sampled_from(sorted(shipped_designs())),
       seed=st.integers(0, 10**6))
def test_every_reason_of_a_whole_duel_has_a_code_that_gives_back_its_text(a, b, seed):
    """Property: movement, attacks, heat and the end of each turn of a Solaris duel (the phase table) say
    nothing the client cannot translate: each English text is exactly its code with its params."""
    final, reports = play(start(a, b), seed=str(seed))
    pairs = list(coded_texts(reports))
    assert len(pairs) > 10
    for text, coded in pairs:
        assert coded["code"] is not None, text
        assert reason_from_code(text, coded) == text and isinstance(reason_from_code(text, coded), Reason)
    assert isinstance(result_from_json(state_to_json(final)["result"]).reason, Reason)


@settings(max_examples=60, deadline=None)
@given(phases())
def test_every_reason_of_a_random_movement_phase_has_its_code(phase):
    """Property: swamps, pavement, woods, jumps, charges and clashes in both movement modes ('Movimiento PM a
    PM', 'Problemas planteados por el movimiento simultáneo'): every reason out has its code."""
    state, mode, orders, initiative, seed = phase
    answer = movement_to_json(resolve_movement(state, orders, Dice(seed), mode=mode, initiative=initiative))
    paths = [path_to_json(check_path(state.board, state.unit(order.unit), order)[0]) for order in orders]
    for text, coded in coded_texts([answer, paths]):
        assert coded["code"] is not None and reason_from_code(text, coded) == text, text
