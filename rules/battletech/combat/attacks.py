"""The attack phases: orders, their checks ("may I?") and their simultaneous resolution ("do it").

Both sides declare in secret; every to-hit number is worked out on the state at the start of the phase,
every roll is made, and damage lands at the end of the phase, so a mech destroyed this phase still fires
back (Total Warfare, weapon attack phase). Piloting rolls for the phase's damage and kicks come last.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from math import ceil

from rules.core.board import Board
from rules.battletech.movement.buildings import (
    BASEMENT_BY_ROLL, BASEMENTS, BUILDING_FEATURES, Building, bridge_at, building_at, without_bridge,
    collapse_damage, destroyed_by, inside, occupies, same_building, underwater, wall_damage_to_building,
)
from rules.battletech.combat.damage import ENGINE_HITS_DESTROY, HitLocation, apply_damage, roll_criticals, roll_location
from rules.battletech.designs.design import LEGS, LOCATION_NAMES, LOCATIONS
from rules.core.dice import Dice, Roll
from rules.core.errors import RuleError
from rules.battletech.combat.falls import fall, piloting_roll
from rules.battletech.state import GameState
from rules.core.hexes import Hex, turn
from rules.core.text import is_number
from rules.battletech.sight.los import WOODS_MODIFIER, Modifier
from rules.battletech.combat.physical import (
    PHYSICAL_KINDS, RULES, attacker_damage, hit_column, location_table, physical_damage, physical_to_hit,
)
from rules.battletech.movement.psr import water_modifier
from rules.core.reasons import Reason, listed
from rules.battletech.combat.status import MechStatus
from rules.core.timeline import Event
from rules.battletech.movement.result import buildings_hit
from rules.battletech.combat.tohit import (
    LineOfSight, ToHit, attack_direction, firing_arc, line_of_sight_rule, target_movement_modifier, weapon_covers,
    weapon_to_hit,
)
from rules.battletech.units import Unit
from rules.battletech.movement.walk import MOVING_KINDS
from rules.battletech.designs.weapons import cluster_hits

BUILDING_ATTACKS = "Solaris VII 'Atacando unidades dentro de edificaciones'"
HULL_BREACH = 10
ACCIDENTAL_FALL_TO_HIT = 7  # TW 'Accidental falls from above', base to-hit (MegaMek's base is the same)
PSR_DAMAGE_THRESHOLD = 20  # TW: 20 or more damage in one phase calls for a piloting roll (+1)
DAMAGE_GROUP = 5


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
        raise AttackError("attacks are between units with a mech design", code="attack.no_design")
    status = state.mechs[unit_id]
    if not status.active:
        raise AttackError(f"{unit_id} cannot attack: {status.destroyed or 'shut down, unconscious or surrendered'}",
                          code="attack.cannot_act", unit=unit_id)
    if unit_id == target_id:
        raise AttackError("a unit cannot attack itself", code="attack.self", unit=unit_id)
    if state.mechs[target_id].destroyed:
        raise AttackError(f"{target_id} is already out of the fight", code="attack.target_destroyed", unit=target_id)
    return attacker, status, target, state.mechs[target_id]


def plan_weapon_attack(state: GameState, order: WeaponOrder, sight: SightRule = line_of_sight_rule) -> tuple[PlannedAttack, ...]:
    """Check a weapon order; raise :class:`AttackError` naming the first weapon that cannot fire and why."""
    if not order.weapons:
        return ()
    attacker, status, target, target_status = _combatants(state, order.unit, order.target)
    if order.twist not in (-1, 0, 1) or (order.twist and attacker.prone):
        raise AttackError("a standing mech may twist its torso one hexside (twist -1, 0 or 1)", code="attack.bad_twist")
    twisted = replace(attacker, facing=turn(attacker.facing, order.twist))

    def mount(index: int) -> Unit:
        """The attacker as the weapon sees it: leg weapons keep the feet's facing, the rest twist."""
        return attacker if status.component(index).location in LEGS else twisted

    line = sight(state, attacker, target)
    submerged = _submerged(state, attacker)
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
            raise AttackError(f"{component.label}: {to_hit.impossible}", code=to_hit.code, weapon=ref)
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
        raise AttackError(f"{ref!r} is not a weapon of {status.design.name}; it has {', '.join(names)}",
                          code="attack.unknown_weapon", weapon=ref)
    fresh = [i for i, _ in matches if i not in chosen and i not in status.fired]
    if not fresh:
        raise AttackError(f"{ref!r} has already fired this turn", code="attack.already_fired", weapon=ref)
    usable = [i for i in fresh if not status.is_destroyed(i) and weapon_covers(status.component(i), arc_of(i))]
    return (usable or fresh)[0]


def plan_physical_attack(state: GameState, order: PhysicalOrder,
                         sight: SightRule = line_of_sight_rule) -> tuple[PlannedAttack, ...]:
    if not order.target:
        return ()
    if order.kind not in PHYSICAL_KINDS:
        raise AttackError(f"unknown physical attack {order.kind!r}; known: {', '.join(PHYSICAL_KINDS)}",
                          code="attack.unknown_kind", kind=order.kind)
    attacker, status, target, target_status = _combatants(state, order.unit, order.target)
    if attacker.hex == target.hex:
        # Solaris VII 'Combate entre edificios' allows physical attacks inside a building "en el mismo nivel"
        # only and gives no rule for them across floors; our conservative reading refuses them.
        raise AttackError(f"{order.kind}: {BUILDING_ATTACKS}: {target.id} is on another floor of this building hex; "
                          "physical attacks across floors are not allowed", code="attack.physical_not_allowed",
                          kind=order.kind)
    if inside(state.board, target) and not (inside(state.board, attacker)
                                            and same_building(state.board, attacker.hex, target.hex)):
        raise AttackError(f"{order.kind}: {BUILDING_ATTACKS}: no physical attack from outside a building on a "
                          "unit inside it", code="attack.physical_not_allowed", kind=order.kind)
    if order.kind == "dfa" and _submerged(state, attacker):
        raise AttackError("dfa: a submerged mech cannot make a death from above, its jump jets do not work underwater "
                          "(Solaris VII 'Operaciones submarinas')", code="attack.physical_not_allowed", kind=order.kind)
    climb = _climb(state, attacker, target)
    to_hit = physical_to_hit(order.kind, order.limb, attacker, status, state.motion(order.unit), target,
                             target_status, state.motion(order.target), sight(state, attacker, target), climb)
    if to_hit.impossible:
        raise AttackError(f"{order.kind}: {to_hit.impossible}", code=to_hit.code, kind=order.kind)
    what = Reason("combat.physical_limb", kind=order.kind, limb=order.limb) if order.limb else order.kind
    return (PlannedAttack(order.unit, order.target, what, None, to_hit,
                          location_table(order.kind, climb, target.prone)),)


# ---- do it ------------------------------------------------------------------------------------------

class _Phase:
    """Damage and consequences accumulated during one phase, applied to the state at its end."""

    def __init__(self, state: GameState, dice: Dice, damage_psr: bool = True) -> None:
        self.start = state
        self.dice = dice
        self.damage_psr = damage_psr  # does the phase's damage count toward the 20-damage piloting roll?
        self.first_roll = len(dice.rolls)
        self.mechs = dict(state.mechs)
        self.units = {unit.id: unit for unit in state.units}
        self.damage_taken = dict.fromkeys(state.mechs, 0)
        self.psr_triggers: dict[str, list[Modifier]] = {unit_id: [] for unit_id in state.mechs}
        self.reasons: list[str] = []
        # Damage each building hex takes this phase; its CF drops only at the end ("sólo después de que
        # todo el fuego de armas se haya completado"), so every attack meets the CF of the phase start.
        self.building_damage: dict[Hex, int] = {}
        # Building hexes that came down under the weight on one of their levels (in the movement phase).
        self.weight_collapses: frozenset[Hex] = frozenset()

    def damage(self, unit_id: str, hit: HitLocation, amount: int) -> list[str]:
        result = apply_damage(self.mechs[unit_id], hit, amount, self.dice, unit_id)
        self.mechs[unit_id] = result.status
        self.damage_taken[unit_id] += amount
        reasons = list(result.reasons)
        if _submerged(self.start, self.units[unit_id]):
            reasons += self.breach(unit_id, hit.location)
        return reasons

    def breach(self, unit_id: str, location: str) -> list[str]:
        """Solaris VII underwater operations: each damaging hit on a submerged unit rolls 2D6; 10+ breaches
        the location, which floods: its components stop working (engine slots count as engine hits)."""
        status = self.mechs[unit_id]
        if location in status.flooded | status.destroyed_locations:
            return []
        roll = self.dice.roll_2d6(Reason("combat.breach_roll", unit=unit_id, location=location), HULL_BREACH)
        if not roll.success:
            return [Reason("combat.breach_holds", roll=roll.total, target=HULL_BREACH, location=location)]
        self.mechs[unit_id] = flood(status, location)
        return [Reason("combat.breach_floods", roll=roll.total, target=HULL_BREACH, location=location)]

    def in_groups(self, unit_id: str, direction: str, table: str, amount: int, group: int, why: str,
                  attack: bool = False) -> list[str]:
        """Damage in groups, each with its own hit location roll. An ``attack`` on a unit inside a building
        loses ceil(CF / 10) of every group to the building (Solaris VII 'Atacando unidades dentro de
        edificaciones': "a este efecto, un ataque es cada grupo de daño individual")."""
        reasons: list[str] = []
        shelter = self.shelter(unit_id) if attack else None
        while amount > 0:
            chunk = min(group, amount) if group else amount
            amount -= chunk
            hit = roll_location(direction, self.dice, why, table)
            if shelter is not None:
                absorbed = min(chunk, ceil(shelter.cf / 10))
                if absorbed:
                    absorbs = Reason("combat.building_absorbs", absorbed=absorbed, damage=chunk, hit=hit.reason)
                    reasons.append(self.hit_building(self.units[unit_id].hex, absorbed, absorbs))
                chunk -= absorbed
            if chunk:
                reasons += self.damage(unit_id, hit, chunk)
        return reasons

    def shelter(self, unit_id: str) -> Building | None:
        """The building around the unit as it stood at the start of the phase (its CF then)."""
        return inside(self.start.board, self.units[unit_id])

    def hit_building(self, hex_: Hex, damage: int, what: Reason) -> Reason:
        self.building_damage[hex_] = self.building_damage.get(hex_, 0) + damage
        return Reason("combat.building_hit", hex=hex_.label, what=what)

    def walls(self, unit: Unit, destination: Hex) -> list[str]:
        """Solaris VII 'Entrando en Edificaciones': a mech or vehicle displaced through a building's wall (out
        of a building it was inside, into a building hex's ground floor) costs that building ceil(tons / 10),
        as one that walks through does, settled with the phase's other building damage. Not modelled: the
        displaced unit's own wall roll."""
        board = self.start.board
        if unit.kind == "infantry":
            return []
        walls = [unit.hex] if inside(board, unit) and not same_building(board, unit.hex, destination) else []
        walls += [destination] if building_at(board.terrain(destination)) else []
        damage = wall_damage_to_building(unit)
        for hex_ in walls:
            self.building_damage[hex_] = self.building_damage.get(hex_, 0) + damage
        return [Reason("combat.building_wall", hex=hex_.label, damage=damage, unit=unit.id) for hex_ in walls]

    def end(self, name: str, results: Sequence[AttackResult]) -> tuple[GameState, CombatReport]:
        board, buildings = self._settle_buildings(name)
        self._piloting_rolls()
        units = tuple(self.units[unit.id] for unit in self.start.units)
        state = replace(self.start, board=board, units=units, mechs=self.mechs)
        displaced = tuple((after.id, before.hex, after.hex) for before, after in zip(self.start.units, units)
                          if before.hex != after.hex)
        rolls = tuple(self.dice.rolls[self.first_roll:])
        return state, CombatReport(name, tuple(results), tuple(self.reasons), rolls, displaced, buildings)

    def _settle_buildings(self, phase: str) -> tuple[Board, tuple[tuple[Hex, int, int], ...]]:
        """The phase's damage lands on the buildings: the CF drops, and a building hex whose damage reaches
        its CF collapses now, at the end of the phase (Solaris VII 'Colapso'), leaving rubble, as does one
        that came down under the weight on one of its levels during the movement phase. A bridge that came
        down under the weight on its deck leaves the river (its units fell with it in the timeline)."""
        board, hexes, settled = self.start.board, dict(self.start.board.hexes), []
        for hex_ in sorted(self.building_damage.keys() | self.weight_collapses, key=lambda hex_: hex_.label):
            damage, terrain = self.building_damage.get(hex_, 0), board.terrain(hex_)
            building = building_at(terrain)
            if building is None:  # only building hexes take damage; a bridge comes down only under weight
                bridge = bridge_at(terrain)
                assert bridge is not None and hex_ in self.weight_collapses
                settled.append((hex_, 0, 0))
                hexes[hex_] = without_bridge(terrain)
                self.reasons.append(Reason("combat.bridge_collapses_weight", hex=hex_.label, cf=bridge.cf))
                continue
            left = 0 if destroyed_by(building, damage) or hex_ in self.weight_collapses else building.cf - damage
            settled.append((hex_, damage, left))
            if left:
                hexes[hex_] = replace(terrain, features={**terrain.features, "bldg_cf": left})
                self.reasons.append(Reason("combat.building_damaged", hex=hex_.label, damage=damage, cf=building.cf,
                                           left=left))
                continue
            if hex_ in self.weight_collapses:
                self.reasons.append(Reason("combat.building_collapses_weight", hex=hex_.label, cf=building.cf,
                                           damage=damage))
            elif phase == "movement":
                self.reasons.append(Reason("combat.building_collapses_movement", hex=hex_.label, damage=damage,
                                           cf=building.cf))
            else:
                self.reasons.append(Reason("combat.building_collapses", hex=hex_.label, damage=damage, cf=building.cf))
            kept = {name: level for name, level in terrain.features.items() if name not in BUILDING_FEATURES}
            hexes[hex_] = replace(terrain, features={**kept, "rubble": terrain.get("building")})
            for unit in [unit for unit in self.units.values() if unit.hex == hex_]:
                self.reasons += self._caught_in_collapse(unit, building)
        return replace(board, hexes=hexes), tuple(settled)

    def _caught_in_collapse(self, unit: Unit, building: Building) -> list[str]:
        """Solaris VII 'Colapso': CF at the start of the phase / 10 × the levels above the unit (rounded up;
        on the roof as on the top floor); a mech above level 0 also takes falling damage. Not in the text:
        how the damage lands; here 5-point groups on the front column, as falling damage does (our reading)."""
        damage = collapse_damage(building, unit.elevation, unit.kind)
        reasons: list[str] = [Reason("combat.caught_in_collapse", unit=unit.id, damage=damage)]
        self.units[unit.id] = replace(unit, elevation=0)
        if unit.id not in self.mechs:
            return reasons
        collapse = Reason("combat.building_collapse")
        reasons += self.in_groups(unit.id, "front", "standard", damage, DAMAGE_GROUP, collapse)
        if unit.elevation > 0 and not self.mechs[unit.id].destroyed:
            reasons += self.fall(unit.id, collapse, levels=unit.elevation)
        return reasons

    def _piloting_rolls(self) -> None:
        """TW: end-of-phase piloting rolls, one per cause, until one fails and the mech falls; a leg destroyed
        this phase is a fall without a roll."""
        for unit_id, status in sorted(self.mechs.items()):
            unit, before = self.units[unit_id], self.start.mechs[unit_id]
            causes = list(self.psr_triggers[unit_id])
            if self.damage_psr and self.damage_taken[unit_id] >= PSR_DAMAGE_THRESHOLD:
                causes.append(Modifier(1, Reason("combat.damage_this_phase", damage=self.damage_taken[unit_id])))
            lost_legs = [leg for leg in LEGS if leg in status.destroyed_locations - before.destroyed_locations]
            # Components are compared only when something was lost this phase (asked for every mech).
            lost = (status.hit_slots, status.destroyed_locations, status.flooded) != (
                before.hit_slots, before.destroyed_locations, before.flooded)
            for name in ("Gyro", "Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator") if lost else ():
                if status.hits(name) > before.hits(name):
                    causes.append(Modifier(0, Reason("combat.component_hit", component=name.lower())))
            if before.conscious and not status.conscious:
                causes.append(Modifier(0, Reason("combat.pilot_knocked_out")))
            if status.destroyed or unit.prone or not (causes or lost_legs):
                continue
            if lost_legs:  # TW piloting skill roll table: a leg destroyed is a fall, no roll (MegaMek: the same)
                self.reasons.append(Reason("combat.leg_lost_falls", leg=lost_legs[0]))
                self.reasons += self.fall(unit_id, Reason("combat.leg_destroyed", leg=lost_legs[0]))
                continue
            for cause in causes:
                extra = (cause,) if cause.value else ()
                stays, reasons = piloting_roll(unit, status, cause.reason, extra, self.dice)
                self.reasons += reasons
                if not stays:
                    self.reasons += self.fall(unit_id, cause.reason)
                    break

    def displace(self, unit_id: str, direction: int, why: str) -> list[str] | None:
        """TW 'Unit displacement': move the unit one hex towards ``direction``, keeping its facing. None when
        it cannot go (off the map, or 2+ levels up: a hex it could not enter), and then nothing moves.
        A unit displaced 2+ levels down falls that far, onto the unit below if the hex is held
        (:meth:`fall_onto`). An occupied hex otherwise pushes its occupant on in the same direction first
        (TW domino effect): the occupant makes a piloting roll and falls where it lands if it fails. Not
        modelled: the occupant's option to dodge by stepping forward or backward after a passed roll (it
        needs MP left from the movement phase)."""
        unit = self.units[unit_id]
        destination = unit.hex.neighbour(direction)
        if destination not in self.start.board:
            return None
        rise = self.start.board.terrain(destination).level - self.start.board.terrain(unit.hex).level
        if rise >= 2:
            return None
        reasons = []
        # It stands on the ground of its new hex: the bottom of water (TW; Solaris VII 'un BattleMech en el
        # agua permanece en el fondo'), else level 0 (the ground floor of a building).
        depth = self.start.board.terrain(destination).depth
        occupant = next((other.id for other in self.units.values()
                         if occupies(self.start.board, other, destination, -depth)), None)
        if occupant is not None and rise <= -2 and unit_id in self.mechs and occupant in self.mechs:
            return self.fall_onto(unit_id, occupant, direction, why)
        if occupant is not None:
            pushed_on = self.displace(occupant, direction, Reason("combat.domino_from", unit=unit_id))
            if pushed_on is None:
                return None
            reasons += pushed_on
            if occupant in self.mechs and not self.units[occupant].prone:
                domino = Reason("combat.domino")
                stays, rolled = piloting_roll(self.units[occupant], self.mechs[occupant], domino, (), self.dice)
                reasons += rolled
                if not stays:
                    reasons += self.fall(occupant, domino)
        self.units[unit_id] = replace(unit, hex=destination, elevation=-depth)
        reasons.insert(0, Reason("combat.displaced", unit=unit_id, hex=destination.label, why=why))
        reasons += self.walls(unit, destination)
        if unit_id not in self.mechs:
            return reasons
        if rise <= -2:
            reasons += self.fall(unit_id, Reason("combat.displaced_down", levels=-rise), levels=-rise)
        elif depth and not unit.prone:  # Solaris VII: a roll for each water hex of depth 1+ a mech enters
            water, modifier = water_modifier(depth)
            into = Reason("combat.displaced_water")
            stays, rolled = piloting_roll(self.units[unit_id], self.mechs[unit_id], into, (Modifier(modifier, water),),
                                          self.dice)
            reasons += rolled if stays else [*rolled, *self.fall(unit_id, into)]
        return reasons

    def fall_onto(self, unit_id: str, occupant: str, direction: int, why: str) -> list[str] | None:
        """TW 'Accidental falls from above' (the Solaris VII texts are silent; MegaMek has the same to-hit, table and
        landing, but truncates the damage and always rolls on the front column): a unit displaced 2+ levels down
        into a held hex rolls 2D6 against 7 plus the target movement modifier of the unit below and the woods (or
        smoke) of its hex. A hit: the unit below takes the falling unit's tons / 10 (rounded up, as our other
        physical damage) in 5-point groups on the punch table, attack direction's column, makes a piloting roll at
        +2 and is displaced on (straight, then the hexes either side, as after a death from above); the falling
        unit falls into the hex on its back. A miss, or a unit below that cannot be displaced: the falling unit falls into a
        free hex next to it instead (straight on, then either side: the referee's order, our reading). With no
        such hex nothing moves (None), as for any impossible displacement."""
        unit, below = self.units[unit_id], self.units[occupant]
        board, destination = self.start.board, below.hex
        origin = board.terrain(unit.hex).level
        sides = [destination.neighbour(d) for d in (direction, turn(direction, -1), turn(direction, 1))]
        beside = next((hex_ for hex_ in sides if hex_ in board and board.terrain(hex_).level <= origin
                       and not any(occupies(board, other, hex_, -board.terrain(hex_).depth)
                                   for other in self.units.values())), None)
        if beside is None:
            return None
        moved = self.start.motion(occupant).hexes
        movement = target_movement_modifier(moved)
        cover = WOODS_MODIFIER.get(board.terrain(destination).woods, 0)
        target = ACCIDENTAL_FALL_TO_HIT + movement + cover
        roll = self.dice.roll_2d6(Reason("combat.accidental_fall_roll", unit=unit_id, target=occupant), target)
        reasons: list[str] = [Reason(
            "combat.accidental_fall", unit=unit_id, levels=origin - board.terrain(destination).level,
            hex=destination.label, target=occupant, why=why, needed=target, base=ACCIDENTAL_FALL_TO_HIT,
            modifier=movement, moved=moved, terrain=cover, roll=roll.total)]
        falling = Reason("combat.accidental_fall_why")
        landing = beside
        if roll.success:
            damage = -(-unit.tons // 10)
            reasons.append(Reason("combat.accidental_fall_hit", target=occupant, damage=damage, tons=unit.tons))
            reasons += self.in_groups(occupant, attack_direction(destination, below.facing, unit.hex), "punch", damage,
                                      DAMAGE_GROUP, falling)
            self.psr_triggers[occupant].append(Modifier(RULES["dfa"].target_psr or 0,
                                                        Reason("combat.accidental_fall_psr")))
            for side in (direction, turn(direction, -1), turn(direction, 1)):
                pushed = self.displace(occupant, side, Reason("combat.fell_on", unit=unit_id))
                if pushed is not None:
                    reasons += pushed
                    landing = destination
                    break
            else:
                reasons.append(Reason("combat.accidental_fall_stuck", target=occupant, unit=unit_id))
        else:
            reasons.append(Reason("combat.accidental_fall_miss", target=occupant))
        depth = board.terrain(landing).depth
        self.units[unit_id] = replace(self.units[unit_id], hex=landing, elevation=-depth)
        reasons.append(Reason("combat.displaced", unit=unit_id, hex=landing.label, why=falling))
        return reasons + self.fall(unit_id, falling, levels=origin - board.terrain(landing).level,
                                   on_back=bool(roll.success))

    def fall(self, unit_id: str, why: str, levels: int = 0, damage: int | None = None,
             on_back: bool = False) -> list[str]:
        fallen = fall(self.units[unit_id], self.mechs[unit_id], levels, self.dice, why, damage, on_back)
        self.units[unit_id], self.mechs[unit_id] = fallen.unit, fallen.status
        return list(fallen.reasons)


# Timeline events whose damage lands on the unit that moved (a skid's ``charge`` also on what it hit).
MOVEMENT_DAMAGE = frozenset({"fall", "damage", "skid", "charge"})


def settle_movement(state: GameState, before: Sequence[Unit], ticks: Sequence[Sequence[Event]],
                    dice: Dice) -> tuple[GameState, CombatReport | None]:
    """Once the movement phase is done (``state`` holds the units where it left them, ``before`` where they
    began): the damage the timeline reported lands on the mechs, event by event in timeline order, with the
    attack phases' hit location rolls, transfer, criticals and pilot wounds; then the basements found are
    kept on the board, the walls' and skids' damage lowers each building's CF, and a building hex brought down
    by that damage or by weight collapses with everyone in it, as in the attack phases (Solaris VII 'Colapso').
    Movement is not an attack phase and the texts do not say when its damage lands: our reading, at the end of
    the phase, like the attacks' (so the phase's later rolls do not see it). None when nothing was hit.

    TW's piloting roll for 20 or more damage in a phase belongs to the weapon and physical attack phases: the
    movement phase's damage does not count toward it (each cause here already had its own roll). A leg, gyro
    or leg actuator lost, or a pilot knocked out, still calls for its roll at the end of the phase."""
    events = [(number, event) for number, tick in enumerate(ticks, start=1) for event in tick]
    hit = buildings_hit(event for _, event in events)

    def hurts(event: Event) -> bool:
        return (event.kind in MOVEMENT_DAMAGE and bool(event.damage or event.own_damage)
                and (event.unit in state.mechs or event.target in state.mechs))

    if not (any(hurts(event) for _, event in events) or hit.damage or hit.collapsed or hit.basements):
        return state, None
    hexes, found = dict(state.board.hexes), []
    for hex_, roll in sorted(hit.basements.items(), key=lambda item: item[0].label):
        terrain = state.board.terrain(hex_)
        hexes[hex_] = replace(terrain, features={**terrain.features, "bldg_basement_type": BASEMENT_BY_ROLL[roll]})
        found.append(Reason("combat.basement_found", hex=hex_.label,
                            basement=Reason(BASEMENTS[BASEMENT_BY_ROLL[roll]].name)))
    phase = _Phase(replace(state, board=replace(state.board, hexes=hexes)), dice, damage_psr=False)
    placed = {unit.id: unit for unit in before}
    if any(hurts(event) for _, event in events):
        phase.reasons.append(Reason("combat.movement_damage_lands"))
    for number, event in events:
        if event.unit in placed and (event.kind in MOVING_KINDS or event.kind == "fall"):
            placed[event.unit] = replace(placed[event.unit], hex=event.to_hex, facing=event.facing,
                                         elevation=event.elevation)
        if hurts(event):
            phase.reasons += _movement_damage(phase, number, event, placed)
    final = {unit.id: unit for unit in state.units}
    phase.units = {unit_id: replace(unit, hex=final[unit_id].hex, elevation=final[unit_id].elevation)
                   for unit_id, unit in phase.units.items()}
    phase.reasons += found
    phase.building_damage = dict(hit.damage)
    phase.weight_collapses = hit.collapsed
    return phase.end("movement", ())


def _movement_damage(phase: _Phase, tick: int, event: Event, placed: dict[str, Unit]) -> list[str]:
    """One timeline event's damage lands on the mech where it stood then (which decides a hull breach):

    - a ``fall`` is a TW fall of the event's levels and damage (halved into water): facing roll, 5-point groups
      on the side it lands on, the pilot's roll to avoid a wound;
    - a failed wall roll: "daño equivalente al FC actual del edificio dividido entre 10 … La dirección del ataque
      para estos daños es frontal" (Solaris VII 'Entrando en Edificaciones'), and each hex skidded: "Este daño se
      aplica usando la columna Frontal" ('Reglas de Deslizamiento'): the standard table's front column, in
      5-point groups as TW lands damage that is not a weapon's (our reading: the texts give no groups);
    - a failed first drop roll: "cada pierna del mech sufre un daño igual al número de niveles descendidos.
      Adicionalmente, se deberá realizar una tirada de críticos en cada pierna. Si se dañara la estructura
      interna de la pierna, se deberán hacer dos tiradas de críticos" ('Dejarse caer'): no location roll, and
      the second roll is TW's usual roll for structure damage;
    - a skid's crash: "como si la unidad que desliza hubiese efectuado una carga con éxito": the unit hit takes the
      charge damage on the side the skidder came from, the skidder its own on the front (TW charge, 5-point
      groups); the text gives only the damage, so neither makes the charge's piloting roll (the skidder has
      already fallen). A crash into a building: the building's damage lands with the other buildings'."""
    unit_id = event.unit
    heading = Reason("combat.movement_damage", tick=tick, unit=unit_id, what=event.reason)
    reasons: list[str] = [heading]
    target = phase.mechs.get(event.target)
    if event.kind == "charge" and target is not None and not target.destroyed:
        struck = placed[event.target]
        phase.units[event.target] = replace(phase.units[event.target], hex=struck.hex, elevation=struck.elevation)
        direction = attack_direction(struck.hex, struck.facing, event.from_hex)
        reasons += phase.in_groups(event.target, direction, "standard", event.damage, DAMAGE_GROUP,
                                   Reason("combat.skid_crash", unit=unit_id))
    status = phase.mechs.get(unit_id)
    if status is None or status.destroyed:
        return reasons
    where = placed[unit_id]
    phase.units[unit_id] = replace(phase.units[unit_id], hex=where.hex, elevation=where.elevation)
    if event.kind == "fall":
        return reasons + phase.fall(unit_id, Reason("combat.movement_fall", tick=tick), event.levels, event.damage)
    if event.kind == "damage" and event.levels:
        for leg in LEGS:
            hit = HitLocation(leg, False, False, Reason("combat.drop_leg", leg=LOCATION_NAMES[leg]))
            reasons += phase.damage(unit_id, hit, event.damage)
            if leg not in phase.mechs[unit_id].destroyed_locations:
                rolled = roll_criticals(phase.mechs[unit_id], leg, phase.dice, unit_id)
                phase.mechs[unit_id] = rolled.status
                reasons += [Reason("combat.drop_critical", leg=LOCATION_NAMES[leg]), *rolled.reasons]
        return reasons
    own = event.own_damage if event.kind == "charge" else event.damage
    why = Reason("combat.skid_recoil" if event.kind == "charge" else "combat.movement_front", unit=unit_id)
    return reasons + phase.in_groups(unit_id, "front", "standard", own, DAMAGE_GROUP, why)


def resolve_weapon_attacks(state: GameState, orders: Sequence[WeaponOrder], dice: Dice,
                           sight: SightRule = line_of_sight_rule) -> tuple[GameState, CombatReport]:
    _one_per_unit(orders)
    plans = [attack for order in sorted(orders, key=lambda o: o.unit) for attack in plan_weapon_attack(state, order, sight)]
    phase = _Phase(state, dice)
    results = [_fire(phase, attack) for attack in plans]
    return phase.end("weapons", results)


def _fire(phase: _Phase, attack: PlannedAttack) -> AttackResult:
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
    if len(set(units)) != len(units):
        raise AttackError("one attack order per unit and phase", code="order.duplicate")


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
    phase = _Phase(state, dice)
    results = [_strike(phase, order, attack) for order, attack in plans]
    pushes = {order.unit: order.target for (order, _), result in zip(plans, results) if result.hit and order.kind == "push"}
    results = [replace(result, reasons=result.reasons + tuple(_push(phase, order, pushes)))
               if order.unit in pushes and order.kind == "push" else result
               for (order, _), result in zip(plans, results)]
    return phase.end("physical", results)


def _push(phase: _Phase, order: PhysicalOrder, pushes: dict[str, str]) -> list[str]:
    """TW push: after every physical attack is rolled, the target is displaced one hex straight ahead of the
    attacker and the attacker follows into the hex it left. Two mechs that push each other and both hit stay
    where they are (both still make their piloting rolls)."""
    if pushes.get(order.target) == order.unit:
        return [Reason("combat.push_each_other", unit=order.unit, target=order.target)]
    before = {unit.id: unit.hex for unit in phase.start.units}
    if any(phase.units[unit_id].hex != before[unit_id] for unit_id in (order.unit, order.target)):
        return [Reason("combat.push_moved", target=order.target, unit=order.unit)]
    return _land(phase, order, phase.units[order.unit].facing, Reason("combat.pushed"))


def _strike(phase: _Phase, order: PhysicalOrder, attack: PlannedAttack) -> AttackResult:
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
    if _submerged(start, attacker) or (order.kind == "dfa" and _submerged(start, target)):
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


def _land(phase: _Phase, order: PhysicalOrder, heading: int | None, why: str) -> list[str]:
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


def _climb(state: GameState, attacker: Unit, target: Unit) -> int:
    """How many levels the target stands above the attacker (TW: physical attacks compare where the mechs
    stand): the hex levels plus each unit's elevation (a building floor, a climb, the bottom of water)."""
    def standing(unit: Unit) -> int:
        return state.board.terrain(unit.hex).level + unit.elevation

    return standing(target) - standing(attacker)


def _submerged(state: GameState, unit: Unit) -> bool:
    return underwater(state.board.terrain(unit.hex), unit)


def flood(status: MechStatus, location: str) -> MechStatus:
    """A breached location floods: its components stop working and the engine counts its flooded slots as
    hits (Solaris VII 'Operaciones submarinas'); three of them put the mech out of the fight."""
    status = replace(status, flooded=status.flooded | {location})
    if status.engine_hits >= ENGINE_HITS_DESTROY and not status.destroyed:
        status = replace(status, destroyed=Reason("combat.engine_flooded"))
    return status


def flood_bare_locations(state: GameState) -> tuple[GameState, tuple[str, ...]]:
    """Solaris VII 'Operaciones submarinas': a damaged mech that goes under water rolls no breach, but "si todo
    el blindaje de una localización es destruido, resulta inundada de forma automática". Our reading for the
    torsos: the front or the rear armour gone is enough (either way the water is in)."""
    mechs, reasons = dict(state.mechs), []
    for unit in state.units:
        status = mechs.get(unit.id)
        if status is None or status.destroyed or not _submerged(state, unit):
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
