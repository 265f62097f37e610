"""The map: a rectangle of hexes, each with a level (elevation) and terrain features.

Terrain uses MegaMek's vocabulary: ``name:level`` features separated by ``;`` (``woods:2;swamp:1``),
so boards can be imported from MegaMek ``.board`` files. Missing hexes are clear terrain at level 0.
Levels count in 6 m steps for hills, buildings and water depth alike (Solaris VII, 'Elevación de las
edificaciones': a building level is treated exactly like any other terrain level).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules.core.errors import BoardFormatError, InvalidTerrain, OffBoard, RuleError, UnknownTerrain
from rules.core.hexes import Hex
from rules.core.reasons import Reason
from rules.core.text import is_number

# Feature names we understand, with MegaMek's spelling. ``swamp`` modifies the terrain it sits on.
# ``foliage_elev`` is accepted so MegaMek boards import, but woods always rise 2 levels here (Solaris
# VII, 'Bosques: Se elevan 2 niveles'); ``fluff`` is MegaMek's decoration and has no rules effect.
# ``ladder`` marks ladders and stairs on scenery (the skirmish ruleset's 'Escaleras de mano y Escaleras'; the
# BattleTech rulesets ignore it).
KNOWN_FEATURES = frozenset(
    {
        "woods", "rough", "water", "swamp", "pavement", "road", "ice", "smoke", "rubble",
        "bridge", "bridge_cf", "bridge_elev",
        "building", "bldg_cf", "bldg_elev", "bldg_class", "bldg_basement_type",
        "foliage_elev", "fluff", "ladder",
    }
)

# Building and bridge types by MegaMek's number, with the largest CF of each type (Total Warfare's
# table; the Solaris VII text refers to it but the table itself is cut from our copy).
STRUCTURE_TYPES = {1: ("Light", 15), 2: ("Medium", 40), 3: ("Heavy", 90), 4: ("Hardened", 150)}
# 'Si el tipo de un puente no está marcado … se debe asumir un puente medio con FC 40.'
DEFAULT_BRIDGE_TYPE = 2

WOODS_NAMES = {1: "light woods", 2: "heavy woods"}


@dataclass(frozen=True, slots=True)
class Structure:
    """A building or a bridge: its type (Light … Hardened), current CF and height in levels.

    The type never changes with damage ('Un edificio pesado dañado con un FC actual de 15 es todavía
    un edificio pesado'). A building's height is counted from its hex's level; a bridge's is the
    height of its deck above the hex's level.
    """

    kind: str
    cf: int
    height: int


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

    @property
    def depth(self) -> int:
        """Water depth; 0 where there is no water."""
        return self.get("water")

    @property
    def floor(self) -> int:
        """Where a unit walking the hex stands: the bed of water, the hex level elsewhere. Water's
        surface is the hex level ('la superficie está realmente a nivel 0'), its bed ``depth`` below."""
        return self.level - self.depth

    @property
    def woods(self) -> int:
        """1 light woods, 2 heavy woods, 0 none. Smoke counts as heavy woods whatever lies under it
        ('Humo: … como un hexágono de bosque denso, independientemente del tipo de terreno')."""
        return 2 if self.has("smoke") else self.get("woods")

    @property
    def building(self) -> Structure | None:
        if not self.has("building"):
            return None
        kind, max_cf = STRUCTURE_TYPES[self.get("building")]
        return Structure(kind, self.features.get("bldg_cf", max_cf), self.features.get("bldg_elev", 1))

    @property
    def bridge(self) -> Structure | None:
        if not self.has("bridge"):
            return None
        kind, max_cf = STRUCTURE_TYPES[self.get("bridge") or DEFAULT_BRIDGE_TYPE]
        return Structure(kind, self.features.get("bridge_cf", max_cf), self.features.get("bridge_elev", 1))


CLEAR = HexTerrain()


def parse_terrain(terrain: str) -> dict[str, int]:
    """``"woods:1;swamp:1"`` → ``{"woods": 1, "swamp": 1}``. A bare name means level 1, and MegaMek's
    extra ``:exits`` field (``road:1:18``) is ignored. Unknown names and impossible levels are refused."""
    if not isinstance(terrain, str):
        raise InvalidTerrain(why=Reason("board.terrain_text", given=terrain), terrain=str(terrain))
    features: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in terrain.split(";"))):
        name, _, rest = item.partition(":")
        if name not in KNOWN_FEATURES:
            raise UnknownTerrain(terrain=name, given=terrain)
        level_text = rest.split(":")[0] if rest else "1"
        try:
            features[name] = int(level_text)
        except ValueError:
            raise InvalidTerrain(why=Reason("board.terrain_no_level", given=item), terrain=item) from None
    _check_levels(features)
    return features


def _check_levels(features: Mapping[str, int]) -> None:
    def refuse(name: str, why: Reason) -> None:
        level = features[name]
        raise InvalidTerrain(why=Reason("board.terrain_level", terrain=name, level=level, why=why), terrain=name)

    if features.get("woods", 1) not in WOODS_NAMES:
        refuse("woods", Reason("board.woods_type"))
    if features.get("building", 1) not in STRUCTURE_TYPES:
        refuse("building", Reason("board.building_type"))
    if features.get("bridge", 0) not in (0, *STRUCTURE_TYPES):  # 0: type not marked
        refuse("bridge", Reason("board.bridge_type"))
    for name in ("water", "bldg_cf", "bridge_cf", "smoke", "rough", "rubble", "swamp"):
        if features.get(name, 0) < 0:
            refuse(name, Reason("board.negative"))
    if features.get("bldg_elev", 1) < 1:
        refuse("bldg_elev", Reason("board.building_height"))
    if features.get("bridge_elev", 0) < 0:
        refuse("bridge_elev", Reason("board.bridge_height"))
    for attribute, owner in (("bldg_cf", "building"), ("bldg_elev", "building"),
                             ("bridge_cf", "bridge"), ("bridge_elev", "bridge")):
        if attribute in features and owner not in features:
            refuse(attribute, Reason("board.no_owner", owner=owner))
    if "building" in features and features.get("bldg_cf", 0) > STRUCTURE_TYPES[features["building"]][1]:
        kind, max_cf = STRUCTURE_TYPES[features["building"]]
        refuse("bldg_cf", Reason("board.building_cf", kind=kind, cf=max_cf))


@dataclass(frozen=True, slots=True)
class Board:
    width: int
    height: int
    hexes: Mapping[Hex, HexTerrain] = field(default_factory=dict)

    def __contains__(self, hex_: object) -> bool:
        return isinstance(hex_, Hex) and 0 <= hex_.col < self.width and 0 <= hex_.row < self.height

    def terrain(self, hex_: Hex) -> HexTerrain:
        if hex_ not in self:
            raise OffBoard(hex=hex_.label, width=self.width, height=self.height)
        return self.hexes.get(hex_, CLEAR)

    def hex(self, label: str) -> Hex:
        """Parse ``label`` and check it lies on this board."""
        hex_ = Hex.parse(label)
        if hex_ not in self:
            raise OffBoard(hex=label, width=self.width, height=self.height)
        return hex_

    def __iter__(self) -> Iterator[Hex]:
        for row in range(self.height):
            for col in range(self.width):
                yield Hex(col, row)


def board_from_json(data: Mapping[str, Any]) -> Board:
    """The board :func:`board_to_json` wrote. Decoded once per distinct board: every command decodes its
    match's stored state, whose board rarely changes, and checking every cell is most of a state's decode.
    The board returned may be shared, as boards are never changed in place (a changed board is a new one)."""
    width, height, cells = data["width"], data["height"], data.get("hexes", {})
    as_json = type(width) is int and type(height) is int and isinstance(cells, dict)
    if not as_json or not all(type(label) is str for label in cells):
        return board_from_cells(width, height, cells)  # not as JSON decodes it: refused as the cells say
    try:
        # The JSON text names the board: equal texts are equal cells (1 and 1.0, or 1 and true, differ).
        text = json.dumps(cells, separators=(",", ":"))
    except (TypeError, ValueError):
        return board_from_cells(width, height, cells)
    return _board_from_text(width, height, text)


@lru_cache(maxsize=64)
def _board_from_text(width: int, height: int, text: str) -> Board:
    # A refused board raises and is not cached, so each of its decodes refuses it again.
    return board_from_cells(width, height, json.loads(text))


def board_to_json(board: Board) -> dict[str, Any]:
    """The board as ``{"width", "height", "hexes": cells}``, the cells `board_from_cells` reads."""
    hexes = {
        hex_.label: {"level": terrain.level, "terrain": terrain.terrain_string}
        for hex_, terrain in sorted(board.hexes.items())
    }
    return {"width": board.width, "height": board.height, "hexes": hexes}


def board_from_cells(width: int, height: int, cells: Mapping[str, Any]) -> Board:
    """A board from ``{"0503": {"level": 2, "terrain": "woods:1"}}`` cells; every error names its hex."""
    if not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in (width, height)):
        raise BoardFormatError(why=Reason("board.size_numbers", width=width, height=height))
    board = Board(width, height, {})
    hexes: dict[Hex, HexTerrain] = {}
    for label, cell in cells.items():
        try:
            hex_ = board.hex(label)
            if not isinstance(cell, Mapping) or set(cell) - {"level", "terrain"}:
                raise BoardFormatError(why=Reason("board.cell"))
            level = cell.get("level", 0)
            if not isinstance(level, int) or isinstance(level, bool):
                raise BoardFormatError(why=Reason("board.level", level=level))
            terrain = HexTerrain.parse(level, cell.get("terrain", ""))
        except RuleError as error:
            # Said at its hex, unless the refusal names the hex already (one off the board).
            at = "" if str(label) in error.message else Reason("board.at_hex", hex=str(label))
            raise error.located(at, hex=str(label)) from None
        if terrain != CLEAR:
            hexes[hex_] = terrain
    return Board(width, height, hexes)


def parse_megamek_board(text: str) -> Board:
    """Read a MegaMek ``.board`` file: ``size W H``, then one ``hex CCRR LEVEL "terrains" "theme"``
    line per hex in row-by-row order (the label in each line is informational), then ``end``.
    Every error names its line."""
    width = height = 0
    hexes: dict[Hex, HexTerrain] = {}
    count = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        try:
            if keyword == "size":
                width, height = _board_size(rest)
            elif keyword == "hex":
                if width <= 0:
                    raise BoardFormatError(why=Reason("board.hex_before_size"))
                if count >= width * height:
                    raise BoardFormatError(why=Reason("board.too_many_hexes", width=width, height=height))
                fields = _split_hex_line(rest)
                if len(fields) < 2 or not is_number(fields[1].removeprefix("-")):
                    raise BoardFormatError(why=Reason("board.hex_line"))
                terrain = HexTerrain.parse(int(fields[1]), fields[2] if len(fields) > 2 else "")
                if terrain != CLEAR:
                    hexes[Hex(count % width, count // width)] = terrain
                count += 1
            elif keyword == "end":
                break
            elif keyword in ("option", "background", "tag", "road_auto_exits", "description"):
                continue  # presentation details that do not change the rules
            else:
                raise BoardFormatError(why=Reason("board.keyword", keyword=keyword))
        except RuleError as error:
            raise error.located(Reason("board.at_line", line=number), line=number, text=line) from None
    if width <= 0:
        raise BoardFormatError(why=Reason("board.no_size"))
    if count != width * height:
        raise BoardFormatError(why=Reason("board.hex_count", width=width, height=height, needed=width * height, count=count))
    return Board(width, height, hexes)


def _board_size(rest: str) -> tuple[int, int]:
    words = rest.split()
    if len(words) != 2 or not all(is_number(word) and int(word) > 0 for word in words):
        raise BoardFormatError(why=Reason("board.size_line"))
    return int(words[0]), int(words[1])


def _split_hex_line(rest: str) -> list[str]:
    """``0101 0 "woods:1" "grass"`` → ``["0101", "0", "woods:1", "grass"]`` (quotes may hold spaces)."""
    fields: list[str] = []
    for index, chunk in enumerate(rest.split('"')):
        if index % 2:
            fields.append(chunk)
        else:
            fields.extend(chunk.split())
    return fields
