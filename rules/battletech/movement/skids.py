"""Where a failed skid roll takes a unit, and what it hits (Solaris VII 'Reglas de Deslizamiento').

The unit falls (normal falling damage, :func:`rules.battletech.movement.psr.falling_damage`), then slides
ceil(hexes moved / 2) hexes in the direction it was travelling before it turned, taking half its
normal falling damage (rounded up) per hex, on the front column. A higher hex (hill or taller
building) stops it without more damage; a unit or a building in the way is hit as by a successful
charge using the hexes moved before the fall, resolved at once even against units that have not
moved; the slide goes on only if the obstacle is destroyed. Then its movement ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from math import ceil

from rules.core.board import Board
from rules.battletech.movement.buildings import building_at, destroyed_by
from rules.core.hexes import Hex
from rules.battletech.movement.psr import Check, charge_damage, falling_damage, skid_damage_per_hex, skid_distance
from rules.core.reasons import Reason
from rules.battletech.units import Unit


@dataclass(frozen=True, slots=True)
class Collision:
    hex: Hex
    target: str  # a unit id, or "building"
    damage_to_target: int
    damage_to_skidder: int
    destroyed: bool  # only known for buildings; the timeline decides for units


@dataclass(frozen=True, slots=True)
class SkidOutcome:
    path: tuple[Hex, ...]  # hexes slid into, in order
    end: Hex
    fall_damage: int
    damage_per_hex: int  # front column, once per hex in `path`
    collisions: tuple[Collision, ...]
    reasons: tuple[str, ...]

    @property
    def total_damage(self) -> int:
        return self.fall_damage + self.damage_per_hex * len(self.path) + sum(c.damage_to_skidder for c in self.collisions)


def resolve_skid(board: Board, unit: Unit, check: Check, units_in_way: Mapping[Hex, Unit],
                 building_cf: Mapping[Hex, int] | None = None) -> SkidOutcome:
    """The slide after a failed ``skid`` check, from ``unit.hex`` (where it turned).

    ``units_in_way`` are the other units where they stand when the skid happens; ``building_cf``
    overrides the current CF of damaged building hexes. A unit hit stops the slide (whether it is
    destroyed is the caller's to decide: call again from the collision hex if it is)."""
    direction = unit.facing if check.direction is None else check.direction
    distance = skid_distance(check.hexes_moved)
    per_hex = skid_damage_per_hex(unit.tons)
    reasons = [Reason("skid.slide", fall=falling_damage(unit.tons, 0), hexes=check.hexes_moved, distance=distance,
                      per_hex=per_hex)]
    here, path, collisions = unit.hex, [], []
    level = board.terrain(here).level + max(unit.elevation, 0)
    for _ in range(distance):
        ahead = here.neighbour(direction)
        if ahead not in board:
            reasons.append(Reason("skid.edge", hex=here.label))
            break
        terrain = board.terrain(ahead)
        building = building_at(terrain)
        if ahead in units_in_way:
            other = units_in_way[ahead]
            collisions.append(Collision(ahead, other.id, charge_damage(unit.tons, check.hexes_moved),
                                        ceil(other.tons / 10), False))
            reasons.append(Reason("skid.hits_unit", unit=other.id, hex=ahead.label, hexes=check.hexes_moved))
            break
        if building is not None:
            cf = (building_cf or {}).get(ahead, building.cf)
            damage = charge_damage(unit.tons, check.hexes_moved)
            destroyed = destroyed_by(replace(building, cf=cf), damage)
            # Standard BattleTech: a unit charging a building takes ceil(CF / 10).
            collisions.append(Collision(ahead, "building", damage, ceil(cf / 10), destroyed))
            hit = "skid.hits_building_destroyed" if destroyed else "skid.hits_building"
            reasons.append(Reason(hit, hex=ahead.label, damage=damage, cf=cf))
            if not destroyed:
                break
        elif terrain.level > level:
            reasons.append(Reason("skid.higher_ground", hex=ahead.label))
            break
        path.append(ahead)
        here = ahead
    reasons.append(Reason("skid.ends"))
    return SkidOutcome(tuple(path), here, falling_damage(unit.tons, 0), per_hex, tuple(collisions), tuple(reasons))
