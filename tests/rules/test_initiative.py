"""Initiative (Solaris VII, 'Problemas planteados por el movimiento simultáneo')."""

import pytest

from rules.core.errors import RuleError
from rules.battletech.movement.initiative import given_initiative, roll_initiative
from tests.rules.conftest import ScriptedDice


def test_higher_2d6_wins_and_moves_last():
    """'cada Mech tira 2D6; el que saca una puntuación más alta, se considera ganador'."""
    initiative = roll_initiative(["A", "B"], ScriptedDice(2, 3, 6, 5))
    assert initiative.order == ("A", "B")  # loser first
    assert [(roll.reason, roll.total) for roll in initiative.rolls] == [("initiative A", 5), ("initiative B", 11)]


def test_ties_are_rerolled_until_the_numbers_differ():
    """'En caso de empate se repite la tirada hasta que los números de los dados sean distintos.'"""
    initiative = roll_initiative(["A", "B"], ScriptedDice(3, 4, 5, 2, 1, 1, 1, 1, 6, 6, 1, 2))
    assert initiative.order == ("B", "A")
    assert [roll.total for roll in initiative.rolls] == [7, 7, 2, 2, 12, 3]


def test_with_more_mechs_only_the_tied_ones_reroll():
    initiative = roll_initiative(["A", "B", "C"], ScriptedDice(4, 4, 1, 1, 4, 4, 6, 6, 1, 2))
    assert initiative.order == ("B", "C", "A")
    assert [roll.reason for roll in initiative.rolls][3:] == ["initiative A", "initiative C"]


def test_a_given_initiative_must_name_every_unit_once():
    assert given_initiative(["B", "A"], ["A", "B"]).order == ("B", "A")
    with pytest.raises(RuleError) as error:
        given_initiative(["A", "A"], ["A", "B"])
    assert error.value.code == "initiative.units"
