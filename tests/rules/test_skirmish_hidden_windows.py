"""Troops in hidden deployment and the timing of reaction windows (issue 21; docs/skirmish.md, "Troops in hidden
deployment"): a hidden troop is asked at the end of each skill of the active troop, whether or not it gained a
line of fire, as the worked example orders the declarations ('Una vez asomado … Una vez que el Zhanshi comprueba
que obtiene LDT con el Fusilero, declara su ORA … El Fusilero, por su parte, declara la segunda Habilidad Corta'),
so the windows everyone sees are the same whether it sees the active troop or not; its reaction is taken at the
step where its line of fire opened."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleError
from tests.rules.skirmish_fixtures import RULESET, events, everyone_attacks, move, order, play, position, troop

# A walks 0608 → 0607 → 0606 (Move, then BS Attack on nobody in sight: Move + Move here).
WALK = order("A", move("0607"), move("0606"))


def ambush(facing: int) -> Any:
    """A (side a) in 0608; E (side b, hidden) in 0602, facing it (3) or away (0): front 180° only."""
    return position(troop("A", "0608", 0, "a", "infantry"), troop("E", "0602", facing, "b", "infantry", hidden=True))


def public(windows: list[Any]) -> list[tuple[str, int, str, str]]:
    """What the other side and spectators are told of each window (the hidden troop is left out of its units)."""
    return [(window.key, window.tick, window.trigger, window.reason) for window in windows]


def test_a_hidden_troop_is_asked_at_the_end_of_each_skill_whether_or_not_it_sees() -> None:
    seeing, blind = ambush(3), ambush(0)
    _, seen = play(seeing, WALK)
    _, unseen = play(blind, WALK)
    # Tick 1: Move declared in 0608, tick 2: 0607 (the first skill's end), tick 3: the second Move declared
    # in 0607, tick 4: 0606.
    assert [window.key for window in seen] == ["2:A:0607:1:0608/2.0607/2", "4:A:0606:3:0608/2.0607/2.0607/2.0606/2"]
    assert public(seen) == public(unseen) and [window.units for window in seen] == [("E",), ("E",)]
    assert [window.reason.code for window in seen] == ["skirmish.skill_end"] * 2  # type: ignore[attr-defined]
    # What E may do differs, and only E's own side is told it.
    assert RULESET.reaction_choices(seeing, seen[0], "E")[0]["order"] == {"attack": "A"}
    assert RULESET.reaction_choices(blind, unseen[0], "E") == []


def test_a_hidden_reaction_is_taken_at_the_step_where_its_line_of_fire_opened() -> None:
    state = ambush(3)
    outcome, windows = play(state, WALK, everyone_attacks)
    first_sight = RULESET.reaction_choices(state, windows[0], "E")[0]
    aro = events(outcome, "aro")
    assert [(event.unit, event.to_hex.label) for event in aro] == [("E", first_sight["hex"])]
    assert aro[0].reason.code == "skirmish.reacts_hidden" and not outcome.state.unit("E").hidden
    # It reacted in the first skill: asked as a troop seen now, never again in this order.
    assert len(windows) == 1


def test_a_hidden_troop_that_passed_its_first_skill_keeps_no_reaction_for_the_second() -> None:
    # 'troops that could react to the first skill and did not lose it for the order' (issue 21): E saw A during
    # the first skill and passed; at the second skill's end it may only pass, and an attack is refused.
    state = ambush(3)
    outcome, windows = play(state, WALK)
    assert outcome.state.unit("E").hidden and events(outcome, "pass") == [] and events(outcome, "aro") == []
    assert RULESET.reaction_choices(state, windows[1], "E") == []
    with pytest.raises(RuleError) as closed:
        RULESET.decode_reaction(state, windows[1], "E", {"attack": "A"})
    assert closed.value.code == "skirmish.reaction_closed"


def test_a_hidden_troop_without_line_of_fire_may_only_pass() -> None:
    state = ambush(0)
    _, windows = play(state, WALK)
    with pytest.raises(RuleError) as no_lof:
        RULESET.decode_reaction(state, windows[0], "E", {"attack": "A"})
    assert no_lof.value.code == "skirmish.reaction_no_lof"
    assert RULESET.decode_reaction(state, windows[0], "E", None).passed


def test_a_side_with_no_hidden_troop_is_asked_only_where_line_of_fire_opens() -> None:
    state = position(troop("A", "0608", 0, "a", "infantry"), troop("E", "0602", 0, "b", "infantry"))
    assert play(state, WALK)[1] == []


def test_at_a_skills_last_step_the_seen_troops_are_asked_first_and_the_hidden_ones_in_a_window_of_their_own() -> None:
    # The worked example's peek alone: the Zhanshi's line of fire opens at the Move's last step (0508), where the
    # hidden TAG is asked too.
    state = RULESET.example(RULESET.options.defaults)
    _, windows = play(state, order("F", move("0508")))
    assert [(window.key, window.units) for window in windows] == [
        ("2:F:0508", ("Z",)), ("2:F:0508:1:0608/2.0508/2", ("T",))]
    assert [window.reason.code for window in windows] == ["skirmish.sighted", "skirmish.skill_end"]  # type: ignore[attr-defined]
