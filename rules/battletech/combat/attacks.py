"""The attack phases' orders and their checks ("may I?"): what each declared attack needs to hit and where it
would land. :mod:`rules.battletech.combat.resolve` resolves them ("do it").

Both sides declare in secret; every to-hit number is worked out on the state at the start of the phase,
every roll is made, and damage lands at the end of the phase, so a mech destroyed this phase still fires
back (Total Warfare, weapon attack phase). Piloting rolls for the phase's damage and kicks come last.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from rules.core.board import Board
from rules.battletech.movement.buildings import inside, same_building, underwater
from rules.battletech.designs.design import LEGS
from rules.core.dice import Roll
from rules.core.errors import RuleError
from rules.battletech.state import GameState
from rules.core.hexes import Hex, turn
from rules.core.text import is_number
from rules.battletech.combat.physical import (
    PHYSICAL_KINDS, location_table, physical_to_hit,
)
from rules.core.reasons import Reason
from rules.battletech.combat.status import MechStatus
from rules.battletech.combat.tohit import (
    LineOfSight, ToHit, firing_arc, line_of_sight_rule, weapon_covers,
    weapon_to_hit,
)
from rules.battletech.units import Unit

BUILDING_ATTACKS = "Solaris VII 'Atacando unidades dentro de edificaciones'"


class AttackError(RuleError):
    code = "attack.illegal"


@dataclass(frozen=True, slots=True)
class WeaponOrder:
    """Fire ``weapons`` at ``target``. A weapon is named by its name ("Medium Laser"), its label with the
    location ("Medium Laser [RA]") or its component number; no weapons means holding fire."""

    unit: str
    target: str = ""
    weapons: tuple[str, ...] = ()
    twist: int = 0  # torso twist: -1 one hexside left, 1 right (TW); leg weapons keep the feet's facing


@dataclass(frozen=True, slots=True)
class PhysicalOrder:
    """One physical attack (``kind`` from PHYSICAL_KINDS, ``limb`` the arm or leg used); no target means none."""

    unit: str
    target: str = ""
    kind: str = ""
    limb: str = ""


@dataclass(frozen=True, slots=True)
class PlannedAttack:
    unit: str
    target: str
    what: str  # the weapon label or the physical attack
    index: int | None  # the weapon's component number
    to_hit: ToHit
    table: str = "standard"  # the hit location table: "standard", "punch" or "kick"
    table_reason: str = ""  # why hits use another table than the standard one


@dataclass(frozen=True, slots=True)
class AttackResult:
    attack: PlannedAttack
    roll: Roll
    hit: bool
    damage: int
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CombatReport:
    phase: str
    attacks: tuple[AttackResult, ...] = ()
    reasons: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = field(default=())
    # Units that changed hex during the phase (pushed, charged, displaced): (unit, from, to).
    displaced: tuple[tuple[str, Hex, Hex], ...] = ()
    # Building hexes damaged in the phase: (hex, damage, CF left); CF 0 means it collapsed.
    buildings: tuple[tuple[Hex, int, int], ...] = ()


SightRule = Callable[[GameState, Unit, Unit], LineOfSight]


# ---- may I? -----------------------------------------------------------------------------------------

def _combatants(state: GameState, unit_id: str, target_id: str) -> tuple[Unit, MechStatus, Unit, MechStatus]:
    attacker, target = state.unit(unit_id), state.unit(target_id)
    if unit_id not in state.mechs or target_id not in state.mechs:
        raise AttackError("attack.no_design")
    status = state.mechs[unit_id]
    if not status.active:
        raise AttackError("attack.cannot_act", unit=unit_id, why=status.destroyed or Reason("combat.inactive"))
    if unit_id == target_id:
        raise AttackError("attack.self", unit=unit_id)
    if state.mechs[target_id].destroyed:
        raise AttackError("attack.target_destroyed", unit=target_id)
    return attacker, status, target, state.mechs[target_id]


def plan_weapon_attack(state: GameState, order: WeaponOrder, sight: SightRule = line_of_sight_rule) -> tuple[PlannedAttack, ...]:
    """Check a weapon order; raise :class:`AttackError` naming the first weapon that cannot fire and why."""
    if not order.weapons:
        return ()
    attacker, status, target, target_status = _combatants(state, order.unit, order.target)
    if order.twist not in (-1, 0, 1) or (order.twist and attacker.prone):
        raise AttackError("attack.bad_twist", twist=order.twist)
    twisted = replace(attacker, facing=turn(attacker.facing, order.twist))

    def mount(index: int) -> Unit:
        """The attacker as the weapon sees it: leg weapons keep the feet's facing, the rest twist."""
        return attacker if status.component(index).location in LEGS else twisted

    line = sight(state, attacker, target)
    submerged = is_submerged(state, attacker)
    levels = _building_levels(state.board, attacker, target)
    table, table_reason = _location_table(line.partial_cover, attacker, target, levels)
    chosen: list[int] = []
    planned = []
    for ref in order.weapons:
        index = _weapon_index(status, ref, lambda i: firing_arc(mount(i).hex, mount(i).facing, target.hex), chosen)
        chosen.append(index)
        component = status.component(index)
        to_hit = weapon_to_hit(mount(index), status, state.motion(order.unit), index, target, target_status,
                               state.motion(order.target), line, levels, submerged, frozenset(chosen[:-1]))
        if to_hit.impossible:
            raise AttackError(to_hit.code, at=component.label, why=to_hit.impossible, weapon=ref)
        side = "right" if order.twist > 0 else "left"
        what = Reason("combat.twisted", weapon=component.label, side=side) if order.twist else component.label
        planned.append(PlannedAttack(order.unit, order.target, what, index, to_hit, table, table_reason))
    return tuple(planned)


def _building_levels(board: Board, attacker: Unit, target: Unit) -> int | None:
    """How many levels apart two units inside the same building are; None unless that is 1 or more."""
    if not (inside(board, attacker) and inside(board, target) and same_building(board, attacker.hex, target.hex)):
        return None
    return abs(attacker.elevation - target.elevation) or None


def _location_table(partial_cover: bool, attacker: Unit, target: Unit, levels: int | None) -> tuple[str, str]:
    """Which hit location table a weapon hit uses, and why when it is not the standard one.

    Solaris VII 'Combate entre edificios': a hit from another level of the same building rolls 1D6 on the
    "Tabla Especial de Localizaciones", which is cut from our copy. Standard reading (BattleTech's punch and
    kick tables are the 1D6 tables for hits from above and below): an attacker on a higher level rolls on the
    punch table, one on a lower level on the kick table."""
    if levels:
        above = attacker.elevation > target.elevation
        return ("punch", Reason("combat.table_from_above", levels=levels)) if above else (
            "kick", Reason("combat.table_from_below", levels=levels))
    if partial_cover:
        return "punch", Reason("combat.table_partial_cover")
    return "standard", ""


def _weapon_index(status: MechStatus, ref: str, arc_of: Callable[[int], str], chosen: list[int]) -> int:
    """Which weapon ``ref`` names. A bare name picks the first such weapon not yet chosen, preferring one
    that is intact and covers the target's arc, so "Medium Laser" twice fires two lasers."""
    weapons = status.design.weapons
    if is_number(ref):
        matches = [(i, c) for i, c in weapons if i == int(ref)]
    else:
        matches = [(i, c) for i, c in weapons if ref in (c.name, c.label)]
    if not matches:
        names = sorted({c.label for _, c in weapons})
        raise AttackError("attack.unknown_weapon", weapon=ref, design=status.design.name, weapons=names)
    fresh = [i for i, _ in matches if i not in chosen and i not in status.fired]
    if not fresh:
        raise AttackError("attack.already_fired", weapon=ref)
    usable = [i for i in fresh if not status.is_destroyed(i) and weapon_covers(status.component(i), arc_of(i))]
    return (usable or fresh)[0]


def plan_physical_attack(state: GameState, order: PhysicalOrder,
                         sight: SightRule = line_of_sight_rule) -> tuple[PlannedAttack, ...]:
    if not order.target:
        return ()
    if order.kind not in PHYSICAL_KINDS:
        raise AttackError("attack.unknown_kind", kind=order.kind, known=list(PHYSICAL_KINDS))
    attacker, status, target, target_status = _combatants(state, order.unit, order.target)
    if attacker.hex == target.hex:
        # Solaris VII 'Combate entre edificios' allows physical attacks inside a building "en el mismo nivel"
        # only and gives no rule for them across floors; our conservative reading refuses them.
        raise _not_allowed(order, Reason("physical.across_floors", rule=BUILDING_ATTACKS, unit=target.id))
    if inside(state.board, target) and not (inside(state.board, attacker)
                                            and same_building(state.board, attacker.hex, target.hex)):
        raise _not_allowed(order, Reason("physical.from_outside", rule=BUILDING_ATTACKS))
    if order.kind == "dfa" and is_submerged(state, attacker):
        raise _not_allowed(order, Reason("physical.dfa_submerged"))
    climb = _climb(state, attacker, target)
    to_hit = physical_to_hit(order.kind, order.limb, attacker, status, state.motion(order.unit), target,
                             target_status, state.motion(order.target), sight(state, attacker, target), climb)
    if to_hit.impossible:
        raise _not_allowed(order, to_hit.impossible, to_hit.code)
    what = Reason("combat.physical_limb", kind=order.kind, limb=order.limb) if order.limb else order.kind
    return (PlannedAttack(order.unit, order.target, what, None, to_hit,
                          location_table(order.kind, climb, target.prone)),)


def _not_allowed(order: PhysicalOrder, why: str, code: str = "attack.physical_not_allowed") -> AttackError:
    """The physical attack refused, said at its kind (``kick: …``)."""
    return AttackError(code, at=Reason("combat.at_attack", attack=order.kind), why=why, kind=order.kind)


def _climb(state: GameState, attacker: Unit, target: Unit) -> int:
    """How many levels the target stands above the attacker (TW: physical attacks compare where the mechs
    stand): the hex levels plus each unit's elevation (a building floor, a climb, the bottom of water)."""
    def standing(unit: Unit) -> int:
        return state.board.terrain(unit.hex).level + unit.elevation

    return standing(target) - standing(attacker)


def is_submerged(state: GameState, unit: Unit) -> bool:
    return underwater(state.board.terrain(unit.hex), unit)
