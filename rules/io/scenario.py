"""Scenarios: a described situation (board, units, options, seed) that the referee command answers.

The format is a public contract documented in ``docs/scenario.md``. Every malformed part gives a
:class:`ScenarioError` (or another coded :class:`RuleError`) naming the offending item.
"""

from __future__ import annotations

from dataclasses import replace
from math import ceil
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from rules.core.board import Board, board_from_cells, parse_megamek_board
from rules.battletech.codec import los_to_json
from rules.core.errors import RuleError, ScenarioError
from rules.core.options import OptionsSchema
from rules.battletech.designs.design import Design, shipped_design
from rules.battletech.state import GameState, equip
from rules.core.hexes import Hex
from rules.battletech.sight.los import SIDES, line_of_sight
from rules.battletech.designs.mtf import parse_mtf
from rules.core.reasons import Reason
from rules.rulesets import DEFAULT_RULESET, Ruleset, get_ruleset
from rules.battletech.combat.status import Motion
from rules.battletech.units import UNIT_KINDS, Unit

SCENARIO_KEYS = ("board", "units", "options", "seed", "query", "description")

# Defaults for the optional unit fields, which also fix each field's JSON type.
_UNIT_DEFAULTS: dict[str, Any] = {
    "kind": "mech", "facing": 0, "tons": 50, "walk": 4, "jump": 0, "piloting": 5, "gunnery": 4,
    "prone": False, "stuck": False, "hands": 2, "masc": False, "side": "", "name": "",
    "masc_streak": 0, "legs_frozen": False, "elevation": 0, "climbing": False,
}
_NON_NEGATIVE = ("tons", "walk", "run", "jump", "piloting", "gunnery", "hands")


def load_board(data: Any, base: Path | None = None) -> Board:
    """``{"size": [W, H], "hexes": {...}}`` or ``{"file": "x.board"}`` (relative to ``base``)."""
    if not isinstance(data, dict) or not (set(data) <= {"size", "hexes"} or set(data) == {"file"}):
        raise ScenarioError("scenario.board", why=Reason("scenario.board_shape"))
    if "file" in data:
        if not isinstance(data["file"], str):
            raise ScenarioError("scenario.board", why=Reason("scenario.board_path"))
        path = (base or Path.cwd()) / data["file"]
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ScenarioError("scenario.board_file", file=data["file"], error=str(error)) from None
        return parse_megamek_board(text)
    size, hexes = data.get("size"), data.get("hexes", {})
    if not (isinstance(size, list) and len(size) == 2):
        raise ScenarioError("scenario.board", why=Reason("scenario.board_size"))
    if not isinstance(hexes, dict):
        raise ScenarioError("scenario.board", why=Reason("scenario.board_hexes"))
    return board_from_cells(size[0], size[1], hexes)


# Combat fields of a unit: its design (a shipped name or an .mtf file), its heat and how it moved this turn.
_COMBAT_FIELDS = ("design", "mtf", "heat", "moved", "hexes_moved", "climbing")


def _without_combat(data: Any) -> Any:
    """The unit fields: ``climbing`` is both (the movement rules and the attacks read it)."""
    if not isinstance(data, dict):
        return data
    return {k: v for k, v in data.items() if k not in _COMBAT_FIELDS or k in _UNIT_DEFAULTS}


def load_combat(data: dict[str, Any], base: Path | None = None) -> tuple[Design | None, int, Motion | None]:
    """A unit's combat fields: its design (an ``mtf`` path is read relative to ``base``), its heat and how
    it moved this turn."""
    if "design" in data and "mtf" in data:
        raise ScenarioError("scenario.unit_field", why=Reason("scenario.design_or_mtf"), at=_at(data["id"]))
    typed = (("design", str), ("mtf", str), ("moved", str), ("heat", int), ("hexes_moved", int), ("climbing", bool))
    for key, kind in typed:
        if key in data and (not isinstance(data[key], kind) or (kind is int and isinstance(data[key], bool))):
            raise ScenarioError("scenario.unit_field", why=Reason("scenario.field_kind", field=key, kind=kind.__name__),
                                at=_at(data["id"]))
    design = None
    if "design" in data:
        design = shipped_design(data["design"])
    elif "mtf" in data:
        try:
            text = ((base or Path.cwd()) / data["mtf"]).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ScenarioError("scenario.mtf_file", file=data["mtf"], error=str(error)) from None
        design = parse_mtf(text)
    motion = None
    if "moved" in data or data.get("climbing"):
        if data.get("moved", "none") not in ("none", "walk", "run", "jump"):
            raise ScenarioError("scenario.unit_field", why=Reason("scenario.moved"), at=_at(data["id"]))
        motion = Motion(data.get("moved", "none"), data.get("hexes_moved", 0), bool(data.get("stuck", False)),
                        data.get("climbing", False))
    return design, data.get("heat", 0), motion


def load_unit(data: Any, board: Board) -> Unit:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not isinstance(data.get("hex"), str):
        raise ScenarioError("scenario.unit", why=Reason("scenario.unit_id_hex"))
    unit_id = data["id"]
    unknown = set(data) - set(_UNIT_DEFAULTS) - {"id", "hex", "run"}
    if unknown:
        raise ScenarioError("scenario.unit_field", why=Reason("scenario.unknown_unit_fields",
                                                              fields=", ".join(sorted(unknown))),
                            at=_at(unit_id), unit=unit_id)
    values = {**_UNIT_DEFAULTS, **data}
    values.setdefault("run", ceil(values["walk"] * 1.5) if _is_int(values["walk"]) else None)
    for name, value in values.items():
        expected = type(_UNIT_DEFAULTS.get(name, 0)) if name not in ("id", "hex") else str
        valid = _is_int(value) if expected is int else isinstance(value, expected)
        if not valid or (name in _NON_NEGATIVE and value < 0):
            wanted = Reason("scenario.whole_number_or_more" if name in _NON_NEGATIVE else _TYPE_NAMES[expected])
            raise ScenarioError("scenario.unit_field", why=Reason("scenario.field_value", field=name, wanted=wanted,
                                                                  value=value),
                                at=_at(unit_id), unit=unit_id, field=name)
    if values["kind"] not in UNIT_KINDS:
        raise ScenarioError("unit.unknown_kind", kinds=list(UNIT_KINDS), at=_at(unit_id), unit=unit_id)
    if not 0 <= values["facing"] <= 5:
        raise ScenarioError("scenario.unit_field", why=Reason("scenario.facing"), at=_at(unit_id), unit=unit_id,
                            field="facing")
    values["hex"] = board.hex(values["hex"])
    return Unit(**values)


_TYPE_NAMES = {int: "scenario.whole_number", bool: "scenario.true_or_false", str: "scenario.string"}


def _at(unit_id: str) -> Reason:
    """Where a unit's refusal happened: ``unit A``."""
    return Reason("scenario.at_unit", unit=unit_id)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_options(data: Any, schema: OptionsSchema) -> dict[str, Any]:
    """The scenario's options, checked by its ruleset's schema (the one validator every way in uses)."""
    if not isinstance(data, dict):
        raise ScenarioError("scenario.option", why=Reason("scenario.options_object"))
    try:
        return schema.validate(data)
    except RuleError as error:
        raise ScenarioError("scenario.option", **{**error.params, "why": error}) from None


def load_scenario(data: Any, base: Path | None = None,
                  ruleset: Ruleset[Any, Any] | None = None) -> tuple[GameState, str]:
    """The game state a scenario describes and its seed (as a string for :class:`rules.core.dice.Dice`).
    ``base`` is the folder a relative ``board.file`` is read from (the scenario file's folder); ``ruleset``
    (by default the default one) checks its options."""
    if not isinstance(data, dict):
        raise ScenarioError(why=Reason("scenario.not_an_object"))
    unknown = set(data) - set(SCENARIO_KEYS)
    if unknown:
        raise ScenarioError(why=Reason("scenario.unknown_fields", fields=", ".join(sorted(unknown)),
                                       known=", ".join(SCENARIO_KEYS)))
    board = load_board(data.get("board"), base)
    units_data = data.get("units", [])
    if not isinstance(units_data, list):
        raise ScenarioError("scenario.unit", why=Reason("scenario.units_list"))
    units = tuple(load_unit(_without_combat(unit), board) for unit in units_data)
    ids = [unit.id for unit in units]
    duplicates = sorted({unit_id for unit_id in ids if ids.count(unit_id) > 1})
    if duplicates:
        raise ScenarioError("scenario.duplicate_unit", why=Reason("scenario.unit_ids", units=", ".join(duplicates)))
    seed = data.get("seed", 0)
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise ScenarioError("scenario.seed", why=Reason("scenario.seed_type"))
    combat = {unit.id: load_combat(unit_data, base) for unit, unit_data in zip(units, units_data, strict=True)}
    designs = {unit_id: design for unit_id, (design, _, _) in combat.items() if design is not None}
    options = load_options(data.get("options", {}), (ruleset or get_ruleset(DEFAULT_RULESET)).options)
    state = equip(GameState(board, units, options=options), designs)
    mechs = {unit_id: replace(status, heat=combat[unit_id][1]) for unit_id, status in state.mechs.items()}
    motions = {unit_id: motion for unit_id, (_, _, motion) in combat.items() if motion is not None}
    return replace(state, mechs=mechs, motions=motions), str(seed)


@runtime_checkable
class BattleTechRules(Protocol):
    """A ruleset played with the BattleTech mechanics: the rules its agreed options choose for them, which the
    referee's queries judge by."""

    def los_rule(self, state: GameState) -> str: ...

    def movement_mode(self, state: GameState) -> str: ...


def battletech_rules(ruleset: Ruleset[Any, Any]) -> BattleTechRules:
    if not isinstance(ruleset, BattleTechRules):
        raise ScenarioError("scenario.query", why=Reason("scenario.no_battletech", ruleset=ruleset.name))
    return ruleset


def los_query(ruleset: Ruleset[Any, Any], state: GameState, body: Any, seed: str) -> dict[str, Any]:
    """``{"from": "A", "to": "B"}`` or ``{"from": "A", "to": {"hex": "0708"}}``, with an optional
    ``"side": "left"|"right"`` for the target's controller's choice on a split line."""
    if not isinstance(body, dict) or not isinstance(body.get("from"), str) or "to" not in body \
            or set(body) - {"from", "to", "side"}:
        raise ScenarioError("scenario.query", why=Reason("scenario.los_query"))
    attacker = state.unit(body["from"])
    to = body["to"]
    target: Unit | Hex
    if isinstance(to, str):
        target = state.unit(to)
    elif isinstance(to, dict) and set(to) == {"hex"} and isinstance(to["hex"], str):
        target = state.board.hex(to["hex"])
    else:
        raise ScenarioError("scenario.query", why=Reason("scenario.los_to"))
    side = body.get("side")
    if side is not None and side not in SIDES:
        raise ScenarioError("scenario.query", why=Reason("scenario.los_side", side=side))
    rule = battletech_rules(ruleset).los_rule(state)
    return los_to_json(line_of_sight(state, attacker, target, rule=rule, side=side))
