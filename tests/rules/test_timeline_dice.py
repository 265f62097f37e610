"""Dice outcomes of movement, rolled in timeline order from the dice passed in."""

from rules.core.board import Board, HexTerrain
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder
from rules.battletech.movement.simultaneous import resolve_movement
from rules.battletech.units import Unit
from tests.rules.conftest import ScriptedDice

FAIL, PASS = (1, 1), (6, 6)


def resolve(terrain, units, orders, faces):
    board = Board(16, 17, {Hex.parse(label): HexTerrain.parse(0, text) for label, text in terrain.items()})
    state = GameState(board, tuple(units))
    ids = [unit.id for unit in units]
    return resolve_movement(state, orders, ScriptedDice(*[face for pair in faces for face in pair]), initiative=ids)


def kinds(result, unit_id="A"):
    return [event.kind for tick in result.ticks for event in tick if event.unit == unit_id]


def test_a_failed_swamp_roll_leaves_the_mech_stuck_and_ends_its_move():
    """'Si se falla el chequeo, la unidad se queda atascada en el hexágono sin poder moverse durante el
    resto del turno (un BattleMech que falla esta tirada no se cae).'"""
    a = Unit("A", Hex.parse("0510"), 0)
    stuck = resolve({"0509": "swamp:1"}, [a], [MoveOrder("A", "walk", ("F", "F"))], [FAIL])
    assert kinds(stuck) == ["step", "roll", "stuck"]
    final = stuck.final["A"].unit
    assert (final.hex.label, final.stuck, final.prone) == ("0509", True, False)
    (roll,) = stuck.rolls
    assert (roll.total, roll.target, roll.success) == (2, 5, False)

    free = resolve({"0509": "swamp:1"}, [a], [MoveOrder("A", "walk", ("F", "F"))], [PASS])
    assert kinds(free) == ["step", "roll", "step"] and free.final["A"].unit.hex.label == "0508"


def test_a_stuck_mech_rolls_to_leave_the_swamp_at_the_start_of_the_phase():
    """'Al principio de la fase de movimiento del siguiente turno, el jugador que controla la unidad
    atrapada realizará un chequeo de pilotaje. Si se supera el chequeo, la unidad puede salir del
    pantano y moverse normalmente. Si el chequeo falla, la unidad permanece atrapada'."""
    a = Unit("A", Hex.parse("0509"), 0, stuck=True)
    b = Unit("B", Hex.parse("0210"), 0)
    orders = [MoveOrder("A", "walk", ("F",)), MoveOrder("B", "walk", ("F", "F"))]
    held = resolve({"0509": "swamp:1"}, [a, b], orders, [FAIL])
    assert kinds(held) == ["roll", "stuck"] and held.final["A"].unit.stuck
    assert [event.kind for event in held.ticks[0]][:2] == ["roll", "stuck"]  # before anyone's first PM
    out = resolve({"0509": "swamp:1"}, [a, b], orders, [PASS])
    assert kinds(out) == ["roll", "freed", "step"] and not out.final["A"].unit.stuck


def test_a_failed_water_roll_is_a_fall_in_that_hex():
    """'debe hacer un chequeo de pilotaje … para cada hexágono de agua de profundidad 1 o superior al
    que mueve'; failing it the mech falls there (standard falling damage, halved in water). Five walking PM:
    the water hex costs 3 (2 and its level), the land after it 2, so the path is legal and the fall ends it."""
    result = resolve({"0509": "water:1"}, [Unit("A", Hex.parse("0510"), 0, tons=50, walk=5)],
                     [MoveOrder("A", "walk", ("F", "F"))], [FAIL])
    assert kinds(result) == ["step", "roll", "fall"]
    fall = [event for tick in result.ticks for event in tick][-1]
    assert fall.kind == "fall" and fall.damage == 3  # ceil(50 / 10) = 5, halved in water, rounded up
    assert result.final["A"].unit.prone and result.final["A"].unit.hex.label == "0509"


def test_a_failed_masc_roll_freezes_the_legs_before_the_first_step():
    """'Con un resultado de 2, los actuadores de las piernas se congelan … el Mech no puede moverse el
    resto de la partida'."""
    result = resolve({}, [Unit("A", Hex.parse("0510"), 0, masc=True)], [MoveOrder("A", "masc", ("F", "F"))], [FAIL])
    assert kinds(result) == ["roll", "immobile"]
    assert result.final["A"].unit.legs_frozen and result.final["A"].unit.hex.label == "0510"


def test_a_passed_masc_roll_moves_and_raises_the_next_turns_target():
    """'Las posibilidades de fallo de las piernas aumentan con cada turno de uso del MASC … Por cada
    turno en el que no se utilice el MASC se reduce la tirada en un intervalo.'"""
    used = resolve({}, [Unit("A", Hex.parse("0510"), 0, masc=True, masc_streak=1)],
                   [MoveOrder("A", "masc", ("F", "F"))], [PASS])
    assert kinds(used) == ["roll", "step", "step"] and used.final["A"].unit.masc_streak == 2
    rested = resolve({}, [Unit("A", Hex.parse("0510"), 0, masc=True, masc_streak=1)],
                     [MoveOrder("A", "walk", ("F",))], [])
    assert rested.final["A"].unit.masc_streak == 0


def test_a_climb_the_pm_cannot_finish_leaves_the_mech_hanging_in_its_hex():
    """'Cada nivel de elevación alcanzado cuesta 2 PM … Por cada nivel escalado, el jugador debe
    realizar un chequeo de pilotaje': 4 walking PM climb 2 of the 3 levels, one roll each."""
    board = Board(16, 17, {Hex.parse("0509"): HexTerrain.parse(3, "")})
    state = GameState(board, (Unit("A", Hex.parse("0510"), 0),))
    result = resolve_movement(state, [MoveOrder("A", "walk", ("F",))], ScriptedDice(*[6] * 4), initiative=["A"])
    assert kinds(result) == ["roll", "roll", "climb"]
    final = result.final["A"].unit
    assert (final.hex.label, final.elevation, final.climbing) == ("0510", 2, True)


PAVED = {"0511": "pavement:1", "0510": "pavement:1"}
RUN_AND_TURN = MoveOrder("A", "run", ("F", "F", "R", "F", "F"))  # 5 PM: more than walking


def test_a_failed_skid_roll_falls_slides_on_and_crashes_into_a_mech_as_a_charge():
    """'Hay posibilidades de que una unidad patine si está corriendo, realiza uno o más cambios de
    dirección en un hexágono pavimentado … La unidad se desliza un número de hexágonos igual al número
    de ellos que ha movido … dividido por 2 (redondeando hacia arriba), continuando en la misma
    dirección' and 'cualquier otra unidad … ésta se estrella contra aquél … como si la unidad que
    desliza hubiese efectuado una carga con éxito. El choque se resuelve inmediatamente'."""
    a = Unit("A", Hex.parse("0512"), 0, tons=50)
    b = Unit("B", Hex.parse("0509"), 3)
    result = resolve(PAVED, [a, b], [RUN_AND_TURN], [FAIL])
    assert kinds(result) == ["step", "step", "turn", "roll", "fall", "charge"]
    crash = [event for tick in result.ticks for event in tick if event.kind == "charge"][0]
    assert (crash.from_hex.label, crash.to_hex.label, crash.target, crash.damage) == ("0510", "0509", "B", 10)
    assert result.final["A"].unit.hex.label == "0510" and result.final["A"].unit.prone
    assert result.final["A"].moved == "run"  # a fall is not a block by the rival


def test_a_failed_skid_roll_with_the_way_clear_slides_a_hex():
    result = resolve(PAVED, [Unit("A", Hex.parse("0512"), 0)], [RUN_AND_TURN], [FAIL])
    assert kinds(result) == ["step", "step", "turn", "roll", "fall", "skid"]
    assert result.final["A"].unit.hex.label == "0509"


def test_a_passed_skid_roll_goes_on():
    result = resolve(PAVED, [Unit("A", Hex.parse("0512"), 0)], [RUN_AND_TURN], [PASS])
    assert kinds(result) == ["step", "step", "turn", "roll", "step", "step"]
    assert result.final["A"].unit.hex.label == "0709"


def test_a_jump_lands_short_of_a_mech_a_roll_left_stuck_in_its_landing_hex():
    """No mech ends its move on another (standard BattleTech; the text has no case for it): B was to
    cross 0508 but is stuck there, so A's jump lands in the hex before it on its line of flight."""
    a = Unit("A", Hex.parse("0511"), 0, jump=3)
    b = Unit("B", Hex.parse("0408"), 5, walk=5)
    orders = [MoveOrder("A", "jump", to=Hex.parse("0508"), facing=0), MoveOrder("B", "walk", ("R", "R", "F", "F"))]
    crossing = resolve({}, [a, b], orders, [])
    assert [event.to_hex.label for tick in crossing.ticks for event in tick if event.unit == "B" and event.kind == "step"] == [
        "0508", "0607"]
    assert crossing.final["A"].unit.hex.label == "0508"
    result = resolve({"0508": "swamp:1"}, [a, b], orders, [FAIL])
    assert result.final["B"].unit.hex.label == "0508" and result.final["B"].unit.stuck
    assert result.final["A"].unit.hex.label == "0509"


def test_in_classic_mode_a_move_does_not_end_on_a_mech_that_stays_there():
    """B moved first and crossed A's target, 0508, but a failed swamp roll left it there (A's last hex,
    before a turn in it)."""
    a = Unit("A", Hex.parse("0511"), 0)
    b = Unit("B", Hex.parse("0408"), 5, walk=5)
    orders = [MoveOrder("A", "run", ("F", "F", "F", "L")), MoveOrder("B", "walk", ("R", "R", "F", "F"))]
    board = Board(16, 17, {Hex.parse("0508"): HexTerrain.parse(0, "swamp:1")})
    state = GameState(board, (a, b))
    result = resolve_movement(state, orders, ScriptedDice(1, 1), mode="classic", initiative=["B", "A"])
    assert result.final["B"].unit.hex.label == "0508" and result.final["B"].unit.stuck
    assert result.final["A"].unit.hex.label == "0509"
    blocked = [event for tick in result.ticks for event in tick if event.kind == "blocked"]
    assert [(event.unit, event.target) for event in blocked] == [("A", "B")]


def test_in_classic_mode_the_swamp_escape_is_rolled_before_anyone_moves():
    """'Al principio de la fase de movimiento … realizará un chequeo de pilotaje': B fails it and
    stays in 0508, so A, which was to end there as B left, stops before it."""
    board = Board(16, 17, {Hex.parse("0508"): HexTerrain.parse(0, "swamp:1")})
    units = (Unit("A", Hex.parse("0511"), 0), Unit("B", Hex.parse("0508"), 0, stuck=True))
    state = GameState(board, units)
    orders = [MoveOrder("A", "walk", ("F", "F", "F")), MoveOrder("B", "walk", ("F",))]
    result = resolve_movement(state, orders, ScriptedDice(1, 1), mode="classic", initiative=["A", "B"])
    assert [(event.unit, event.kind) for event in result.ticks[0]][:2] == [("B", "roll"), ("B", "stuck")]
    assert result.final["A"].unit.hex.label == "0509" and result.final["B"].unit.hex.label == "0508"
    assert result.conflicts[0].case == "held_hex"
