"""Piloting skill rolls and falls (Total Warfare 'Piloting skill rolls' and 'Falling')."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battletech.combat.damage import apply_damage, roll_location, wound_pilot
from rules.battletech.designs.design import LEGS, LOCATION_NAMES
from rules.core.dice import Dice
from rules.core.hexes import turn
from rules.battletech.sight.los import Modifier
from rules.battletech.movement.psr import falling_damage
from rules.core.reasons import Reason, listed
from rules.battletech.combat.status import MechStatus
from rules.battletech.combat.tohit import ToHit
from rules.battletech.units import Unit

# TW facing after a fall (1D6): hexsides turned clockwise and the hit location column used.
FALL_DIRECTION = {1: (0, "front"), 2: (1, "right"), 3: (2, "right"), 4: (3, "rear"), 5: (4, "left"), 6: (5, "left")}
ON_BACK = 4  # the FALL_DIRECTION entry of a mech that lands on its back
GYRO_HIT = 3
LEG_DESTROYED = 5
HIP_HIT = 2
LEG_ACTUATORS = ("Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator")
DAMAGE_GROUP = 5


def piloting_target(unit: Unit, status: MechStatus, extra: tuple[Modifier, ...] = ()) -> ToHit:
    """Piloting skill plus the damage modifiers (TW): gyro hit +3, destroyed leg +5, hip +2 (the leg's other
    actuators then add nothing), each other leg actuator +1. A destroyed gyro, an unconscious pilot or a shut-down
    reactor makes every roll fail (so a knocked-out pilot's mech falls, and a shut-down mech's pilot is hurt
    by every fall: TW; MegaMek fails these rolls the same way)."""
    mods = [Modifier(unit.piloting, Reason("psr.piloting_skill", piloting=unit.piloting)), *extra]
    if unit.climbing:  # 'Reglas de escalada': "+1 a cualquier chequeo de pilotaje que la unidad deba realizar
        # mientras escala. Si la unidad sólo tiene un actuador de mano operativo, se aplicará un modificador de +2"
        mods.append(Modifier(2, Reason("psr.climbing_one_hand")) if unit.hands == 1
                    else Modifier(1, Reason("psr.climbing")))
    gyro = status.hits("Gyro")
    if gyro == 1:
        mods.append(Modifier(GYRO_HIT, Reason("falls.gyro_hit")))
    for leg in LEGS:
        if leg in status.destroyed_locations:
            mods.append(Modifier(LEG_DESTROYED, Reason("falls.leg_destroyed", leg=LOCATION_NAMES[leg])))
        elif status.hits("Hip", leg):
            mods.append(Modifier(HIP_HIT, Reason("falls.hip", leg=LOCATION_NAMES[leg])))
        else:
            mods += [Modifier(1, Reason("falls.actuator", actuator=name.lower(), leg=LOCATION_NAMES[leg]))
                     for name in LEG_ACTUATORS if status.hits(name, leg)]
    if not status.conscious:
        return ToHit.of(mods, ("psr.automatic_failure", Reason("falls.unconscious")))
    if status.shutdown:
        return ToHit.of(mods, ("psr.automatic_failure", Reason("falls.shut_down")))
    return ToHit.of(mods, ("psr.automatic_failure", Reason("falls.gyro_destroyed")) if gyro >= 2 else ("", ""))


@dataclass(frozen=True, slots=True)
class Fallen:
    unit: Unit
    status: MechStatus
    reasons: tuple[str, ...]


def piloting_roll(unit: Unit, status: MechStatus, why: str, extra: tuple[Modifier, ...],
                  dice: Dice) -> tuple[bool, list[str]]:
    target = piloting_target(unit, status, extra)
    if target.impossible:
        return False, [Reason("falls.roll_automatic", why=why, impossible=target.impossible)]
    roll = dice.roll_2d6(Reason("falls.roll", unit=unit.id, why=why), target.target)
    return bool(roll.success), [Reason("falls.roll_passes" if roll.success else "falls.roll_fails", why=why,
                                       roll=roll.total, target=target.target, modifiers=listed(target.reasons))]


def fall(unit: Unit, status: MechStatus, levels: int, dice: Dice, why: str, damage: int | None = None,
         on_back: bool = False) -> Fallen:
    """TW falling: 1D6 for the new facing and the side hit; tons/10 (rounded up) × (levels + 1) damage in
    5-point groups, or ``damage`` when the fall's rule gives it (halved into water); a piloting roll (+1 per
    level) to avoid a wound. The mech ends prone. ``on_back``: no facing roll, the mech lands on its back
    (the table's 4: turned around, rear column), as TW has a missed death from above fall."""
    damage = falling_damage(unit.tons, levels) if damage is None else damage
    if on_back:
        face = ON_BACK
        reasons: list[str] = [Reason("falls.falls_on_back", unit=unit.id, why=why, damage=damage)]
    else:
        face = dice.roll(1, 6, Reason("falls.facing_roll", unit=unit.id)).total
        reasons = [Reason("falls.falls", unit=unit.id, why=why, roll=face, side=FALL_DIRECTION[face][1], damage=damage)]
    sixths, direction = FALL_DIRECTION[face]
    left = damage
    while left > 0 and not status.destroyed:
        group = min(DAMAGE_GROUP, left)
        result = apply_damage(status, roll_location(direction, dice, Reason("falls.location", unit=unit.id)), group,
                              dice, unit.id)
        status, left = result.status, left - group
        reasons += result.reasons
    if not status.destroyed:
        fell = (Modifier(levels, Reason("falls.fell_levels", levels=levels)),) if levels else ()
        stays, why_roll = piloting_roll(unit, status, Reason("falls.avoid_pilot_damage"), fell, dice)
        reasons += why_roll
        if not stays:
            wounded = wound_pilot(status, 1, dice, "fall", unit.id)
            status, reasons = wounded.status, reasons + list(wounded.reasons)
    return Fallen(replace(unit, prone=True, facing=turn(unit.facing, sixths)), status, tuple(reasons))


def fall_where_it_stands(unit: Unit, status: MechStatus, dice: Dice, why: str) -> Fallen:
    """A failed roll's fall where the mech is: a climbing mech drops from the height it hangs at to the foot of
    the climb, as a failed climbing roll does ('Reglas de escalada': "el Mech cae desde una altura igual al último
    nivel que alcanzara"; our reading for the attack and heat phases' rolls)."""
    if not unit.climbing:
        return fall(unit, status, 0, dice, why)
    return fall(replace(unit, elevation=0, climbing=False), status, unit.elevation, dice, why)


STAND_UP_MP = 2


def stand_up(unit: Unit, status: MechStatus, dice: Dice) -> Fallen:
    """TW: standing costs 2 MP and a piloting roll; a failure is a fall in place (no levels). For the movement
    rules to call when a prone mech's order begins with standing up."""
    stands, reasons = piloting_roll(unit, status, Reason("falls.stand_up"), (), dice)
    if stands:
        return Fallen(replace(unit, prone=False), status, tuple(reasons))
    fallen = fall(unit, status, 0, dice, Reason("falls.failed_to_stand"))
    return Fallen(fallen.unit, fallen.status, (*reasons, *fallen.reasons))
