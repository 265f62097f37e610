"""BattleMech designs as data: tonnage, movement, armour, internal structure and the critical slots.

A design is what a record sheet shows before the fight. Its critical slots are the source of truth for
weapons and equipment: a weapon is where its slots are, and a critical hit lands on a slot. Shipped
designs are MegaMek ``.mtf`` files under ``rules/battletech/designs/data/designs/`` (read by :mod:`rules.battletech.designs.mtf`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.battletech.designs.weapons import WEAPONS, Weapon

LOCATIONS = ("HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL")
LOCATION_NAMES = {
    "HD": "head", "CT": "centre torso", "LT": "left torso", "RT": "right torso",
    "LA": "left arm", "RA": "right arm", "LL": "left leg", "RL": "right leg",
}
TORSOS = ("CT", "LT", "RT")  # the locations with rear armour
ARMS = ("LA", "RA")
LEGS = ("LL", "RL")
SLOT_COUNT = {"HD": 6, "CT": 12, "LT": 12, "RT": 12, "LA": 12, "RA": 12, "LL": 6, "RL": 6}
# Total Warfare, damage transfer diagram: excess damage moves inwards.
TRANSFER = {"LA": "LT", "RA": "RT", "LL": "LT", "RL": "RT", "LT": "CT", "RT": "CT"}
HEAD_ARMOUR_LIMIT = 9

# Total Warfare, BattleMech internal structure table: tons → (centre torso, each side torso, each arm,
# each leg). The head always has 3 points.
INTERNAL_STRUCTURE: dict[int, tuple[int, int, int, int]] = {
    20: (6, 5, 3, 4), 25: (8, 6, 4, 6), 30: (10, 7, 5, 7), 35: (11, 8, 6, 8),
    40: (12, 10, 6, 10), 45: (14, 11, 7, 11), 50: (16, 12, 8, 12), 55: (18, 13, 9, 13),
    60: (20, 14, 10, 14), 65: (21, 15, 10, 15), 70: (22, 15, 11, 15), 75: (23, 16, 12, 16),
    80: (25, 17, 13, 17), 85: (27, 18, 14, 18), 90: (29, 19, 15, 19), 95: (30, 20, 16, 20),
    100: (31, 21, 17, 21),
}

# Equipment a critical slot may hold besides weapons and ammunition. Structure and armour slots of
# Endo Steel and Ferro-Fibrous take no critical hits ("roll again" in Total Warfare).
EQUIPMENT = (
    "Engine", "Gyro", "Cockpit", "Life Support", "Sensors",
    "Shoulder", "Upper Arm Actuator", "Lower Arm Actuator", "Hand Actuator",
    "Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator",
    "Heat Sink", "Double Heat Sink", "Jump Jet", "MASC",
)
EQUIPMENT_SLOTS = {"Double Heat Sink": 3}  # equipment longer than one slot (weapons say their own size)
ROLL_AGAIN = ("Endo Steel", "Ferro-Fibrous")
AMMO_PREFIX = "Ammo "


class DesignError(RuleError):
    code = "design.invalid"


def internal_structure(tons: int) -> dict[str, int]:
    if tons not in INTERNAL_STRUCTURE:
        raise DesignError("design.tonnage", tons=tons)
    centre, side, arm, leg = INTERNAL_STRUCTURE[tons]
    return {"HD": 3, "CT": centre, "LT": side, "RT": side, "LA": arm, "RA": arm, "LL": leg, "RL": leg}


@dataclass(frozen=True, slots=True)
class Component:
    """One item in the critical slots: a weapon (possibly several slots), an ammunition bin or equipment."""

    name: str  # a weapon name from WEAPONS, "Ammo <weapon>", or one of EQUIPMENT
    location: str
    slots: tuple[int, ...]
    rear: bool = False
    shots: int = 0  # a full ammunition bin

    @property
    def weapon(self) -> Weapon | None:
        return WEAPONS.get(self.name)

    @property
    def ammo_for(self) -> str | None:
        return self.name[len(AMMO_PREFIX):] if self.name.startswith(AMMO_PREFIX) else None

    @property
    def weapon_for_ammo(self) -> Weapon | None:
        return WEAPONS.get(self.ammo_for or "")

    @property
    def label(self) -> str:
        return f"{self.name}{' (R)' if self.rear else ''} [{self.location}]"


@dataclass(frozen=True, slots=True)
class Design:
    chassis: str
    model: str
    tons: int
    walk: int
    jump: int
    heat_sinks: int
    armour: Mapping[str, int]
    rear_armour: Mapping[str, int]
    components: tuple[Component, ...]
    double_heat_sinks: bool = False
    internal: Mapping[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "internal", internal_structure(self.tons))
        self._check()

    @property
    def name(self) -> str:
        return f"{self.chassis} {self.model}"

    @property
    def run(self) -> int:
        return -(-self.walk * 3 // 2)

    @property
    def weapons(self) -> tuple[tuple[int, Component], ...]:
        """(component index, component) of every weapon, the index naming it in orders and status."""
        return tuple((index, c) for index, c in enumerate(self.components) if c.weapon is not None)

    def slot_owner(self, location: str, slot: int) -> int | None:
        for index, component in enumerate(self.components):
            if component.location == location and slot in component.slots:
                return index
        return None

    def has(self, name: str, location: str | None = None) -> bool:
        return any(c.name == name and location in (None, c.location) for c in self.components)

    def _check(self) -> None:
        for location in LOCATIONS:
            front = self.armour.get(location, 0)
            total = front + self.rear_armour.get(location, 0)
            limit = HEAD_ARMOUR_LIMIT if location == "HD" else 2 * self.internal[location]
            if front < 0 or self.rear_armour.get(location, 0) < 0:
                raise DesignError("design.armour", design=self.name, location=location,
                                  why=Reason("design.negative_armour", location=location))
            if total > limit:
                raise DesignError("design.armour", design=self.name, location=location,
                                  why=Reason("design.armour_over", armour=total, location=location, limit=limit))
        used: set[tuple[str, int]] = set()
        for component in self.components:
            for slot in component.slots:
                if not 0 <= slot < SLOT_COUNT[component.location] or (component.location, slot) in used:
                    raise DesignError("design.slots", design=self.name, slot=slot + 1, location=component.location)
                used.add((component.location, slot))


def shipped_designs_dir() -> Path:
    return Path(__file__).parent / "data" / "designs"


@cache
def shipped_designs() -> dict[str, Design]:
    """The classic designs shipped with Árbitro, by name (``"Hunchback HBK-4G"``)."""
    from rules.battletech.designs.mtf import parse_mtf  # mtf builds Designs, so it imports this module

    designs = (parse_mtf(path.read_text(encoding="utf-8")) for path in sorted(shipped_designs_dir().glob("*.mtf")))
    return {design.name: design for design in designs}


def shipped_design(name: str) -> Design:
    try:
        return shipped_designs()[name]
    except KeyError:
        known = ", ".join(sorted(shipped_designs()))
        raise DesignError("design.unknown", why=Reason("design.not_shipped", design=name, known=known),
                          design=name) from None
