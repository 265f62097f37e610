"""Properties of any resolved movement phase, in both modes, on random plotted paths."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.board import Board, HexTerrain
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, check_path
from rules.battletech.movement.simultaneous import resolve_movement
from rules.battletech.units import Unit
from rules.core.reasons import reason_code

# Swamp and pavement so that rolls, stuck mechs, falls and skids happen too.
BOARD = Board(8, 8, {Hex.parse(label): HexTerrain.parse(0, terrain) for label, terrain in (
    ("0303", "swamp:1"), ("0505", "swamp:1"), ("0206", "swamp:1"), ("0404", "pavement:1"), ("0405", "pavement:1"), ("0504", "pavement:1"), ("0606", "woods:2"))})
STAYS_PUT = ("blocked", "charge")


@st.composite
def phases(draw):
    count = draw(st.integers(2, 4))
    cells = draw(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=count, max_size=count, unique=True))
    units = tuple(Unit(f"U{index}", Hex(col, row), draw(st.integers(0, 5)), walk=draw(st.integers(2, 5)), jump=3,
                       stuck=BOARD.terrain(Hex(col, row)).has("swamp") and draw(st.booleans()))
                  for index, (col, row) in enumerate(cells))
    orders = []
    for unit in units:
        mode = draw(st.sampled_from(("walk", "run", "jump")))
        if mode == "jump":
            to = draw(st.sampled_from([hex_ for hex_ in BOARD if 0 < unit.hex.distance(hex_) <= unit.jump]))
            orders.append(MoveOrder(unit.id, "jump", to=to, facing=draw(st.integers(0, 5))))
            continue
        steps = tuple(draw(st.lists(st.sampled_from("FFFLR"), max_size=unit.run)))
        legal, _ = check_path(BOARD, unit, MoveOrder(unit.id, mode, steps))  # keep the legal prefix
        charge = draw(st.sampled_from([None] + [other.id for other in units if other is not unit]))
        orders.append(MoveOrder(unit.id, mode, tuple(step.step for step in legal.steps), charge=charge))
    movement = draw(st.sampled_from(("pm_by_pm", "classic")))
    initiative = draw(st.permutations([unit.id for unit in units]))
    seed = str(draw(st.integers(0, 10**6)))
    return GameState(BOARD, units), movement, orders, initiative, seed


@settings(max_examples=150, deadline=None)
@given(phases())
def test_a_phase_never_stacks_mechs_and_its_events_replay_to_the_final_state(phase):
    state, mode, orders, initiative, seed = phase
    result = resolve_movement(state, orders, Dice(seed), mode=mode, initiative=initiative)
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert len({unit.hex for unit in final.values()}) == len(final), "two mechs end in one hex"

    # What every browser does with the timeline: a unit goes to `to`, except when blocked or charging.
    poses = {unit.id: (unit.hex, unit.facing) for unit in state.units}
    spent = dict.fromkeys(poses, 0)
    for tick in result.ticks:
        for event in tick:
            if event.kind not in STAYS_PUT:
                poses[event.unit] = (event.to_hex, event.facing)
            spent[event.unit] += event.mp
    assert poses == {unit_id: (unit.hex, unit.facing) for unit_id, unit in final.items()}
    assert spent == {unit_id: outcome.mp for unit_id, outcome in result.final.items()}
    assert result == resolve_movement(state, orders, Dice(seed), mode=mode, initiative=initiative)


def _bog_down_phase(mode: str, seed: str = "243"):
    """U0 (initiative loser) jumps into the swamp 0303 and is stuck there automatically; U1 runs 0302, 0303,
    0304 and fails its swamp roll entering 0303 (seed 243; seed 0 passes it)."""
    board = Board(8, 8, {Hex(2, 2): HexTerrain.parse(0, "swamp:1")})
    units = (Unit("U0", Hex(1, 2), 0, walk=2, jump=3), Unit("U1", Hex(2, 0), 3, walk=3, run=5, jump=3),
             Unit("U2", Hex(0, 0), 0, walk=2, jump=3))
    orders = [MoveOrder("U0", "jump", (), to=Hex(2, 2), facing=0), MoveOrder("U1", "run", ("F", "F", "F"))]
    return resolve_movement(GameState(board, units), orders, Dice(seed), mode=mode, initiative=["U0", "U1", "U2"])


def test_a_mech_bogged_down_in_a_swamp_another_mech_landed_in_does_not_end_stacked_with_it():
    """Found by the property above. Classic mode lets U1's path pass through the hex U0 has landed in
    (Solaris VII: with a jump "el problema se obvia por completo"), but stuck there it would end on U0. The
    Solaris text has no case for it; the standard rule (Total Warfare stacking: no mech ends its movement in a
    hex another mech holds) decides: U1 bogs down at the edge of 0303 and its movement ends in 0302, not stuck."""
    result = _bog_down_phase("classic")
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert len({unit.hex for unit in final.values()}) == len(final)
    assert (final["U0"].hex.label, final["U0"].stuck) == ("0303", True)
    assert (final["U1"].hex.label, final["U1"].stuck) == ("0302", False)
    u1 = [event for tick in result.ticks for event in tick if event.unit == "U1"]
    assert [event.kind for event in u1] == ["step", "roll", "blocked"]
    assert not u1[1].rolls[0].success and u1[1].to_hex.label == "0302"  # rolled at the edge, not in the hex
    assert reason_code(u1[2].reason)["code"] == "walk.bogged_at_edge" and u1[2].target == "U0"
    assert sum(event.mp for event in u1) == result.final["U1"].mp == 1


def test_a_mech_passing_its_swamp_roll_goes_through_the_held_hex_with_that_one_roll():
    """The roll at the edge is the swamp roll of entering the hex (Solaris VII pantano), not one more: passed,
    U1 goes through 0303 and on to 0304 as plotted."""
    result = _bog_down_phase("classic", seed="0")
    u1 = [(event.kind, event.to_hex.label) for tick in result.ticks for event in tick if event.unit == "U1"]
    assert u1 == [("step", "0302"), ("roll", "0302"), ("step", "0303"), ("step", "0304")]
    assert result.final["U1"].unit.hex.label == "0304" and not result.final["U1"].unit.stuck


def test_in_pm_by_pm_mode_the_mech_stuck_first_keeps_the_swamp_hex():
    """Solaris VII 'Movimiento PM a PM': the jump lands when everyone else is done, so U1 bogs down in 0303
    first and stays stuck there; U0 may not land on it (no mech ends its move on another): it lands short on its
    line of flight, here with no hex between so it stays in 0203."""
    result = _bog_down_phase("pm_by_pm")
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert len({unit.hex for unit in final.values()}) == len(final)
    assert (final["U1"].hex.label, final["U1"].stuck) == ("0303", True)
    assert (final["U0"].hex.label, final["U0"].stuck) == ("0203", False)
    kinds = [(event.unit, event.kind) for tick in result.ticks for event in tick]
    assert ("U1", "stuck") in kinds and ("U0", "blocked") in kinds


def test_a_mech_failing_its_water_roll_entering_a_held_hex_falls_where_it_stands():
    """The same rule for a fall (Total Warfare stacking, the Solaris text silent): U1 walks through 0303, the
    water U0 has landed in, and fails the water roll (Solaris VII 'Operaciones submarinas') as it enters; it
    falls in 0302, where it stands: a fall of 0 levels on land, ceil(50 t / 10) = 5 damage, not halved."""
    board = Board(8, 8, {Hex(2, 2): HexTerrain.parse(0, "water:1")})
    units = (Unit("U0", Hex(1, 2), 0, walk=2, jump=3), Unit("U1", Hex(2, 0), 3, walk=6, jump=3))
    orders = [MoveOrder("U0", "jump", (), to=Hex(2, 2), facing=0), MoveOrder("U1", "walk", ("F", "F", "F"))]
    result = resolve_movement(GameState(board, units), orders, Dice("17"), mode="classic", initiative=["U0", "U1"])
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert (final["U0"].hex.label, final["U1"].hex.label, final["U1"].prone) == ("0303", "0302", True)
    u1 = [event for tick in result.ticks for event in tick if event.unit == "U1"]
    assert [(event.kind, event.to_hex.label) for event in u1] == [("step", "0302"), ("roll", "0302"), ("fall", "0302")]
    assert reason_code(u1[2].reason)["code"] == "walk.fall_at_edge" and u1[2].damage == 5


def test_a_mech_stopped_short_of_a_held_hex_does_not_end_on_a_mech_in_the_hex_before():
    """Total Warfare stacking (no mech ends its movement in a hex another mech holds; the Solaris text is silent),
    when the hex before the one U1 may not end in is held too: U0 landed in 0302, U2 is stuck in the swamp 0303.
    U1 fails its swamp roll entering 0303 (seed 11) and may not stop in 0302 on U0 either: its movement ends in
    0301, the last hex of its path no other mech holds (here its start hex). Its step into 0302 is taken back out
    of its tick, so the playback never moves it there; the roll stays, thrown where it ends."""
    board = Board(8, 8, {Hex(2, 2): HexTerrain.parse(0, "swamp:1")})
    units = (Unit("U0", Hex(1, 1), 0, walk=2, jump=3), Unit("U1", Hex(2, 0), 3, walk=3, run=5, jump=3),
             Unit("U2", Hex(1, 2), 0, walk=2, jump=3))
    orders = [MoveOrder("U0", "jump", (), to=Hex(2, 1), facing=0), MoveOrder("U2", "jump", (), to=Hex(2, 2), facing=0),
              MoveOrder("U1", "run", ("F", "F", "F"))]
    result = resolve_movement(GameState(board, units), orders, Dice("11"), mode="classic",
                              initiative=["U0", "U2", "U1"])
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert len({unit.hex for unit in final.values()}) == len(final)
    assert (final["U1"].hex.label, final["U1"].stuck, result.final["U1"].mp) == ("0301", False, 0)
    u1 = [event for tick in result.ticks for event in tick if event.unit == "U1"]
    assert [(event.kind, event.from_hex.label, event.to_hex.label) for event in u1] == [
        ("roll", "0301", "0301"), ("blocked", "0301", "0303")]
    assert not u1[0].rolls[0].success and u1[1].target == "U2"
    outer = reason_code(u1[1].reason)
    assert (outer["code"], outer["params"]["first"]["code"], outer["params"]["then"]["code"]) == (
        "rules.joined", "walk.bogged_at_edge", "walk.ends_back")


def test_a_mech_falling_at_the_edge_of_a_held_hex_falls_in_the_last_hex_of_its_path_nobody_holds():
    """The same for a fall (Total Warfare stacking, the Solaris text silent): U1 walks 0302, then through 0303
    where U0 landed, and fails the water roll entering 0304, the water U2 landed in (seed 17); it may not fall in
    0303 on U0, so it falls in 0302: its steps and MP up to there stand, ceil(50 t / 10) = 5 damage on land."""
    board = Board(8, 8, {Hex(2, 3): HexTerrain.parse(0, "water:1")})
    units = (Unit("U0", Hex(1, 2), 0, walk=2, jump=3), Unit("U1", Hex(2, 0), 3, walk=8, jump=3),
             Unit("U2", Hex(1, 3), 0, walk=2, jump=3))
    orders = [MoveOrder("U0", "jump", (), to=Hex(2, 2), facing=0), MoveOrder("U2", "jump", (), to=Hex(2, 3), facing=0),
              MoveOrder("U1", "walk", ("F", "F", "F", "F"))]
    result = resolve_movement(GameState(board, units), orders, Dice("17"), mode="classic",
                              initiative=["U0", "U2", "U1"])
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert (final["U1"].hex.label, final["U1"].prone, result.final["U1"].mp) == ("0302", True, 1)
    u1 = [event for tick in result.ticks for event in tick if event.unit == "U1"]
    assert [(event.kind, event.to_hex.label) for event in u1] == [("step", "0302"), ("roll", "0302"), ("fall", "0302")]
    assert u1[2].damage == 5 and "ends back in 0302" in u1[2].reason


def test_a_mech_ending_short_of_a_held_hex_goes_back_past_another_held_hex_too():
    """walk.ends_short, the same rule (Total Warfare stacking, the Solaris text silent): U0 bogs down in the swamp
    0304 on its way (seed 11), the hex U1's walk ends in; the hex before, 0303, is U2's landing, so U1 ends in 0302,
    the last hex of its path no other mech holds, its step into 0303 never played."""
    board = Board(8, 8, {Hex(2, 3): HexTerrain.parse(0, "swamp:1")})
    units = (Unit("U0", Hex(2, 5), 0, walk=6, jump=3), Unit("U1", Hex(2, 0), 3, walk=6, jump=3),
             Unit("U2", Hex(1, 2), 0, walk=2, jump=3))
    orders = [MoveOrder("U2", "jump", (), to=Hex(2, 2), facing=0), MoveOrder("U0", "walk", ("F", "F", "R", "F")),
              MoveOrder("U1", "walk", ("F", "F", "F"))]
    result = resolve_movement(GameState(board, units), orders, Dice("11"), mode="classic",
                              initiative=["U2", "U0", "U1"])
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert [final[unit_id].hex.label for unit_id in ("U0", "U1", "U2")] == ["0304", "0302", "0303"]
    assert final["U0"].stuck and result.final["U1"].mp == 1
    u1 = [event for tick in result.ticks for event in tick if event.unit == "U1"]
    assert [(event.kind, event.from_hex.label, event.to_hex.label) for event in u1] == [
        ("step", "0301", "0302"), ("blocked", "0302", "0304")]
    coded = reason_code(u1[1].reason)["params"]
    assert (coded["first"]["code"], coded["then"]["code"], coded["then"]["params"]["passed"]) == (
        "walk.ends_short", "walk.ends_back", "0303")
