"""Physical attacks (Total Warfare 'Physical attacks'): punch, kick, charge, death from above and push.

Each has a to-hit number from the attacker's piloting skill, a damage, a location table and its
consequences (piloting rolls, the attacker's own damage). Simultaneous movement makes charges and
deaths from above mostly accidental (Solaris VII): the initiative winner stopped short of a contested
hex may charge the unit that took it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.battletech.designs.design import ARMS, LEGS, LOCATION_NAMES
from rules.battletech.sight.los import Modifier
from rules.battletech.movement.psr import charge_damage
from rules.core.reasons import Reason
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.combat.tohit import LineOfSight, ToHit, firing_arc, movement_modifiers, target_modifiers
from rules.battletech.units import Unit

PHYSICAL_KINDS = ("punch", "kick", "charge", "dfa", "push")


@dataclass(frozen=True, slots=True)
class PhysicalRule:
    """How one physical attack is rolled and what it does (TW physical attack tables)."""

    base: int  # modifier to the piloting skill
    location_table: str  # "punch", "kick" or "standard"; "" when the attack does no damage
    target_psr: int | None  # modifier of the target's piloting roll when hit, None when it needs none
    attacker_psr_on_hit: int | None
    attacker_falls_on_miss: bool
    attacker_psr_on_miss: int | None = None


RULES = {
    "punch": PhysicalRule(0, "punch", None, None, False),
    "kick": PhysicalRule(-2, "kick", 0, None, False, attacker_psr_on_miss=0),
    "charge": PhysicalRule(0, "standard", 2, 2, False),
    "dfa": PhysicalRule(0, "punch", 2, 4, True),
    "push": PhysicalRule(-1, "", 0, None, False),
}
ACTUATOR_PENALTY = {
    "punch": (("Upper Arm Actuator", 2), ("Lower Arm Actuator", 2), ("Hand Actuator", 1)),
    "kick": (("Upper Leg Actuator", 2), ("Lower Leg Actuator", 2), ("Foot Actuator", 1)),
}
HALVING_ACTUATORS = {
    "punch": ("Upper Arm Actuator", "Lower Arm Actuator"),
    "kick": ("Upper Leg Actuator", "Lower Leg Actuator"),
}


def physical_to_hit(
    kind: str, limb: str, attacker: Unit, status: MechStatus, motion: Motion,
    target: Unit, target_status: MechStatus | None, target_motion: Motion, sight: LineOfSight,
    climb: int = 0,
) -> ToHit:
    """``climb``: the target's ground level minus the attacker's."""
    rule = RULES[kind]
    mods = [Modifier(attacker.piloting, Reason("psr.piloting_skill", piloting=attacker.piloting))]
    why = _why_impossible(kind, limb, attacker, status, motion, target, sight, climb)
    if why:
        return ToHit.of(mods, ("attack.physical_not_allowed", why))
    if rule.base:
        mods.append(Modifier(rule.base, Reason("physical.base", kind=kind)))
    # TW: every physical attack takes the attacker movement modifier, a death from above its jump (+3).
    mods += movement_modifiers(attacker, motion)
    for name, penalty in ACTUATOR_PENALTY.get(kind, ()):
        if not status.working(name, limb) and not _hand_counted_in_lower_arm(status, name, limb):
            why = Reason("physical.actuator", actuator=name.lower(), location=LOCATION_NAMES[limb])
            mods.append(Modifier(penalty, why))
    if kind == "push":  # TW: each destroyed shoulder makes a push harder; a missing arm forbids it
        mods += [Modifier(2, Reason("physical.shoulder", location=LOCATION_NAMES[arm]))
                 for arm in ARMS if not status.working("Shoulder", arm)]
    if kind in ("charge", "dfa") and target_status is not None:  # TW: both add the piloting skill difference
        difference = attacker.piloting - target.piloting
        if difference:
            mods.append(Modifier(difference, Reason("physical.skill_difference")))
    mods += target_modifiers(target, target_status, target_motion, 1)
    mods += sight.modifiers
    return ToHit.of(mods)


def _hand_counted_in_lower_arm(status: MechStatus, name: str, limb: str) -> bool:
    """A hand actuator the arm was built without adds nothing when its lower arm actuator is missing too: the
    lower arm's +2 already covers the forearm (MegaMek: a missing hand is not cumulative with a missing lower arm;
    a hand that was there and is hit still adds its +1). TW's table lists both without saying; MegaMek's reading."""
    def built(part: str) -> bool:
        return status.working(part, limb) or status.hits(part, limb) > 0
    return name == "Hand Actuator" and not built(name) and not built("Lower Arm Actuator")


# TW: how far up (+) or down (-) each attack reaches. Solaris VII: no charge "a distintas elevaciones".
REACH = {"punch": (0, 1), "kick": (-1, 0), "charge": (0,), "push": (0,)}
# A prone mech lies flat, a level lower than a standing one: a punch reaches it only one level up, a kick only
# on the same level (TW; MegaMek's height check gives the same).
REACH_PRONE = {**REACH, "punch": (1,), "kick": (0,)}


def location_table(kind: str, climb: int, target_prone: bool = False) -> str:
    """TW: a punch at a target one level up lands on the kick table, a kick one level down on the punch table;
    a punch or kick that reaches a prone target, and a death from above on one, land on the standard table
    (see :func:`hit_column`; MegaMek resolves them the same way)."""
    if target_prone and kind in ("punch", "kick", "dfa"):
        return "standard"
    if kind == "punch" and climb == 1:
        return "kick"
    if kind == "kick" and climb == -1:
        return "punch"
    return RULES[kind].location_table


def hit_column(kind: str, target: Unit, direction: str) -> str:
    """The column of the location table: TW 'Death from above', prone target: the attacker lands on its back,
    so the rear column (MegaMek resolves it the same way); otherwise the attack direction's."""
    return "rear" if kind == "dfa" and target.prone else direction


def _why_impossible(kind: str, limb: str, attacker: Unit, status: MechStatus, motion: Motion,
                    target: Unit, sight: LineOfSight, climb: int) -> str:
    """The coded reason the attack cannot be made at all; "" when it can."""
    if attacker.hex.distance(target.hex) != 1:
        return Reason("physical.not_adjacent")
    if not sight.los:
        return Reason("physical.no_los")
    if attacker.prone:
        return Reason("physical.attacker_prone")
    if attacker.climbing:
        return Reason("physical.climbing")
    reach = REACH_PRONE if target.prone else REACH
    if kind in reach and climb not in reach[kind]:
        where = (Reason("level.up" if climb > 0 else "level.down", levels=abs(climb)) if climb
                 else Reason("level.same"))
        return Reason("physical.out_of_reach_prone" if target.prone else "physical.out_of_reach", kind=kind, where=where)
    arc = firing_arc(attacker.hex, attacker.facing, target.hex)
    check = {"punch": _why_not_punch, "kick": _why_not_kick, "charge": _why_not_charge, "dfa": _why_not_dfa,
             "push": _why_not_push}[kind]
    return check(limb, attacker, status, motion, target, arc)


def _fired_from(status: MechStatus, locations: tuple[str, ...]) -> bool:
    return any(status.component(i).location in locations for i in status.fired)


def _why_not_punch(limb: str, attacker: Unit, status: MechStatus, motion: Motion, target: Unit, arc: str) -> str:
    if limb not in ARMS or limb in status.destroyed_locations or not status.working("Shoulder", limb):
        return Reason("physical.no_arm", limb=limb)
    if _fired_from(status, (limb,)):
        return Reason("physical.arm_fired", location=LOCATION_NAMES[limb])
    if arc not in ("front", "left" if limb == "LA" else "right"):
        return Reason("physical.arm_arc", arc=arc, location=LOCATION_NAMES[limb])
    return ""


def _why_not_kick(limb: str, attacker: Unit, status: MechStatus, motion: Motion, target: Unit, arc: str) -> str:
    if limb not in LEGS or status.legs_destroyed or not status.working("Hip", limb):
        return Reason("physical.no_leg", limb=limb)
    if _fired_from(status, (limb,)):
        return Reason("physical.leg_fired", location=LOCATION_NAMES[limb])
    return Reason("physical.kick_arc") if arc != "front" else ""


def _why_not_charge(limb: str, attacker: Unit, status: MechStatus, motion: Motion, target: Unit, arc: str) -> str:
    if status.fired:
        return Reason("physical.charge_after_fire")
    if motion.moved not in ("walk", "run") or motion.hexes < 1:
        return Reason("physical.charge_needs_move")
    if target.prone:
        return Reason("physical.charge_prone")
    return Reason("physical.charge_arc") if arc != "front" else ""


def _why_not_dfa(limb: str, attacker: Unit, status: MechStatus, motion: Motion, target: Unit, arc: str) -> str:
    if status.fired:
        return Reason("physical.dfa_after_fire")
    return Reason("physical.dfa_needs_jump") if motion.moved != "jump" else ""


def _why_not_push(limb: str, attacker: Unit, status: MechStatus, motion: Motion, target: Unit, arc: str) -> str:
    if any(arm in status.destroyed_locations for arm in ARMS):
        return Reason("physical.push_arms")
    if _fired_from(status, ARMS):
        return Reason("physical.push_after_fire")
    if attacker.hex.direction_to(target.hex) != attacker.facing:
        return Reason("physical.push_ahead")
    return Reason("physical.push_prone") if target.prone else ""


def physical_damage(kind: str, limb: str, attacker: Unit, status: MechStatus, motion: Motion) -> tuple[int, Reason]:
    """Damage to the target (TW): punch tons/10, kick tons/5, charge tons/10 × hexes moved, death from above
    tons/10 × 3, each rounded up once at the end (the skid's charge, :func:`rules.battletech.movement.psr.charge_damage`: a 45-ton
    charge over 3 hexes does 14, not 5 × 3); each upper or lower actuator of the limb that is hit or missing
    halves a punch or kick, rounding down to at least 1 (TW 'Punch attacks': "round fractions down, to a
    minimum of 1")."""
    damage, why = {
        "punch": (-(-attacker.tons // 10), Reason("physical.punch_damage", tons=attacker.tons)),
        "kick": (attacker.tons // 5, Reason("physical.kick_damage", tons=attacker.tons)),
        "charge": (charge_damage(attacker.tons, motion.hexes),
                   Reason("physical.charge_damage", tons=attacker.tons, hexes=motion.hexes)),
        "dfa": (charge_damage(attacker.tons, 3), Reason("physical.dfa_damage", tons=attacker.tons)),
        "push": (0, Reason("physical.push_damage")),
    }[kind]
    for name in HALVING_ACTUATORS.get(kind, ()):
        if not status.working(name, limb):  # TW: damaged or not present, each halves: round down, at least 1
            damage, why = max(damage // 2, 1), Reason("physical.halved", why=why, actuator=name.lower())
    return damage, why


def attacker_damage(kind: str, attacker: Unit, target: Unit) -> tuple[int, str]:
    """The attacker's own damage (TW): a charger takes target tons/10, a death from above attacker its own tons/5
    (rounded up) on the legs."""
    if kind == "charge":
        return -(-target.tons // 10), Reason("physical.charge_recoil", tons=target.tons)
    if kind == "dfa":
        return -(-attacker.tons // 5), Reason("physical.dfa_recoil", tons=attacker.tons)
    return 0, ""
