"""Properties of any resolved movement phase, in both modes, on random plotted paths."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.board import Board, HexTerrain
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, check_path
from rules.battletech.movement.simultaneous import resolve_movement
from rules.battletech.units import Unit

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


@pytest.mark.xfail(strict=True, reason="known bug, found by the property above: in classic mode a mech running "
                                       "through a hex where another has just landed bogs down in that swamp hex and "
                                       "ends stacked with it; no ruling yet for being stuck in an occupied hex")
def test_a_mech_bogged_down_in_a_swamp_another_mech_landed_in_does_not_end_stacked_with_it():
    board = Board(8, 8, {Hex(2, 2): HexTerrain.parse(0, "swamp:1")})
    units = (Unit("U0", Hex(1, 2), 0, walk=2, jump=3), Unit("U1", Hex(2, 0), 3, walk=3, run=5, jump=3),
             Unit("U2", Hex(0, 0), 0, walk=2, jump=3))
    orders = [MoveOrder("U0", "jump", (), to=Hex(2, 2), facing=0), MoveOrder("U1", "run", ("F", "F", "F"))]
    result = resolve_movement(GameState(board, units), orders, Dice("243"), mode="classic",
                              initiative=["U0", "U1", "U2"])
    final = {unit_id: outcome.unit for unit_id, outcome in result.final.items()}
    assert len({unit.hex for unit in final.values()}) == len(final)
