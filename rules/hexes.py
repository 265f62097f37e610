"""Hex geometry of BattleTech maps.

People and files name hexes ``CCRR``: 1-based column then row (three digits each past 99). Hexes are
flat-topped and the printed even columns (02, 04, …, i.e. 0-based odd columns) sit half a hex lower,
the "odd-q" layout. Facings run clockwise from 0 = north to 5 = north-west.

Arithmetic happens in cube coordinates (x + y + z = 0), where distance and lines are simple. Lines
are decided with exact integer arithmetic, so a line running exactly along a hexside is reported as
a split (both hexes), never left to floating-point luck.
"""

from __future__ import annotations

from dataclasses import dataclass
from rules.errors import InvalidHex

FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

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
        """``"0503"`` → column 5, row 3 (1-based). Labels have 4 digits, or 6 past column/row 99."""
        if not isinstance(label, str) or not label.isdigit() or len(label) not in (4, 6):
            raise InvalidHex(f"{label!r} is not a hex label (CCRR)", label=label)
        half = len(label) // 2
        col, row = int(label[:half]), int(label[half:])
        if col < 1 or row < 1:
            raise InvalidHex(f"{label!r}: columns and rows count from 01", label=label)
        return cls(col - 1, row - 1)

    @property
    def label(self) -> str:
        col, row = self.col + 1, self.row + 1
        width = 3 if col > 99 or row > 99 else 2
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
    """The hexes a centre-to-centre line from ``a`` to ``b`` passes through, in order.

    Each entry is one hex, or two hexes when the line runs exactly along the hexside between them
    (a split: BattleTech lets the defender choose). The first entry is ``a`` and the last ``b``.
    """
    steps = a.distance(b)
    if steps == 0:
        return [(a,)]
    ax, ay, az = a.cube
    bx, by, bz = b.cube
    result: list[tuple[Hex, ...]] = []
    for i in range(steps + 1):
        # The sample point is (a*(steps-i) + b*i) / steps; keep it scaled by `steps` to stay integral.
        scaled = (ax * (steps - i) + bx * i, ay * (steps - i) + by * i, az * (steps - i) + bz * i)
        result.append(_nearest_hexes(scaled, steps))
    return result


def _nearest_hexes(scaled: Cube, scale: int) -> tuple[Hex, ...]:
    """All hexes whose centre is nearest to the point ``scaled / scale`` (exact, ties kept)."""
    guess = _cube_round(scaled, scale)
    candidates = [guess] + [
        (guess[0] + dx, guess[1] + dy, guess[2] + dz) for dx, dy, dz in CUBE_DIRECTIONS
    ]

    def scaled_sq_distance(cube: Cube) -> int:
        return sum((s - c * scale) ** 2 for s, c in zip(scaled, cube))

    distances = [scaled_sq_distance(cube) for cube in candidates]
    best = min(distances)
    nearest = sorted(Hex.from_cube(c) for c, d in zip(candidates, distances) if d == best)
    return tuple(nearest)


def _cube_round(scaled: Cube, scale: int) -> Cube:
    fx, fy, fz = (value / scale for value in scaled)
    rx, ry, rz = round(fx), round(fy), round(fz)
    ex, ey, ez = abs(rx - fx), abs(ry - fy), abs(rz - fz)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey > ez:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (rx, ry, rz)
