"""Buildings and bridges in movement (Solaris VII 'Edificaciones': 'Efectos sobre el movimiento',
'Entrando en Edificaciones', 'Niveles de Edificación', 'Colapso'; movement text, bridges)."""

from movement_fixtures import board, codes, plan, refusal, unit
from rules.core.board import HexTerrain
from rules.battletech.movement.buildings import (bridge_at, building_at, collapse_damage, destroyed_by, wall_damage_to_building,
                             wall_damage_to_unit)
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, plan_path

MEDIUM = "building:2;bldg_cf:40;bldg_elev:2"
TOWN = board({"0504": (0, MEDIUM), "0503": (0, MEDIUM), "0502": (0, ""), "0404": (1, ""), "0604": (2, "")})


def test_entering_moving_inside_and_leaving_each_pass_a_wall():
    """'Cada vez que un BattleMech o un vehículo se mueve a un edificio … pasa a través de una pared';
    'También debe realizar un chequeo … cuando el Mech abandona un edificio y cuando se mueve desde un
    hexágono a otro contiguo dentro de una misma edificación.'"""
    path = plan(TOWN, unit(walk=9, piloting=5), "F", "F", "F")
    assert [codes(step.checks) for step in path.steps] == [["building_wall"]] * 3
    assert path.steps[0].checks[0].target == 5 + 1  # medium building: +1 (standard table)
    assert [step.mp for step in path.steps] == [3, 3, 1]  # 1 + 2 for a medium building


def test_a_failed_wall_roll_hurts_the_unit_by_cf_over_ten_and_the_building_always_by_tons_over_ten():
    """'sufrirá daño equivalente al FC actual del edificio dividido entre 10 y redondeado hacia arriba';
    'el edificio sufre daño equivalente al peso de la unidad dividido entre 10 y redondeado hacia arriba,
    se supere o no el chequeo'."""
    building = building_at(HexTerrain.parse(0, "building:3;bldg_cf:41;bldg_elev:1"))
    assert wall_damage_to_unit(building) == 5
    assert wall_damage_to_building(unit(tons=55)) == 6


def test_infantry_pay_one_pm_to_enter_and_one_per_level_inside_and_roll_nothing():
    """'A la infantería le cuesta 1 PM entrar en un edificio, y 1 PM cambiar de nivel dentro del mismo.'"""
    path = plan(TOWN, unit(kind="infantry", walk=4), "F", "U", "D")
    assert [step.mp for step in path.steps] == [1, 1, 1]
    assert [step.elevation for step in path.steps] == [0, 1, 0]
    assert all(step.checks == () for step in path.steps)


def test_a_mech_enters_a_higher_level_only_from_a_hex_of_that_elevation_and_cannot_change_level_inside():
    """'Un BattleMech o la infantería puede entrar en el edificio a una elevación superior sólo si entran
    al edificio desde un hexágono adyacente con una elevación equivalente … Una vez dentro de un
    edificio, un BattleMech no puede cambiar de elevación dentro del edificio.'"""
    path = plan(TOWN, unit("0404", facing=1, walk=6), "F")  # level-1 hill 0404, its NE neighbour 0504
    assert path.steps[0].hex.label == "0504" and path.steps[0].elevation == 1
    assert refusal(TOWN, unit(walk=6, at="0504", elevation=0), "U").code == "move.building_level"
    inside_first_floor = unit(walk=6, at="0504", elevation=1)
    assert plan(TOWN, inside_first_floor, "F").steps[0].elevation == 1  # 0503, same building, same level
    back_out = unit(walk=6, at="0504", facing=4, elevation=1)  # SW of 0504 is the level-1 hill 0404
    assert plan(TOWN, back_out, "F").steps[0].hex.label == "0404"
    assert refusal(TOWN, unit(walk=6, at="0504", facing=3, elevation=1), "F").code == "move.building_level"  # street 0505


def test_vehicles_only_at_level_zero_and_never_on_roofs():
    """'Vehículos: Sólo pueden entrar o salir de edificios desde el nivel base (nivel 0).'
    'Nota: Los vehículos no se pueden mover a la azotea de un edificio.'"""
    assert plan(TOWN, unit(kind="tracked", walk=6), "F").steps[0].elevation == 0
    assert refusal(TOWN, unit("0404", facing=1, kind="tracked", walk=6), "F").code == "move.building_level"
    assert refusal(TOWN, unit("0604", facing=5, kind="tracked", walk=6), "F").code == "move.building_level"


def test_a_mech_from_roof_height_steps_onto_the_roof_without_a_wall():
    """'Los niveles de edificación afectan al movimiento del mismo modo que los niveles de elevación'."""
    step = plan(TOWN, unit("0604", facing=5, walk=6), "F").steps[0]  # level-2 0604 → its NW neighbour 0504
    assert (step.hex.label, step.elevation, step.mp, step.checks) == ("0504", 2, 1, ())


def test_weight_over_cf_above_the_ground_floor_collapses_the_building_at_once():
    """'Si el peso total de mechs y vehículos en cualquier nivel del edificio (excepto en la planta baja,
    nivel 0) supera el FC actual del edificio, el edificio se colapsará inmediatamente'."""
    flimsy = board({"0504": (0, "building:1;bldg_cf:15;bldg_elev:2"), "0404": (1, "")})
    assert plan(flimsy, unit("0404", facing=1, walk=6, tons=50), "F").steps[0].effects == ("collapse",)
    assert plan(flimsy, unit(walk=6, tons=50), "F").steps[0].effects == ()  # ground floor: no collapse
    jump = plan_path(flimsy, unit(jump=3, tons=50), MoveOrder("A", "jump", to=Hex.parse("0504"), facing=0))
    assert jump.steps[0].elevation == 2 and jump.steps[0].effects == ("collapse",)


def test_collapse_damage_is_cf_over_ten_per_level_above_and_triple_for_infantry():
    """'cualquier unidad en su interior sufre daños equivalentes al FC … dividido entre 10, multiplicado
    por el nivel de niveles del edificación que haya encima'; 'Las unidades de infantería sufren 3
    veces el daño normal'."""
    building = building_at(HexTerrain.parse(0, "building:2;bldg_cf:35;bldg_elev:3"))
    assert collapse_damage(building, 0, "mech") == 11  # 3 levels: ceil(35 × 3 / 10)
    assert collapse_damage(building, 3, "mech") == 4  # on the roof: as on the top floor
    assert collapse_damage(building, 0, "infantry") == 33


def test_roads_over_rivers_are_medium_cf_40_bridges_when_unmarked():
    """'Aquellas carreteras que cruzan ríos son consideradas puentes … Si el tipo de un puente no está
    marcado … se debe asumir un puente medio con FC 40.'"""
    bridge = bridge_at(HexTerrain.parse(0, "road:1;water:2"))
    assert bridge is not None and (bridge.type.name, bridge.cf) == ("medium", 40)
    river = board({"0504": (0, "road:1;water:2")})
    step = plan(river, unit(kind="wheeled"), "F").steps[0]
    assert (step.mp, step.elevation, step.checks) == (1, 0, ())


def test_a_bridge_collapses_when_its_cf_reaches_zero():
    """'Cuando el FC de un puente se reduce a 0, se colapsa y cae sobre el río.'"""
    bridge = bridge_at(HexTerrain.parse(0, "bridge:1;bridge_cf:12;water:2"))
    assert bridge.type.name == "light" and bridge.cf == 12
    assert destroyed_by(bridge, 12) and not destroyed_by(bridge, 11)


def test_a_bridge_gives_way_under_more_tons_than_its_cf():
    """Bridges "tienen el mismo rango de Factores de Construcción (FC) que los edificios equivalentes", and a
    building's CF is "el número de toneladas de peso adicional que cada nivel de un edificio puede soportar sin
    colapsarse": the unmarked bridge ("un puente medio con FC 40") takes a 40-ton mech and not a 45-ton one,
    walking or jumping onto it. Infantry never weigh on it (as in buildings)."""
    river = board({"0504": (0, "road:1;water:2"), "0503": (0, "bridge:0;bridge_elev:1;water:1")})
    assert plan(river, unit(tons=40), "F").steps[0].effects == ()
    heavy = plan(river, unit(tons=45), "F").steps[0]
    assert heavy.effects == ("collapse",) and heavy.reasons[-1].code == "move.bridge_collapse"
    landing = plan_path(river, unit(tons=45, jump=2), MoveOrder("A", "jump", to=Hex.parse("0503"), facing=0))
    assert landing.steps[0].effects == ("collapse",) and landing.steps[0].elevation == 1
    assert plan(river, unit(kind="infantry", tons=45), "F").steps[0].effects == ()


def test_values_the_texts_leave_out_say_they_are_standard_battletech():
    """The building movement table is named but not given ('La tabla de Modificadores al Movimiento
    por Edificaciones'): the standard values are used and the ruling says so."""
    step = plan(TOWN, unit(walk=9), "F").steps[0]
    assert any("standard" in reason for reason in step.reasons)
    assert any("standard" in why for why, _ in step.checks[0].modifiers)
