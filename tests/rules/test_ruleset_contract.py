"""The ruleset contract: what every game Árbitro referees must do, run over every entry of the registry (and the
Sentry test game, which has reactions), so a new ruleset is checked the moment it is registered (issue "Three
rulesets on one core": options round-trip, a scripted game to the end with a fixed seed, determinism of
replays, view filtering, coded errors for bad orders).

The scripted game gives no order at all: every unit gets what the rules give a unit whose player is silent
(the deadline's default), and every reaction window is passed. It is played under the shortest options the
schema allows (each whole-number option at its smallest value above 0: a turn limit of one turn), so it ends.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.options import Count
from rules.core.phases import OVER
from rules.rulesets import RULESETS
from rules.rulesets.base import Ruleset
from tests.rulesets.sentry import SentryRuleset

GAMES: dict[str, Ruleset[Any, Any]] = {**RULESETS, "sentry (test game)": SentryRuleset()}
ROLES = [("spectator", None), ("referee", None)]
MOST_RESOLUTIONS = 200
BAD_ORDERS: list[Any] = [None, 0, "F", [], {}, {"unit": 1}, {"unit": "nobody"}, {"unit": "\ud800"},
                         {"unit": ["A"], "mode": {"deep": [[[[]]]]}}, {"unit": "A", "extra": True}]


def shortest(ruleset: Ruleset[Any, Any]) -> dict[str, Any]:
    counts = {option.name: max(option.minimum, 1) for option in ruleset.options.options if isinstance(option, Count)}
    return ruleset.options.validate(counts)


def play(ruleset: Ruleset[Any, Any], seed: str = "contract") -> list[tuple[str, str]]:
    """The scripted game: each resolution's report and the state after it, as JSON text."""
    state, record = ruleset.example(shortest(ruleset)), []
    for _ in range(MOST_RESOLUTIONS):
        if state.phase == OVER:
            return record
        answers: dict[str, Any] = {}
        dice = Dice(f"{seed}:{state.turn}:{state.phase}")
        outcome = ruleset.resolve_phase(state, [], dice)
        while outcome.pending is not None:  # every window passed, the phase played again from its start
            window = outcome.pending
            answers[window.key] = {unit: ruleset.decode_reaction(state, window, unit, None) for unit in window.units}
            outcome = ruleset.resolve_phase(state, [], Dice(f"{seed}:{state.turn}:{state.phase}"), answers)
        state = outcome.state
        record.append((json.dumps(ruleset.report_to_json(outcome), sort_keys=True),
                       json.dumps(ruleset.state_to_json(state), sort_keys=True)))
    raise AssertionError(f"the scripted game did not end in {MOST_RESOLUTIONS} resolutions")


def sides(ruleset: Ruleset[Any, Any]) -> list[str]:
    return sorted({unit.side for unit in ruleset.example(ruleset.options.defaults).units})


@pytest.fixture(params=sorted(GAMES))
def ruleset(request: pytest.FixtureRequest) -> Ruleset[Any, Any]:
    return GAMES[request.param]


def test_options_round_trip_and_refuse_with_a_code(ruleset: Ruleset[Any, Any]) -> None:
    defaults = ruleset.options.validate({})
    assert defaults == ruleset.options.defaults and ruleset.options.validate(defaults) == defaults
    described = json.loads(json.dumps(ruleset.options.to_json()))
    assert [option["name"] for option in described] == list(defaults)
    with pytest.raises(RuleError) as unknown:
        ruleset.options.validate({"no such option": 1})
    assert unknown.value.code == "options.unknown"
    for name in defaults:
        with pytest.raises(RuleError) as wrong:
            ruleset.options.validate({name: ["not", "a", "value"]})
        assert wrong.value.code == "options.invalid" and wrong.value.params["option"] == name


def test_the_state_survives_its_codec(ruleset: Ruleset[Any, Any]) -> None:
    state = ruleset.example(ruleset.options.defaults)
    stored = ruleset.state_to_json(state)
    assert ruleset.state_to_json(ruleset.state_from_json(json.loads(json.dumps(stored)))) == stored


def test_a_scripted_game_ends_with_a_result(ruleset: Ruleset[Any, Any]) -> None:
    record = play(ruleset)
    final = ruleset.state_from_json(json.loads(record[-1][1]))
    assert final.phase == OVER and final.result is not None


def test_a_game_replays_byte_for_byte_on_the_same_seed(ruleset: Ruleset[Any, Any]) -> None:
    assert play(ruleset) == play(ruleset)


def test_each_viewer_sees_plain_json_and_only_its_own_sides_orders(ruleset: Ruleset[Any, Any]) -> None:
    state = ruleset.example(ruleset.options.defaults)
    first, second = sides(ruleset)[:2]
    viewers = [*ROLES, ("player", first), ("player", second)]
    for role, side in viewers:
        json.dumps(ruleset.view(state, role, side))
        json.dumps(ruleset.hints(state, role, side))
    orders = [(first, {"unit": "mine"}), (second, {"unit": "theirs"})]
    assert ruleset.orders_view(orders, "player", first) == [{"unit": "mine"}]
    assert ruleset.orders_view(orders, "spectator", None) == []
    assert ruleset.orders_view(orders, "referee", None) == [{"unit": "mine"}, {"unit": "theirs"}]


def test_each_viewer_is_shown_the_playbacks_as_plain_json_and_the_log_is_left_as_it_was(
        ruleset: Ruleset[Any, Any]) -> None:
    """`timeline_view`: a playback is logged once and each viewer is shown it through this hook (live, in the
    snapshot and the match log). It must leave the logged record as it was (it serves every viewer) and give plain
    JSON; the referee sees everything, and the scripted game hides nothing, so the referee is shown each of its
    playbacks as logged (what the protocol's default, TableRuleset's, gives every viewer)."""
    first, second = sides(ruleset)[:2]
    for report, _ in play(ruleset):
        logged = json.loads(report)
        for role, side in [*ROLES, ("player", first), ("player", second)]:
            shown = json.loads(json.dumps(ruleset.timeline_view(logged, role, side)))
            assert logged == json.loads(report), (role, side)
            if role == "referee":
                assert shown == logged


def test_the_default_timeline_view_is_the_timeline_as_logged() -> None:
    timeline = {"phases": [], "anything": [1, "a"]}
    assert SentryRuleset().timeline_view(timeline, "spectator", None) is timeline


@pytest.mark.parametrize("bad", BAD_ORDERS, ids=repr)
def test_a_bad_order_is_a_coded_refusal(ruleset: Ruleset[Any, Any], bad: Any) -> None:
    state = ruleset.example(ruleset.options.defaults)
    try:
        order = ruleset.decode_order(state, bad)
        ruleset.check(state, order)
    except RuleError as refused:
        assert "." in refused.code and json.dumps(refused.to_json())
    else:
        pytest.fail(f"{bad!r} was taken as an order")


def lobby_choices(offer: dict[str, Any]) -> dict[str, Any]:
    """The fewest choices a host may make: each side the fewest designs the set-up takes, the first offered."""
    designs = offer["choices"].get("designs")
    if designs is None or not designs["minimum"]:
        return {}
    names = [designs["values"][0]] * designs["minimum"]
    return {"designs": {side: names[0] if designs["maximum"] == 1 else names for side in offer["sides"]}}


def test_the_lobby_set_up_seats_the_sides_it_offers_under_the_options_agreed(ruleset: Ruleset[Any, Any]) -> None:
    offer = ruleset.setup_offer()
    json.dumps(offer)
    state = ruleset.setup(ruleset.options.defaults, lobby_choices(offer), None)
    assert sorted(offer["sides"]) == sorted({unit.side for unit in state.units})
    agreed = ruleset.with_options(state, shortest(ruleset))
    assert ruleset.state_to_json(ruleset.state_from_json(ruleset.state_to_json(agreed))) == ruleset.state_to_json(agreed)
    # The options are all the position changes: agreed back to the defaults, it is the set-up again.
    back = ruleset.with_options(agreed, ruleset.options.defaults)
    assert ruleset.state_to_json(back) == ruleset.state_to_json(state)


def test_a_set_up_choice_not_offered_is_a_coded_refusal(ruleset: Ruleset[Any, Any]) -> None:
    with pytest.raises(RuleError) as refused:
        ruleset.setup(ruleset.options.defaults, {"no such choice": 1}, None)
    assert refused.value.code == "setup.not_offered"


def test_the_designs_listed_are_those_the_set_up_offers(ruleset: Ruleset[Any, Any]) -> None:
    """GET /api/designs/ lists them: each named, as JSON, and every name a set-up choice offers among them."""
    listed = ruleset.designs()
    json.dumps(listed)
    offered = {name for choice in ruleset.setup_offer()["choices"].values() if choice["kind"] == "designs"
               for name in choice["values"]}
    assert {design["name"] for design in listed} == offered


def test_a_referee_correction_moves_a_unit_to_a_free_hex_only(ruleset: Ruleset[Any, Any]) -> None:
    state = ruleset.example(ruleset.options.defaults)
    first, second = state.units[0], state.units[1]
    held = {unit.hex for unit in state.units}
    free = next(hex_ for hex_ in state.board if hex_ not in held)
    moved = ruleset.overridden(state, first.id, {"hex": free.label, "facing": 1})
    assert (moved.unit(first.id).hex, moved.unit(first.id).facing) == (free, 1)
    # An annulment goes back to the position before (the correction is no part of a phase, but none is kept).
    assert ruleset.state_to_json(ruleset.annulled(state, moved))["units"] == ruleset.state_to_json(state)["units"]
    for changes, code in (({"hex": second.hex.label}, "referee.hex_occupied"), ({"armour": 99}, "referee.bad_changes")):
        with pytest.raises(RuleError) as refused:
            ruleset.overridden(state, first.id, changes)
        assert refused.value.code == code


def test_each_standing_choice_survives_the_codec_and_an_annulment(ruleset: Ruleset[Any, Any]) -> None:
    """Each value of each choice offered (and None, clearing it) is set on a unit, stored and kept through an
    annulment of a phase the choice came after; a game offering none refuses a choice with a code."""
    before = ruleset.example(ruleset.options.defaults)
    unit = before.units[0].id
    for name, choice in ruleset.choices.items():
        for value in [*choice["values"], None]:
            chosen = ruleset.choose(before, name, unit, value, "controller")
            stored = ruleset.state_to_json(chosen)
            assert ruleset.state_to_json(ruleset.state_from_json(stored)) == stored
            assert ruleset.state_to_json(ruleset.annulled(before, chosen)) == stored
    if not ruleset.choices:
        with pytest.raises(RuleError) as refused:
            ruleset.choose(before, "los_side", unit, "left", "controller")
        assert refused.value.code == "choice.not_offered"
