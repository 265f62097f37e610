"""Hex geometry of BattleTech maps.

People and files name hexes ``CCRR``: 1-based column then row, two digits each, or as many as the larger
of the two needs past 99 (``100005``, ``10000005``). Hexes are
flat-topped and the printed even columns (02, 04, …, i.e. 0-based odd columns) sit half a hex lower,
the "odd-q" layout. Facings run clockwise from 0 = north to 5 = north-west.

Arithmetic happens in cube coordinates (x + y + z = 0), where distance and neighbours are simple.
Lines are decided with exact integer arithmetic in a plane where every hex corner is integral, so a
line running exactly along a hexside is reported as a split (both hexes) and a line grazing a hex is
never left to floating-point luck.
"""

from __future__ import annotations

from dataclasses import dataclass
from rules.core.errors import InvalidHex
from rules.core.text import is_number

FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
# Six digits each at most (a million columns): far past any board, and short enough for `int` to read.
MAX_LABEL_DIGITS = 12

# Cube steps (x, y, z) for facings 0..5 (N, NE, SE, S, SW, NW) with x = column, z = row axis.
CUBE_DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, 1, -1),
    (1, 0, -1),
    (1, -1, 0),
    (0, -1, 1),
    (-1, 0, 1),
    (-1, 1, 0),
)

Cube = tuple[int, int, int]


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex by 0-based column and row (the label ``CCRR`` is 1-based)."""

    col: int
    row: int

    @classmethod
    def parse(cls, label: str) -> Hex:
        """``"0503"`` → column 5, row 3 (1-based). A label is two halves of one width: 4 digits, 6 past
        column or row 99, 8 past 999, and so on."""
        if not isinstance(label, str) or not is_number(label) or len(label) % 2 or not 4 <= len(label) <= MAX_LABEL_DIGITS:
            raise InvalidHex(label=label)
        half = len(label) // 2
        col, row = int(label[:half]), int(label[half:])
        if col < 1 or row < 1:
            raise InvalidHex(label=label)
        return cls(col - 1, row - 1)

    @property
    def label(self) -> str:
        col, row = self.col + 1, self.row + 1
        width = max(2, len(str(max(col, row))))
        return f"{col:0{width}d}{row:0{width}d}"

    def __str__(self) -> str:
        return self.label

    @property
    def cube(self) -> Cube:
        x = self.col
        z = self.row - (self.col - (self.col & 1)) // 2
        return (x, -x - z, z)

    @classmethod
    def from_cube(cls, cube: Cube) -> Hex:
        x, _, z = cube
        return cls(x, z + (x - (x & 1)) // 2)

    def neighbour(self, facing: int) -> Hex:
        dx, dy, dz = CUBE_DIRECTIONS[facing % 6]
        x, y, z = self.cube
        return Hex.from_cube((x + dx, y + dy, z + dz))

    def neighbours(self) -> list[Hex]:
        return [self.neighbour(facing) for facing in range(6)]

    def distance(self, other: Hex) -> int:
        return cube_distance(self.cube, other.cube)

    def direction_to(self, other: Hex) -> int | None:
        """The facing that leads from this hex into an adjacent ``other``; None if not adjacent."""
        for facing in range(6):
            if self.neighbour(facing) == other:
                return facing
        return None

    def ring(self, radius: int) -> list[Hex]:
        """The hexes exactly ``radius`` away, clockwise from the one due north."""
        if radius == 0:
            return [self]
        x, y, z = self.cube
        north = CUBE_DIRECTIONS[0]
        cube = (x + north[0] * radius, y + north[1] * radius, z + north[2] * radius)
        result = []
        for side in range(6):
            step = CUBE_DIRECTIONS[(side + 2) % 6]
            for _ in range(radius):
                result.append(Hex.from_cube(cube))
                cube = (cube[0] + step[0], cube[1] + step[1], cube[2] + step[2])
        return result


def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def turn(facing: int, sixths: int) -> int:
    """Facing after turning ``sixths`` hexsides clockwise (negative: counter-clockwise)."""
    return (facing + sixths) % 6


def line(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes a centre-to-centre line from ``a`` to ``b`` passes through, in order from ``a``.

    Each entry is one hex, or two hexes ``(left, right)`` (as seen looking from ``a`` towards ``b``)
    where the line runs exactly along the hexside between them: a split, where BattleTech lets the
    defender choose. A hex the line only touches at one corner is not entered, so it is not listed.
    The first entry is ``a`` and the last ``b``; consecutive entries are adjacent.
    """
    if a == b:
        return [(a,)]
    ax, _, az = a.cube
    bx, _, bz = b.cube
    # Work in a plane where every hex corner is integral: the centre of cube (x, z) is at
    # u = 3x (east), v = 2z + x (south); the true plane is (u / 2, v * sqrt(3) / 2).
    du, dv = 3 * (bx - ax), 2 * (bz - az) + (bx - ax)
    # The line crosses a hex's inside when the hex centre is nearer the line than its farthest
    # corner (|side| < reach); it runs along a hexside when a corner is exactly on it and the line
    # is parallel to a hexside (two corners at the same reach).
    corner_sides = [du * cv - dv * cu for cu, cv in _CORNERS]
    reach = max(corner_sides)
    along_hexside = corner_sides.count(reach) == 2
    # For a hex at cube offset (x, z) from `a`: side = du*v - dv*u (a cross product: negative on the
    # left, as v grows southwards) and along = du*u + 3*dv*v (a true dot product), both linear in x, z.
    side_x, side_z = du - 3 * dv, 2 * du
    along_x, along_z = 3 * du + 3 * dv, 6 * dv
    end = du * du + 3 * dv * dv
    goal = ((bx - ax, bz - az),)
    cells: list[tuple[tuple[int, int], ...]] = [((0, 0),)]
    here = 0
    # Walk from `a`: the next entry is the on-line neighbour least far along (ties: a split pair).
    # Distances along grow strictly from one entry to the next, so the walk never turns back.
    while cells[-1] != goal:
        ahead: dict[tuple[int, int], tuple[int, int]] = {}
        for x, z in cells[-1]:
            for dx, dz in _STEPS:
                nx, nz = x + dx, z + dz
                side = nx * side_x + nz * side_z
                if abs(side) < reach or (along_hexside and abs(side) == reach):
                    along = nx * along_x + nz * along_z
                    if here < along <= end:
                        ahead[(nx, nz)] = (along, side)
        here = min(along for along, _ in ahead.values())
        nearest = [spot for spot, (along, _) in ahead.items() if along == here]
        cells.append(tuple(sorted(nearest, key=lambda spot: ahead[spot][1])))
    return [tuple(Hex.from_cube((ax + x, -ax - x - az - z, az + z)) for x, z in cell) for cell in cells]


# Corners of a hex relative to its centre in line()'s plane coordinates, and the cube steps (x, z).
_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
_STEPS = tuple((dx, dz) for dx, _, dz in CUBE_DIRECTIONS)
