"""Reachability for the UI (issue 4 'Reachability'): every hex and facing a unit can reach this
phase in a mode, at its minimum PM, and whether that counts as walked or run."""

from itertools import product

from hypothesis import given, settings, strategies as st

from movement_fixtures import board, unit
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, budget, check_path, road_boosted
from rules.battletech.movement.reach import reachable, routes


def test_walk_reach_on_clear_ground():
    reach = reachable(board(), unit(walk=2), "walk")
    assert reach[(Hex.parse("0505"), 0)] == (0, "none")
    assert reach[(Hex.parse("0503"), 0)] == (2, "walk")
    assert reach[(Hex.parse("0505"), 2)] == (2, "walk")  # two turns
    assert reach[(Hex.parse("0506"), 0)] == (1, "walk")  # backwards
    assert (Hex.parse("0502"), 0) not in reach


def test_run_reach_marks_what_needs_running_and_never_goes_backwards():
    reach = reachable(board(), unit(walk=2), "run")
    assert reach[(Hex.parse("0503"), 0)] == (2, "walk")
    assert reach[(Hex.parse("0502"), 0)] == (3, "run")
    assert (Hex.parse("0506"), 0) not in reach  # behind it, facing the same way: only by backing up


def test_jump_reach_is_every_legal_landing_within_jump_pm_in_any_facing():
    the_board = board({"0504": (0, "water:1")})
    reach = reachable(the_board, unit(jump=2), "jump")
    assert reach[(Hex.parse("0503"), 4)] == (2, "jump")
    assert (Hex.parse("0502"), 0) not in reach
    tank_reach = reachable(the_board, unit(kind="tracked", walk=3), "walk")
    assert not any(hex_ == Hex.parse("0504") for hex_, _ in tank_reach)


def test_run_reach_wades_only_on_walking_pm():
    """Total Warfare: no running MP into water of depth 1+ (the Solaris VII text is silent), so in run mode a
    hex past the water is reached only within the walking PM, and the water itself never as a run."""
    the_board = board({"0504": (0, "water:1")})
    reach = reachable(the_board, unit(walk=4), "run")
    assert reach[(Hex.parse("0504"), 0)] == (3, "walk")
    assert (Hex.parse("0503"), 0) not in reach  # 3 + 2 out of the water: over the walk
    assert reach[(Hex.parse("0503"), 1)][1] == "run"  # around the water it may run


def test_jump_reach_leaves_out_hexes_too_high_for_the_jets():
    """Total Warfare (the Solaris VII text is silent): no landing more levels up than the jumping MP."""
    reach = reachable(board({"0503": (3, ""), "0504": (2, "")}), unit(jump=2), "jump")
    assert (Hex.parse("0503"), 0) not in reach and (Hex.parse("0504"), 0) in reach


def test_terrain_costs_shape_the_reach():
    reach = reachable(board({"0504": (0, "woods:2")}), unit(walk=4), "walk")
    assert reach[(Hex.parse("0504"), 0)] == (3, "walk")


def test_frozen_legs_reach_only_where_they_stand():
    assert reachable(board(), unit(legs_frozen=True), "walk") == {(Hex.parse("0505"), 0): (0, "none")}


CELLS = ["0202", "0203", "0302", "0304", "0403", "0402", "0204", "0301", "0404"]
TERRAIN = st.sampled_from(["", "woods:1", "woods:2", "rough:1", "swamp:1", "water:1", "water:2", "pavement:1", "road:1",
                           "building:1;bldg_cf:15;bldg_elev:1", "building:2;bldg_elev:2"])


def cheapest_plotted(the_board, the_unit, mode):
    """Brute force: the cheapest legal plotted path to each (hex, facing), over every step sequence."""
    steps = ("F", "L", "R") if mode == "run" else ("F", "B", "L", "R")
    best = {}
    limit = budget(road_boosted(the_unit) if the_unit.is_vehicle else the_unit, mode)
    for length in range(limit + 1):
        for sequence in product(steps, repeat=length):
            path, error = check_path(the_board, the_unit, MoveOrder(the_unit.id, mode, sequence))
            if error is None and (path.end not in best or (path.mp, path.moved == "run") < (
                    best[path.end][0], best[path.end][1] == "run")):
                best[path.end] = (path.mp, path.moved)
    return best


@settings(max_examples=40, deadline=None)
@given(cells=st.dictionaries(st.sampled_from(CELLS), st.tuples(st.integers(0, 3), TERRAIN)),
       kind=st.sampled_from(["mech", "mech", "tracked", "wheeled", "hover", "infantry"]),
       walk=st.integers(1, 3), mode=st.sampled_from(["walk", "run"]), facing=st.integers(0, 5), paved_start=st.booleans())
def test_reach_minimum_equals_the_cheapest_plotted_path(cells, kind, walk, mode, facing, paved_start):
    """Property (issue 4 'Tests'): reachability's minimum cost for a hex and facing equals the cheapest
    legal plotted path to it, on small random boards."""
    the_board = board({**cells, **({"0303": (0, "pavement:1")} if paved_start else {})}, size=(5, 5))
    the_unit = unit("0303", facing=facing, kind=kind, walk=walk, run=walk + 1)
    assert reachable(the_board, the_unit, mode) == cheapest_plotted(the_board, the_unit, mode)


def test_routes_plot_the_cheapest_path_to_each_reachable_hex():
    """Plotting by destination (issue 16): the client plots the server's path to a clicked hex."""
    the_routes = routes(board({"0504": (0, "woods:2")}), unit(walk=4), "walk")
    assert the_routes[Hex.parse("0503")] == ("F", "F")  # through the heavy woods: 3 + 1 PM, no cheaper way round
    assert the_routes[Hex.parse("0506")] == ("B",)  # backing up beats turning round
    assert Hex.parse("0505") not in the_routes  # where it stands: nothing to plot
    assert routes(board(), unit(jump=2), "jump") == {}  # a jump goes straight to its hex


def test_a_prone_mechs_routes_start_by_standing_up():
    """A prone mech stands up (SU, 2 PM, standard BattleTech) before it moves: every route says so."""
    the_routes = routes(board(), unit(walk=4, prone=True), "walk")
    assert the_routes[Hex.parse("0504")] == ("SU", "F")
    # It may turn where it lies first; it never leaves its hex before standing.
    assert all("SU" in steps and steps.index("SU") < steps.index("F") for steps in the_routes.values() if "F" in steps)
    assert Hex.parse("0502") not in the_routes  # 2 PM to stand leave 2: two hexes ahead at most


@settings(max_examples=40, deadline=None)
@given(cells=st.dictionaries(st.sampled_from(CELLS), st.tuples(st.integers(0, 3), TERRAIN)),
       kind=st.sampled_from(["mech", "mech", "tracked", "infantry"]), prone=st.booleans(),
       walk=st.integers(1, 4), mode=st.sampled_from(["walk", "run"]), facing=st.integers(0, 5))
def test_every_route_is_a_legal_plot_of_the_hexs_cheapest_cost(cells, kind, prone, walk, mode, facing):
    """Property: each route is a path the plotter accepts, ending in its hex, at that hex's minimum cost."""
    the_board = board(cells, size=(5, 5))
    the_unit = unit("0303", facing=facing, kind=kind, walk=walk, run=walk + 1, prone=prone and kind == "mech")
    reach = reachable(the_board, the_unit, mode)
    for hex_, steps in routes(the_board, the_unit, mode).items():
        path, error = check_path(the_board, the_unit, MoveOrder(the_unit.id, mode, steps))
        assert error is None and path.end[0] == hex_, (hex_, steps, error)
        assert path.mp == min(cost for (there, _), (cost, _) in reach.items() if there == hex_)
