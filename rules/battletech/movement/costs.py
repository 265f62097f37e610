"""What entering one hex costs a unit, where it ends up standing, and which rolls it needs.

:func:`enter_hex` is the one place terrain, water, buildings and level changes are priced; both
path checking (:mod:`rules.battletech.movement.plan`) and reachability (:mod:`rules.battletech.movement.reach`) call it, so they can
never disagree. It raises :class:`IllegalMove` with a stable code when the unit may not go there.
Where the Solaris VII texts are silent the standard BattleTech value is used and the reason says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.board import WOODS_NAMES, Board, HexTerrain
from rules.battletech.movement.buildings import (
    Building, bridge_at, bridge_gives_way, building_at, collapses, same_building, wall_check,
)
from rules.core.errors import IllegalMove
from rules.core.hexes import Hex
from rules.battletech.movement.psr import (Check, climb_checks, drop_checks, rubble_check, swamp_check, water_check)
from rules.core.reasons import Reason
from rules.battletech.units import Unit

CLIMB_MIN_LEVELS = 3  # "entrar en un hexágono que es 3 o más niveles más alto"
DROP_MIN_LEVELS = 3  # "dejarse caer elevaciones mayores de 2 niveles"
DROP_MP = 4  # "Dejarse caer más de 2 niveles cuesta 4 PMs, independientemente …"


@dataclass(frozen=True, slots=True)
class Entry:
    """The price of entering a hex: PM, the elevation the unit stands at there, rolls, reasons,
    and automatic effects (``stuck``: a jumping mech lands in a swamp; ``collapse``: the unit's
    weight brings the building down at once)."""

    cost: int
    elevation: int
    reasons: tuple[Reason, ...]
    checks: tuple[Check, ...] = ()
    effects: tuple[str, ...] = ()
    climb_levels: int = 0  # levels climbed in this step (3+ up, or the rest of a climb under way)
    climb_mp_per_level: int = 0
    rise: int = 0  # levels up (negative: down) from where the unit stood to where it stands after the step
    wading: bool = False  # a mech entering water of depth 1+: the path may spend walking PM only


def _refuse(unit: Unit, target: Hex, why: Reason, code: str = "move.prohibited_terrain") -> IllegalMove:
    """The unit may not enter ``target``: ``why`` (a coded reason) says which rule forbids it."""
    refusal = Reason("move.may_not_enter", unit=unit.id, kind=unit.kind, hex=target.label, why=why)
    return IllegalMove(code, why=refusal, hex=target.label)


def check_allowed(unit: Unit, terrain: HexTerrain, target: Hex) -> None:
    """Terrain a unit kind may never enter (the texts' restrictions, standard BattleTech otherwise)."""
    woods, depth = terrain.get("woods"), terrain.get("water")
    on_deck = bridge_at(terrain) is not None
    if unit.kind == "submarine" and depth < 1:
        raise _refuse(unit, target, Reason("move.submarine_depth"))
    if unit.kind == "wheeled" and terrain.has("swamp") and (terrain.has("rough") or woods):
        raise _refuse(unit, target, Reason("move.wheeled_swamp"))
    if unit.kind in ("wheeled", "hover") and woods:
        raise _refuse(unit, target, Reason("move.vehicle_woods", kind=unit.kind))
    if unit.kind == "tracked" and woods >= 2:
        raise _refuse(unit, target, Reason("move.tracked_heavy_woods"))
    if unit.kind in ("infantry", "tracked", "wheeled") and depth >= 1 and not on_deck:
        raise _refuse(unit, target, Reason("move.under_water_kinds"))


def _terrain_cost(unit: Unit, terrain: HexTerrain) -> tuple[int, list[Reason], list[Check]]:
    cost, reasons, checks = 1, [Reason("move.enter")], []
    woods = terrain.get("woods")
    if woods:
        extra = 1 if woods == 1 else 2
        cost += extra
        reasons.append(Reason("move.woods", woods=WOODS_NAMES[woods], mp=extra))
    if terrain.has("rough"):
        cost += 1
        reasons.append(Reason("move.rough"))
    if terrain.has("rubble"):
        cost += 1
        reasons.append(Reason("move.rubble"))
        if unit.kind == "mech":
            checks.append(rubble_check(unit))
    if terrain.has("swamp"):
        if unit.kind == "hover":
            reasons.append(Reason("move.swamp_hover"))
        else:
            cost += 1
            reasons.append(Reason("move.swamp"))
            checks.append(swamp_check(unit))
    return cost, reasons, checks


def _water_entry(unit: Unit, depth: int) -> tuple[int, list[Reason], list[Check], int]:
    """(cost, reasons, checks, elevation) for entering water of depth 1+ off any bridge deck."""
    if unit.kind == "submarine":
        return 1, [Reason("move.water_submarine")], [], -1
    if unit.kind == "hover":
        return 1, [Reason("move.water_hover")], [], 0
    cost = 2 if depth == 1 else 4
    return cost, [Reason("move.water", depth=depth, mp=cost)], [water_check(unit, depth)], -depth


def water_refusal(unit: Unit, mode: str, waded: bool, spent: int) -> IllegalMove | None:
    """Total Warfare (the Solaris VII text is silent): a unit using running MP may not enter water of depth 1
    or more. Read as MegaMek reads it: once a path has entered such water, none of its PM may be running PM,
    before the water or after it, so a run order that wades is a walk (``spent``: PM of the path so far)."""
    if not waded or mode not in ("run", "masc") or spent <= unit.walk:
        return None
    return IllegalMove("move.water_while_running", unit=unit.id, needed=spent, available=unit.walk)


def _level_change(unit: Unit, mode: str, rise: int, climbing: int, reasons: list[Reason],
                  checks: list[Check], target: Hex, in_water: bool) -> tuple[int, int, int]:
    """(PM, levels climbed, PM per level climbed) for going ``rise`` levels up (negative: down).
    ``climbing`` is how many levels of a climb under way the unit has already made; ``in_water``: the step
    starts or ends below a water surface (its reason says depths are levels)."""
    if abs(rise) <= unit.max_level_change and not (climbing and rise > 0):
        if rise:
            reasons.append(Reason("move.depth_change" if in_water else "move.level_change", levels=abs(rise)))
        return abs(rise), 0, 0
    if unit.kind != "mech":
        raise _refuse(unit, target, Reason("move.steep", levels=abs(rise)), code="move.too_steep")
    if rise <= -DROP_MIN_LEVELS:
        reasons.append(Reason("move.drop", levels=-rise, mp=DROP_MP))
        checks.extend(drop_checks(unit, -rise))
        return 0, 0, 0
    if unit.hands < 1:
        raise _refuse(unit, target, Reason("move.climb_hand", levels=rise), code="move.climb_needs_hand")
    if mode != "walk":
        raise _refuse(unit, target, Reason("move.climb_walking_only"), code="move.climb_while_running")
    per_level = 2 if unit.hands >= 2 else 3
    reasons.append(Reason("move.climb_two_hands" if per_level == 2 else "move.climb_one_hand", levels=rise,
                          mp=per_level))
    checks.extend(climb_checks(unit, rise, climbing))
    return per_level * rise, rise, per_level


def standing_level(terrain: HexTerrain, unit: Unit, elevation: int) -> int:
    """The level a unit stands at: its hex's level plus its elevation (a floor, a roof, a deck, a climb, the bed
    of water). Depths are negative levels ('Operaciones submarinas': "los Mechs deben pagar los puntos de
    movimiento estándar por cambiar de un nivel de elevación (profundidad) a otro"), so stepping into, out of
    and between water hexes changes levels as any slope does, on top of the depth's PM. A mech placed in water
    at elevation 0 stands on the bed, as line of sight and :func:`rules.battletech.movement.buildings.underwater`
    place it."""
    if elevation == 0 and unit.kind == "mech" and terrain.depth >= 1 and bridge_at(terrain) is None:
        return terrain.floor
    return terrain.level + elevation


def _building_entry(board: Board, unit: Unit, origin: Hex, elevation: int, target: Hex,
                    building: Building, from_level: int) -> tuple[int, list[Reason], list[Check]] | None:
    """(floor, reasons, checks) for a step into a building hex; None when it steps onto the roof."""
    terrain = board.terrain(target)
    origin_building = building_at(board.terrain(origin))
    inside_origin = origin_building is not None and 0 <= elevation < origin_building.height
    if inside_origin and same_building(board, origin, target):
        if elevation not in building.floors or terrain.level != board.terrain(origin).level:
            raise _refuse(unit, target, Reason("move.inside_level", kind=unit.kind), code="move.building_level")
        floor = elevation
        passing = Reason("psr.wall_inside")
    else:
        roof = terrain.level + building.height
        if from_level >= roof and unit.kind in ("mech", "infantry"):
            return None
        floor = max(0, from_level - terrain.level)
        if unit.is_vehicle and floor:
            raise _refuse(unit, target, Reason("move.vehicle_building_floor"), code="move.building_level")
        passing = Reason("psr.wall_enter")
    if unit.kind == "infantry":
        return floor, [Reason("move.building_infantry")], []
    reasons = [Reason("move.building", type=building.type.name, extra=building.type.extra_mp)]
    return floor, reasons, [wall_check(unit, building, passing, target)]


def enter_hex(board: Board, unit: Unit, origin: Hex, elevation: int, target: Hex, mode: str,
              climbing: int = 0) -> Entry:
    """Price a step from ``origin`` (where the unit stands at ``elevation``) into adjacent ``target``;
    ``climbing`` is the number of levels of a climb under way (the unit hangs at ``elevation``)."""
    here, there = board.terrain(origin), board.terrain(target)
    # Road exits are not modelled: a road hex entered from a road, pavement or bridge hex is followed.
    following_road = there.has("road") and (here.has("road") or here.has("pavement") or bridge_at(here) is not None)
    if not following_road:
        check_allowed(unit, there, target)
    checks: list[Check] = []
    origin_building = building_at(here)
    leaving = origin_building and 0 <= elevation < origin_building.height and not same_building(board, origin, target)
    if leaving and origin_building and unit.kind != "infantry":
        checks.append(wall_check(unit, origin_building, Reason("psr.wall_leave"), origin))
    building, deck, depth = building_at(there), bridge_at(there), there.get("water")
    from_level = standing_level(here, unit, elevation)
    effects: list[str] = []
    wading = False
    if building is not None:
        inside = _building_entry(board, unit, origin, elevation, target, building, from_level)
        if inside is None:
            new_elevation, cost, reasons = building.height, 1, [Reason("move.roof")]
        else:
            new_elevation, reasons, wall = inside
            cost = 1 if unit.kind == "infantry" else 1 + building.type.extra_mp
            checks.extend(wall)
        if unit.kind != "infantry" and collapses(building, unit.tons, new_elevation):
            effects.append("collapse")
            reasons.append(Reason("move.collapse", tons=unit.tons, cf=building.cf))
    elif deck is not None and elevation >= 0 and unit.kind != "submarine":
        new_elevation, cost, reasons = deck.height, 1, [Reason("move.bridge")]
        if unit.kind != "infantry" and bridge_gives_way(deck, unit.tons):
            effects.append("collapse")
            reasons.append(Reason("move.bridge_collapse", tons=unit.tons, cf=deck.cf))
    elif following_road:
        new_elevation, cost, reasons = 0, 1, [Reason("move.road")]
    elif depth >= 1:
        cost, water_reasons, water_checks, new_elevation = _water_entry(unit, depth)
        reasons, wading = water_reasons, unit.kind == "mech"
        checks.extend(water_checks)
    else:
        cost, terrain_reasons, terrain_checks = _terrain_cost(unit, there)
        new_elevation, reasons = 0, terrain_reasons
        checks.extend(terrain_checks)
    to_level = standing_level(there, unit, new_elevation)
    if leaving and elevation > 0 and to_level != from_level:
        # The text says how to enter a building above the ground floor; leaving is taken as its mirror.
        raise _refuse(unit, target, Reason("move.leave_building", level=elevation), code="move.building_level")
    in_water = from_level < here.level or to_level < there.level
    levels_cost, climbed, per_level = _level_change(unit, mode, to_level - from_level, climbing, reasons, checks, target,
                                                    in_water)
    if to_level - from_level <= -DROP_MIN_LEVELS and unit.kind == "mech":
        cost, reasons = DROP_MP, reasons[-1:]  # the drop's flat price replaces every terrain cost
    return Entry(cost + levels_cost, new_elevation, tuple(reasons), tuple(checks), tuple(effects), climbed, per_level,
                 to_level - from_level, wading)


def landing(board: Board, unit: Unit, target: Hex) -> Entry:
    """Where a jump from the unit's hex lands and what landing does (terrain costs are ignored by jumps)."""
    terrain = board.terrain(target)
    check_allowed(unit, terrain, target)
    _check_jump_heights(board, unit, target)
    building, deck, depth = building_at(terrain), bridge_at(terrain), terrain.get("water")
    effects: list[str] = []
    reasons: list[Reason] = []
    if building is not None:
        elevation = building.height
        reasons.append(Reason("move.jump_building"))
        if collapses(building, unit.tons, elevation):
            effects.append("collapse")
            reasons.append(Reason("move.jump_collapse", tons=unit.tons, cf=building.cf))
    elif deck is not None:
        elevation = deck.height
        if unit.kind != "infantry" and bridge_gives_way(deck, unit.tons):
            effects.append("collapse")
            reasons.append(Reason("move.bridge_collapse", tons=unit.tons, cf=deck.cf))
    elif depth >= 1:
        elevation = -depth
    else:
        elevation = 0
    if terrain.has("swamp") and building is None:
        if unit.kind == "mech":
            effects.append("stuck")
            reasons.append(Reason("move.jump_swamp"))
        else:
            reasons.append(Reason("move.jump_swamp_infantry"))
    return Entry(0, elevation, tuple(reasons), (), tuple(effects))


def _jump_top(terrain: HexTerrain) -> int:
    """How high a hex rises for a jump: its level, or the roof of its building or the deck of its bridge (building
    levels count "exactamente como la elevación de cualquier otro terreno … para el movimiento"); water counts at its
    surface and woods not at all."""
    structures = [structure.height for structure in (building_at(terrain), bridge_at(terrain)) if structure]
    return terrain.level + max(structures, default=0)


def _check_jump_heights(board: Board, unit: Unit, target: Hex) -> None:
    """Total Warfare (the Solaris VII text is silent): a jumping mech cannot enter a hex whose level is higher than
    the level it jumped from plus its jumping MP, and it flies one of the shortest paths to its landing hex; when
    every such path crosses a hex too high, the jump is refused. The start counts from the roof or deck the mech
    stands on, from the surface for a mech in water."""
    start = board.terrain(unit.hex).level + max(unit.elevation, 0)
    ceiling = start + unit.jump
    remaining = unit.hex.distance(target)
    frontier = {unit.hex}
    while frontier and remaining:
        remaining -= 1
        frontier = {ahead for hex_ in frontier for ahead in hex_.neighbours() if ahead in board
                    and ahead.distance(target) == remaining and _jump_top(board.terrain(ahead)) <= ceiling}
    if frontier:
        return
    top = _jump_top(board.terrain(target))
    if top > ceiling:
        why = Reason("move.jump_rises", hex=target.label, level=top)
    else:
        lens = [hex_ for radius in range(1, unit.hex.distance(target)) for hex_ in unit.hex.ring(radius)
                if hex_ in board and hex_.distance(target) == unit.hex.distance(target) - radius
                and _jump_top(board.terrain(hex_)) > ceiling]
        why = Reason("move.jump_crosses", hexes=", ".join(hex_.label for hex_ in lens))
    raise IllegalMove("move.jump_too_high", unit=unit.id, jump=unit.jump, start=start, why=why, hex=target.label,
                      ceiling=ceiling)
