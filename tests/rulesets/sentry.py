"""Sentry: the smallest game with reactions, to prove the core's reaction windows end to end.

Runners walk straight ahead, one hex per step, all at once (the core's PM schedule). A sentry of the other
side may shoot a runner the moment the runner's step brings it next to the sentry: the play stops at that
tick and asks the sentry's player. A shot rolls 1D10 and hits on 6+; a hit runner drops where it stands.
A sentry answers once per phase: it shoots or passes, then watches no more. Nothing here is a real game's rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from rules.core.dice import Dice
from rules.core.hexes import Hex
from rules.core.playback import HookOutcome, Moment, Played, Reaction, ReactionWindow, play
from rules.core.state import Piece, State
from rules.core.timeline import Event, schedule

HIT_ON = 6  # 1D10


@dataclass(frozen=True, slots=True)
class Trooper(Piece):
    side: str = ""
    sentry: bool = False
    down: bool = False  # hit: moves no more
    reacted: bool = False  # a sentry that has shot or passed this phase


@dataclass(frozen=True, slots=True)
class SentryState(State):
    units: tuple[Trooper, ...]

    def unit(self, unit_id: str) -> Trooper:
        return cast(Trooper, State.unit(self, unit_id))

    def with_unit(self, trooper: Trooper) -> SentryState:
        return replace(self, units=tuple(trooper if u.id == trooper.id else u for u in self.units))


@dataclass(frozen=True, slots=True)
class Run:
    """A runner's plotted move: ``hexes`` steps straight ahead."""

    unit: str
    hexes: int

    @property
    def step_costs(self) -> tuple[int, ...]:
        return (1,) * self.hexes

    @property
    def lands_last(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Shoot:
    """A sentry's reaction order: shoot the runner that triggered the window."""

    unit: str


def step(state: SentryState, unit_id: str, index: int) -> tuple[SentryState, tuple[Event, ...]]:
    runner = state.unit(unit_id)
    if runner.down:
        return state, ()
    ahead = runner.hex.neighbour(runner.facing)
    moved = replace(runner, hex=ahead)
    return state.with_unit(moved), (Event(unit_id, "step", runner.hex, ahead, runner.facing, mp=1),)


def window_key(tick: int, runner: str, sentry: str) -> str:
    return f"{tick}:{runner}:{sentry}"


def hook(moment: Moment[SentryState]) -> HookOutcome[SentryState]:
    """Each runner that stepped this tick, against each sentry of the other side now next to it, in id
    order: apply the sentry's answer if it gave one, else ask it."""
    state, events = moment.state, list[Event]()
    stepped = sorted({event.unit for event in moment.events if event.kind == "step"})
    for runner_id in stepped:
        for sentry in sorted(state.units, key=lambda u: u.id):
            runner = state.unit(runner_id)
            if not sentry.sentry or sentry.reacted or sentry.side == runner.side or runner.down:
                continue
            if sentry.hex.distance(runner.hex) != 1:
                continue
            key = window_key(moment.tick, runner_id, sentry.id)
            answer = moment.answers.get(key, {}).get(sentry.id)
            if answer is None:
                window = ReactionWindow(key, moment.tick, runner_id, (sentry.id,), f"{runner_id} ran next to {sentry.id}")
                return HookOutcome(state, tuple(events), window)
            state, fired = _react(state, moment.dice, sentry.id, runner_id, answer)
            events += fired
    return HookOutcome(state, tuple(events))


def _react(state: SentryState, dice: Dice, sentry_id: str, runner_id: str,
           answer: Reaction) -> tuple[SentryState, tuple[Event, ...]]:
    sentry = state.unit(sentry_id)
    state = state.with_unit(replace(sentry, reacted=True))
    if answer.passed:
        return state, (Event(sentry_id, "pass", sentry.hex, sentry.hex, sentry.facing, target=runner_id),)
    roll = dice.roll(1, 10, f"{sentry_id} shoots {runner_id}", target=HIT_ON)
    runner = state.unit(runner_id)
    if roll.success:
        state = state.with_unit(replace(runner, down=True))
    shot = Event(sentry_id, "shot", sentry.hex, runner.hex, sentry.facing, target=runner_id, rolls=(roll,))
    return state, (shot,)


def play_phase(state: SentryState, runs: list[Run], dice: Dice,
               answers: dict[str, dict[str, Reaction]] | None = None) -> Played[SentryState]:
    ticks = schedule({run.unit: run for run in runs}, {run.unit: rank for rank, run in enumerate(runs)})
    return play(state, ticks, step, dice, hook, answers)


def hex_(label: str) -> Hex:
    return Hex.parse(label)
