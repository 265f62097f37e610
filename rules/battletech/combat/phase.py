"""What one attack phase does to the board before it ends: damage in groups, breaches, buildings hit and
collapsing, displacement, falls and the phase's piloting rolls, applied to the state at the end (TW)."""

from __future__ import annotations


from collections.abc import Sequence
from dataclasses import replace
from math import ceil

from rules.core.board import Board
from rules.battletech.movement.buildings import (
    BUILDING_FEATURES, Building, bridge_at, building_at, without_bridge,
    collapse_damage, destroyed_by, inside, occupies, same_building, wall_damage_to_building,
)
from rules.battletech.combat.damage import ENGINE_HITS_DESTROY, HitLocation, apply_damage, roll_location
from rules.battletech.combat.status import MechStatus
from rules.battletech.designs.design import LEGS
from rules.core.dice import Dice
from rules.battletech.combat.falls import fall, fall_where_it_stands, piloting_roll
from rules.battletech.state import GameState
from rules.core.hexes import Hex, turn
from rules.battletech.sight.los import WOODS_MODIFIER, Modifier
from rules.battletech.combat.physical import (
    RULES,
)
from rules.battletech.movement.psr import water_modifier
from rules.core.reasons import Reason
from rules.battletech.combat.tohit import (
    attack_direction, target_movement_modifier,
)
from rules.battletech.units import Unit
from rules.battletech.combat.attacks import AttackResult, CombatReport, is_submerged


HULL_BREACH = 10
ACCIDENTAL_FALL_TO_HIT = 7  # TW 'Accidental falls from above', base to-hit (MegaMek's base is the same)
PSR_DAMAGE_THRESHOLD = 20  # TW: 20 or more damage in one phase calls for a piloting roll (+1)
DAMAGE_GROUP = 5


class AttackPhase:
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
        if is_submerged(self.start, self.units[unit_id]):
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
                self.reasons += self.fall_where_it_stands(unit_id, Reason("combat.leg_destroyed", leg=lost_legs[0]))
                continue
            for cause in causes:
                extra = (cause,) if cause.value else ()
                stays, reasons = piloting_roll(unit, status, cause.reason, extra, self.dice)
                self.reasons += reasons
                if not stays:
                    self.reasons += self.fall_where_it_stands(unit_id, cause.reason)
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

    def fall_where_it_stands(self, unit_id: str, why: str) -> list[str]:
        fallen = fall_where_it_stands(self.units[unit_id], self.mechs[unit_id], self.dice, why)
        self.units[unit_id], self.mechs[unit_id] = fallen.unit, fallen.status
        return list(fallen.reasons)


def flood(status: MechStatus, location: str) -> MechStatus:
    """A breached location floods: its components stop working and the engine counts its flooded slots as
    hits (Solaris VII 'Operaciones submarinas'); three of them put the mech out of the fight."""
    status = replace(status, flooded=status.flooded | {location})
    if status.engine_hits >= ENGINE_HITS_DESTROY and not status.destroyed:
        status = replace(status, destroyed=Reason("combat.engine_flooded"))
    return status
