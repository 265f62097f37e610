"""The core's playback with reaction windows (issue "Three rulesets on one core": the timeline must be able to
stop at a tick, ask named units of another side for a reaction order or a pass, apply it, and go on),
proved on the Sentry test game (tests/rulesets/sentry.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.playback import HookOutcome, Moment, Reaction, ReactionWindow, answered, play
from rules.core.errors import RuleError
from tests.rulesets.sentry import Run, SentryRuleset, SentryState, Shoot, Trooper, hex_, play_phase, step, window_key

# Runner R (side a) runs north up column 05 from 0510; sentry S (side b) stands in 0606, next to 0507 and 0506:
# the runner's third step (tick 3) brings it next to the sentry.
BOARD = Board(12, 12)


def start(*more: Trooper) -> SentryState:
    runner = Trooper("R", hex_("0510"), 0, side="a")
    sentry = Trooper("S", hex_("0606"), 0, side="b", sentry=True)
    return SentryState(BOARD, (runner, sentry, *more))


def where(state: SentryState, unit: str) -> str:
    return state.unit(unit).hex.label


def test_without_a_hook_every_step_is_played() -> None:
    played = play(start(), [[("R", 0)], [("R", 1)]], step, Dice("x"))
    assert where(played.state, "R") == "0508" and played.pending is None and len(played.ticks) == 2


def test_the_hook_sees_the_whole_state_at_every_tick_of_any_schedule() -> None:
    """One extension point for both kinds of schedule: PM by PM (every unit each tick) and one unit's whole
    move per tick (as BattleTech's classic mode); what the hook returns is the state from then on."""
    seen = []

    def knock_down_at_2(moment: Moment[SentryState]) -> HookOutcome[SentryState]:
        seen.append((moment.tick, [event.unit for event in moment.events], where(moment.state, "R")))
        if moment.tick == 2:
            return HookOutcome(moment.state.with_unit(replace(moment.state.unit("R"), down=True)))
        return HookOutcome(moment.state)

    runner_first = [[("R", 0), ("R", 1)], [("Q", 0)], [("R", 2)]]
    other = Trooper("Q", hex_("0210"), 0, side="b")
    played = play(start(other), runner_first, step, Dice("x"), knock_down_at_2)

    assert seen == [(1, ["R", "R"], "0508"), (2, ["Q"], "0508"), (3, [], "0508")]
    assert where(played.state, "R") == "0508" and where(played.state, "Q") == "0209"


def test_the_play_stops_at_the_tick_where_the_runner_comes_next_to_the_sentry() -> None:
    played = play_phase(start(), [Run("R", 6)], Dice("phase"))

    assert played.pending == ReactionWindow(window_key(3, "R", "S"), 3, "R", ("S",), "R ran next to S")
    assert len(played.ticks) == 3  # the ticks up to and including the window's
    assert where(played.state, "R") == "0507"


def test_a_pass_lets_the_runner_go_on_and_everything_before_the_window_happens_again_exactly() -> None:
    first = play_phase(start(), [Run("R", 6)], Dice("phase"))
    assert first.pending is not None
    answers = {first.pending.key: {"S": Reaction("S")}}

    again = play_phase(start(), [Run("R", 6)], Dice("phase"), answers)

    assert again.pending is None
    assert again.ticks[:2] == first.ticks[:2]
    assert again.ticks[2][:-1] == first.ticks[2] and again.ticks[2][-1].kind == "pass"
    assert where(again.state, "R") == "0504"


def test_a_shot_is_applied_at_its_tick_with_the_phase_dice_and_recorded() -> None:
    first = play_phase(start(), [Run("R", 6)], Dice("phase"))
    assert first.pending is not None
    dice = Dice("phase")
    answers = {first.pending.key: {"S": Reaction("S", Shoot("S"))}}

    played = play_phase(start(), [Run("R", 6)], dice, answers)

    (roll,) = dice.rolls
    assert roll.sides == 10 and roll.target == 6
    shot = played.ticks[2][-1]
    assert shot.kind == "shot" and shot.rolls == (roll,)
    # A hit drops the runner where the shot found it; a miss lets it run on.
    assert where(played.state, "R") == ("0507" if roll.success else "0504")
    assert played.state.unit("S").reacted


def test_two_sentries_are_asked_in_turn_at_the_same_tick() -> None:
    second = Trooper("T", hex_("0406"), 0, side="b", sentry=True)
    first = play_phase(start(second), [Run("R", 6)], Dice("phase"))
    assert first.pending is not None and first.pending.units == ("S",)

    asked = play_phase(start(second), [Run("R", 6)], Dice("phase"), {first.pending.key: {"S": Reaction("S")}})

    assert asked.pending is not None and asked.pending.units == ("T",) and asked.pending.tick == 3
    assert answered(first.pending, {first.pending.key: {"S": Reaction("S")}})
    assert not answered(asked.pending, {first.pending.key: {"S": Reaction("S")}})


def test_a_hook_that_asks_again_for_an_answered_window_is_an_error() -> None:
    window = ReactionWindow("1:R:S", 1, "R", ("S",), "again")

    def stubborn(moment: Moment[SentryState]) -> HookOutcome[SentryState]:
        return HookOutcome(moment.state, window=window)

    with pytest.raises(ValueError, match="answered already"):
        play(start(), [[("R", 0)]], step, Dice("x"), stubborn, {"1:R:S": {"S": Reaction("S")}})


def test_a_phase_stopped_by_a_window_stays_open_and_nothing_follows_it_until_it_is_answered() -> None:
    """The phase machinery (rules.core.phases.PhaseTable) through a ruleset: a pending window leaves the phase
    the current one; once answered, the phase resolves and the order-less end of the turn follows."""
    ruleset = SentryRuleset()
    runs = [ruleset.decode_order(start(), {"unit": "R", "hexes": 6})]

    stopped = ruleset.resolve_phase(start(), runs, Dice("phase"))
    assert stopped.pending is not None and stopped.state.phase == "run" and stopped.state.turn == 1

    answers = {stopped.pending.key: {"S": ruleset.decode_reaction(start(), stopped.pending, "S", None)}}
    done = ruleset.resolve_phase(start(), runs, Dice("phase"), answers)
    assert done.pending is None and (done.state.turn, done.state.phase) == (2, "run")
    assert not done.state.unit("S").reacted  # sentries watch again next turn


def test_a_reaction_the_window_does_not_allow_is_a_coded_refusal() -> None:
    ruleset = SentryRuleset()
    window = ReactionWindow("3:R:S", 3, "R", ("S",), "R ran next to S")
    with pytest.raises(RuleError) as refused:
        ruleset.decode_reaction(start(), window, "S", {"shoot": "somebody else"})
    assert refused.value.code == "reaction.malformed"
    assert ruleset.reaction_choices(start(), window, "S") == [{"label": "shoot", "target": "R", "order": {"shoot": "R"}}]


def test_solaris_takes_no_reactions() -> None:
    """Solaris VII has no reactions during movement: nothing is ever asked, anything sent is refused."""
    from rules.rulesets import get_ruleset

    solaris = get_ruleset("solaris")
    window = ReactionWindow("1:A:B", 1, "A", ("B",), "no such window")
    with pytest.raises(RuleError) as refused:
        solaris.decode_reaction(None, window, "B", None)
    assert refused.value.code == "reaction.not_asked"
    assert solaris.reaction_choices(None, window, "B") == []
