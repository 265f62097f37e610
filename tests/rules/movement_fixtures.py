"""Small boards and units for the movement tests."""

from rules.core.board import Board, HexTerrain
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, PathPlan, check_path, plan_path
from rules.battletech.units import Unit


def board(hexes=None, size=(10, 10)):
    """``{"0305": (level, "terrain")}`` → a Board; everything else is clear level 0."""
    cells = {Hex.parse(label): HexTerrain.parse(level, terrain) for label, (level, terrain) in (hexes or {}).items()}
    return Board(size[0], size[1], cells)


def unit(at="0505", facing=0, **fields):
    return Unit(fields.pop("id", "A"), Hex.parse(at), facing, **fields)


def plan(the_board, the_unit, *steps, mode="walk") -> PathPlan:
    return plan_path(the_board, the_unit, MoveOrder(the_unit.id, mode, tuple(steps)))


def refusal(the_board, the_unit, *steps, mode="walk"):
    """The error a path is refused with (fails the test if the path is legal)."""
    _, error = check_path(the_board, the_unit, MoveOrder(the_unit.id, mode, tuple(steps)))
    assert error is not None, "the path was expected to be illegal"
    return error


def codes(checks):
    return [check.code for check in checks]
