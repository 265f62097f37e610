"""Damage: where a hit lands, armour → internal structure → transfer inwards, critical hits, ammunition
explosions, destroyed locations and the pilot's wounds (Total Warfare, 'Combat: damage')."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battletech.designs.design import LOCATION_NAMES, SLOT_COUNT, TORSOS, TRANSFER
from rules.core.dice import Dice
from rules.core.reasons import Reason
from rules.battletech.combat.status import MechStatus

# TW, BattleMech Hit Location Table (2D6) by attack direction. The rear column hits rear torso armour.
_FRONT = {2: "CT", 3: "RA", 4: "RA", 5: "RL", 6: "RT", 7: "CT", 8: "LT", 9: "LL", 10: "LA", 11: "LA", 12: "HD"}
HIT_LOCATION: dict[str, dict[int, str]] = {
    "front": _FRONT,
    "rear": _FRONT,
    "left": {2: "LT", 3: "LL", 4: "LA", 5: "LA", 6: "LL", 7: "LT", 8: "CT", 9: "RT", 10: "RA", 11: "RL", 12: "HD"},
    "right": {2: "RT", 3: "RL", 4: "RA", 5: "RA", 6: "RL", 7: "RT", 8: "CT", 9: "LT", 10: "LA", 11: "LL", 12: "HD"},
}
# TW, Punch Location Table (1D6); also used against a target in partial cover (Solaris VII).
_PUNCH_FRONT = {1: "LA", 2: "LT", 3: "CT", 4: "RT", 5: "RA", 6: "HD"}
PUNCH_LOCATION: dict[str, dict[int, str]] = {
    "front": _PUNCH_FRONT,
    "rear": _PUNCH_FRONT,
    "left": {1: "LT", 2: "LT", 3: "CT", 4: "LA", 5: "LA", 6: "HD"},
    "right": {1: "RT", 2: "RT", 3: "CT", 4: "RA", 5: "RA", 6: "HD"},
}
# TW, Kick Location Table (1D6).
_KICK_FRONT = {1: "RL", 2: "RL", 3: "RL", 4: "LL", 5: "LL", 6: "LL"}
KICK_LOCATION: dict[str, dict[int, str]] = {
    "front": _KICK_FRONT,
    "rear": _KICK_FRONT,
    "left": dict.fromkeys(range(1, 7), "LL"),
    "right": dict.fromkeys(range(1, 7), "RL"),
}
# TW, Determining Critical Hits table: 2D6 → number of critical hits (12 on a limb or head: blown off).
CRITICAL_CHANCE = {8: 1, 9: 1, 10: 2, 11: 2, 12: 3}
# TW, consciousness roll target by wounds taken; the sixth wound kills.
CONSCIOUSNESS = {1: 3, 2: 5, 3: 7, 4: 10, 5: 11}
KILLING_WOUNDS = 6
ENGINE_HITS_DESTROY = 3


@dataclass(frozen=True, slots=True)
class HitLocation:
    location: str
    rear: bool
    critical_chance: bool  # a 2 on the table: roll for a critical hit even if the armour holds
    reason: str


def roll_location(direction: str, dice: Dice, why: str, table: str = "standard") -> HitLocation:
    """Roll where a hit lands: ``table`` is "standard" (2D6), "punch" or "kick" (1D6)."""
    if table == "standard":
        roll = dice.roll_2d6(Reason("damage.location_roll", direction=direction, why=why))
        location = HIT_LOCATION[direction][roll.total]
        chance = roll.total == 2
    else:
        roll = dice.roll(1, 6, Reason("damage.location_roll_d6", table=table, direction=direction, why=why))
        location = (PUNCH_LOCATION if table == "punch" else KICK_LOCATION)[direction][roll.total]
        chance = False
    rear = direction == "rear" and location in TORSOS
    reason = Reason("damage.location_rear" if rear else "damage.location", table=table, direction=direction,
                    roll=roll.total, location=LOCATION_NAMES[location])
    return HitLocation(location, rear, chance, reason)


@dataclass(frozen=True, slots=True)
class Damaged:
    """A status after damage and what happened; ``wasted`` is damage that had nowhere left to go."""

    status: MechStatus
    reasons: tuple[str, ...]
    wasted: int = 0


def apply_damage(status: MechStatus, hit: HitLocation, damage: int, dice: Dice, unit: str = "") -> Damaged:
    """Apply one damage group: armour first, then internal structure, then inwards (TW damage transfer)."""
    work = _Work(status, dice, unit)
    work.reasons.append(Reason("damage.group", damage=damage, unit=unit, hit=hit.reason))
    if hit.critical_chance:
        work.reasons.append(Reason("damage.critical_chance_on_two"))
    work.damage(hit.location, hit.rear, damage, through_armour=hit.critical_chance)
    return Damaged(work.status, tuple(work.reasons), work.wasted)


def wound_pilot(status: MechStatus, wounds: int, dice: Dice, why: str, unit: str = "") -> Damaged:
    work = _Work(status, dice, unit)
    work.wound(wounds, why)
    return Damaged(work.status, tuple(work.reasons))


def roll_criticals(status: MechStatus, location: str, dice: Dice, unit: str = "") -> Damaged:
    """One roll on the Determining Critical Hits table for ``location``, whatever its armour (a rule asks)."""
    work = _Work(status, dice, unit)
    work.criticals(location)
    return Damaged(work.status, tuple(work.reasons))


def explode_ammo(status: MechStatus, index: int, dice: Dice, why: str, unit: str = "") -> Damaged:
    work = _Work(status, dice, unit)
    work.explode(index, why)
    return Damaged(work.status, tuple(work.reasons), work.wasted)


class _Work:
    """The damage of one attack being worked out; the status is replaced step by step."""

    def __init__(self, status: MechStatus, dice: Dice, unit: str) -> None:
        self.status = status
        self.dice = dice
        self.unit = unit
        self.reasons: list[str] = []
        self.wasted = 0

    def damage(self, location: str, rear: bool, amount: int,
               through_armour: bool = False, internal_only: bool = False) -> None:
        while amount > 0:
            s = self.status
            if location in s.destroyed_locations:
                if location not in TRANSFER:
                    self.wasted += amount
                    return
                self.reasons.append(Reason("damage.transfer", location=LOCATION_NAMES[location], damage=amount,
                                           inner=LOCATION_NAMES[TRANSFER[location]]))
                location = TRANSFER[location]
                continue
            rear_armour = rear and location in TORSOS
            pool = s.rear_armour if rear_armour else s.armour
            absorbed = 0 if internal_only else min(pool.get(location, 0), amount)
            if absorbed:
                left = {**pool, location: pool[location] - absorbed}
                self.status = replace(s, rear_armour=left) if rear_armour else replace(s, armour=left)
                amount -= absorbed
                self.reasons.append(Reason("damage.rear_armour" if rear_armour else "damage.armour", damage=absorbed,
                                           location=LOCATION_NAMES[location]))
            if location == "HD" and not internal_only:
                self.wound(1, Reason("damage.head_hit"))  # TW: every damaging head hit wounds the pilot
            if through_armour:
                self.criticals(location)
                through_armour = False
            if amount <= 0:
                return
            s = self.status
            structure = min(s.internal[location], amount)
            self.status = replace(s, internal={**s.internal, location: s.internal[location] - structure})
            amount -= structure
            self.reasons.append(Reason("damage.internal", damage=structure, location=LOCATION_NAMES[location]))
            if self.status.internal[location] == 0:
                self.destroy_location(location, Reason("damage.internal_gone"))
            else:
                self.criticals(location)
            if self.status.destroyed and location not in TRANSFER:
                self.wasted += amount
                return

    def criticals(self, location: str) -> None:
        """TW 'Determining Critical Hits': 2D6, 8-9 one, 10-11 two, 12 three (a limb or the head is blown off)."""
        roll = self.dice.roll_2d6(Reason("damage.critical_roll", unit=self.unit, location=location))
        count = CRITICAL_CHANCE.get(roll.total, 0)
        if not count:
            self.reasons.append(Reason("damage.no_critical", location=location, roll=roll.total))
            return
        if count == 3 and location not in TORSOS:
            self.reasons.append(Reason("damage.blown_off", location=location, name=LOCATION_NAMES[location]))
            self.destroy_location(location, Reason("damage.blown_off_why"))
            return
        self.reasons.append(Reason("damage.criticals", location=location, roll=roll.total, count=count))
        for _ in range(count):
            self.critical_slot(location)

    def critical_slot(self, location: str) -> None:
        """Roll the slot: 12-slot locations roll 1D6 for the half then 1D6 for the slot; empty or already hit
        slots are rolled again (TW 'Roll Again')."""
        s = self.status
        open_slots = [slot for slot in range(SLOT_COUNT[location])
                      if (location, slot) not in s.hit_slots and s.design.slot_owner(location, slot) is not None]
        if not open_slots or location in s.destroyed_locations:
            self.reasons.append(Reason("damage.no_slot", location=LOCATION_NAMES[location]))
            return
        while True:
            half = 0
            if SLOT_COUNT[location] == 12:
                half_roll = self.dice.roll(1, 6, Reason("damage.slot_half_roll", unit=self.unit, location=location))
                half = 0 if half_roll.total <= 3 else 6
            slot = half + self.dice.roll(1, 6, Reason("damage.slot_roll", unit=self.unit, location=location)).total - 1
            if slot in open_slots:
                break
        index = s.design.slot_owner(location, slot)
        assert index is not None
        self.status = replace(s, hit_slots=s.hit_slots | {(location, slot)})
        component = s.component(index)
        self.reasons.append(Reason("damage.critical_hit", location=location, slot=slot + 1, component=component.label))
        self.critical_effect(index)

    def critical_effect(self, index: int) -> None:
        s = self.status
        component = s.component(index)
        if component.ammo_for and s.ammo.get(index, 0) > 0:
            self.explode(index, Reason("damage.ammo_critical"))
        elif component.name == "Cockpit":
            self.out_of_fight(Reason("damage.cockpit"))
        elif component.name == "Engine" and s.engine_hits >= ENGINE_HITS_DESTROY:
            self.out_of_fight(Reason("damage.engine"))

    def explode(self, index: int, why: str) -> None:
        """TW ammunition explosion: every shot left explodes into the internal structure of the location,
        transferring inwards, and the pilot takes 2 wounds."""
        s = self.status
        component = s.component(index)
        weapon = component.weapon_for_ammo
        shots = s.ammo[index]
        per_shot = weapon.damage_per_shot if weapon else 0
        damage = shots * per_shot
        self.status = replace(s, ammo={**s.ammo, index: 0})
        self.reasons.append(Reason("damage.explodes", why=why, component=component.label, shots=shots,
                                   per_shot=per_shot, damage=damage))
        self.wound(2, Reason("damage.ammo_explosion"))
        self.damage(component.location, False, damage, internal_only=True)

    def destroy_location(self, location: str, why: str) -> None:
        s = self.status
        # TW: a destroyed side torso takes its arm with it.
        arm = {"LT": "LA", "RT": "RA"}.get(location)
        gone = {location} | ({arm} if arm else set())
        self.status = replace(s, destroyed_locations=s.destroyed_locations | gone,
                              internal={**s.internal, **{loc: 0 for loc in gone}})
        if arm:
            self.reasons.append(Reason("damage.destroyed_with_arm", arm=LOCATION_NAMES[arm],
                                       torso=LOCATION_NAMES[location], why=why))
        else:
            self.reasons.append(Reason("damage.destroyed", location=LOCATION_NAMES[location], why=why))
        if location == "HD":
            self.out_of_fight(Reason("damage.head_destroyed"))
        elif location == "CT":
            self.out_of_fight(Reason("damage.centre_torso_destroyed"))
        elif self.status.engine_hits >= ENGINE_HITS_DESTROY:
            self.out_of_fight(Reason("damage.side_torso_engine"))

    def wound(self, wounds: int, why: str) -> None:
        """TW: each wound calls for a consciousness roll (3, 5, 7, 10, 11 for 1-5 wounds); the sixth kills."""
        s = self.status
        total = s.pilot_hits + wounds
        self.status = replace(s, pilot_hits=total)
        self.reasons.append(Reason("damage.wounds", wounds=wounds, why=why, total=total))
        if total >= KILLING_WOUNDS:
            self.out_of_fight(Reason("damage.pilot_killed"))
            return
        if s.conscious:
            target = CONSCIOUSNESS[total]
            roll = self.dice.roll_2d6(Reason("damage.consciousness_roll", unit=self.unit), target)
            if not roll.success:
                self.status = replace(self.status, conscious=False)
            outcome = "damage.conscious" if roll.success else "damage.knocked_out"
            self.reasons.append(Reason(outcome, roll=roll.total, target=target))

    def out_of_fight(self, why: Reason) -> None:
        if not self.status.destroyed:
            self.status = replace(self.status, destroyed=why)
            self.reasons.append(Reason("damage.out_of_fight", unit=self.unit, why=why))
