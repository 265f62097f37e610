"""End of match and victory points (issue 6; Solaris VII on flooded locations and victory points)."""

from dataclasses import replace

from rules.core.board import Board
from rules.battletech.state import GameState
from rules.battletech.combat.victory import check_victory, victory_points
from tests.rules.conftest import fresh, mech


def match(a=None, b=None):
    units = (mech("A", "0808", side="alice"), mech("B", "0805", side="bob"))
    return GameState(Board(16, 17), units, mechs={"A": a or fresh(), "B": b or fresh()})


def test_no_result_while_both_fight():
    assert check_victory(match()) is None


def test_a_destroyed_mech_loses():
    result = check_victory(match(b=replace(fresh(), destroyed="centre torso destroyed")))
    assert result.winner == "alice" and "centre torso" in result.reason


def test_shut_down_or_surrendered_is_out():
    assert check_victory(match(a=replace(fresh(), shutdown=True))).winner == "bob"
    assert check_victory(match(a=replace(fresh(), surrendered=True))).winner == "bob"


def test_flooded_components_count_and_undamaged_armour_does_not():
    """Solaris VII: "los componentes de las localizaciones inundadas contarán como destruidos ... ni el
    blindaje ni la estructura interna no destruida contarán a efectos de Puntos de Victoria"."""
    flooded = replace(fresh(), flooded=frozenset({"LA"}), armour={**fresh().armour, "CT": 0})
    points = victory_points(match(b=flooded))
    la_components = sum(1 for c in fresh().design.components if c.location == "LA")
    assert points == {"alice": la_components, "bob": 0}


def test_turn_limit_decides_by_victory_points():
    lost_arm = replace(fresh(), destroyed_locations=frozenset({"RA"}))
    state = replace(match(b=lost_arm), turn=5)
    assert check_victory(state, turn_limit=5) is None
    result = check_victory(state, turn_over=True, turn_limit=5)
    assert result.winner == "alice" and result.victory_points["alice"] > 0


def test_surrender_ends_the_match():
    from rules.battletech.combat.victory import surrender

    state = surrender(match(), "B")
    assert state.phase == "over" and state.result.winner == "alice" and "surrendered" in state.result.reason
