"""Scenarios: a described situation (board, units, options, seed) that the referee command answers."""

from __future__ import annotations

from dataclasses import replace
from math import ceil
from typing import Any

from rules.board import Board, parse_megamek_board
from rules.codec import board_from_json
from rules.errors import ScenarioError
from rules.designs import Design, shipped_design
from rules.game import GameState, Options, equip
from rules.mtf import parse_mtf
from rules.status import Motion
from rules.units import UNIT_KINDS, Unit

_UNIT_DEFAULTS: dict[str, Any] = {
    "kind": "mech", "facing": 0, "tons": 50, "walk": 4, "jump": 0, "piloting": 5, "gunnery": 4,
    "prone": False, "hands": 2, "masc": False, "side": "", "name": "",
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


# Combat fields of a unit: its design (a shipped name or an .mtf file), its heat and how it moved this turn.
_COMBAT_FIELDS = ("design", "mtf", "heat", "moved", "hexes_moved", "climbing")


def load_combat(data: Any) -> tuple[Design | None, int, Motion | None]:
    """A unit's combat fields: its design, its heat and how it moved this turn."""
    if "design" in data and "mtf" in data:
        raise ScenarioError(f"unit {data['id']}: give 'design' or 'mtf', not both", code="scenario.unit_field")
    typed = (("design", str), ("mtf", str), ("moved", str), ("heat", int), ("hexes_moved", int), ("climbing", bool))
    for key, kind in typed:
        if key in data and (not isinstance(data[key], kind) or (kind is int and isinstance(data[key], bool))):
            raise ScenarioError(f"unit {data['id']}: {key!r} must be a {kind.__name__}", code="scenario.unit_field")
    design = None
    if "design" in data:
        design = shipped_design(data["design"])
    elif "mtf" in data:
        try:
            with open(data["mtf"], encoding="utf-8") as handle:
                design = parse_mtf(handle.read())
        except OSError as error:
            raise ScenarioError(f"cannot read mtf file {data['mtf']!r}: {error.strerror}",
                                code="scenario.mtf_file") from None
    motion = None
    if "moved" in data or data.get("climbing"):
        if data.get("moved", "none") not in ("none", "walk", "run", "jump"):
            raise ScenarioError(f"unit {data['id']}: 'moved' is none, walk, run or jump", code="scenario.unit_field")
        motion = Motion(data.get("moved", "none"), data.get("hexes_moved", 0), bool(data.get("stuck", False)),
                        data.get("climbing", False))
    return design, data.get("heat", 0), motion


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
    described = data.get("units", [])
    if not isinstance(described, list) or not all(isinstance(u, dict) and isinstance(u.get("id"), str) for u in described):
        raise ScenarioError("'units' must be a list of objects with an 'id' and a 'hex'")
    combat = {unit["id"]: load_combat(unit) for unit in described}
    units = tuple(load_unit({k: v for k, v in unit.items() if k not in _COMBAT_FIELDS}, board) for unit in described)
    ids = [unit.id for unit in units]
    if len(set(ids)) != len(ids):
        raise ScenarioError("unit ids must be unique", code="scenario.duplicate_unit")
    try:
        options = Options(**data.get("options", {}))
    except TypeError:
        raise ScenarioError("unknown option in 'options'", code="scenario.option") from None
    designs = {unit_id: design for unit_id, (design, _, _) in combat.items() if design is not None}
    state = equip(GameState(board, units, options=options), designs)
    mechs = {unit_id: replace(status, heat=combat[unit_id][1]) for unit_id, status in state.mechs.items()}
    motions = {unit_id: motion for unit_id, (_, _, motion) in combat.items() if motion is not None}
    return replace(state, mechs=mechs, motions=motions), str(data.get("seed", 0))
