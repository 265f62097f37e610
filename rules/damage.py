"""Damage: where a hit lands, armour → internal structure → transfer inwards, critical hits, ammunition
explosions, destroyed locations and the pilot's wounds (Total Warfare, 'Combat: damage')."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.designs import LOCATION_NAMES, SLOT_COUNT, TORSOS, TRANSFER
from rules.dice import Dice
from rules.status import MechStatus

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
        roll = dice.roll_2d6(f"hit location ({direction}) {why}")
        location = HIT_LOCATION[direction][roll.total]
        chance = roll.total == 2
    else:
        roll = dice.roll(1, f"{table} location ({direction}) {why}")
        location = (PUNCH_LOCATION if table == "punch" else KICK_LOCATION)[direction][roll.total]
        chance = False
    rear = direction == "rear" and location in TORSOS
    name = f"{LOCATION_NAMES[location]}{' (rear)' if rear else ''}"
    return HitLocation(location, rear, chance, f"{table} location table, {direction}, roll {roll.total}: {name}")


@dataclass(frozen=True, slots=True)
class Damaged:
    """A status after damage and what happened; ``wasted`` is damage that had nowhere left to go."""

    status: MechStatus
    reasons: tuple[str, ...]
    wasted: int = 0


def apply_damage(status: MechStatus, hit: HitLocation, damage: int, dice: Dice, unit: str = "") -> Damaged:
    """Apply one damage group: armour first, then internal structure, then inwards (TW damage transfer)."""
    work = _Work(status, dice, unit)
    work.reasons.append(f"{damage} damage to {unit} {hit.reason}")
    if hit.critical_chance:
        work.reasons.append("a 2 on the hit location table: critical chance even through armour")
    work.damage(hit.location, hit.rear, damage, through_armour=hit.critical_chance)
    return Damaged(work.status, tuple(work.reasons), work.wasted)


def wound_pilot(status: MechStatus, wounds: int, dice: Dice, why: str, unit: str = "") -> Damaged:
    work = _Work(status, dice, unit)
    work.wound(wounds, why)
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
                inner = LOCATION_NAMES[TRANSFER[location]]
                self.reasons.append(f"{LOCATION_NAMES[location]} already destroyed: {amount} transfer to {inner}")
                location = TRANSFER[location]
                continue
            rear_armour = rear and location in TORSOS
            pool = s.rear_armour if rear_armour else s.armour
            absorbed = 0 if internal_only else min(pool.get(location, 0), amount)
            if absorbed:
                left = {**pool, location: pool[location] - absorbed}
                self.status = replace(s, rear_armour=left) if rear_armour else replace(s, armour=left)
                amount -= absorbed
                self.reasons.append(f"{absorbed} to {LOCATION_NAMES[location]}{' rear' if rear_armour else ''} armour")
            if location == "HD" and not internal_only:
                self.wound(1, "head hit: the cockpit shakes")  # TW: every damaging head hit wounds the pilot
            if through_armour:
                self.criticals(location)
                through_armour = False
            if amount <= 0:
                return
            s = self.status
            structure = min(s.internal[location], amount)
            self.status = replace(s, internal={**s.internal, location: s.internal[location] - structure})
            amount -= structure
            self.reasons.append(f"{structure} to {LOCATION_NAMES[location]} internal structure")
            if self.status.internal[location] == 0:
                self.destroy_location(location, "internal structure gone")
            else:
                self.criticals(location)
            if self.status.destroyed and location not in TRANSFER:
                self.wasted += amount
                return

    def criticals(self, location: str) -> None:
        """TW 'Determining Critical Hits': 2D6, 8-9 one, 10-11 two, 12 three (a limb or the head is blown off)."""
        roll = self.dice.roll_2d6(f"critical chance {self.unit} {location}")
        count = CRITICAL_CHANCE.get(roll.total, 0)
        if not count:
            self.reasons.append(f"critical chance {location}: rolled {roll.total}, no critical hit")
            return
        if count == 3 and location not in TORSOS:
            self.reasons.append(f"critical chance {location}: rolled 12, {LOCATION_NAMES[location]} blown off")
            self.destroy_location(location, "blown off by a critical hit")
            return
        self.reasons.append(f"critical chance {location}: rolled {roll.total}, {count} critical hit(s)")
        for _ in range(count):
            self.critical_slot(location)

    def critical_slot(self, location: str) -> None:
        """Roll the slot: 12-slot locations roll 1D6 for the half then 1D6 for the slot; empty or already hit
        slots are rolled again (TW 'Roll Again')."""
        s = self.status
        open_slots = [slot for slot in range(SLOT_COUNT[location])
                      if (location, slot) not in s.hit_slots and s.design.slot_owner(location, slot) is not None]
        if not open_slots or location in s.destroyed_locations:
            self.reasons.append(f"no critical slot left in {LOCATION_NAMES[location]}")
            return
        while True:
            half = 0
            if SLOT_COUNT[location] == 12:
                half = 0 if self.dice.roll(1, f"critical slot half {self.unit} {location}").total <= 3 else 6
            slot = half + self.dice.roll(1, f"critical slot {self.unit} {location}").total - 1
            if slot in open_slots:
                break
        index = s.design.slot_owner(location, slot)
        assert index is not None
        self.status = replace(s, hit_slots=s.hit_slots | {(location, slot)})
        component = s.component(index)
        self.reasons.append(f"critical hit: {location} slot {slot + 1}, {component.label}")
        self.critical_effect(index)

    def critical_effect(self, index: int) -> None:
        s = self.status
        component = s.component(index)
        if component.ammo_for and s.ammo.get(index, 0) > 0:
            self.explode(index, "critical hit on ammunition")
        elif component.name == "Cockpit":
            self.out_of_fight("cockpit destroyed: the pilot is killed")
        elif component.name == "Engine" and s.engine_hits >= ENGINE_HITS_DESTROY:
            self.out_of_fight("three engine critical hits: engine destroyed")

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
        self.reasons.append(f"{why}: {component.label} explodes, {shots} shots × {per_shot} = {damage} damage")
        self.wound(2, "ammunition explosion")
        self.damage(component.location, False, damage, internal_only=True)

    def destroy_location(self, location: str, why: str) -> None:
        s = self.status
        gone = {location}
        if location in ("LT", "RT"):
            gone.add("LA" if location == "LT" else "RA")  # TW: a destroyed side torso takes its arm with it
        self.status = replace(s, destroyed_locations=s.destroyed_locations | gone,
                              internal={**s.internal, **{loc: 0 for loc in gone}})
        self.reasons.append(f"{' and '.join(LOCATION_NAMES[loc] for loc in sorted(gone))} destroyed ({why})")
        if location == "HD":
            self.out_of_fight("head destroyed")
        elif location == "CT":
            self.out_of_fight("centre torso destroyed")
        elif self.status.engine_hits >= ENGINE_HITS_DESTROY:
            self.out_of_fight("side torso with engine slots destroyed: engine destroyed")

    def wound(self, wounds: int, why: str) -> None:
        """TW: each wound calls for a consciousness roll (3, 5, 7, 10, 11 for 1-5 wounds); the sixth kills."""
        s = self.status
        total = s.pilot_hits + wounds
        self.status = replace(s, pilot_hits=total)
        self.reasons.append(f"pilot takes {wounds} wound(s) ({why}): {total} in all")
        if total >= KILLING_WOUNDS:
            self.out_of_fight("pilot killed")
            return
        if s.conscious:
            target = CONSCIOUSNESS[total]
            roll = self.dice.roll_2d6(f"consciousness {self.unit}", target)
            if not roll.success:
                self.status = replace(self.status, conscious=False)
            outcome = "stays conscious" if roll.success else "knocked out"
            self.reasons.append(f"consciousness roll {roll.total} against {target}: {outcome}")

    def out_of_fight(self, why: str) -> None:
        if not self.status.destroyed:
            self.status = replace(self.status, destroyed=why)
            self.reasons.append(f"{self.unit} is out of the fight: {why}")
