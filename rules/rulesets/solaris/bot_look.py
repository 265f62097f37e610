"""The hard Solaris bot's look ahead: where the enemy may stand once the movement both sides plot at the same
time is over, and what each side could then fire, numbered by the rules' own to-hit arithmetic.

The bot cannot know the enemy's end hex, so it weighs each of its own ends against a few the enemy can reach
(the rules' reach for running and jumping, and standing where it is), those that leave the enemy nearest the
range its own weapons like best, spread around the bot's mech and each faced towards it. What a side could fire
from one end at another comes from the rules' line of sight, weapon to-hit and physical to-hit (the functions the
rules' check calls), without the check's order decoding: weighing twenty ends against seven is some three
hundred volleys. These are estimates for ranking moves only: every order the bot sends still goes through the
rules' check.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battletech.combat.attacks import is_submerged
from rules.battletech.combat.physical import physical_to_hit
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.combat.tohit import (
    LineOfSight, attack_direction, bearing, firing_arc, weapon_covers, weapon_to_hit,
)
from rules.battletech.designs.design import LEGS
from rules.battletech.movement.reach import reachable
from rules.battletech.state import GameState
from rules.battletech.units import Unit
from rules.core.hexes import Hex, turn
from rules.rulesets.solaris.bot_fire import CLUSTER_SHARE, PHYSICAL_CHOICES, hit_chance, room_after
from rules.rulesets.solaris.options import agreed

# How much more a hit is worth on the side or the rear (thinner armour, the rear's criticals) than from the front.
DIRECTION_WEIGHT = {"front": 1.0, "left": 1.15, "right": 1.15, "rear": 1.5}
# A kick is weighed at this share of its expected damage: the physical phase comes after the weapons', and the
# enemy may step away next turn.
KICK_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a mech may stand after the movement phase, and how it got there."""

    unit: Unit
    motion: Motion


def facing_to(origin: Hex, target: Hex) -> int:
    """The facing (0 north, clockwise) that points most nearly at ``target``."""
    return round(bearing(origin, target) / 60) % 6


def enemy_poses(state: GameState, enemy: Unit, mine: Hex, liked: float, count: int) -> list[Pose]:
    """Up to ``count`` ends the rules' reach offers ``enemy`` (running or jumping) that leave it nearest ``liked``
    hexes from ``mine``, spread around ``mine``, each faced towards it; and the enemy standing where it is."""
    standing = replace(enemy, facing=facing_to(enemy.hex, mine)) if enemy.hex != mine else enemy
    still = Pose(standing, Motion() if standing.facing == enemy.facing else Motion("walk", 0))
    if enemy.prone or enemy.id not in state.mechs or not state.mechs[enemy.id].active:
        return [still]
    ends: dict[Hex, Motion] = {}
    for mode in ("run", "jump") if enemy.jump else ("run",):
        for (hex_, _facing), (_cost, moved) in reachable(state.board, enemy, mode).items():
            if hex_ != enemy.hex and hex_ != mine and (hex_ not in ends or ends[hex_].moved == "jump"):
                ends[hex_] = Motion(moved, enemy.hex.distance(hex_))
    nearest = sorted(ends, key=lambda hex_: (abs(hex_.distance(mine) - liked), hex_.label))[:3 * count]
    around = sorted(nearest, key=lambda hex_: (bearing(mine, hex_), hex_.label))
    picked = around[::max(1, len(around) // count)][:count]
    return [still, *(Pose(replace(enemy, hex=hex_, facing=facing_to(hex_, mine), elevation=0), ends[hex_])
                     for hex_ in picked)]


def exchange(state: GameState, shooter: Pose, target: Pose, ceiling: int) -> float:
    """What ``shooter`` is expected to deal ``target`` next turn: its best volley within the heat ``ceiling``
    (greedy by damage per heat, at the best torso twist), and a kick when they stand adjacent; weighted by the
    side of the target it strikes."""
    status = state.mechs.get(shooter.unit.id)
    if status is None or not status.active or shooter.unit.hex == target.unit.hex:
        return 0.0
    distance = shooter.unit.hex.distance(target.unit.hex)
    submerged = is_submerged(state, shooter.unit)
    if distance > 1 and all(component.weapon is None or component.weapon.bracket(distance, submerged) is None
                            for _index, component in status.design.weapons):
        return 0.0  # out of every weapon's range: no need to ask for the line of sight
    target_status = state.mechs.get(target.unit.id)
    sight = agreed(state).sight(state, shooter.unit, target.unit)
    if not sight.los:
        return 0.0
    room = room_after(status, shooter.motion, ceiling)
    best = 0.0
    for twist in (0,) if shooter.unit.prone else (0, -1, 1):
        worth, out_of_arc = _weapons(shooter, status, target, target_status, sight, twist, submerged)
        heat, total = 0, 0.0
        for _rate, _index, weapon_heat, value in sorted(worth, reverse=True):
            if heat + weapon_heat <= room:
                heat, total = heat + weapon_heat, total + value
        best = max(best, total)
        if not twist and not out_of_arc:
            break  # a twist changes only the arcs: with every weapon in arc it cannot add one
    if shooter.unit.hex.distance(target.unit.hex) == 1:
        best += KICK_SHARE * _kick(shooter, status, target, target_status, sight)
    direction = attack_direction(target.unit.hex, target.unit.facing, shooter.unit.hex)
    return best * DIRECTION_WEIGHT[direction]


def _weapons(shooter: Pose, status: MechStatus, target: Pose, target_status: MechStatus | None, sight: LineOfSight,
             twist: int, submerged: bool) -> tuple[list[tuple[float, int, int, float]], bool]:
    """(expected damage per heat, index, heat, expected damage) of each weapon that can fire at ``twist``, and
    whether one in range was out of its arc; the rules' to-hit is asked only of those in range and arc."""
    twisted = replace(shooter.unit, facing=turn(shooter.unit.facing, twist))
    distance = shooter.unit.hex.distance(target.unit.hex)
    worth, out_of_arc = [], False
    for index, component in status.design.weapons:
        weapon = component.weapon
        assert weapon is not None  # Design.weapons lists only weapons
        mount = shooter.unit if component.location in LEGS else twisted
        if weapon.bracket(distance, submerged) is None:
            continue
        if not weapon_covers(component, firing_arc(mount.hex, mount.facing, target.unit.hex)):
            out_of_arc = True
            continue
        to_hit = weapon_to_hit(mount, status, shooter.motion, index, target.unit, target_status, target.motion,
                               sight, None, submerged)
        if not to_hit.impossible:
            value = hit_chance(to_hit.target) * weapon.damage * (weapon.missiles * CLUSTER_SHARE if weapon.missiles else 1)
            worth.append((value / max(weapon.heat, 1), index, weapon.heat, value))
    return worth, out_of_arc


def _kick(shooter: Pose, status: MechStatus, target: Pose, target_status: MechStatus | None,
          sight: LineOfSight) -> float:
    """The expected damage of the better kick the rules' physical to-hit allows, when it is likely to land."""
    best = 0.0
    for kind, limb, per_ten, least in PHYSICAL_CHOICES:
        if kind != "kick":
            continue
        to_hit = physical_to_hit(kind, limb, shooter.unit, status, shooter.motion, target.unit, target_status,
                                 target.motion, sight)
        chance = hit_chance(to_hit.target)
        if not to_hit.impossible and chance >= least:
            best = max(best, chance * per_ten * shooter.unit.tons / 10)
    return best

