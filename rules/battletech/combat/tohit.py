"""Weapon attacks: firing arcs, attack direction and the to-hit number with every modifier named.

The target number is the attacker's gunnery plus modifiers; a 2D6 roll equal or above it hits. Line of
sight comes from the LOS module and movement from the movement phase: both are inputs here, so this
module never looks at the map itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.battletech.designs.design import ARMS, LEGS, Component
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.sight.los import Modifier, line_of_sight
from rules.core.reasons import Reason, joined, signed
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.units import Unit
from rules.battletech.designs.weapons import Weapon

@dataclass(frozen=True, slots=True)
class ToHit:
    target: int
    modifiers: tuple[Modifier, ...]
    impossible: str = ""  # why the attack cannot be made at all, a coded reason ("" when it can)
    code: str = ""  # the error code the attack is refused with (``attack.out_of_arc`` …)

    @classmethod
    def of(cls, modifiers: Sequence[Modifier], impossible: tuple[str, str] = ("", "")) -> ToHit:
        code, why = impossible
        return cls(sum(m.value for m in modifiers), tuple(modifiers), why, code)

    @property
    def reasons(self) -> tuple[str, ...]:
        return tuple(Reason("tohit.modifier", value=signed(m.value), reason=m.reason) for m in self.modifiers)


class LineOfSight(Protocol):
    """What the LOS module answers (:class:`rules.battletech.sight.los.LosResult`); we read only these fields. ``modifier``
    is the whole to-hit modifier of the line (intervening terrain, partial cover, depth 1 water) and
    ``modifiers`` the same item by item; ``partial_cover`` also sends hits to the punch location table."""

    @property
    def los(self) -> bool: ...
    @property
    def modifier(self) -> int: ...
    @property
    def modifiers(self) -> Sequence[Modifier]: ...
    @property
    def partial_cover(self) -> bool: ...
    @property
    def reasons(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class Sight:
    """A line of sight given by hand (scenarios, tests): ``modifier`` in one sum, like the LOS module's."""

    los: bool = True
    modifier: int = 0
    partial_cover: bool = False
    reasons: tuple[str, ...] = (Reason("tohit.clear_sight"),)

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return (Modifier(self.modifier, Reason("tohit.sight", reasons=joined(self.reasons))),) if self.modifier else ()


def sight_rule(rule: str) -> Callable[[GameState, Unit, Unit], LineOfSight]:
    """Attacks judged by the line-of-sight rule ``rule`` ("standard" or "dead_zone",
    :func:`rules.battletech.sight.los.line_of_sight`): the strategy a ruleset passes to the attack functions."""
    def sight(state: GameState, attacker: Unit, target: Unit) -> LineOfSight:
        return line_of_sight(state, attacker, target, rule=rule)

    return sight


# The standard rule ("en caso de omisión se utilizará SIEMPRE la regla estándar de LdV").
line_of_sight_rule = sight_rule("standard")


# ---- arcs -------------------------------------------------------------------------------------------

def bearing(origin: Hex, target: Hex) -> float:
    """Degrees clockwise from north of the line from ``origin``'s centre to ``target``'s (flat-topped hexes)."""
    def centre(hex_: Hex) -> tuple[float, float]:
        return 1.5 * hex_.col, math.sqrt(3) * (hex_.row + 0.5 * (hex_.col & 1))

    (x0, y0), (x1, y1) = centre(origin), centre(target)
    return round(math.degrees(math.atan2(x1 - x0, y0 - y1)) % 360, 6) % 360


def relative_bearing(origin: Hex, facing: int, target: Hex) -> float:
    return (bearing(origin, target) - 60 * facing) % 360


def firing_arc(origin: Hex, facing: int, target: Hex) -> str:
    """TW firing arcs of a 'Mech: front 120° (±60° of the facing), side arcs 60°, rear 120°. The edges of
    the front arc belong to it, so a target straight along a front hex spine is in front. A target in the
    same hex (another floor of a building) is in front: the Solaris text names no arc for it, and the
    standard-rule reading is that a unit turns to whatever is above or below it."""
    if origin == target:
        return "front"
    angle = relative_bearing(origin, facing, target)
    if angle <= 60 or angle >= 300:
        return "front"
    if angle <= 120:
        return "right"
    if angle >= 240:
        return "left"
    return "rear"


def weapon_covers(component: Component, arc: str) -> bool:
    """TW: rear-mounted weapons fire into the rear arc; arm weapons into the front and their side; the rest front."""
    if component.rear:
        return arc == "rear"
    if component.location == "LA":
        return arc in ("front", "left")
    if component.location == "RA":
        return arc in ("front", "right")
    return arc == "front"


def attack_direction(target_hex: Hex, target_facing: int, attacker_hex: Hex) -> str:
    """Which column of the hit location table applies (TW, 'Attack direction'): front covers the three
    front hexsides, each side one rear-side hexside, rear the rear hexside. A line exactly on a border
    goes to the side better for the defender (front before side before rear). From another floor of the same
    hex: front (the text is silent; standard-rule reading, as for the firing arc)."""
    if target_hex == attacker_hex:
        return "front"
    angle = relative_bearing(target_hex, target_facing, attacker_hex)
    if angle <= 90 or angle >= 270:
        return "front"
    if angle <= 150:
        return "right"
    if angle >= 210:
        return "left"
    return "rear"


# ---- modifiers --------------------------------------------------------------------------------------

ATTACKER_MOVEMENT = {"none": 0, "walk": 1, "run": 2, "jump": 3}
MOVED = {"walk": "tohit.attacker_walked", "run": "tohit.attacker_ran", "jump": "tohit.attacker_jumped"}
RANGE_MODIFIER = {"short": 0, "medium": 2, "long": 4}
# TW, target movement modifier by hexes moved: (at most this many hexes, modifier).
TARGET_MOVEMENT = ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4), (24, 5))
# TW, heat scale: (heat at least, to-hit modifier).
HEAT_TO_HIT = ((24, 4), (17, 3), (13, 2), (8, 1))


def target_movement_modifier(hexes: int) -> int:
    return next((modifier for limit, modifier in TARGET_MOVEMENT if hexes <= limit), 6)


def heat_modifier(heat: int) -> int:
    return next((modifier for level, modifier in HEAT_TO_HIT if heat >= level), 0)


def movement_modifiers(unit: Unit, motion: Motion) -> list[Modifier]:
    """TW attacker movement: walked +1, ran +2, jumped +3; firing while prone +2."""
    mods = []
    if motion.moved != "none":
        mods.append(Modifier(ATTACKER_MOVEMENT[motion.moved], Reason(MOVED[motion.moved])))
    if unit.prone:
        mods.append(Modifier(2, Reason("tohit.attacker_prone")))
    return mods


def attacker_modifiers(unit: Unit, status: MechStatus, motion: Motion) -> list[Modifier]:
    """Modifiers that come from the attacker: skill, its own movement, heat, sensors, prone."""
    mods = [Modifier(unit.gunnery, Reason("tohit.gunnery", gunnery=unit.gunnery)), *movement_modifiers(unit, motion)]
    heat = heat_modifier(status.heat)
    if heat:
        mods.append(Modifier(heat, Reason("tohit.heat", heat=status.heat)))
    sensors = status.hits("Sensors")
    if sensors:
        mods.append(Modifier(2, Reason("tohit.sensors")))
    return mods


def target_modifiers(target: Unit, target_status: MechStatus | None, motion: Motion, distance: int) -> list[Modifier]:
    """Modifiers that come from the target: its movement, prone, immobile, stuck or climbing."""
    mods: list[Modifier] = []
    moved = target_movement_modifier(motion.hexes)
    if moved:
        mods.append(Modifier(moved, Reason("tohit.target_moved", hexes=motion.hexes)))
    if motion.moved == "jump":
        mods.append(Modifier(1, Reason("tohit.target_jumped")))
    if target.prone:
        mods.append(Modifier(-2, Reason("tohit.target_prone_adjacent")) if distance <= 1
                    else Modifier(1, Reason("tohit.target_prone")))
    if target_status is not None and (target_status.shutdown or not target_status.conscious):
        mods.append(Modifier(-4, Reason("tohit.target_immobile")))
    if motion.stuck:
        mods.append(Modifier(-2, Reason("tohit.target_stuck")))
    if target.climbing:  # the unit's own state: a fall this turn ends the climb, whatever the movement phase said
        mods.append(Modifier(-2, Reason("tohit.target_climbing")))
    return mods


def sight_modifiers(sight: LineOfSight) -> list[Modifier]:
    return list(sight.modifiers)


def weapon_to_hit(
    attacker: Unit, status: MechStatus, motion: Motion, index: int,
    target: Unit, target_status: MechStatus | None, target_motion: Motion,
    sight: LineOfSight, building_levels: int | None = None, submerged: bool = False,
    alongside: frozenset[int] = frozenset(),
) -> ToHit:
    """The to-hit number of weapon ``index`` (a component of the attacker's design) against ``target``.

    ``alongside``: the attacker's other weapons fired in the same order (a prone mech fires one arm's only).

    ``building_levels``: both units inside the same building this many levels apart (Solaris VII
    buildings: the level difference adds to the range, +3 concealment, no minimum range modifier).
    ``submerged``: the attacker is underwater and fires at the weapon's underwater ranges (Solaris VII).
    """
    component = status.component(index)
    weapon = component.weapon
    assert weapon is not None, f"component {index} is not a weapon"
    distance = attacker.hex.distance(target.hex) + (building_levels or 0)
    mods = attacker_modifiers(attacker, status, motion)
    mods += _weapon_mount_modifiers(status, component)
    mods += _range_modifiers(weapon, distance, building_levels is not None, submerged)
    mods += target_modifiers(target, target_status, target_motion, attacker.hex.distance(target.hex))
    mods += sight_modifiers(sight)
    if building_levels is not None:
        mods.append(Modifier(3, Reason("tohit.same_building")))
    arc = firing_arc(attacker.hex, attacker.facing, target.hex)
    impossible = _why_impossible(status, index, weapon, distance, arc, sight, submerged)
    if attacker.climbing and not component.rear and not impossible[0]:
        impossible = ("attack.climbing_front_weapon", Reason("tohit.climbing_rear_only", weapon=component.label))
    if attacker.prone and not impossible[0]:
        impossible = why_not_while_prone(status, component, status.fired | alongside)
    return ToHit.of(mods, impossible)


def why_not_while_prone(status: MechStatus, component: Component, firing: frozenset[int]) -> tuple[str, str]:
    """TW 'Prone 'Mechs' (weapon attacks): the mech props itself up on one arm to fire, so only one arm's
    weapons fire; one with an arm missing cannot fire at all (TW's standard rule; Tactical Operations lets it
    prop on the other arm, MegaMek only with that option on); leg-mounted weapons never fire. The Solaris VII
    texts give only the +2, so this is the standard rule. ``firing``: the weapons fired or chosen this turn.
    (error code, reason) when ``component`` cannot fire from a prone mech; ("", "") when it can."""
    if component.location in LEGS:
        return "attack.prone_leg_weapon", Reason("tohit.prone_leg_weapon", weapon=component.label)
    missing = [arm for arm in ARMS if arm in status.destroyed_locations]
    if missing:
        return "attack.prone_arm_missing", Reason("tohit.prone_arm_missing", location=missing[0])
    if component.location in ARMS:
        other = next(arm for arm in ARMS if arm != component.location)
        if any(status.component(i).location == other for i in firing):
            return "attack.prone_both_arms", Reason("tohit.prone_both_arms", weapon=component.label, location=other)
    return "", ""


def _weapon_mount_modifiers(status: MechStatus, component: Component) -> list[Modifier]:
    """TW: a destroyed shoulder gives +4 to that arm's weapons; each upper or lower arm actuator hit +1."""
    if component.location not in ("LA", "RA"):
        return []
    if status.hits("Shoulder", component.location):
        return [Modifier(4, Reason("tohit.shoulder", location=component.location))]
    return [Modifier(1, Reason("tohit.arm_actuator", actuator=name.lower(), location=component.location))
            for name in ("Upper Arm Actuator", "Lower Arm Actuator") if status.hits(name, component.location)]


def _range_modifiers(weapon: Weapon, distance: int, in_building: bool, submerged: bool) -> list[Modifier]:
    bracket = weapon.bracket(distance, submerged)
    mods = []
    if bracket is not None and RANGE_MODIFIER[bracket]:
        reason = (Reason("tohit.range_underwater", bracket=bracket, hexes=distance,
                         ranges="/".join(map(str, weapon.underwater))) if submerged
                  else Reason("tohit.range", bracket=bracket, hexes=distance))
        mods.append(Modifier(RANGE_MODIFIER[bracket], reason))
    if weapon.minimum and distance <= weapon.minimum and not in_building:
        mods.append(Modifier(weapon.minimum - distance + 1,
                             Reason("tohit.minimum_range", minimum=weapon.minimum, hexes=distance)))
    return mods


def _why_impossible(status: MechStatus, index: int, weapon: Weapon, distance: int, arc: str,
                    sight: LineOfSight, submerged: bool) -> tuple[str, str]:
    """(error code, coded reason) when the weapon cannot fire at all; ("", "") when it can."""
    component = status.component(index)
    if status.is_destroyed(index):
        return "attack.weapon_destroyed", Reason("tohit.weapon_destroyed", weapon=component.label)
    if submerged and not weapon.underwater:
        return "attack.underwater_weapon", Reason("tohit.underwater_weapon", weapon=component.label)
    if not sight.los:
        return "attack.no_los", Reason("tohit.no_los", reasons=joined(sight.reasons))
    if weapon.bracket(distance, submerged) is None:
        return "attack.out_of_range", Reason("tohit.out_of_range_underwater" if submerged else "tohit.out_of_range",
                                             hexes=distance, long=weapon.ranges(submerged)[-1], weapon=component.label)
    if not weapon_covers(component, arc):
        return "attack.out_of_arc", Reason("tohit.out_of_arc", arc=arc, weapon=component.label)
    if weapon.uses_ammo and not any(
        shots and status.component(bin_).ammo_for == weapon.name and not status.is_destroyed(bin_)
        for bin_, shots in status.ammo.items()
    ):
        return "attack.no_ammo", Reason("tohit.no_ammo", weapon=weapon.name)
    if status.hits("Sensors") >= 2:
        return "attack.sensors_destroyed", Reason("tohit.sensors_destroyed")
    return "", ""
