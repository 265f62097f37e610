"""Movement costs and legality (issue 4 'Costs and legality', Solaris VII 'Moverse hacia atrás')."""

import pytest
from hypothesis import given, settings, strategies as st

from movement_fixtures import board, plan, refusal, unit
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, check_path


def test_clear_hex_costs_one_and_each_facing_change_one():
    path = plan(board(), unit(walk=4), "F", "R", "F")
    assert [step.mp for step in path.steps] == [1, 1, 1]
    assert path.end == (path.steps[-1].hex, 1)


@pytest.mark.parametrize("terrain, cost", [("rough:1", 2), ("woods:1", 2), ("woods:2", 3), ("rubble:1", 2)])
def test_terrain_surcharges(terrain, cost):
    """Rough +1, light woods +1, heavy woods +2 (standard BattleTech; the issue's cost list)."""
    assert plan(board({"0504": (0, terrain)}), unit(), "F").steps[0].mp == cost


def test_each_level_up_or_down_costs_one_pm():
    the_board = board({"0504": (2, ""), "0503": (1, "")})
    assert [step.mp for step in plan(the_board, unit(walk=6), "F", "F").steps] == [3, 2]


def test_vehicles_and_infantry_change_one_level_per_step():
    the_board = board({"0504": (2, "")})
    for kind in ("tracked", "wheeled", "hover", "infantry"):
        assert refusal(the_board, unit(kind=kind, walk=6), "F").code == "move.too_steep"
    assert plan(board({"0504": (1, "")}), unit(kind="tracked"), "F").mp == 2


@pytest.mark.parametrize("kind, terrain", [
    ("wheeled", "woods:1"), ("hover", "woods:1"), ("tracked", "woods:2"),
    ("wheeled", "rough:1;swamp:1"), ("wheeled", "woods:1;swamp:1"),
    ("tracked", "water:1"), ("wheeled", "water:2"), ("infantry", "water:1"),
])
def test_prohibited_terrain_by_unit_kind(kind, terrain):
    """'los vehículos con ruedas no pueden acceder a terreno abrupto pantanos o terreno de bosque
    pantanoso'; 'Sólo BattleMechs y submarinos pueden moverse bajo el agua'; woods limits for
    vehicles are standard BattleTech."""
    assert refusal(board({"0504": (0, terrain)}), unit(kind=kind, walk=6), "F").code == "move.prohibited_terrain"


def test_wheeled_vehicles_may_enter_clear_swamp():
    assert plan(board({"0504": (0, "swamp:1")}), unit(kind="wheeled"), "F").mp == 2


def test_submarines_only_move_in_water():
    the_board = board({"0504": (0, "water:2"), "0503": (0, "")})
    sub = unit(kind="submarine", elevation=-1)
    assert plan(the_board, sub, "F").steps[0].elevation == -1
    assert refusal(the_board, sub, "F", "F").code == "move.prohibited_terrain"


def test_forward_backward_and_turns_mix_while_pm_last():
    """'un Mech o vehículo puede moverse hacia adelante y atrás, y cambiar de dirección en la forma
    que el jugador desee, mientras la unidad posea el número requerido de puntos de movimiento'."""
    path = plan(board(), unit(walk=5), "F", "B", "L", "B", "F")
    assert path.mp == 5 and path.end[0].label == "0505"


def test_no_unit_runs_backwards():
    """'Sin embargo, ninguna unidad puede correr hacia atrás.'"""
    error = refusal(board(), unit(walk=4), "F", "B", mode="run")
    assert error.code == "move.run_backwards" and error.params["step"] == 2


def test_run_budget_is_ceil_one_and_a_half_walk():
    assert unit(walk=5).run == 8
    long_board, runner = board(size=(10, 20)), unit("0515", walk=5)
    assert plan(long_board, runner, *["F"] * 8, mode="run").moved == "run"
    assert refusal(long_board, runner, *["F"] * 9, mode="run").code == "move.insufficient_mp"


def test_running_within_walking_pm_counts_as_walked():
    assert plan(board(), unit(walk=5), "F", "F", mode="run").moved == "walk"


def test_first_offending_step_is_named():
    _, error = check_path(board({"0503": (0, "woods:2")}), unit(walk=3), MoveOrder("A", "walk", ("F", "F")))
    assert error.code == "move.insufficient_mp" and error.params["step"] == 2 and "step 2" in error.message


def test_off_board_step_is_refused():
    assert refusal(board(size=(3, 3)), unit("0201"), "F").code == "move.off_board"


def test_jump_costs_one_pm_per_hex_ignoring_terrain():
    the_board = board({"0503": (3, "woods:2")})
    jump = check_path(the_board, unit(jump=4), MoveOrder("A", "jump", to=Hex.parse("0503"), facing=3))[0]
    assert jump.mp == 2 and jump.moved == "jump" and jump.end[1] == 3


def test_jump_beyond_jump_pm_is_refused():
    _, error = check_path(board(), unit(jump=2), MoveOrder("A", "jump", to=Hex.parse("0502"), facing=0))
    assert error.code == "move.insufficient_mp"


STEP = st.sampled_from(["F", "B", "L", "R"])
TERRAIN = st.sampled_from(["", "woods:1", "woods:2", "rough:1", "swamp:1", "water:1", "pavement:1"])


@settings(max_examples=80, deadline=None)
@given(steps=st.lists(STEP, max_size=8), cells=st.dictionaries(
    st.sampled_from(["0403", "0404", "0503", "0504", "0506", "0604", "0605"]), st.tuples(st.integers(0, 2), TERRAIN)))
def test_a_paths_pm_is_the_sum_of_its_steps(steps, cells):
    """Property (issue 4 'Tests'): the PM of a path equals the sum of what its steps cost."""
    the_board = board(cells, size=(9, 9))
    path, _ = check_path(the_board, unit(walk=9), MoveOrder("A", "walk", tuple(steps)))
    assert path.mp == sum(step.mp for step in path.steps) <= 9


def test_a_road_is_followed_across_woods_at_one_pm():
    """'las carreteras pueden permitir el movimiento sobre terreno prohibido o difícil' (Solaris VII,
    movimiento sobre pavimento); exits are not modelled: a road entered from a road is followed."""
    the_board = board({"0505": (0, "road:1"), "0504": (0, "road:1;woods:2"), "0503": (0, "woods:2")})
    path = plan(the_board, unit(kind="wheeled", walk=3), "F")
    assert path.steps[0].mp == 1
    assert refusal(the_board, unit(kind="wheeled", walk=5), "F", "F").code == "move.prohibited_terrain"


def test_ground_vehicles_on_pavement_the_whole_move_get_one_more_cruise_pm():
    """'Los vehículos terrestres que mueven sobre carreteras o terreno pavimentado pueden obtener
    puntos de movimiento adicionales' (standard BattleTech: +1 cruise PM)."""
    street = board({f"05{row:02d}": (0, "pavement:1") for row in range(1, 11)})
    path = plan(street, unit("0510", kind="wheeled", walk=4), "F", "F", "F", "F", "F")
    assert path.mp == 5 and path.moved == "walk" and any("+1 cruise" in reason for reason in path.reasons)
    off_street = board({label: (0, "pavement:1") for label in ("0510", "0509", "0508", "0507")})
    assert refusal(off_street, unit("0510", kind="wheeled", walk=4), *["F"] * 5).code == "move.insufficient_mp"
    assert refusal(street, unit("0510", walk=4), *["F"] * 5).code == "move.insufficient_mp"  # mechs get nothing


def test_backward_movement_cannot_change_levels():
    """Total Warfare (the Solaris VII 'Moverse hacia atrás' is silent on levels): a unit moving backward may not
    go up or down a level, nor, with depths as levels, into or out of water."""
    for terrain in ((1, ""), (-1, ""), (0, "water:1")):
        error = refusal(board({"0506": terrain}), unit(walk=4), "B")
        assert error.code == "move.backward_level" and "silent" in error.message
    assert plan(board({"0506": (1, "")}), unit(walk=5), "L", "L", "L", "F").mp == 5  # turned round, it walks up
    assert plan(board({"0506": (0, "woods:1")}), unit(walk=4), "B").mp == 2  # same level: allowed


def jump(the_board, the_unit, to):
    return check_path(the_board, the_unit, MoveOrder(the_unit.id, "jump", to=Hex.parse(to), facing=0))


def test_a_jump_lands_no_more_levels_up_than_its_jumping_mp():
    """Total Warfare (the Solaris VII text is silent): a jumping mech cannot enter a hex whose level is higher than
    the level it jumped from plus its jumping MP. A building counts to its roof."""
    hill = board({"0503": (4, "")})
    assert jump(hill, unit(jump=4), "0503")[1] is None
    _, error = jump(hill, unit(jump=3), "0503")
    assert error.code == "move.jump_too_high" and error.params["ceiling"] == 3
    tower = board({"0504": (0, "building:2;bldg_elev:4")})
    assert jump(tower, unit(jump=3), "0504")[1].code == "move.jump_too_high"
    assert jump(board({"0505": (2, ""), "0503": (4, "")}), unit(jump=2), "0503")[1] is None  # from the hill top


def test_a_jump_flies_a_shortest_path_under_its_ceiling():
    """The same limit holds for every hex the jump passes: it flies one of the shortest paths, and when each such
    path crosses a hex too high the jump is refused (BattleTech's jumping rule; the Solaris VII text is silent).
    From 0505 to 0503 the one shortest path crosses 0504."""
    wall = board({"0504": (4, "")})
    _, error = jump(wall, unit(jump=3), "0503")
    assert error.code == "move.jump_too_high" and "0504" in error.message
    # 0505 to 0603 has two shortest paths, through 0504 or 0604: one low enough is enough.
    assert jump(board({"0604": (5, "")}), unit(jump=3), "0603")[1] is None
    assert jump(board({"0604": (5, ""), "0504": (4, "")}), unit(jump=3), "0603")[1].code == "move.jump_too_high"
