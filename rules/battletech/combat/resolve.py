"""The attack phases resolved: every to-hit number worked out on the state at the start of the phase, every
roll made, damage landing at the end (so a mech destroyed this phase still fires back: TW, weapon attack
phase); piloting rolls for the phase's damage and kicks come last."""

from __future__ import annotations


from collections.abc import Sequence
from dataclasses import replace

from rules.battletech.designs.design import LOCATION_NAMES, LOCATIONS
from rules.core.dice import Dice, Roll
from rules.battletech.state import GameState
from rules.core.hexes import turn
from rules.battletech.sight.los import Modifier
from rules.battletech.combat.physical import (
    RULES, attacker_damage, hit_column, physical_damage,
)
from rules.core.reasons import Reason, listed
from rules.battletech.combat.status import MechStatus
from rules.battletech.combat.tohit import (
    attack_direction, line_of_sight_rule,
)
from rules.battletech.designs.weapons import cluster_hits
from rules.battletech.combat.attacks import (
    AttackError, AttackResult, CombatReport, PhysicalOrder, PlannedAttack, SightRule, WeaponOrder, is_submerged,
    plan_physical_attack, plan_weapon_attack,
)
from rules.battletech.combat.phase import DAMAGE_GROUP, AttackPhase, flood


def resolve_weapon_attacks(state: GameState, orders: Sequence[WeaponOrder], dice: Dice,
                           sight: SightRule = line_of_sight_rule) -> tuple[GameState, CombatReport]:
    _one_per_unit(orders)
    plans = [attack for order in sorted(orders, key=lambda o: o.unit) for attack in plan_weapon_attack(state, order, sight)]
    phase = AttackPhase(state, dice)
    results = [_fire(phase, attack) for attack in plans]
    return phase.end("weapons", results)


def _fire(phase: AttackPhase, attack: PlannedAttack) -> AttackResult:
    assert attack.index is not None
    start = phase.start
    shooter = phase.mechs[attack.unit]
    weapon = shooter.component(attack.index).weapon
    assert weapon is not None
    phase.mechs[attack.unit] = _spend(phase.mechs[attack.unit], attack.index)
    roll, reasons = _roll_to_hit(phase.dice, attack)
    attacker, target = start.unit(attack.unit), start.unit(attack.target)
    if not roll.success:
        if phase.shelter(attack.target):  # "todos los disparos que … fallaran provocan todo su daño al edificio"
            damage = weapon.damage_per_shot
            reasons.append(phase.hit_building(target.hex, damage, Reason("combat.missed_shot", damage=damage)))
        return AttackResult(attack, roll, False, 0, tuple(reasons + [Reason("combat.miss")]))
    direction = attack_direction(target.hex, target.facing, attacker.hex)
    if attack.table_reason:
        reasons.append(attack.table_reason)
    if weapon.missiles:
        cluster = phase.dice.roll_2d6(Reason("combat.cluster_roll", unit=attack.unit, attack=attack.what))
        landed = cluster_hits(weapon.missiles, cluster.total)
        damage = landed * weapon.damage
        reasons.append(Reason("combat.cluster", roll=cluster.total, landed=landed, missiles=weapon.missiles))
        group = weapon.group or weapon.damage  # LRMs in 5-point groups, SRMs missile by missile
    else:
        damage, group = weapon.damage, 0
    reasons += phase.in_groups(attack.target, direction, attack.table, damage, group,
                               Reason("combat.attack", unit=attack.unit, attack=attack.what), attack=True)
    return AttackResult(attack, roll, True, damage, tuple(reasons))


def _one_per_unit(orders: Sequence[WeaponOrder | PhysicalOrder]) -> None:
    units = [order.unit for order in orders]
    twice = next((unit for index, unit in enumerate(units) if unit in units[:index]), None)
    if twice is not None:
        raise AttackError("order.duplicate", unit=twice)


def _roll_to_hit(dice: Dice, attack: PlannedAttack) -> tuple[Roll, list[str]]:
    roll = dice.roll_2d6(Reason("combat.to_hit_roll", unit=attack.unit, attack=attack.what, target=attack.target),
                         attack.to_hit.target)
    return roll, [Reason("combat.needs", attack=attack.what, target=attack.to_hit.target,
                         modifiers=listed(attack.to_hit.reasons), roll=roll.total)]


def _spend(status: MechStatus, index: int) -> MechStatus:
    """Mark the weapon fired and take one shot from the first bin that feeds it. Fire is simultaneous: a
    weapon loaded at the start of the phase fires even if its bin was hit earlier in the same phase."""
    weapon = status.component(index).weapon
    ammo = dict(status.ammo)
    if weapon is not None and weapon.uses_ammo:
        bin_ = next((i for i, shots in sorted(ammo.items()) if shots and status.component(i).ammo_for == weapon.name), None)
        if bin_ is not None:
            ammo[bin_] -= 1
    return replace(status, fired=status.fired | {index}, ammo=ammo)


def resolve_physical_attacks(state: GameState, orders: Sequence[PhysicalOrder], dice: Dice,
                             sight: SightRule = line_of_sight_rule) -> tuple[GameState, CombatReport]:
    _one_per_unit(orders)
    by_unit = {order.unit: order for order in orders}
    plans = [(by_unit[a.unit], a) for order in sorted(orders, key=lambda o: o.unit)
             for a in plan_physical_attack(state, order, sight)]
    phase = AttackPhase(state, dice)
    results = [_strike(phase, order, attack) for order, attack in plans]
    pushes = {order.unit: order.target for (order, _), result in zip(plans, results) if result.hit and order.kind == "push"}
    results = [replace(result, reasons=result.reasons + tuple(_push(phase, order, pushes)))
               if order.unit in pushes and order.kind == "push" else result
               for (order, _), result in zip(plans, results)]
    return phase.end("physical", results)


def _push(phase: AttackPhase, order: PhysicalOrder, pushes: dict[str, str]) -> list[str]:
    """TW push: after every physical attack is rolled, the target is displaced one hex straight ahead of the
    attacker and the attacker follows into the hex it left. Two mechs that push each other and both hit stay
    where they are (both still make their piloting rolls)."""
    if pushes.get(order.target) == order.unit:
        return [Reason("combat.push_each_other", unit=order.unit, target=order.target)]
    before = {unit.id: unit.hex for unit in phase.start.units}
    if any(phase.units[unit_id].hex != before[unit_id] for unit_id in (order.unit, order.target)):
        return [Reason("combat.push_moved", target=order.target, unit=order.unit)]
    return _land(phase, order, phase.units[order.unit].facing, Reason("combat.pushed"))


def _strike(phase: AttackPhase, order: PhysicalOrder, attack: PlannedAttack) -> AttackResult:
    start = phase.start
    rule = RULES[order.kind]
    attacker, target = start.unit(order.unit), start.unit(order.target)
    roll, reasons = _roll_to_hit(phase.dice, attack)
    if not roll.success:
        if rule.attacker_falls_on_miss:
            missed = Reason("combat.missed_dfa")
            reasons += _land(phase, order, attacker.hex.direction_to(target.hex), missed)
            reasons.append(Reason("combat.missed_dfa_falls"))
            reasons += phase.fall(order.unit, missed, levels=2, on_back=True)  # TW: two levels, on its back
        elif rule.attacker_psr_on_miss is not None:
            phase.psr_triggers[order.unit].append(Modifier(rule.attacker_psr_on_miss,
                                                           Reason("combat.missed", kind=order.kind)))
        return AttackResult(attack, roll, False, 0, tuple(reasons + [Reason("combat.miss")]))
    motion = start.motion(order.unit)
    damage, why = physical_damage(order.kind, order.limb, attacker, start.mechs[order.unit], motion)
    if is_submerged(start, attacker) or (order.kind == "dfa" and is_submerged(start, target)):
        damage, why = -(-damage // 2), Reason("combat.halved_underwater", why=why)
    reasons.append(why)
    direction = hit_column(order.kind, target, attack_direction(target.hex, target.facing, attacker.hex))
    if damage:
        group = DAMAGE_GROUP if order.kind in ("charge", "dfa") else 0
        reasons += phase.in_groups(order.target, direction, attack.table, damage, group,
                                   Reason("combat.attack", unit=order.unit, attack=order.kind), attack=True)
    if order.kind in ("charge", "dfa"):
        reasons += _land(phase, order, attacker.hex.direction_to(target.hex), Reason("combat.hit_by", kind=order.kind))
    own, own_why = attacker_damage(order.kind, attacker, target)
    if own:
        reasons.append(own_why)
        table = "kick" if order.kind == "dfa" else "standard"
        recoil = Reason("combat.recoil", kind=order.kind)
        reasons += phase.in_groups(order.unit, "front", table, own, DAMAGE_GROUP, recoil)
    if rule.target_psr is not None:
        phase.psr_triggers[order.target].append(Modifier(rule.target_psr, Reason("combat.hit_by", kind=order.kind)))
    if rule.attacker_psr_on_hit is not None:
        made = Reason("combat.made", kind=order.kind)
        phase.psr_triggers[order.unit].append(Modifier(rule.attacker_psr_on_hit, made))
    return AttackResult(attack, roll, True, damage, tuple(reasons))


def _land(phase: AttackPhase, order: PhysicalOrder, heading: int | None, why: str) -> list[str]:
    """Where a charge, death from above or push leaves both mechs (TW): the target is displaced one hex
    straight away from the attacker and the attacker takes the hex it left. When that hex cannot take the target
    after a death from above, TW ('DFA location after attack') wants the hex as close as possible to it, so
    the two hexes either side are tried next (after a missed one TW lets the target's player pick the hex;
    the referee picks in the same order). When none can, or a charged target cannot move, both mechs stay
    where they are (our reading: TW names no other place)."""
    assert heading is not None  # physical attacks are between adjacent hexes
    vacated = phase.units[order.target].hex
    sides = (turn(heading, -1), turn(heading, 1)) if order.kind == "dfa" else ()
    for direction in (heading, *sides):
        moved = phase.displace(order.target, direction, why)
        if moved is not None:
            # It steps onto the ground of that hex (the bottom, in water); no roll: it is not a displacement.
            depth = phase.start.board.terrain(vacated).depth
            phase.units[order.unit] = replace(phase.units[order.unit], hex=vacated, elevation=-depth)
            return [*moved, Reason("combat.attacker_follows", unit=order.unit, hex=vacated.label, target=order.target)]
    return [Reason("combat.not_displaced", target=order.target)]


def flood_bare_locations(state: GameState) -> tuple[GameState, tuple[str, ...]]:
    """Solaris VII 'Operaciones submarinas': a damaged mech that goes under water rolls no breach, but "si todo
    el blindaje de una localización es destruido, resulta inundada de forma automática". Our reading for the
    torsos: the front or the rear armour gone is enough (either way the water is in)."""
    mechs, reasons = dict(state.mechs), []
    for unit in state.units:
        status = mechs.get(unit.id)
        if status is None or status.destroyed or not is_submerged(state, unit):
            continue
        for location in LOCATIONS:
            if location in status.flooded | status.destroyed_locations:
                continue
            design = status.design
            bare = (design.armour[location] and not status.armour[location]) or (
                design.rear_armour.get(location) and not status.rear_armour.get(location))
            if bare:
                status = flood(status, location)
                reasons.append(Reason("combat.floods", unit=unit.id, location=LOCATION_NAMES[location]))
        mechs[unit.id] = status
    return replace(state, mechs=mechs), tuple(reasons)
