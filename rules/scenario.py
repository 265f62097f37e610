"""Scenarios: a described situation (board, units, options, seed) that the referee command answers."""

from __future__ import annotations

from math import ceil
from typing import Any

from rules.board import Board, parse_megamek_board
from rules.codec import board_from_json
from rules.errors import ScenarioError
from rules.game import GameState, Options
from rules.units import UNIT_KINDS, Unit

_UNIT_DEFAULTS: dict[str, Any] = {
    "kind": "mech", "facing": 0, "tons": 50, "walk": 4, "jump": 0, "piloting": 5, "gunnery": 4,
    "prone": False, "hands": 2, "masc": False, "side": "", "name": "",
    "masc_streak": 0, "legs_frozen": False, "elevation": 0, "climbing": False,
}


def load_board(data: Any) -> Board:
    if not isinstance(data, dict):
        raise ScenarioError("'board' must be an object with 'size' and 'hexes', or 'file'")
    if "file" in data:
        try:
            with open(data["file"], encoding="utf-8") as handle:
                return parse_megamek_board(handle.read())
        except OSError as error:
            raise ScenarioError(f"cannot read board file {data['file']!r}: {error.strerror}", code="scenario.board_file") from None
    size = data.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(n, int) and n > 0 for n in size)):
        raise ScenarioError("'board.size' must be [width, height]")
    return board_from_json({"width": size[0], "height": size[1], "hexes": data.get("hexes", {})})


def load_unit(data: Any, board: Board) -> Unit:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or "hex" not in data:
        raise ScenarioError("each unit needs an 'id' and a 'hex'")
    values = {**_UNIT_DEFAULTS, **data}
    unknown = set(values) - set(_UNIT_DEFAULTS) - {"id", "hex", "run", "stuck"}
    if unknown:
        raise ScenarioError(f"unit {data['id']}: unknown fields {', '.join(sorted(unknown))}", code="scenario.unit_field")
    if values["kind"] not in UNIT_KINDS:
        raise ScenarioError(f"unit {data['id']}: kind must be one of {', '.join(UNIT_KINDS)}", code="unit.unknown_kind")
    values["hex"] = board.hex(values["hex"])
    values.setdefault("run", ceil(values["walk"] * 1.5))
    return Unit(**values)


def load_scenario(data: Any) -> tuple[GameState, str]:
    """The game state a scenario describes and its seed (as a string for :class:`rules.dice.Dice`)."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    board = load_board(data.get("board"))
    units = tuple(load_unit(unit, board) for unit in data.get("units", []))
    ids = [unit.id for unit in units]
    if len(set(ids)) != len(ids):
        raise ScenarioError("unit ids must be unique", code="scenario.duplicate_unit")
    try:
        options = Options(**data.get("options", {}))
    except TypeError:
        raise ScenarioError("unknown option in 'options'", code="scenario.option") from None
    return GameState(board, units, options=options), str(data.get("seed", 0))

