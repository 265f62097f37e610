"""The map: a rectangle of hexes, each with a level (elevation) and terrain features.

Terrain uses MegaMek's vocabulary: ``name:level`` features separated by ``;`` (``woods:2;swamp:1``),
so boards can be imported from MegaMek ``.board`` files. Missing hexes are clear terrain at level 0.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from rules.errors import BoardFormatError, InvalidHex, OffBoard, UnknownTerrain
from rules.hexes import Hex

# Feature names we understand. The building and bridge attributes follow MegaMek's names.
KNOWN_FEATURES = frozenset(
    {
        "woods", "rough", "water", "swamp", "pavement", "road", "ice", "smoke", "rubble",
        "bridge", "bridge_cf", "bridge_elev",
        "building", "bldg_cf", "bldg_elev", "bldg_class",
        "foliage_elev",
    }
)


@dataclass(frozen=True, slots=True)
class HexTerrain:
    """One hex's level and features. ``features`` maps a feature name to its level (``woods`` → 2)."""

    level: int = 0
    features: Mapping[str, int] = field(default_factory=dict)

    def get(self, name: str) -> int:
        return self.features.get(name, 0)

    def has(self, name: str) -> bool:
        return name in self.features

    @property
    def terrain_string(self) -> str:
        return ";".join(f"{name}:{level}" for name, level in sorted(self.features.items()))

    @classmethod
    def parse(cls, level: int, terrain: str) -> HexTerrain:
        return cls(level, parse_terrain(terrain))


CLEAR = HexTerrain()


def parse_terrain(terrain: str) -> dict[str, int]:
    """``"woods:1;swamp:1"`` → ``{"woods": 1, "swamp": 1}``. Extra ``:exits`` fields are ignored."""
    features: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in terrain.split(";"))):
        name, _, rest = item.partition(":")
        if name not in KNOWN_FEATURES:
            raise UnknownTerrain(f"unknown terrain {name!r} in {terrain!r}", terrain=name)
        level_text = rest.split(":")[0] if rest else "1"
        try:
            features[name] = int(level_text)
        except ValueError:
            raise UnknownTerrain(f"terrain {item!r} has no numeric level", terrain=item) from None
    return features


@dataclass(frozen=True, slots=True)
class Board:
    width: int
    height: int
    hexes: Mapping[Hex, HexTerrain] = field(default_factory=dict)

    def __contains__(self, hex_: object) -> bool:
        return isinstance(hex_, Hex) and 0 <= hex_.col < self.width and 0 <= hex_.row < self.height

    def terrain(self, hex_: Hex) -> HexTerrain:
        if hex_ not in self:
            raise OffBoard(f"hex {hex_.label} is off the {self.width}x{self.height} board", hex=hex_.label)
        return self.hexes.get(hex_, CLEAR)

    def hex(self, label: str) -> Hex:
        """Parse ``label`` and check it lies on this board."""
        hex_ = Hex.parse(label)
        if hex_ not in self:
            raise OffBoard(f"hex {label} is off the {self.width}x{self.height} board", hex=label)
        return hex_

    def __iter__(self) -> Iterator[Hex]:
        for row in range(self.height):
            for col in range(self.width):
                yield Hex(col, row)


def parse_megamek_board(text: str) -> Board:
    """Read a MegaMek ``.board`` file: ``size W H``, then ``hex CCRR LEVEL "terrains" "theme"`` lines
    in row-by-row order (the label in each line is informational), then ``end``."""
    width = height = 0
    hexes: dict[Hex, HexTerrain] = {}
    count = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split(maxsplit=1)
        keyword = words[0]
        try:
            if keyword == "size":
                width, height = (int(value) for value in words[1].split())
            elif keyword == "hex":
                if width <= 0:
                    raise BoardFormatError("a hex line comes before the size line")
                hex_ = Hex(count % width, count // width)
                if count >= width * height:
                    raise BoardFormatError(f"more hexes than the {width}x{height} size allows")
                count += 1
                fields = _split_hex_line(words[1])
                terrain = HexTerrain.parse(int(fields[1]), fields[2] if len(fields) > 2 else "")
                if terrain != CLEAR:
                    hexes[hex_] = terrain
            elif keyword == "end":
                break
            elif keyword in ("option", "background", "tag", "road_auto_exits", "description"):
                continue  # presentation details that do not change the rules
            else:
                raise BoardFormatError(f"unknown keyword {keyword!r}")
        except (BoardFormatError, UnknownTerrain, InvalidHex, ValueError, IndexError) as error:
            message = error.message if isinstance(error, BoardFormatError | UnknownTerrain | InvalidHex) else str(error)
            code = error.code if isinstance(error, UnknownTerrain) else BoardFormatError.code
            raise BoardFormatError(f"line {number}: {message}: {line!r}", code=code, line=number) from None
    if width <= 0 or height <= 0:
        raise BoardFormatError("the board has no 'size W H' line")
    return Board(width, height, hexes)


def _split_hex_line(rest: str) -> list[str]:
    """``0101 0 "woods:1" "grass"`` → ``["0101", "0", "woods:1", "grass"]`` (quotes may hold spaces)."""
    fields: list[str] = []
    for index, chunk in enumerate(rest.split('"')):
        if index % 2:
            fields.append(chunk)
        else:
            fields.extend(chunk.split())
    return fields
