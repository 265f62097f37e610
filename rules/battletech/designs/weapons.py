"""Weapons as data: heat, damage, ranges, size and ammunition (Total Warfare weapon tables, Inner Sphere
Introductory and Standard level), plus the cluster hits table that missiles roll on.

Range brackets are upper bounds in hexes: a target at distance d is at short range when d <= short,
medium when d <= medium, long when d <= long. ``minimum`` is the minimum range (0 when none).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core.errors import RuleError


class UnknownWeapon(RuleError):
    code = "weapon.unknown"


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    kind: str  # "energy", "ballistic", "missile"
    heat: int
    damage: int  # per shot, or per missile for missile launchers
    minimum: int
    short: int
    medium: int
    long: int
    slots: int
    tons: float
    missiles: int = 0  # launcher size; 0 for a weapon that hits as one shot
    group: int = 0  # damage grouping of a missile hit: 5 for LRM (5-point groups), 0 = each missile apart
    shots_per_ton: int = 0  # 0 for weapons that need no ammunition
    # Short/medium/long range fired by a submerged unit; () when the weapon cannot fire underwater.
    underwater: tuple[int, int, int] | tuple[()] = ()

    @property
    def uses_ammo(self) -> bool:
        return self.shots_per_ton > 0

    @property
    def damage_per_shot(self) -> int:
        """All the damage one shot carries (an ammunition explosion sets off this much per shot left)."""
        return self.damage * max(self.missiles, 1)

    def ranges(self, submerged: bool = False) -> tuple[int, ...]:
        """Short, medium and long range; for a submerged unit, the underwater ranges (none if it cannot fire)."""
        return self.underwater if submerged else (self.short, self.medium, self.long)

    def bracket(self, distance: int, submerged: bool = False) -> str | None:
        """``"short"``, ``"medium"``, ``"long"`` or None when beyond long range."""
        for name, limit in zip(("short", "medium", "long"), self.ranges(submerged)):
            if distance <= limit:
                return name
        return None


def _table(*weapons: Weapon) -> dict[str, Weapon]:
    return {weapon.name: weapon for weapon in weapons}


# Total Warfare, Inner Sphere weapons and equipment table (heat, damage, min/short/medium/long, slots, tons,
# shots per ton of ammunition). Underwater ranges: Solaris VII 'Operaciones submarinas' says lasers and PPCs
# fire submerged "a alcances seriamente reducidos" but its table is cut from our copy; these are the standard
# BattleTech underwater ranges (as MegaMek's weapon data gives them). Other weapons cannot fire underwater.
WEAPONS: dict[str, Weapon] = _table(
    Weapon("Small Laser", "energy", 1, 3, 0, 1, 2, 3, 1, 0.5, underwater=(1, 2, 2)),
    Weapon("Medium Laser", "energy", 3, 5, 0, 3, 6, 9, 1, 1, underwater=(2, 4, 6)),
    Weapon("Large Laser", "energy", 8, 8, 0, 5, 10, 15, 2, 5, underwater=(3, 6, 9)),
    Weapon("PPC", "energy", 10, 10, 3, 6, 12, 18, 3, 7, underwater=(4, 7, 10)),
    Weapon("Flamer", "energy", 3, 2, 0, 1, 2, 3, 1, 1),
    Weapon("Machine Gun", "ballistic", 0, 2, 0, 1, 2, 3, 1, 0.5, shots_per_ton=200),
    Weapon("AC/2", "ballistic", 1, 2, 4, 8, 16, 24, 1, 6, shots_per_ton=45),
    Weapon("AC/5", "ballistic", 1, 5, 3, 6, 12, 18, 4, 8, shots_per_ton=20),
    Weapon("AC/10", "ballistic", 3, 10, 0, 5, 10, 15, 7, 12, shots_per_ton=10),
    Weapon("AC/20", "ballistic", 7, 20, 0, 3, 6, 9, 10, 14, shots_per_ton=5),
    Weapon("SRM 2", "missile", 2, 2, 0, 3, 6, 9, 1, 1, missiles=2, shots_per_ton=50),
    Weapon("SRM 4", "missile", 3, 2, 0, 3, 6, 9, 1, 2, missiles=4, shots_per_ton=25),
    Weapon("SRM 6", "missile", 4, 2, 0, 3, 6, 9, 2, 3, missiles=6, shots_per_ton=15),
    Weapon("LRM 5", "missile", 2, 1, 6, 7, 14, 21, 1, 2, missiles=5, group=5, shots_per_ton=24),
    Weapon("LRM 10", "missile", 4, 1, 6, 7, 14, 21, 2, 5, missiles=10, group=5, shots_per_ton=12),
    Weapon("LRM 15", "missile", 5, 1, 6, 7, 14, 21, 3, 7, missiles=15, group=5, shots_per_ton=8),
    Weapon("LRM 20", "missile", 6, 1, 6, 7, 14, 21, 5, 10, missiles=20, group=5, shots_per_ton=6),
)

# MegaMek spells some weapons differently in its files ("Autocannon/20", "ISMediumLaser", "LRM-20").
_ALIASES = {"autocannon": "ac", "particleprojectorcannon": "ppc", "mg": "machinegun"}


def _key(name: str) -> str:
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    key = re.sub(r"^is(?=[a-z])", "", key)  # MegaMek's Inner Sphere prefix
    for long_name, short_name in _ALIASES.items():
        key = key.replace(long_name, short_name)
    return key


_BY_KEY = {_key(name): weapon for name, weapon in WEAPONS.items()}


def find_weapon(name: str) -> Weapon | None:
    return _BY_KEY.get(_key(name))


def weapon(name: str) -> Weapon:
    found = find_weapon(name)
    if found is None:
        raise UnknownWeapon(weapon=name, known=list(WEAPONS))
    return found


# Total Warfare, Cluster Hits Table: for a 2D6 roll of 2..12, how many missiles of a launcher of each size hit.
CLUSTER_HITS: dict[int, tuple[int, ...]] = {
    2: (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2),
    4: (1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4),
    5: (1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5),
    6: (2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    10: (3, 3, 4, 6, 6, 6, 6, 8, 8, 10, 10),
    15: (5, 5, 6, 9, 9, 9, 9, 12, 12, 15, 15),
    20: (6, 6, 9, 12, 12, 12, 12, 16, 16, 20, 20),
}


def cluster_hits(size: int, roll: int) -> int:
    return CLUSTER_HITS[size][roll - 2]
