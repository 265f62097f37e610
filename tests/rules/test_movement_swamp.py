"""Swamp (Solaris VII 'Tipos de terrenos especiales') and minimum movement ('Movimiento Mínimo')."""

from movement_fixtures import board, codes, plan, refusal, unit
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, plan_path
from rules.battletech.movement.reach import reachable

SWAMP = board({"0504": (0, "swamp:1"), "0503": (0, "woods:1;swamp:1")})


def test_swamp_adds_one_pm_to_the_base_terrain():
    """'entrar en un terreno despejado pantanoso costará 2 PM (en vez de 1 PM), y entrar en un
    terreno de bosque ligero pantanoso costará 3 PM'."""
    assert [step.mp for step in plan(SWAMP, unit(walk=5), "F", "F").steps] == [2, 3]


def test_hovercraft_pay_no_swamp_surcharge_and_roll_nothing():
    """'Este incremento en PM aplica a todas las unidades, incluyendo infantería, pero no a los hovercraft.'"""
    step = plan(SWAMP, unit(kind="hover"), "F").steps[0]
    assert step.mp == 1 and step.checks == ()


def test_entering_swamp_needs_a_piloting_roll():
    """'Cuando un BattleMech o una unidad de tierra entran en un hexágono pantanoso, el jugador debe
    realizar un chequeo de pilotaje.'"""
    for kind in ("mech", "tracked", "wheeled"):
        (check,) = plan(SWAMP, unit(kind=kind, piloting=4), "F").steps[0].checks
        assert (check.code, check.roll, check.target) == ("swamp", "piloting", 4)


def test_infantry_are_stuck_on_four_or_less_and_escape_on_five():
    """'Con un resultado de 4 o menos, la unidad se queda atrapada. Para escapar, una unidad de
    infantería sólo necesita un 5+ en una tirada de 2d6.'"""
    infantry = unit(kind="infantry", walk=3)
    (check,) = plan(SWAMP, infantry, "F").steps[0].checks
    assert (check.roll, check.target) == ("2d6", 5)
    stuck = unit(kind="infantry", walk=3, stuck=True, at="0504")
    (escape,) = plan(SWAMP, stuck, "F").checks
    assert (escape.code, escape.roll, escape.target) == ("swamp_escape", "2d6", 5)


def test_a_stuck_mech_rolls_to_escape_at_the_start_of_movement():
    """'Al principio de la fase de movimiento del siguiente turno … realizará un chequeo de pilotaje.'"""
    path = plan(SWAMP, unit(at="0504", stuck=True, piloting=5), "F")
    assert codes(path.checks) == ["swamp_escape"] and path.checks[0].target == 5


def test_a_jumping_mech_landing_in_swamp_is_stuck_automatically_but_infantry_are_not():
    """'Un BattleMech que esté saltando y caiga en un terreno pantanoso automáticamente se queda
    atrapado, aunque las unidades de infantería que salten no lo harán.'"""
    order = MoveOrder("A", "jump", to=Hex.parse("0504"), facing=0)
    assert plan_path(SWAMP, unit(jump=3), order).steps[0].effects == ("stuck",)
    assert plan_path(SWAMP, unit(kind="infantry", jump=3), order).steps[0].effects == ()


def test_minimum_movement_the_hex_ahead_whatever_its_cost_counts_as_running():
    """'una unidad siempre podrá mover al hexágono situado directamente delante de ella … a pesar del
    coste del terreno, siempre que sea el único gasto de PM … se considera que ha corrido.'"""
    the_board = board({"0504": (0, "woods:2")})
    path = plan(the_board, unit(walk=1, run=2), "F")
    assert path.mp == 3 and path.moved == "run"
    assert any("Movimiento Mínimo" in reason for reason in path.reasons)


def test_minimum_movement_only_as_the_only_expenditure():
    the_board = board({"0504": (0, "woods:2")})
    assert refusal(the_board, unit(walk=2, run=3), "L", "R", "F").code == "move.insufficient_mp"
    assert refusal(board({"0506": (0, "woods:2")}), unit(walk=1, run=2), "B").code == "move.insufficient_mp"


def test_minimum_movement_not_into_a_prohibited_hex():
    """'… y no tenga prohibido entrar en ese hexágono.'"""
    assert refusal(board({"0504": (0, "woods:1")}), unit(kind="wheeled", walk=1), "F").code == "move.prohibited_terrain"


def test_a_prone_mech_with_a_single_pm_may_try_to_stand_once():
    """'Un BattleMech tumbado con un único PM disponible puede realizar un único intento por levantarse.'"""
    path = plan(board(), unit(walk=1, run=1, prone=True), "SU")
    assert path.mp == 2 and path.moved == "run" and codes(path.steps[0].checks) == ["stand"]
    assert refusal(board(), unit(walk=1, run=1, prone=True), "SU", "SU").code == "move.insufficient_mp"  # once only
    assert refusal(board(), unit(walk=1, run=1, prone=True), "L", "SU").code == "move.insufficient_mp"


def test_a_prone_mech_must_stand_before_moving():
    assert refusal(board(), unit(prone=True), "F").code == "move.prone"
    assert plan(board(), unit(prone=True), "SU", "F").mp == 3


def test_reach_includes_the_minimum_movement_hex():
    the_board = board({"0504": (0, "woods:2")})
    assert reachable(the_board, unit(walk=1, run=2), "walk")[(Hex.parse("0504"), 0)] == (3, "run")
