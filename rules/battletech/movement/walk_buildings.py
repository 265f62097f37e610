"""Buildings and bridges while a movement phase plays: what a unit does to them (walls, its weight) and they to
it (a basement, a collapse), as timeline events (:class:`BuildingWalk`, a base of
:class:`rules.battletech.movement.walk.Walk`); the rules themselves are the pure functions of
:mod:`rules.battletech.movement.buildings`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.battletech.movement.buildings import (
    BASEMENT_BY_ROLL, BASEMENTS, Building, basement_at, bridge_at, bridge_gives_way, building_at, collapses,
    falls_into_basement, wall_damage_to_building,
)
from rules.core.hexes import Hex
from rules.battletech.movement.psr import falling_damage
from rules.core.timeline import Event
from rules.battletech.movement.result import BuildingsHit, buildings_hit
from rules.core.reasons import Reason, listed
from rules.battletech.units import VEHICLE_KINDS, Unit
from rules.battletech.movement.walk_state import WalkState


class BuildingWalk(WalkState):
    """The building and bridge events of a walk: walls passed, basements found, collapses under weight."""

    def _current(self, hex_: Hex) -> Building | None:
        """The building in ``hex_`` with its current CF: the phase's start CF less what walls and skids took
        from it so far; None when there is none or it has collapsed this phase."""
        building = building_at(self.board.terrain(hex_))
        if building is None:  # most hexes: no need to look through the phase's events
            return None
        hit = self._hit()
        if hex_ in hit.collapsed:
            return None
        return replace(building, cf=max(0, building.cf - hit.damage.get(hex_, 0)))

    def _basement(self, tick: int, unit: Unit) -> None:
        """Solaris VII 'Sótanos': a unit entering a building's ground floor finds what lies below (the scenario's
        word, the roll already made this phase, or a 2D6 on the Basements Table now) and falls through the
        floor into it when it weighs more than the current CF; a vehicle in a two-level basement is trapped
        for the rest of the match. Not modelled: the hole left below the hex (a unit climbs out of it as
        from the ground floor)."""
        building = self._current(unit.hex)
        if building is None:
            return
        basement = basement_at(self.board.terrain(unit.hex))
        if basement is None:
            found = self._hit().basements.get(unit.hex)
            if found is None:
                roll = self.dice.roll_2d6(Reason("walk.basement_roll", unit=unit.id, hex=unit.hex.label))
                found = roll.total
                self.record(tick, Event(
                    unit.id, "basement", unit.hex, unit.hex, unit.facing, rolls=(roll,), building=unit.hex,
                    elevation=unit.elevation,
                    reason=Reason("walk.basement", unit=unit.id, hex=unit.hex.label, roll=roll.total,
                                  basement=Reason(BASEMENTS[BASEMENT_BY_ROLL[roll.total]].name)),
                ))
            basement = BASEMENTS[BASEMENT_BY_ROLL[found]]
        if not falls_into_basement(basement, unit, building.cf):
            return
        damage = falling_damage(unit.tons, basement.depth)
        self.record(tick, Event(
            unit.id, "fall", unit.hex, unit.hex, unit.facing, damage=damage, building=unit.hex,
            elevation=-basement.depth, levels=basement.depth,
            reason=Reason("walk.basement_fall", unit=unit.id, tons=unit.tons, cf=building.cf,
                          basement=Reason(basement.name), levels=basement.depth, damage=damage),
        ))
        if unit.is_vehicle and basement.depth == 2:
            self.record(tick, Event(unit.id, "immobile", unit.hex, unit.hex, unit.facing, elevation=-basement.depth,
                                    reason=Reason("walk.basement_trapped")))

    def _wall(self, tick: int, unit_id: str, wall: Hex) -> None:
        """Solaris VII 'Entrando en Edificaciones': "cuando un BattleMech o un vehículo se mueve a través de
        una pared de un edificio … el edificio sufre daño equivalente al peso de la unidad dividido entre 10
        y redondeado hacia arriba, se supere o no el chequeo de pilotaje"."""
        unit, building = self.units[unit_id], self._current(wall)
        if building is None:
            return
        damage = wall_damage_to_building(unit)
        self.record(tick, Event(
            unit_id, "wall", unit.hex, unit.hex, unit.facing, damage=damage, building=wall, elevation=unit.elevation,
            reason=Reason("walk.wall", unit=unit_id, hex=wall.label, damage=damage, tons=unit.tons, cf=building.cf,
                          left=max(0, building.cf - damage)),
        ))

    def _weigh(self, tick: int, unit: Unit) -> None:
        """Solaris VII 'Colapso': "si hay un BattleMech y vehículos en un único nivel de un hexágono del
        edificio cuyo peso combinado exceda el FC actual del edificio" (any level but the ground floor),
        it collapses at once: the movement of every unit in the hex ends, and the collapse's damage and
        falls land when the phase's movement is done, with the attack phases' collapse (our reading: the
        phase's moves were priced on the board as it started)."""
        if unit.kind == "infantry":
            return
        building = self._current(unit.hex)
        if building is None:
            self._weigh_bridge(tick, unit)
            return
        here, level, tons, weights = self._load(unit)
        if not collapses(building, tons, unit.elevation):
            return
        why = Reason("walk.weight_collapse", weights=weights, tons=tons, level=unit.elevation, hex=unit.hex.label,
                     cf=building.cf)
        for other in here:
            self.record(tick, Event(other.id, "collapse", other.hex, other.hex, other.facing, reason=why,
                                    building=unit.hex, elevation=other.elevation))

    def _load(self, unit: Unit) -> tuple[list[Unit], list[Unit], int, str]:
        """Who is in the unit's hex, who of them weighs on its level (mechs and vehicles), their tons and the
        reason listing them."""
        here = [self.units[unit_id] for unit_id in self.holders.get(unit.hex, ())]
        level = [other for other in here if other.elevation == unit.elevation
                 and (other.kind == "mech" or other.kind in VEHICLE_KINDS)]
        weights = listed([Reason("walk.unit_weight", unit=other.id, tons=other.tons) for other in level])
        return here, level, sum(other.tons for other in level), weights

    def _weigh_bridge(self, tick: int, unit: Unit) -> None:
        """A bridge deck carrying more tons than its CF collapses at once (:func:`rules.battletech.movement.buildings.bridge_gives_way`)
        and "cae sobre el río" (Solaris VII): everyone on the deck falls with it to the bottom, the deck's height
        plus the depth in levels (a standard fall, halved into water), and stops moving. The board loses the
        bridge when the phase's movement is done, as it loses a collapsed building."""
        terrain = self.board.terrain(unit.hex)
        deck = bridge_at(terrain)
        if deck is None or unit.elevation != deck.height or unit.hex in self._hit().collapsed:
            return
        _, on_deck, tons, weights = self._load(unit)
        if not bridge_gives_way(deck, tons):
            return
        why = Reason("walk.bridge_collapse", weights=weights, tons=tons, hex=unit.hex.label, cf=deck.cf)
        levels = deck.height + terrain.depth
        for other in on_deck:
            self.record(tick, Event(other.id, "collapse", other.hex, other.hex, other.facing, reason=why,
                                    building=unit.hex, elevation=other.elevation))
            damage = falling_damage(other.tons, levels, into_water=terrain.depth >= 1)
            self.record(tick, Event(other.id, "fall", other.hex, other.hex, other.facing, damage=damage,
                                    building=unit.hex, elevation=-terrain.depth, levels=levels,
                                    reason=Reason("walk.bridge_fall", unit=other.id, levels=levels, damage=damage)))

    def _hit(self) -> BuildingsHit:
        """What the phase has done to buildings and bridges so far."""
        return buildings_hit(event for tick in self.ticks for event in tick)
