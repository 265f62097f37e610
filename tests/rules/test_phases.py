"""The core phase machinery (rules.core.phases): a turn declared as a table of phase objects, resolved by the
core's sequencing loop. A two-phase toy game, with no BattleTech in it, shows a ruleset needs nothing else."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.phases import NO_ANSWERS, OVER, Json, OrderlessPhase, PhaseTable, every_awaited_unit_ordered
from rules.core.playback import Answers, ReactionWindow
from rules.core.state import MatchResult, State


@dataclass(frozen=True)
class Toy(State):
    scores: tuple[int, ...] = ()
    resting: frozenset[str] = frozenset()


def toy(**fields: Any) -> Toy:
    return Toy(Board(1, 1), (), phase="pick", **fields)


@dataclass(frozen=True)
class Pick:
    unit: str
    number: int


@dataclass(frozen=True)
class Told:
    state: Toy
    said: tuple[str, ...] = ()
    pending: ReactionWindow | None = None

    def followed_by(self, later: Told) -> Told:
        return Told(later.state, self.said + later.said)

    def moved_to(self, state: Toy) -> Told:
        return replace(self, state=state)


class PickPhase:
    name = "pick"
    takes_orders = True
    without_order = "picks nothing"

    def awaits(self, state: Toy) -> list[str]:
        return [unit for unit in ("a", "b") if unit not in state.resting]

    def ends(self, state: Toy, ordered: Collection[str]) -> bool:
        return every_awaited_unit_ordered(self.awaits(state), ordered)

    def decode_order(self, state: Toy, data: Any) -> Pick:
        return Pick(data["unit"], data["number"])

    def encode_order(self, order: Pick) -> Json:
        return {"unit": order.unit, "number": order.number}

    def check(self, state: Toy, order: Pick) -> Json:
        return {"ok": True}

    def resolve(self, state: Toy, orders: Sequence[Pick], dice: Dice, answers: Answers = NO_ANSWERS) -> Told:
        total = sum(order.number for order in orders)
        won = MatchResult("a", "ten or more", {}, state.turn) if total >= 10 else None
        return Told(replace(state, scores=(*state.scores, total), result=won), (f"picked {total}",))


def _score(state: Toy, dice: Dice) -> Told:
    return Told(replace(state, turn=state.turn + 1), ("scored",))


TABLE = PhaseTable([PickPhase(), OrderlessPhase("score", _score)])


def test_the_current_phase_then_every_orderless_one_up_to_the_next_turns_first_ordered_phase():
    told = TABLE.resolve(toy(), [Pick("a", 2), Pick("b", 3)], Dice("x"))
    assert told.said == ("picked 5", "scored")
    assert (told.state.turn, told.state.phase, told.state.scores) == (2, "pick", (5,))


def test_a_next_turn_where_nobody_may_order_waits_for_the_next_call():
    """At most up to the next turn's first phase that takes orders, even when it waits for nobody."""
    told = TABLE.resolve(toy(resting=frozenset("ab")), [], Dice("x"))
    assert (told.state.turn, told.state.phase, told.said) == (2, "pick", ("picked 0", "scored"))
    assert TABLE.awaits(told.state) == []


def test_a_finished_match_goes_over_and_takes_no_orders():
    told = TABLE.resolve(toy(), [Pick("a", 4), Pick("b", 6)], Dice("x"))
    assert (told.state.phase, told.said) == (OVER, ("picked 10",))
    assert TABLE.awaits(told.state) == []
    with pytest.raises(RuleError) as closed:
        TABLE.phase(OVER)
    assert closed.value.code == "order.phase_closed"


def test_an_orderless_phase_refuses_any_order_with_a_coded_error():
    score = TABLE.phase("score")
    assert (score.takes_orders, score.awaits(toy()), score.ends(toy(), ())) == (False, [], True)
    for refuse in (lambda: score.decode_order(toy(), {}), lambda: score.encode_order(Pick("a", 1)),
                   lambda: score.check(toy(), Pick("a", 1))):
        with pytest.raises(RuleError) as closed:
            refuse()
        assert (closed.value.code, closed.value.params["phase"]) == ("order.phase_closed", "score")
