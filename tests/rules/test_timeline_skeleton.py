"""PM-by-PM resolution as the walking skeleton uses it (Solaris VII, 'Movimiento PM a PM')."""

from rules.dice import Dice
from rules.movement import MoveOrder
from rules.rulesets import get_ruleset
from rules.demo import demo_state
from rules.timeline import tick_of_pm


def test_three_pm_against_six_moves_on_ticks_two_four_six():
    """'un mech A gasta 3PMs y un mech B gasta 6PMs … el mech A un PM cada dos turnos'."""
    assert [tick_of_pm(k, 3, 6) for k in (1, 2, 3)] == [2, 4, 6]


def test_same_seed_same_timeline_and_positions_advance():
    state = demo_state()
    orders = [MoveOrder("A", "walk", ("F", "F")), MoveOrder("B", "walk", ("F", "L", "F"))]
    first = get_ruleset("solaris").resolve_phase(state, orders, Dice("seed:1:movement"))
    again = get_ruleset("solaris").resolve_phase(state, orders, Dice("seed:1:movement"))
    assert first == again
    assert first.state.unit("A").hex.label == "0814"
    assert first.state.turn == 2
