"""Line of fire (LDT) on hexes with silhouettes as levels.

Scenery is a hex's level plus, where the hex has a ``building`` feature, its height (``bldg_elev``): a low
wall is a one-level building, a block of flats a five-level one. A troop stands on its hex's scenery (a troop
climbing over a wall is that much higher for line of fire: 'sí se tendrá en cuenta su posición al subir dicho
obstáculo a efectos de LDT') and is as tall as its silhouette (:mod:`troops`).

A line of fire runs from the top of the viewer's silhouette to the top of the target's, through the hexes
:func:`rules.core.hexes.line` gives; it is open unless some hex between them rises above it. Where the line
runs exactly between two hexes it is open when either side is (a troop sees with any part of its
silhouette). The target is in **partial cover** when the line to its top is open but scenery in contact with
it (a hex of the line next to the target's, on either side of a split) rises above the line to its foot; with
no open line it is in **total cover**. Troops do not block lines of fire here (docs/skirmish.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.board import Board
from rules.core.hexes import Hex, line

NONE, PARTIAL, TOTAL = "none", "partial", "total"


def scenery(board: Board, hex_: Hex) -> int:
    """The height in levels of what stands on a hex: its level, plus a building's (wall's) height."""
    terrain = board.terrain(hex_)
    building = terrain.building
    return terrain.level + (building.height if building is not None else 0)


def has_ladder(board: Board, hex_: Hex) -> bool:
    """Scenery with ladders or stairs (``ladder``): its vertical and sloping faces count as flat ground."""
    return board.terrain(hex_).get("ladder") > 0


def is_obstacle(board: Board, hex_: Hex) -> bool:
    """A hex of scenery (a wall, a building): a troop may pass over a low one but may not end its move on it,
    unless ladders or stairs make its faces ground to stand on ('como si fueran una superficie horizontal')."""
    return board.terrain(hex_).building is not None and not has_ladder(board, hex_)


@dataclass(frozen=True, slots=True)
class Sight:
    """Whether a line of fire is open, and the cover the target has from it (none, partial or total)."""

    open: bool
    cover: str


def _rises_above(board: Board, start: Hex, source: int, goal: Hex, aim: int, hex_: Hex) -> bool:
    """Whether ``hex_``'s scenery rises above the line from height ``source`` at ``start`` to ``aim`` at
    ``goal``, judged at the hex's distance along the line (exact: the heights are cross-multiplied)."""
    whole, part = start.distance(goal), start.distance(hex_)
    return scenery(board, hex_) * whole > source * whole + (aim - source) * part


def sight(board: Board, viewer: Hex, viewer_height: int, target: Hex, target_height: int) -> Sight:
    """The line of fire from a troop ``viewer_height`` tall at ``viewer`` to one ``target_height`` tall at
    ``target`` (heights of their silhouettes, the scenery under them added here)."""
    if viewer == target or viewer.distance(target) == 1:
        return Sight(True, NONE)
    eye = scenery(board, viewer) + viewer_height
    foot = scenery(board, target)
    top = foot + target_height
    between = line(viewer, target)[1:-1]
    for entry in between:
        if all(_rises_above(board, viewer, eye, target, top, hex_) for hex_ in entry):
            return Sight(False, TOTAL)
    near = [hex_ for entry in between for hex_ in entry if hex_.distance(target) == 1]
    hidden_foot = any(_rises_above(board, viewer, eye, target, foot, hex_) for hex_ in near)
    return Sight(True, PARTIAL if hidden_foot else NONE)


def in_front(viewer: Hex, facing: int, target: Hex) -> bool:
    """Whether ``target`` lies in the front half (180°) of a troop at ``viewer`` facing ``facing``: the arc a
    troop that is not moving sees and reacts in (the moving troop sees all round, 360°)."""
    if viewer == target:
        return True
    vx, _, vz = viewer.cube
    tx, _, tz = target.cube
    ahead = viewer.neighbour(facing)
    fx, _, fz = ahead.cube
    # line()'s plane: u = 3x, v = 2z + x; the true dot product is (du·du' + 3·dv·dv') / 4.
    du, dv = 3 * (tx - vx), 2 * (tz - vz) + (tx - vx)
    fu, fv = 3 * (fx - vx), 2 * (fz - vz) + (fx - vx)
    return du * fu + 3 * dv * fv >= 0
