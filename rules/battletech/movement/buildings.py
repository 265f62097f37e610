"""Buildings and bridges as movement sees them (Solaris VII 'Edificaciones', 'Efectos sobre el movimiento').

A building hex carries MegaMek's features: ``building:T`` (T = 1 light, 2 medium, 3 heavy,
4 hardened), ``bldg_cf:N`` (current construction factor) and ``bldg_elev:N`` (levels). A bridge is a
``bridge:T`` hex (``bridge_cf``, ``bridge_elev``) or, as the text says, a road over water
("Aquellas carreteras que cruzan ríos son consideradas puentes").
The movement cost and roll modifier per type are not in the texts; these are the standard
BattleTech building movement table values.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from rules.core.board import Board, HexTerrain
from rules.core.hexes import Hex
from rules.battletech.movement.psr import Check, piloting_check
from rules.core.reasons import Reason
from rules.battletech.units import Unit

# A hex's building, as a whole (a collapse takes them all).
BUILDING_FEATURES = frozenset({"building", "bldg_cf", "bldg_elev", "bldg_class", "bldg_basement_type"})


@dataclass(frozen=True, slots=True)
class BuildingType:
    name: str
    extra_mp: int  # on top of the 1 PM to enter a hex
    psr_modifier: int
    max_cf: int  # top of the type's CF range, used when a map gives no CF


BUILDING_TYPES = {
    1: BuildingType("light", 1, 0, 15),
    2: BuildingType("medium", 2, 1, 40),
    3: BuildingType("heavy", 3, 2, 90),
    4: BuildingType("hardened", 4, 5, 150),
}
# "Si el tipo de un puente no está marcado … se debe asumir un puente medio con FC 40."
UNMARKED_BRIDGE = (2, 40)


@dataclass(frozen=True, slots=True)
class Building:
    type: BuildingType
    cf: int
    height: int  # levels; the roof is at elevation `height`

    @property
    def floors(self) -> range:
        return range(self.height)


def building_at(terrain: HexTerrain) -> Building | None:
    if not terrain.has("building"):
        return None
    kind = BUILDING_TYPES.get(terrain.get("building"), BUILDING_TYPES[2])
    cf = terrain.get("bldg_cf") if terrain.has("bldg_cf") else kind.max_cf
    return Building(kind, cf, max(1, terrain.get("bldg_elev")))


def without_bridge(terrain: HexTerrain) -> HexTerrain:
    """The hex once its bridge has fallen into the river: no deck, and no road over the water."""
    gone = {"bridge", "bridge_cf", "bridge_elev"} | ({"road"} if terrain.depth >= 1 else set())
    return replace(terrain, features={name: level for name, level in terrain.features.items() if name not in gone})


def bridge_at(terrain: HexTerrain) -> Building | None:
    """A bridge deck (at ``bridge_elev`` above the hex level), or None."""
    if terrain.has("bridge"):
        kind = BUILDING_TYPES.get(terrain.get("bridge"), BUILDING_TYPES[UNMARKED_BRIDGE[0]])
        cf = terrain.get("bridge_cf") if terrain.has("bridge_cf") else UNMARKED_BRIDGE[1]
        return Building(kind, cf, terrain.get("bridge_elev"))
    if terrain.has("road") and terrain.get("water") >= 1:
        return Building(BUILDING_TYPES[UNMARKED_BRIDGE[0]], UNMARKED_BRIDGE[1], 0)
    return None


@dataclass(frozen=True, slots=True)
class Basement:
    name: str  # the reason code that names it
    depth: int  # levels below the ground floor
    infantry_only: bool = False  # a small basement: only infantry fall into it


# Solaris VII 'Sótanos': "se tirará 2d6 y se consultará la Tabla de Sótanos siempre que una unidad entre en
# un edificio. Sólo se usará esta tabla si el escenario no ofrece información sobre sótanos." The table is
# cut from our copy: these are the standard BattleTech values (Total Warfare's Basements Table), keyed by
# MegaMek's ``bldg_basement_type`` numbers so boards that say what lies below import as they are. Its
# feet-first and head-first columns (where a falling mech's damage lands) are not modelled: the fall is a
# standard fall.
BASEMENTS = {
    1: Basement("building.basement_none", 0),
    2: Basement("building.basement_two", 2),
    3: Basement("building.basement_one", 1),
    4: Basement("building.basement_one", 1),
    5: Basement("building.basement_small", 1, infantry_only=True),
    6: Basement("building.basement_one", 1),
    7: Basement("building.basement_two", 2),
}
BASEMENT_BY_ROLL = {2: 2, 3: 3, 4: 4, 5: 1, 6: 1, 7: 1, 8: 1, 9: 5, 10: 4, 11: 6, 12: 7}


def basement_at(terrain: HexTerrain) -> Basement | None:
    """What the scenario says lies below a building hex; None when it says nothing (roll the table)."""
    return BASEMENTS.get(terrain.get("bldg_basement_type"))


def falls_into_basement(basement: Basement, unit: Unit, cf: int) -> bool:
    """"Una unidad cae a través del suelo y dentro del sótano sólo si el peso de la unidad es superior al FC
    actual del edificio"; a small basement takes only infantry."""
    return basement.depth > 0 and unit.tons > cf and (unit.kind == "infantry" or not basement.infantry_only)


def depth_around(terrain: HexTerrain, unit: Unit) -> int:
    """How deep the water the unit stands in is (``terrain`` is its hex): 0 out of water and for a unit above the
    surface (a positive elevation, or a bridge deck, which movement puts at the deck's height, 0 for a road over
    a river); elsewhere in water elevation 0 means the bed, as movement and line of sight place an unplaced
    unit."""
    if terrain.depth < 1 or unit.elevation > 0 or (unit.elevation == 0 and bridge_at(terrain) is not None):
        return 0
    return -unit.elevation or terrain.depth


def underwater(terrain: HexTerrain, unit: Unit) -> bool:
    """The one test of who is under water, Solaris VII 'Operaciones submarinas': "Se consideran unidades bajo
    el agua a los Mechs en agua de profundidad 2 o superior, Mechs tumbados en agua de profundidad 1 y
    submarinos a profundidad 1 o superior". ``terrain`` is the unit's hex (see :func:`depth_around`)."""
    if unit.kind not in ("mech", "submarine"):
        return False
    depth = depth_around(terrain, unit)
    if unit.kind == "submarine":
        return depth >= 1
    return depth >= 2 or (depth == 1 and unit.prone)


def inside(board: Board, unit: Unit) -> Building | None:
    """The building whose floors hold ``unit`` (not its roof), or None."""
    building = building_at(board.terrain(unit.hex))
    return building if building is not None and unit.elevation in building.floors else None


def occupies(board: Board, unit: Unit, hex_: Hex, elevation: int) -> bool:
    """The one stacking test: does ``unit`` hold the place a unit at ``elevation`` in ``hex_`` would take?
    Outside buildings a hex is one place (Total Warfare stacking; the Solaris texts are silent). In a building
    hex every level, the roof included, is a place of its own: "Es posible que varias unidades ocupen el mismo
    hexágono si están en niveles diferentes del mismo edificio" ('Combate entre edificios'; "Las reglas
    estándar de apilamiento se aplican a cada nivel de edificación")."""
    if unit.hex != hex_:
        return False
    return building_at(board.terrain(hex_)) is None or unit.elevation == elevation


def same_building(board: Board, a: Hex, b: Hex) -> bool:
    """Adjacent building hexes of one type are one building (MegaMek joins them the same way)."""
    first, second = board.terrain(a), board.terrain(b)
    return first.has("building") and second.has("building") and first.get("building") == second.get("building")


def wall_check(unit: Unit, building: Building, passing: Reason, wall: Hex) -> Check:
    """Passing a wall of the building in ``wall`` (entering, leaving, or moving inside one building): a
    roll with the type's modifier. Failure: ceil(CF / 10) damage to the unit from the front; a mech does
    not fall. The building takes :func:`wall_damage_to_building` either way."""
    modifier = (Reason("psr.wall_type", type=building.type.name), building.type.psr_modifier)
    return piloting_check(unit, "building_wall", modifier, Reason("psr.wall", passing=passing), wall=wall)


def wall_damage_to_unit(building: Building) -> int:
    """A failed wall roll: the current CF / 10, rounded up, from the front."""
    return ceil(building.cf / 10)


def wall_damage_to_building(unit: Unit) -> int:
    """Every wall a mech or vehicle passes, roll passed or not: the unit's tons / 10, rounded up."""
    return ceil(unit.tons / 10)


def destroyed_by(structure: Building, damage: int) -> bool:
    """Damage that brings the CF to 0 destroys a building or drops a bridge into the river
    ("Cuando el FC de un puente se reduce a 0, se colapsa y cae sobre el río")."""
    return damage >= structure.cf


def collapses(building: Building, tons_on_level: int, elevation: int) -> bool:
    """Weight over the current CF on any level but the ground floor collapses it at once."""
    return elevation > 0 and tons_on_level > building.cf


def bridge_gives_way(bridge: Building, tons_on_deck: int) -> bool:
    """A bridge "tiene el mismo rango de Factores de Construcción que los edificios equivalentes" and a building's
    CF is "el número de toneladas de peso adicional que cada nivel de un edificio puede soportar sin colapsarse":
    more weight on its deck than its CF brings it down at once, into the river below (our reading: the bridge
    paragraph gives only the CF and its collapse at CF 0; the deck is taken as a level above ground)."""
    return tons_on_deck > bridge.cf


def collapse_damage(building: Building, elevation: int, kind: str) -> int:
    """Damage to a unit inside a collapsing building: CF / 10 × levels above it (rounded up);
    units on the roof count as on the top floor; infantry take three times as much."""
    levels_above = building.height - min(elevation, building.height - 1)
    damage = ceil(building.cf * levels_above / 10)
    return 3 * damage if kind == "infantry" else damage
