"""``python -m rules explain`` for a skirmish scenario (``"ruleset": "skirmish"``, docs/scenario.md).

The scenario gives the board (as any scenario), the troops (``id``, ``hex``, ``side``, ``profile``, and
optionally ``facing``, ``wounds``, ``states``, ``hidden``, and for a troop that mounts and dismounts its
``other`` profile, and ``escape`` for a TAG's Escape System), the active side and a seed. Two queries:
``move`` (one order's path checked: where it goes, where contact stops it, whether it is an Inacción, or the
coded rule it breaks) and ``movement_phase`` (the order played: each step, the reaction windows by step
with the troops each asks, every answer given in ``reactions`` or a pass, and the rolls at its end).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.errors import RuleError, ScenarioError
from rules.core.playback import Reaction, ReactionWindow
from rules.core.reasons import Reason, reason_code, register
from rules.io.scenario import load_board
from rules.rulesets.skirmish import SkirmishRuleset
from rules.rulesets.skirmish.movement import STEP, contact, plan_order
from rules.rulesets.skirmish.orders import SkirmishOrder
from rules.rulesets.skirmish.ruleset import event_to_json
from rules.rulesets.skirmish.state import SkirmishState, pool_of, troop_from_json, troop_to_json
from rules.rulesets.skirmish.troops import PROFILES, STATES, Troop

Answer = dict[str, Any]
KEYS = {"ruleset", "board", "units", "active", "seed", "query", "description"}
TROOP_DEFAULTS: dict[str, Any] = {"facing": 0, "states": [], "hidden": False, "other": "", "escape": False}
TROOP_KEYS = {"id", "hex", "side", "profile", *TROOP_DEFAULTS, "wounds"}
RULESET = SkirmishRuleset()

# What is wrong with a skirmish scenario, said as the scenario codes' ``why`` (rules/io/errors.py).
register({
    "scenario.skirmish_keys": "unknown scenario keys: %(keys)s",
    "scenario.skirmish_query": "'query' must name exactly one of: %(queries)s",
    "scenario.skirmish_seed": "'seed' must be a string",
    "scenario.skirmish_units": "'units' must be a non-empty list of troops",
    "scenario.skirmish_active": "'active' must be one of the troops' sides: %(sides)s",
    "scenario.skirmish_troop": "a troop is {id, hex, side, profile, facing?, wounds?, states?, hidden?}",
    "scenario.skirmish_profile": "profile is one of %(profiles)s",
    "scenario.skirmish_troop_field": "troop %(unit)r: a field has the wrong type or value (states: %(states)s)",
    "scenario.skirmish_phase": "the movement_phase query is {\"order\": ORDER, \"reactions\"?: {TROOP: "
                               "\"attack\"|\"pass\"}}",
    "scenario.skirmish_reactions": "reactions map troops to \"attack\" or \"pass\"",
})


def explain_skirmish(scenario: dict[str, Any], base: Path | None = None) -> Answer:
    unknown = sorted(set(scenario) - KEYS)
    if unknown:
        raise ScenarioError("scenario.keys", why=Reason("scenario.skirmish_keys", keys=", ".join(unknown)))
    state = load_state(scenario, base)
    query = scenario.get("query")
    if not isinstance(query, dict) or len(query) != 1 or next(iter(query)) not in QUERIES:
        raise ScenarioError("scenario.query", why=Reason("scenario.skirmish_query", queries=", ".join(sorted(QUERIES))))
    (kind, body), = query.items()
    seed = scenario.get("seed", "scenario")
    if not isinstance(seed, str):
        raise ScenarioError("scenario.seed", why=Reason("scenario.skirmish_seed"))
    return QUERIES[kind](state, body, seed)


def load_state(scenario: dict[str, Any], base: Path | None) -> SkirmishState:
    board = load_board(scenario.get("board"), base)
    units = scenario.get("units")
    if not isinstance(units, list) or not units:
        raise ScenarioError("scenario.units", why=Reason("scenario.skirmish_units"))
    troops = tuple(_troop(data, board) for data in units)
    sides = tuple(dict.fromkeys(troop.side for troop in troops))
    active = scenario.get("active", sides[0])
    if active not in sides:
        raise ScenarioError("scenario.active", why=Reason("scenario.skirmish_active", sides=", ".join(sides)))
    state = SkirmishState(board, troops, sides=sides, active=active)
    return replace(state, pool=pool_of(state, active))


def _troop(data: Any, board: Board) -> Troop:
    if not isinstance(data, dict) or not {"id", "hex", "side", "profile"} <= set(data) \
            or set(data) - TROOP_KEYS:
        raise ScenarioError("scenario.unit", why=Reason("scenario.skirmish_troop"))
    if data["profile"] not in PROFILES or data.get("other", "") not in ("", *PROFILES):
        raise ScenarioError("scenario.unit_field", field="profile",
                            why=Reason("scenario.skirmish_profile", profiles=", ".join(PROFILES)))
    values = {**TROOP_DEFAULTS, "wounds": PROFILES[data["profile"]].wounds, **data}
    values["other_wounds"] = PROFILES[values["other"]].wounds if values["other"] else 0
    checks = (isinstance(values["id"], str) and isinstance(values["side"], str) and type(values["facing"]) is int
              and 0 <= values["facing"] <= 5 and type(values["wounds"]) is int and type(values["hidden"]) is bool
              and type(values["escape"]) is bool
              and isinstance(values["states"], list) and all(s in STATES for s in values["states"]))
    if not checks:
        raise ScenarioError("scenario.unit_field", why=Reason("scenario.skirmish_troop_field", unit=str(values["id"]),
                                                             states=", ".join(STATES)))
    troop = troop_from_json({**values, "states": sorted(values["states"])})
    board.hex(troop.hex.label)
    return troop


def move_query(state: SkirmishState, body: Any, seed: str) -> Answer:
    """``{"unit", "skills"}`` (an order): legal with its steps, its end and where contact stops it; or the
    coded rule it breaks."""
    try:
        order = RULESET.decode_order(state, body)
    except RuleError as refused:
        coded = refused.to_json()
        return {"legal": False, "code": refused.code, "reason": refused.message, "params": refused.params,
                "reason_code": {"code": refused.code, "params": coded.get("params", {})}}
    plan = plan_order(state, cast(SkirmishOrder, order))
    troop, stops = state.unit(order.unit), None
    path: list[str] = []
    for step in plan.steps:
        if step.kind != STEP:
            continue
        path.append(step.hex.label)
        touching = contact(state, replace(troop, hex=step.hex))
        if touching:
            stops = {"hex": step.hex.label, "enemies": [enemy.id for enemy in touching]}
            break
    return {"legal": True, "path": path, "end": path[-1] if path else troop.hex.label, "stops_on_contact": stops,
            "idle": plan.idle, "facing": plan.facing, "mov": list(troop.stats.mov)}


def movement_phase_query(state: SkirmishState, body: Any, seed: str) -> Answer:
    """``{"order": ORDER, "reactions": {troop: "attack" | "pass"}}``: the order played to its end, each
    window answered as ``reactions`` says (pass when it says nothing)."""
    if not isinstance(body, dict) or "order" not in body or set(body) - {"order", "reactions"}:
        raise ScenarioError("scenario.query", why=Reason("scenario.skirmish_phase"))
    replies = body.get("reactions", {})
    if not isinstance(replies, dict) or not all(reply in ("attack", "pass") for reply in replies.values()):
        raise ScenarioError("scenario.query", why=Reason("scenario.skirmish_reactions"))
    orders = [RULESET.decode_order(state, body["order"])]
    answers: dict[str, dict[str, Reaction]] = {}
    windows: list[ReactionWindow] = []
    outcome = RULESET.resolve_phase(state, orders, Dice(seed), answers)
    while outcome.pending is not None:
        window = outcome.pending
        windows.append(window)
        # "attack" where the window offers the troop one: a troop in hidden deployment is asked at the end of
        # every skill, and passes at those where it had no line of fire (docs/skirmish.md).
        answers[window.key] = {unit: RULESET.decode_reaction(state, window, unit, {"attack": window.trigger} if (
            replies.get(unit) == "attack" and RULESET.reaction_choices(state, window, unit)) else None)
            for unit in window.units}
        outcome = RULESET.resolve_phase(state, orders, Dice(seed), answers)
    return {"windows": [{"key": w.key, "tick": w.tick, "hex": w.key.split(":")[2], "units": list(w.units),
                         "reason": w.reason, "reason_code": reason_code(w.reason)} for w in windows],
            "ticks": [[event_to_json(event) for event in tick] for tick in outcome.ticks],
            "final": [troop_to_json(troop) for troop in outcome.state.units]}


QUERIES = {"move": move_query, "movement_phase": movement_phase_query}
