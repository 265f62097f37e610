"""Playing a schedule tick by tick, with the ruleset's hook and its reaction windows.

A ruleset whose units act during another's move (MEKATAC attacks at any moment of the movement phase,
skirmish troops reacting the moment they see the active troop) plays its movement here: each tick the
ruleset's step rule moves the units the schedule names, then its hook sees the whole state and may change
it (fire a weapon, apply damage, knock a unit down) or open a **reaction window**: the play stops at that
tick and asks named units of another side for a reaction order, or a pass.

The play is a pure function of the state, the plans, the dice and the answers given so far. The server
stores the answers and plays the phase again from its start on the same dice stream, so everything before
the window happens exactly as it did, the answers are applied at their tick, and the play goes on to the
next window or to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.core.dice import Dice
from rules.core.state import State
from rules.core.timeline import Event

S = TypeVar("S", bound=State)


@dataclass(frozen=True, slots=True)
class ReactionWindow:
    """The play stopped at ``tick`` because ``trigger``'s step let ``units`` react. ``key`` names the window
    within its phase (the same key every time the phase is played again); ``reason`` says why it opened."""

    key: str
    tick: int
    trigger: str
    units: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Reaction:
    """A unit's answer to a window: its reaction order, or None for "I pass"."""

    unit: str
    order: object | None = None

    @property
    def passed(self) -> bool:
        return self.order is None


# The answers given so far: by window key, each asked unit's reaction.
Answers = Mapping[str, Mapping[str, Reaction]]


def answered(window: ReactionWindow, answers: Answers) -> bool:
    """Every unit the window asks has answered it (reacted or passed)."""
    given = answers.get(window.key, {})
    return all(unit in given for unit in window.units)


@dataclass(frozen=True, slots=True)
class Moment(Generic[S]):
    """What a tick hook sees once a tick's steps are played: the whole state as it stands now, this tick's
    events so far, the phase's dice and every answer given so far."""

    tick: int
    state: S
    events: tuple[Event, ...]
    dice: Dice
    answers: Answers


@dataclass(frozen=True, slots=True)
class HookOutcome(Generic[S]):
    """The hook's say on a tick: the state after it, the events it adds to the tick, and a window to open
    (the play stops there until every unit it asks has answered)."""

    state: S
    events: tuple[Event, ...] = ()
    window: ReactionWindow | None = None


TickHook = Callable[[Moment[S]], HookOutcome[S]]
# Plays step ``index`` of ``unit``'s plan: the state after it and what happened (a refused step is an event
# too). A unit that can no longer move (fallen, destroyed) is the step rule's to skip.
StepRule = Callable[[S, str, int], tuple[S, Sequence[Event]]]


@dataclass(frozen=True, slots=True)
class Played(Generic[S]):
    """The ticks played (up to and including the tick of a pending window), the state after them, and the
    window that stopped the play, if one did."""

    ticks: tuple[tuple[Event, ...], ...]
    state: S
    pending: ReactionWindow | None = None


def play(state: S, ticks: Sequence[Sequence[tuple[str, int]]], step: StepRule[S], dice: Dice,
         hook: TickHook[S] | None = None, answers: Answers | None = None) -> Played[S]:
    """Plays ``ticks`` (each a list of (unit, step index), as :func:`rules.core.timeline.schedule` gives)
    with ``step``, calling ``hook`` once after each tick.

    The hook applies the answers already given (they are in the moment) and opens at most one window that
    has none yet: the play stops there. Asking again for a window already answered is the hook's error."""
    given = answers or {}
    played: list[tuple[Event, ...]] = []
    for number, moves in enumerate(ticks, start=1):
        events: list[Event] = []
        for unit, index in moves:
            state, happened = step(state, unit, index)
            events += happened
        if hook is not None:
            outcome = hook(Moment(number, state, tuple(events), dice, given))
            state = outcome.state
            events += outcome.events
            if outcome.window is not None:
                if answered(outcome.window, given):
                    raise ValueError(f"reaction window {outcome.window.key!r} was answered already")
                return Played((*played, tuple(events)), state, outcome.window)
        played.append(tuple(events))
    return Played(tuple(played), state)
