"""Sentry: the smallest game with reactions, to prove the core's reaction windows end to end.

Each turn has one phase, "run": every runner standing plots how many hexes it runs straight ahead, and they
all run at once (the core's PM schedule). A sentry of the other side may shoot a runner the moment the
runner's step brings it next to the sentry: the play stops at that tick and asks the sentry's player. A
shot rolls 1D10 and hits on 6+; a hit runner drops where it stands. A sentry answers once per phase: it
shoots or passes, then watches no more. After ``turns`` turns (an option) the runners' side wins if a
runner still stands, the sentries' side otherwise; they win at once when every runner is down. Nothing
here is a real game's rule: it is registered as a ruleset only by the tests that play it, and it registers no
codes of its own: its refusals are the core's order.malformed and reaction.malformed with the cause in plain words.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from rules.core.reasons import Reason
from rules.rulesets import referee
from rules.rulesets.setup import ExampleSetup
from rules.core.board import Board, board_from_json, board_to_json
from rules.core.dice import Dice
from rules.core.errors import MalformedOrder, RuleError
from rules.core.hexes import Hex
from rules.core.playback import Answers, HookOutcome, Moment, Played, Reaction, ReactionWindow, play
from rules.core.options import Count, OptionsSchema
from rules.core.phases import NO_ANSWERS, Json, OrderlessPhase, PhaseTable, TableRuleset, every_awaited_unit_ordered
from rules.rulesets.base import NoChoices, NoQueries
from rules.core.state import MatchResult, Piece, State
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
    phase: str = "run"
    turns: int = 2

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


def play_phase(state: SentryState, runs: Sequence[Run], dice: Dice,
               answers: Answers | None = None) -> Played[SentryState]:
    ticks = schedule({run.unit: run for run in runs}, {run.unit: rank for rank, run in enumerate(runs)})
    return play(state, ticks, step, dice, hook, answers)


def hex_(label: str) -> Hex:
    return Hex.parse(label)


# ---- the ruleset: what the server asks of the game ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Outcome:
    state: SentryState
    ticks: tuple[tuple[Event, ...], ...] = ()
    pending: ReactionWindow | None = None

    def followed_by(self, later: Outcome) -> Outcome:
        return Outcome(later.state, self.ticks + later.ticks, later.pending)

    def moved_to(self, state: Any) -> Outcome:
        return replace(self, state=state)


def runners(state: SentryState) -> list[str]:
    return [unit.id for unit in state.units if not unit.sentry and not unit.down]


class RunPhase:
    name = "run"
    takes_orders = True
    without_order = "stays where it is"

    def awaits(self, state: SentryState) -> list[str]:
        return runners(state)

    def ends(self, state: SentryState, ordered: Collection[str]) -> bool:
        return every_awaited_unit_ordered(self.awaits(state), ordered)

    def decode_order(self, state: SentryState, data: Any) -> Run:
        if not isinstance(data, dict) or set(data) != {"unit", "hexes"}:
            raise MalformedOrder(why="a run is {unit, hexes}")
        if not isinstance(data["unit"], str) or type(data["hexes"]) is not int or not 0 <= data["hexes"] <= 8:
            raise MalformedOrder(why="a run is 0 to 8 hexes")
        return Run(data["unit"], data["hexes"])

    def encode_order(self, order: Run) -> Json:
        return {"unit": order.unit, "hexes": order.hexes}

    def check(self, state: SentryState, order: Run) -> Json:
        return {"hexes": order.hexes}

    def resolve(self, state: SentryState, orders: Sequence[Run], dice: Dice,
                answers: Answers = NO_ANSWERS) -> Outcome:
        played = play_phase(state, orders, dice, answers)
        after = played.state if played.pending else replace(
            played.state, units=tuple(replace(unit, reacted=False) for unit in played.state.units))
        return Outcome(after, played.ticks, played.pending)


def _end_of_turn(state: SentryState, dice: Dice) -> Outcome:
    sides = {unit.side for unit in state.units if unit.sentry}
    guards = next(iter(sides), "")
    running = next((unit.side for unit in state.units if not unit.sentry), "")
    winner = guards if not runners(state) else running if state.turn >= state.turns else None
    if winner is not None:
        return Outcome(replace(state, result=MatchResult(winner, "sentry.end", {winner: 1}, state.turn)))
    return Outcome(replace(state, turn=state.turn + 1))


class SentryRuleset(ExampleSetup, TableRuleset[SentryState, Outcome], NoQueries, NoChoices):
    name = "sentry"
    reacts = True
    options = OptionsSchema(Count("turns", 2, 10, "turns before the runners win", minimum=1))
    table = PhaseTable[SentryState, Outcome]((RunPhase(), OrderlessPhase("end", _end_of_turn)))

    def decode_reaction(self, state: SentryState, window: ReactionWindow, unit: str, data: Any) -> Reaction:
        if data is None:
            return Reaction(unit)
        if data != {"shoot": window.trigger}:
            raise RuleError("reaction.malformed", why="a sentry shoots the runner that came next to it, or passes",
                            unit=unit)
        return Reaction(unit, Shoot(unit))

    def reaction_choices(self, state: SentryState, window: ReactionWindow, unit: str) -> list[Json]:
        return [{"label": "shoot", "target": window.trigger, "order": {"shoot": window.trigger}}]

    def state_from_json(self, data: Json) -> SentryState:
        units = tuple(Trooper(u["id"], Hex.parse(u["hex"]), u["facing"], side=u["side"], sentry=u["sentry"],
                              down=u["down"], reacted=u["reacted"]) for u in data["units"])
        result = data.get("result")
        return SentryState(board_from_json(data["board"]), units, data["turn"], data["phase"],
                           MatchResult(**result) if result else None, data["turns"])

    def state_to_json(self, state: SentryState) -> Json:
        result = state.result
        return {
            "board": board_to_json(state.board), "turn": state.turn, "phase": state.phase, "turns": state.turns,
            "units": [_trooper_to_json(unit) for unit in state.units],
            "result": None if result is None else {"winner": result.winner, "reason": result.reason,
                                                   "victory_points": dict(result.victory_points), "turn": result.turn},
        }

    def report_to_json(self, outcome: Outcome) -> Json:
        return {"ticks": [[_event_to_json(event) for event in tick] for tick in outcome.ticks]}

    def view(self, state: SentryState, viewer_role: str, side: str | None) -> Json:
        return {"turn": state.turn, "phase": state.phase, "board": board_to_json(state.board),
                "units": [_trooper_to_json(unit) for unit in state.units]}

    def orders_view(self, orders: Sequence[tuple[str, Json]], viewer_role: str, side: str | None) -> list[Json]:
        return [order for owner, order in orders if viewer_role == "referee" or (viewer_role == "player" and owner == side)]

    def example(self, options: Mapping[str, Any]) -> SentryState:
        """A runner (side "a") that comes next to a sentry (side "b") at its third step north."""
        units = (Trooper("R", Hex.parse("0510"), 0, side="a"), Trooper("S", Hex.parse("0606"), 0, side="b", sentry=True))
        return SentryState(Board(12, 12), units, turns=options["turns"])

    def annulled(self, before: SentryState, current: SentryState) -> SentryState:
        return before

    def overridden(self, state: SentryState, unit: Any, changes: Any) -> SentryState:
        return referee.overridden(state, unit, changes, referee.WHERE, Reason("referee.changes_where"))

    def with_options(self, state: SentryState, options: Mapping[str, Any]) -> SentryState:
        return replace(state, turns=self.options.validate(options)["turns"])

    def hints(self, state: SentryState, role: str, side: str | None) -> Json:
        mine = [unit.id for unit in state.units if role == "player" and unit.side == side]
        return {"phase": state.phase, "panels": ["run"] if state.phase == "run" else [],
                "units": {unit: {"orders": unit in self.awaits(state)} for unit in mine}}


def _trooper_to_json(unit: Trooper) -> Json:
    return {"id": unit.id, "hex": unit.hex.label, "facing": unit.facing, "side": unit.side, "sentry": unit.sentry,
            "down": unit.down, "reacted": unit.reacted}


def _event_to_json(event: Event) -> Json:
    return {"unit": event.unit, "kind": event.kind, "from": event.from_hex.label, "to": event.to_hex.label,
            "target": event.target, "rolls": [{"dice": list(roll.dice), "sides": roll.sides, "target": roll.target}
                                              for roll in event.rolls]}
