"""Units on the board and their movement state."""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from rules.hexes import Hex

UNIT_KINDS = ("mech", "infantry", "tracked", "wheeled", "hover", "submarine")


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    hex: Hex
    facing: int
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
    stuck: bool = False
    hands: int = 2
    masc: bool = False

    def __post_init__(self) -> None:
        if not self.run:
            object.__setattr__(self, "run", ceil(self.walk * 1.5))

    def moved_to(self, hex_: Hex, facing: int) -> Unit:
        return replace(self, hex=hex_, facing=facing)
