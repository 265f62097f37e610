"""Every hex and facing a unit can reach this phase in one mode, at its cheapest (for the UI).

A uniform-cost search over poses (hex, facing, elevation, prone) with the same step pricing as path
checking (:func:`rules.battletech.movement.plan.advance`), so a reachable hex always has a legal plotted path of
that cost. Rolls do not limit reach: a path that needs a roll is still a path.
"""

from __future__ import annotations

import heapq

from rules.core.board import Board
from rules.battletech.movement.costs import landing, water_refusal
from rules.core.errors import IllegalMove
from rules.core.hexes import Hex
from rules.battletech.movement.plan import RUNNING_MODES, Pose, advance, budget, is_paved, minimum_movement, road_boosted
from rules.battletech.units import Unit

Reach = dict[tuple[Hex, int], tuple[int, str]]
# (hex, facing) -> (minimum PM, how it moved, the steps of one path of that cost)
_Explored = dict[tuple[Hex, int], tuple[int, str, tuple[str, ...]]]


def reachable(board: Board, unit: Unit, mode: str) -> Reach:
    """``{(hex, facing): (minimum PM, "none"|"walk"|"run"|"jump")}`` for one movement mode; at equal
    cost a walk is preferred to a run."""
    return {key: (cost, moved) for key, (cost, moved, _steps) in _explore(board, unit, mode).items()}


def routes(board: Board, unit: Unit, mode: str) -> dict[Hex, tuple[str, ...]]:
    """The steps of a cheapest path to each hex the unit can reach in ``mode`` (walking rather than
    running at equal cost), for plotting by destination; a prone mech's start by standing up (``SU``).
    None for a jump, which goes straight to its hex, nor for the hex the unit stands in."""
    best: dict[Hex, tuple[tuple[int, bool], tuple[str, ...]]] = {}
    for (hex_, _facing), (cost, moved, steps) in _explore(board, unit, mode).items():
        rank = (cost, moved == "run")
        if steps and moved != "jump" and (hex_ not in best or rank < best[hex_][0]):
            best[hex_] = (rank, steps)
    return {hex_: steps for hex_, (_rank, steps) in best.items() if hex_ != unit.hex}


def _explore(board: Board, unit: Unit, mode: str) -> _Explored:
    result: _Explored = {(unit.hex, unit.facing): (0, "none", ())}
    if unit.legs_frozen or (mode == "masc" and not unit.masc):
        return result
    if mode == "jump":
        return _jumps(board, unit, result)
    start = Pose(unit.hex, unit.facing, unit.elevation, unit.prone, unit.climbing)
    movers = [(unit, False)]
    if unit.is_vehicle and mode in ("walk", "run") and is_paved(board.terrain(unit.hex), unit.elevation):
        movers.append((road_boosted(unit), True))  # the +1 cruise PM while it stays on pavement or road
    for mover, paved_only in movers:
        for pose, (cost, steps) in _search(board, mover, mode, start, paved_only).items():
            moved = "none" if cost == 0 else ("walk" if cost <= mover.walk else "run")
            key = (pose.hex, pose.facing)
            if key not in result or (cost, moved == "run") < (result[key][0], result[key][1] == "run"):
                result[key] = (cost, moved, steps)
    _minimum_movement(board, unit, mode, start, budget(unit, mode), result)
    return result


def _search(board: Board, unit: Unit, mode: str, start: Pose, paved_only: bool) -> dict[Pose, tuple[int, tuple[str, ...]]]:
    """Uniform-cost search: the cheapest PM to every pose within the mode's budget, and the steps there."""
    limit = budget(unit, mode)
    steps: tuple[str, ...] = ("F", "L", "R") if mode in RUNNING_MODES else ("F", "B", "L", "R")
    # Only the steps this unit could ever take (the rest would only be refused, at a cost).
    steps += ("SU",) * (unit.kind == "mech" and unit.prone) + ("U", "D") * (unit.kind == "infantry")
    best: dict[Pose, int] = {start: 0}
    came_from: dict[Pose, tuple[Pose, str]] = {}
    queue: list[tuple[int, int, Pose]] = [(0, 0, start)]
    order = 1  # tie-breaker: poses do not compare
    while queue:
        spent, _, pose = heapq.heappop(queue)
        if spent > best[pose]:
            continue
        for step in steps:
            try:
                outcome = advance(board, unit, pose, step, mode)
            except IllegalMove:
                continue
            if paved_only and not is_paved(board.terrain(outcome.pose.hex), outcome.pose.elevation):
                continue
            cost = spent + outcome.mp
            if water_refusal(unit, mode, outcome.pose.waded, cost) is not None:
                continue
            if cost <= limit and cost < best.get(outcome.pose, limit + 1):
                best[outcome.pose] = cost
                came_from[outcome.pose] = (pose, step)
                heapq.heappush(queue, (cost, order, outcome.pose))
                order += 1
    return {pose: (cost, _steps_to(pose, came_from)) for pose, cost in best.items()}


def _steps_to(pose: Pose, came_from: dict[Pose, tuple[Pose, str]]) -> tuple[str, ...]:
    steps: list[str] = []
    while pose in came_from:
        pose, step = came_from[pose]
        steps.append(step)
    return tuple(reversed(steps))


def _minimum_movement(board: Board, unit: Unit, mode: str, start: Pose, limit: int, result: _Explored) -> None:
    """The hex straight ahead is always reachable as the only expenditure (Solaris VII 'Movimiento Mínimo')."""
    try:
        outcome = advance(board, unit, start, "F", mode)
    except IllegalMove:
        return
    if not minimum_movement(("F",), limit, outcome) or water_refusal(unit, mode, outcome.pose.waded, outcome.mp):
        return
    key = (outcome.pose.hex, outcome.pose.facing)
    if key not in result:
        result[key] = (outcome.mp, "run", ("F",))


def _jumps(board: Board, unit: Unit, result: _Explored) -> _Explored:
    if unit.jump < 1 or unit.prone:
        return result
    for radius in range(1, unit.jump + 1):
        for hex_ in unit.hex.ring(radius):
            if hex_ not in board:
                continue
            try:
                landing(board, unit, hex_)
            except IllegalMove:
                continue
            for facing in range(6):
                result[(hex_, facing)] = (radius, "jump", ())
    return result
