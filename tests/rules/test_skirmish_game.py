"""The skirmish game as the server plays it: orders as phases of their own, each stored through the codec, a
scripted game to the end on fixed seeds, and what each viewer is shown (hidden deployment)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.core.phases import OVER
from tests.rules.skirmish_fixtures import RULESET, everyone_attacks, move, order, play
from tests.rules.test_skirmish_reactions import EXAMPLE_SEED, PEEK

SCRIPT: list[tuple[dict[str, Any] | None, str]] = [
    (PEEK, EXAMPLE_SEED),  # the worked example: the Fusilier is left Unconscious
    (order("B", move("0810", "0710")), "g2"),  # the bike rides into the Zhanshi's line of fire
]


def scripted_game() -> list[tuple[str, str]]:
    state, record = RULESET.example({"turns": 1}), []
    for data, seed in SCRIPT:
        assert state.phase != OVER
        outcome, _ = play(state, data, everyone_attacks, seed=seed)
        stored = json.dumps(RULESET.state_to_json(outcome.state), sort_keys=True)
        state = RULESET.state_from_json(json.loads(stored))
        record.append((json.dumps(RULESET.report_to_json(outcome), sort_keys=True), stored))
    return record


def test_a_scripted_game_plays_to_its_end_and_replays_byte_for_byte() -> None:
    record = scripted_game()
    final = RULESET.state_from_json(json.loads(record[-1][1]))
    assert [json.loads(state)["phase"] for _, state in record] == ["order-2", OVER]
    assert final.result is not None and final.result.winner == "yu"
    # Stored and read back, the reason keeps its code (the page said the bare code, "skirmish.wiped_out").
    assert final.result.reason == "Side angus has no troop left standing."
    assert final.result.reason.code == "skirmish.wiped_out"  # type: ignore[attr-defined]
    assert dict(final.result.victory_points) == {"angus": 0, "yu": 2}
    assert scripted_game() == record


def test_each_order_is_its_own_phase_and_the_pool_passes_to_the_other_side() -> None:
    state = RULESET.example({"turns": 2})
    assert (state.phase, state.active, state.pool, RULESET.awaits(state)) == ("order-1", "angus", 2, ["F", "B"])
    outcome, _ = play(state, None)  # no order: angus's active turn ends
    after = outcome.state
    assert (after.phase, after.active, after.pool, RULESET.awaits(after)) == ("order-2", "yu", 2, ["Z", "T"])
    outcome, _ = play(after, order("Z", {"skill": "idle"}))
    assert (outcome.state.phase, outcome.state.pool) == ("order-3", 1) and "idle" in outcome.state.unit("Z").states
    outcome, _ = play(outcome.state, None)
    assert (outcome.state.turn, outcome.state.phase, outcome.state.active) == (2, "order-1", "angus")


def test_hidden_deployment_is_hidden_from_the_opponent_and_spectators() -> None:
    state = RULESET.example(RULESET.options.defaults)
    shown = {(role, side): [unit["id"] for unit in RULESET.view(state, role, side)["units"]]
             for role, side in [("player", "angus"), ("spectator", None), ("player", "yu"), ("referee", None)]}
    assert shown[("player", "angus")] == shown[("spectator", None)] == ["F", "B", "Z"]
    assert shown[("player", "yu")] == shown[("referee", None)] == ["F", "B", "Z", "T"]
    assert "T" not in json.dumps(RULESET.hints(state, "player", "angus"))


def test_the_order_pool_hints_the_active_player_only() -> None:
    state = RULESET.example(RULESET.options.defaults)
    angus, yu = RULESET.hints(state, "player", "angus"), RULESET.hints(state, "player", "yu")
    assert angus["panels"] == ["order"] and angus["pool"] == 2 and angus["units"]["F"]["mov"] == [2, 1]
    assert angus["units"]["B"]["targets"] == ["Z"] and angus["units"]["F"]["targets"] == []
    assert yu["panels"] == [] and yu["pool"] == 0


def test_a_check_says_the_steps_and_the_end_and_every_refusal_is_coded() -> None:
    state = RULESET.example(RULESET.options.defaults)
    checked = RULESET.check(state, RULESET.decode_order(state, PEEK))
    assert checked["end"] == "0608" and [step["hex"] for step in checked["steps"]][1:3] == ["0508", "0608"]
    for bad in [order("Z", move("0603")), order("F", move("0507")), order("F", {"skill": "attack", "target": "T"})]:
        with pytest.raises(RuleError) as refused:
            RULESET.decode_order(state, bad)
        assert refused.value.code in ("skirmish.not_active", "skirmish.not_adjacent", "skirmish.no_target")
