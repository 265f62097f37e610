"""Damage taken during movement (falls, skids, walls, drops, skid crashes) landing on the mechs once the
movement phase is done, with the attack phases' hit locations, transfer, criticals and pilot wounds."""

from __future__ import annotations


from collections.abc import Sequence
from dataclasses import replace

from rules.battletech.movement.buildings import (
    BASEMENT_BY_ROLL, BASEMENTS,
)
from rules.battletech.combat.damage import HitLocation, roll_criticals
from rules.battletech.designs.design import LEGS, LOCATION_NAMES
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.battletech.movement.result import buildings_hit
from rules.battletech.combat.tohit import (
    attack_direction,
)
from rules.battletech.units import Unit
from rules.battletech.movement.walk_state import MOVING_KINDS
from rules.battletech.combat.attacks import CombatReport
from rules.battletech.combat.phase import DAMAGE_GROUP, AttackPhase


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
    phase = AttackPhase(replace(state, board=replace(state.board, hexes=hexes)), dice, damage_psr=False)
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


def _movement_damage(phase: AttackPhase, tick: int, event: Event, placed: dict[str, Unit]) -> list[str]:
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
