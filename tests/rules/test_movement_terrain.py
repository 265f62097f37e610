"""Skids, water, climbing, dropping and MASC (Solaris VII movement text, the sections named below)."""

import pytest

from movement_fixtures import board, codes, plan, refusal, unit
from rules.core.board import HexTerrain
from rules.battletech.movement.buildings import underwater
from rules.core.errors import IllegalMove
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, plan_path
from rules.battletech.movement.psr import (charge_damage, climb_fall, drop_critical_rolls, drop_leg_damage, falling_damage,
                       masc_check, masc_streak_after, skid_check, skid_damage_per_hex, skid_modifier)
from rules.battletech.movement.skids import resolve_skid

PAVED = board({label: (0, "pavement:1") for label in ("0505", "0504", "0503", "0502", "0602", "0603", "0604")},
              size=(12, 12))


# --- Skids: 'Reglas de Deslizamiento al mover sobre hielo o asfalto' ------------------------------------

def test_running_turn_on_pavement_then_moving_needs_a_skid_roll():
    """'Hay posibilidades de que una unidad patine si está corriendo, realiza uno o más cambios de
    dirección en un hexágono pavimentado o helado, y después intenta continuar moviendo'."""
    path = plan(PAVED, unit(walk=6, piloting=5), "F", "F", "R", "F", mode="run")
    skid = path.steps[3].checks[0]
    assert (skid.code, skid.hexes_moved, skid.direction) == ("skid", 2, 0)
    assert skid.target == 5 - 1  # 0-2 hexes moved: −1 (standard skid table)


def test_walking_or_turning_off_pavement_needs_no_skid_roll():
    assert all(step.checks == () for step in plan(PAVED, unit(walk=6), "F", "F", "R", "F").steps)
    assert all(step.checks == () for step in plan(board(), unit(walk=6), "F", "R", "F", mode="run").steps)


def test_turning_at_the_end_of_a_run_needs_no_skid_roll():
    assert all(step.checks == () for step in plan(PAVED, unit(walk=6), "F", "R", mode="run").steps)


@pytest.mark.parametrize("hexes, modifier", [(0, -1), (2, -1), (3, 0), (4, 0), (5, 1), (7, 1), (8, 2), (10, 2), (11, 4),
                                             (17, 4), (18, 5), (24, 5), (25, 6), (40, 6)])
def test_skid_modifier_grows_with_hexes_moved(hexes, modifier):
    """'modificada según un factor basado en el número total de hexágonos movidos hasta el momento,
    utilizando la tabla de modificadores de deslizamiento': the text does not give the table, so TW's
    skidding table (by hexes moved so far): 11-17 +4, 18-24 +5, 25+ +6."""
    assert skid_modifier(hexes) == modifier


def test_a_failed_skid_slides_half_the_hexes_moved_rounded_up_taking_half_falling_damage():
    """'se desliza un número de hexágonos igual al número de ellos que ha movido … dividido por 2
    (redondeando hacia arriba) … sufre un daño igual a la mitad de su daño normal por caída'."""
    runner = unit("0505", walk=6, tons=55)
    skid = plan(PAVED, runner, "F", "F", "F", "R", "F", mode="run").steps[4].checks[0]
    at_turn = runner.moved_to(Hex.parse("0502"), 1)
    outcome = resolve_skid(PAVED, at_turn, skid, {})
    assert (skid.hexes_moved, skid.direction) == (3, 0)
    assert [hex_.label for hex_ in outcome.path] == ["0501"]  # 2 hexes due, the board edge stops it after 1
    assert skid_damage_per_hex(55) == 3 and outcome.fall_damage == 6 and outcome.total_damage == 9


def test_skid_slides_in_the_previous_direction_and_a_hill_stops_it():
    """'En el caso de colinas, no hay daño adicional y el movimiento de la unidad simplemente se para.'"""
    the_board = board({"0503": (0, "pavement:1"), "0502": (1, "")}, size=(12, 12))
    runner = unit("0508", walk=6, tons=50)
    check = skid_check(runner, 5, 0)
    outcome = resolve_skid(the_board, runner.moved_to(Hex.parse("0503"), 1), check, {})
    assert outcome.path == () and outcome.end.label == "0503"
    assert any("higher ground" in reason for reason in outcome.reasons)


def test_skid_into_a_unit_is_a_charge_and_stops():
    """'Las unidades y edificios recibirán daño en las colisiones como si la unidad que desliza hubiese
    efectuado una carga con éxito … úsese la distancia movida por la unidad antes de la caida'."""
    runner = unit("0505", tons=60)
    victim = unit("0503", id="B", tons=40)
    outcome = resolve_skid(board(), runner, skid_check(runner, 6, 0), {victim.hex: victim})
    (hit,) = outcome.collisions
    assert [hex_.label for hex_ in outcome.path] == ["0504"]
    assert (hit.target, hit.damage_to_target, hit.damage_to_skidder) == ("B", charge_damage(60, 6), 4) == ("B", 36, 4)


def test_skid_through_a_building_destroyed_by_the_hit_goes_on():
    """'el deslizamiento continúa si la unidad objetivo o el edificio han sido destruidos por ésta.'"""
    the_board = board({"0504": (0, "building:1;bldg_cf:10;bldg_elev:1")})
    runner = unit("0505", tons=60)
    outcome = resolve_skid(the_board, runner, skid_check(runner, 6, 0), {})
    assert outcome.collisions[0].destroyed and [h.label for h in outcome.path] == ["0504", "0503", "0502"]


# --- Water: 'Operaciones submarinas' ------------------------------------------------------------------

def test_water_depth_costs_and_a_roll_per_water_hex():
    """'gasta 4 puntos de movimiento por cada hex. de agua de profundidad 2 … y 2 PM por cada hex. de
    agua de profundidad 1; y debe hacer un chequeo de pilotaje … para cada hexágono de agua de
    profundidad 1 o superior'; 'deben pagar los puntos de movimiento estándar por cambiar de un nivel
    de elevación (profundidad) a otro'."""
    the_board = board({"0504": (0, "water:1"), "0503": (0, "water:2"), "0502": (0, "water:2")})
    path = plan(the_board, unit(walk=15, piloting=5), "F", "F", "F", "F")
    # Depths are levels: in from level 0 to the bed at -1 (2 + 1), on down to -2 (4 + 1), along the bed (4),
    # and out to level 0 (1 + 2).
    assert [step.mp for step in path.steps] == [3, 5, 4, 3]
    assert [[c.target for c in step.checks] for step in path.steps] == [[4], [5], [5], []]
    assert [step.elevation for step in path.steps] == [-1, -2, -2, 0]
    assert [reason.code for reason in path.steps[0].reasons] == ["move.water", "move.depth_change"]


def test_entering_deep_water_from_land_pays_its_levels_too():
    """'Además, los Mechs deben pagar los puntos de movimiento estándar por cambiar de un nivel de elevación
    (profundidad) a otro' read literally: from level 0 to the bed of depth 2 is two levels down, so 4 + 2 PM;
    from a level-1 bank into depth 1 water, 2 + 2."""
    assert plan(board({"0504": (0, "water:2")}), unit(walk=6), "F").mp == 6
    assert refusal(board({"0504": (0, "water:2")}), unit(walk=5), "F").code == "move.insufficient_mp"
    assert plan(board({"0505": (1, ""), "0504": (0, "water:1")}), unit(walk=4), "F").mp == 4


def test_a_mech_placed_in_water_stands_on_the_bed_and_climbs_out():
    """A unit at elevation 0 in a water hex stands on the bed (as line of sight places it): walking out of depth 2
    water onto level 0 is two levels up."""
    the_board = board({"0505": (0, "water:2")})
    assert plan(the_board, unit(walk=3), "F").mp == 3
    assert plan(the_board, unit(walk=3, elevation=-2), "F").mp == 3


def test_three_levels_down_into_water_is_a_drop():
    """Depth 3 from level 0 is a 3-level descent: 'Dejarse caer más de 2 niveles cuesta 4 PMs, independientemente
    del número de niveles descendidos o el terreno del hexágono al que se desciende', with its two rolls and the
    water's."""
    step = plan(board({"0504": (0, "water:3")}), unit(walk=4), "F").steps[0]
    assert step.mp == 4 and codes(step.checks) == ["water", "drop_legs", "drop_fall"]


def test_running_mp_never_enter_water_of_depth_one_or_more():
    """Total Warfare (the Solaris VII text is silent): a unit using running MP may not enter depth 1+ water. Read
    as MegaMek: a path into such water spends walking PM only, before the water and after it. A run order that
    stays within its walking PM may wade (and counts as a walk)."""
    the_board = board({"0503": (0, "water:1")})
    error = refusal(the_board, unit(walk=4), "F", "F", "F", mode="run")  # 1 + 3 + 2 = 6 > 4
    assert error.code == "move.water_while_running" and error.params["step"] == 3
    assert "Total Warfare" in error.message and "silent" in error.message
    late = refusal(the_board, unit(walk=4), "R", "L", "F", "F", mode="run")  # the turns first: 2 + 1 + 3 > 4
    assert late.code == "move.water_while_running" and late.params["step"] == 4
    waded = plan(the_board, unit(walk=4), "F", "F", mode="run")
    assert (waded.mp, waded.moved) == (4, "walk")
    assert refusal(the_board, unit(walk=4, masc=True), "F", "F", "F", mode="masc").code == "move.water_while_running"


def test_minimum_movement_never_wades():
    """'Una unidad que entre un hexágono bajo estas condiciones se considera que ha corrido': minimum movement is
    running, so it cannot take a mech into water it cannot pay for (as it cannot take it up a climb)."""
    assert refusal(board({"0504": (0, "water:1")}), unit(walk=2), "F").code == "move.insufficient_mp"
    assert plan(board({"0504": (0, "woods:2")}), unit(walk=2), "F").moved == "run"


def test_hovercraft_and_bridges_are_not_wading():
    """Hovercraft cross water on its surface and a bridge deck is not water: a run across either is a run."""
    assert plan(board({"0504": (0, "water:2")}), unit(kind="hover", walk=2), "F", "F", "F", mode="run").moved == "run"
    deck = board({"0504": (0, "road:1;water:2"), "0503": (0, "road:1")})
    assert plan(deck, unit(walk=1), "F", "F", mode="run").moved == "run"


def test_who_counts_as_underwater():
    """'Se consideran unidades bajo el agua a los Mechs en agua de profundidad 2 o superior, Mechs
    tumbados en agua de profundidad 1 y submarinos a profundidad 1 o superior.' One test for movement,
    line of sight and combat (rules.battletech.movement.buildings.underwater); a unit placed in water at elevation 0 stands
    on the bed."""
    deep, shallow = HexTerrain.parse(0, "water:2"), HexTerrain.parse(0, "water:1")
    assert underwater(deep, unit(elevation=-2)) and underwater(deep, unit())
    assert not underwater(shallow, unit(elevation=-1)) and not underwater(shallow, unit())
    assert underwater(shallow, unit(elevation=-1, prone=True)) and underwater(shallow, unit(prone=True))
    assert underwater(shallow, unit(kind="submarine", elevation=-1))
    assert not underwater(deep, unit(kind="hover")) and not underwater(HexTerrain.parse(0, ""), unit(prone=True))


def test_a_unit_on_a_bridge_deck_is_not_underwater():
    """A bridge over a river keeps the unit on its deck ('Aquellas carreteras que cruzan ríos son
    consideradas puentes'): movement puts it at the deck's height, 0 for a road, and it is not under water."""
    road_bridge = HexTerrain.parse(0, "water:2;road:1")
    assert not underwater(road_bridge, unit()) and underwater(road_bridge, unit(elevation=-2))


def test_a_mech_under_water_cannot_jump():
    """'los retrorreactores no pueden activarse bajo el agua'."""
    the_board = board({"0505": (0, "water:2")})
    diver = unit(jump=3, elevation=-2)
    with pytest.raises(IllegalMove) as error:
        plan_path(the_board, diver, MoveOrder("A", "jump", to=Hex.parse("0503"), facing=0))
    assert error.value.code == "move.jump_underwater"


def test_hovercraft_cross_water_on_the_surface():
    step = plan(board({"0504": (0, "water:3")}), unit(kind="hover"), "F").steps[0]
    assert (step.mp, step.elevation, step.checks) == (1, 0, ())


# --- Climbing: 'Reglas de escalada' --------------------------------------------------------------------

CLIFF = board({"0504": (3, "")})


def test_climbing_three_levels_costs_two_pm_a_level_and_a_roll_per_level():
    """'Cada nivel de elevación alcanzado cuesta 2 PM si el Mech dispone de dos actuadores de mano
    operativos … Por cada nivel escalado, el jugador debe realizar un chequeo de pilotaje.'"""
    step = plan(CLIFF, unit(walk=7, piloting=4), "F").steps[0]
    assert step.mp == 1 + 3 * 2
    assert codes(step.checks) == ["climb"] * 3 and {c.target for c in step.checks} == {5}
    assert [c.levels for c in step.checks] == [1, 2, 3]


def test_climbing_with_one_hand_costs_three_pm_a_level_at_plus_two():
    """'o 3 PM si el Mech sólo dispone de uno'; 'Si la unidad sólo tiene un actuador de mano
    operativo, se aplicará un modificador de +2.'"""
    step = plan(CLIFF, unit(walk=10, hands=1, piloting=4), "F").steps[0]
    assert step.mp == 1 + 3 * 3 and {c.target for c in step.checks} == {6}


def test_climbing_needs_a_free_hand_and_walking_pm():
    """'debe tener al menos un actuador de mano operativo, y esa mano debe estar libre'; 'Sólo los
    Puntos de Movimiento disponibles andando se pueden usar durante la escalada'."""
    assert refusal(CLIFF, unit(walk=7, hands=0), "F").code == "move.climb_needs_hand"
    assert refusal(CLIFF, unit(walk=7), "F", mode="run").code == "move.climb_while_running"


def test_a_climb_the_pm_cannot_finish_hangs_at_the_height_reached():
    path = plan(CLIFF, unit(walk=5), "F")
    (step,) = path.steps
    assert (step.hex.label, step.elevation, step.mp, step.effects) == ("0505", 2, 4, ("climbing",))
    hanging = unit(walk=5, elevation=2, climbing=True)
    finish = plan(CLIFF, hanging, "F").steps[0]
    assert finish.mp == 1 + 2 and [c.levels for c in finish.checks] == [3]
    assert refusal(CLIFF, hanging, "L").code == "move.climbing"


def test_a_failed_climb_falls_from_the_last_level_reached():
    """'Si la tirada falla, el Mech cae desde una altura igual al último nivel que alcanzara satisfactoriamente.'"""
    third = plan(CLIFF, unit(walk=7, tons=50), "F").steps[0].checks[2]
    fall = climb_fall(unit(tons=50), third)
    assert (fall.levels, fall.damage) == (2, falling_damage(50, 2)) == (2, 15)


def test_vehicles_and_infantry_never_climb():
    assert refusal(CLIFF, unit(kind="infantry", walk=9), "F").code == "move.too_steep"


# --- Dropping: 'Dejarse caer' --------------------------------------------------------------------------

def test_dropping_costs_four_pm_whatever_the_levels_and_rolls_twice():
    """'Dejarse caer más de 2 niveles cuesta 4 PMs, independientemente del número de niveles
    descendidos o el terreno'; 'El primer chequeo recibe un penalizador igual al número de niveles
    descendidos, multiplicado por dos … El segundo chequeo recibe un penalizador igual al número de
    niveles descendidos.'"""
    the_board = board({"0505": (4, ""), "0504": (0, "woods:2")})
    step = plan(the_board, unit(walk=4, piloting=5), "F").steps[0]
    assert step.mp == 4
    assert [(c.code, c.target, c.levels) for c in step.checks] == [("drop_legs", 13, 4), ("drop_fall", 9, 4)]


def test_a_failed_leg_roll_damages_each_leg_by_the_levels_with_one_or_two_critical_rolls():
    """'cada pierna del mech sufre un daño igual al número de niveles descendidos. Adicionalmente, se
    deberá realizar una tirada de críticos en cada pierna. Si se dañara la estructura interna de la
    pierna, se deberán hacer dos tiradas de críticos.'"""
    assert drop_leg_damage(4) == 4
    assert (drop_critical_rolls(False), drop_critical_rolls(True)) == (1, 2)


def test_a_failed_fall_roll_falls_the_levels_dropped():
    """'Si se falla el chequeo, el mech se caerá tantos niveles como intentaba descender'."""
    assert falling_damage(60, 3) == 24


# --- MASC ---------------------------------------------------------------------------------------------

def test_masc_doubles_walking_pm():
    """'con un resultado de 3 o más el BattleMech puede correr al doble de PM que tenga al andar.'"""
    long_board = board(size=(10, 20))
    path = plan(long_board, unit("0515", walk=4, masc=True), *["F"] * 8, mode="masc")
    assert path.mp == 8 and path.moved == "run" and codes(path.checks) == ["masc"]
    assert refusal(long_board, unit("0515", walk=4), "F", mode="masc").code == "move.no_masc"


@pytest.mark.parametrize("streak, target", [(0, 3), (1, 5), (2, 7), (3, 11), (4, 13), (9, 13)])
def test_masc_target_rises_each_consecutive_turn_and_fails_on_the_fifth(streak, target):
    """'En el segundo turno la tirada es de 5 o más, en el tercero 7 o más, en el cuarto 11 o más, y
    en el quinto se congelan automáticamente.'"""
    assert masc_check(unit(masc=True, masc_streak=streak)).target == target


def test_each_turn_without_masc_lowers_the_step():
    """'Por cada turno en el que no se utilice el MASC se reduce la tirada en un intervalo.'"""
    assert masc_streak_after(unit(masc_streak=2), used=False) == 1
    assert masc_streak_after(unit(masc_streak=0), used=False) == 0
    assert masc_streak_after(unit(masc_streak=2), used=True) == 3


def test_frozen_legs_forbid_any_movement():
    """'el Mech no puede moverse el resto de la partida, aunque no se considere inmóvil.'"""
    assert refusal(board(), unit(legs_frozen=True), "F").code == "move.legs_frozen"
    frozen = unit(legs_frozen=True, jump=4)
    with pytest.raises(IllegalMove) as error:
        plan_path(board(), frozen, MoveOrder("A", "jump", to=Hex.parse("0503"), facing=0))
    assert error.value.code == "move.legs_frozen"
