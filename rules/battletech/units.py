"""Units on the board and their movement state."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from math import ceil
from typing import Any

from rules.core.hexes import Hex
from rules.core.state import Piece

UNIT_KINDS = ("mech", "infantry", "tracked", "wheeled", "hover", "submarine")
VEHICLE_KINDS = frozenset({"tracked", "wheeled", "hover"})


@dataclass(frozen=True, slots=True)
class Unit(Piece):
    """A BattleTech unit: a mech, a vehicle or infantry, with its movement and pilot."""

    kind: str = "mech"
    side: str = ""
    name: str = ""
    tons: int = 50
    walk: int = 4
    run: int = 0  # 0 when built means the standard ceil(1.5 × walk), filled in at construction
    jump: int = 0
    piloting: int = 5
    gunnery: int = 4
    prone: bool = False
    stuck: bool = False  # stuck in a swamp: must pass an escape roll before moving
    hands: int = 2  # working, free hand actuators (climbing needs one)
    masc: bool = False
    masc_streak: int = 0  # consecutive MASC turns so far, lowered by one per turn without it
    legs_frozen: bool = False  # a failed MASC roll: no movement for the rest of the match
    # Levels above the hex's own level: the floor inside a building, its roof, a bridge deck, or
    # negative under water (a mech on the bottom of depth 2 water stands at -2).
    elevation: int = 0
    climbing: bool = False  # stopped mid-climb: stands at `elevation` for LOS, −2 to be hit

    def __post_init__(self) -> None:
        if not self.run:
            object.__setattr__(self, "run", ceil(self.walk * 1.5))

    @property
    def is_vehicle(self) -> bool:
        return self.kind in VEHICLE_KINDS

    @property
    def max_level_change(self) -> int:
        """Levels a unit may go up or down in one step: 2 for mechs, 1 for the rest (standard)."""
        return 2 if self.kind == "mech" else 1

    def moved_to(self, hex_: Hex, facing: int) -> Unit:
        return replace(self, hex=hex_, facing=facing)


def unit_to_json(unit: Unit) -> dict[str, Any]:
    """The unit's fields, its hex as a label (what `rules.battletech.codec.unit_from_json` reads back).
    Every field but the hex is a plain value, so no `asdict` (which deep-copies: 6 % of a resolution's CPU,
    bench/profile_submit.py, as every viewer's frame encodes every unit)."""
    data = {field.name: getattr(unit, field.name) for field in fields(unit)}
    data["hex"] = unit.hex.label
    return data
