"""Movement orders and their cost: is a plotted path legal, what does each step cost, and why.

Orders use the notation PBEM players already write: ``F`` forward one hex, ``B`` backward one hex,
``L``/``R`` turn one hexside left/right. The answer to "may I?" (:func:`plan_path`) is separate from
"do it" (the simultaneous resolution in :mod:`rules.timeline`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.board import Board
from rules.errors import IllegalMove, MalformedOrder
from rules.hexes import Hex, turn
from rules.units import Unit

MOVE_MODES = ("walk", "run")
STEPS = ("F", "B", "L", "R")


@dataclass(frozen=True, slots=True)
class MoveOrder:
    unit: str
    mode: str
    steps: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.mode not in MOVE_MODES:
            raise MalformedOrder(f"unknown movement mode {self.mode!r}", mode=self.mode)
        for index, step in enumerate(self.steps):
            if step not in STEPS:
                raise IllegalMove(f"step {index + 1} {step!r} is not one of {', '.join(STEPS)}",
                                  code="move.unknown_step", step=index + 1)


@dataclass(frozen=True, slots=True)
class Check:
    """A roll a step requires: which skill, why, and the number to meet."""

    roll: str
    reason: str
    target: int


@dataclass(frozen=True, slots=True)
class PlannedStep:
    step: str
    hex: Hex
    facing: int
    mp: int
    checks: tuple[Check, ...] = ()
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PathPlan:
    unit: str
    mode: str
    start: Hex
    start_facing: int
    steps: tuple[PlannedStep, ...]
    moved: str
    reasons: tuple[str, ...] = field(default=())

    @property
    def mp(self) -> int:
        return sum(step.mp for step in self.steps)

    @property
    def end(self) -> tuple[Hex, int]:
        if not self.steps:
            return self.start, self.start_facing
        return self.steps[-1].hex, self.steps[-1].facing

    @property
    def hexes_moved(self) -> int:
        return sum(1 for step in self.steps if step.step in ("F", "B"))


def enter_cost(board: Board, unit: Unit, origin: Hex, target: Hex) -> tuple[int, list[str]]:
    """PM to enter ``target`` from ``origin``, with the reasons for each surcharge."""
    terrain = board.terrain(target)
    cost, reasons = 1, ["1 PM to enter a hex"]
    for feature, level, extra, why in (
        ("rough", 1, 1, "rough +1 PM"),
        ("woods", 1, 1, "light woods +1 PM"),
        ("woods", 2, 2, "heavy woods +2 PM"),
        # Standard BattleTech water costs until the movement rules land in full.
        ("water", 1, 1, "depth 1 water +1 PM"),
        ("water", 2, 3, "depth 2 water +3 PM"),
    ):
        if terrain.get(feature) == level:
            cost += extra
            reasons.append(why)
    climb = abs(terrain.level - board.terrain(origin).level)
    if climb > 2:
        raise IllegalMove(f"{target.label} is {climb} levels from {origin.label}; a mech changes at most 2 levels per hex",
                          code="move.too_steep", hex=target.label)
    if climb:
        cost += climb
        reasons.append(f"{climb} level change +{climb} PM")
    return cost, reasons


def plan_path(board: Board, unit: Unit, order: MoveOrder) -> PathPlan:
    """Check a plotted path step by step; raise :class:`IllegalMove` naming the first bad step."""
    budget = unit.walk if order.mode == "walk" else unit.run
    hex_, facing, spent = unit.hex, unit.facing, 0
    planned: list[PlannedStep] = []
    for index, step in enumerate(order.steps, start=1):
        if step in ("L", "R"):
            facing = turn(facing, -1 if step == "L" else 1)
            cost, reasons = 1, ["1 PM per facing change"]
            target = hex_
        else:
            if step == "B" and order.mode == "run":
                raise IllegalMove(f"step {index}: no unit may run backwards", code="move.run_backwards", step=index)
            target = hex_.neighbour(facing if step == "F" else turn(facing, 3))
            if target not in board:
                raise IllegalMove(f"step {index}: {target.label} is off the board", code="move.off_board", step=index)
            cost, reasons = enter_cost(board, unit, hex_, target)
        spent += cost
        if spent > budget:
            raise IllegalMove(
                f"step {index} ({step}) needs {spent} PM in all; {unit.id} has {budget} PM to {order.mode}",
                code="move.insufficient_mp", step=index, needed=spent, available=budget,
            )
        hex_ = target
        planned.append(PlannedStep(step, hex_, facing, cost, reasons=tuple(reasons)))
    moved = "none" if not planned else ("walk" if spent <= unit.walk else "run")
    return PathPlan(unit.id, order.mode, unit.hex, unit.facing, tuple(planned), moved)
