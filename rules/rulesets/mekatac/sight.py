"""Arcs, line of sight and cover, read from the shared board (docs/mekatac.md says why so).

The text gives each weapon a 90° arc, F, I (left), D (right) or T (rear), and partial cover of 25/50/75%,
but no line-of-sight rule. Our reading of the board:

- **arcs**: the bearing from the attacker's hex centre to the target's, against its facing; F is within 45°
  either side of the facing, D and I the next 90° to the right and left, T the rest. No hex centre lies on a
  boundary (a bearing of 45° would need 1.5 × columns = √3 × rows), so each hex is in exactly one arc.
- **line of sight** is blocked by a hex between the two that holds a building, or rises two levels or more
  above both mekas' hexes (the obstacle a walker cannot climb either; a meka stands taller than one level); a flying meka sees and is seen over everything. On a line along a hexside (two hexes) it is
  blocked only when both are.
- **cover**, in quarters: the woods in the target's hex (light 1, heavy 2), one more when woods stand between,
  one more when the hex in front of the target (on the line) is higher than its own; at most three (75%). A
  flying or jumping target has none.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rules.core.board import Board
from rules.core.hexes import Hex, line
from rules.rulesets.mekatac.tables import MOST_COVER_QUARTERS

ARC_HALF_WIDTH = 45.0
OBSTACLE_LEVELS = 2
_EPSILON = 1e-9


def bearing(source: Hex, target: Hex, facing: int) -> float:
    """Degrees clockwise from ``facing`` to ``target`` as seen from ``source``, in (-180, 180]."""
    sx, _, sz = source.cube
    tx, _, tz = target.cube
    east = 1.5 * (tx - sx)
    south = math.sqrt(3) * ((tz - sz) + (tx - sx) / 2)
    absolute = math.degrees(math.atan2(east, -south))
    relative = (absolute - 60 * facing + 180) % 360 - 180
    return 180.0 if relative <= -180 + _EPSILON else relative


def arcs_of(source: Hex, target: Hex, facing: int) -> frozenset[str]:
    """The 90° arcs (F, D, T, I) of a meka in ``source`` facing ``facing`` that hold ``target``."""
    angle = bearing(source, target, facing)
    arcs = set()
    if abs(angle) <= ARC_HALF_WIDTH + _EPSILON:
        arcs.add("F")
    if ARC_HALF_WIDTH - _EPSILON <= angle <= 180 - ARC_HALF_WIDTH + _EPSILON:
        arcs.add("D")
    if -180 + ARC_HALF_WIDTH - _EPSILON <= angle <= -ARC_HALF_WIDTH + _EPSILON:
        arcs.add("I")
    if abs(angle) >= 180 - ARC_HALF_WIDTH - _EPSILON:
        arcs.add("T")
    return frozenset(arcs)


def _between(source: Hex, target: Hex) -> list[tuple[Hex, ...]]:
    return line(source, target)[1:-1]


def _blocks(board: Board, hex_: Hex, top: int) -> bool:
    terrain = board.terrain(hex_)
    return terrain.has("building") or terrain.level >= top + OBSTACLE_LEVELS


def has_sight(board: Board, source: Hex, target: Hex, flying: bool = False) -> bool:
    """Whether a meka in ``source`` sees one in ``target`` (``flying``: either of them is in flight)."""
    if flying:
        return True
    top = max(board.terrain(source).level, board.terrain(target).level)
    return not any(all(_blocks(board, hex_, top) for hex_ in entry) for entry in _between(source, target))


def obstacles(board: Board, source: Hex) -> list[Hex]:
    """The hexes that could block a line of sight from ``source`` (a building, or two levels above it): a line
    that passes none of them is clear, which spares drawing it."""
    top = board.terrain(source).level + OBSTACLE_LEVELS
    return [hex_ for hex_, terrain in board.hexes.items() if terrain.has("building") or terrain.level >= top]


def may_block(walls: Sequence[Hex], source: Hex, target: Hex) -> bool:
    """Whether one of ``walls`` lies on a shortest way from ``source`` to ``target`` (every hex of the line does)."""
    span = source.distance(target)
    return any(wall not in (source, target) and source.distance(wall) + wall.distance(target) == span
               for wall in walls)


def _all_wooded(board: Board, entry: Sequence[Hex]) -> bool:
    return all(board.terrain(hex_).woods > 0 for hex_ in entry)


def cover_quarters(board: Board, source: Hex, target: Hex, airborne: bool = False) -> int:
    """The target's partial cover in quarters (0 to 3) against a shot from ``source``."""
    if airborne:
        return 0
    between = _between(source, target)
    quarters = board.terrain(target).woods
    if any(_all_wooded(board, entry) for entry in between):
        quarters += 1
    level = board.terrain(target).level
    if between and all(board.terrain(hex_).level > level for hex_ in between[-1]):
        quarters += 1
    return min(quarters, MOST_COVER_QUARTERS)
