"""The referee command's MEKATAC questions (``"ruleset": "mekatac"`` in a scenario, docs/scenario.md).

A MEKATAC scenario has a board (as any scenario), mekas (``{"id", "hex", "facing", "side", "design"}``, the
design a shipped name or ``{"name", "size", "systems": [[key, arc], ...]}`` (a transformer's other mode in
``"other"``), and optionally ``armour``, ``airborne``, ``loads`` (the
ammunition type of each ballistic, missile or mortar weapon, ``{"0": "perforante"}``) and ``skills`` (its pilot's,
``["punteria"]``)), a seed and one query: ``los`` (sight, arcs and cover between two mekas), ``attack`` (the
target number of one weapon and each modifier, or the coded refusal), ``move`` (the check of a movement
order) or ``movement_phase`` (the phase played with the orders given, the mekas moving in the order listed,
and every reaction opportunity by step, each window passed or answered with every weapon it offers).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RuleError, ScenarioError
from rules.core.playback import Reaction
from rules.core.reasons import Reason
from rules.core.reasons import register as register_reasons
from rules.io import errors  # noqa: F401  (registers the scenario codes)
from rules.io.scenario import load_board
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac import queries as live
from rules.rulesets.mekatac.ammo import loaded
from rules.rulesets.mekatac.designs import Design, build, shipped
from rules.rulesets.mekatac.skills import trained
from rules.rulesets.mekatac.state import Meka, MekaState, new_meka

Answer = dict[str, Any]
RULES = MekatacRuleset()
MEKA_KEYS = ("id", "hex", "facing", "side", "design", "armour", "airborne", "loads", "skills")
SCENARIO_KEYS = ("ruleset", "board", "units", "options", "seed", "query", "description")
MOST_WINDOWS = 500

register_reasons({
    "scenario.mekatac_design": "a meka's 'design' is a shipped name or {\"name\", \"size\", \"systems\"}",
    "scenario.mekatac_meka": "a meka is {%(keys)s} (id, hex, side and design required)",
    "scenario.mekatac_fields": "meka %(unit)s: facing 0-5, armour a whole number, airborne jump or fly",
    "scenario.mekatac_loads": "meka %(unit)s: 'loads' maps weapon numbers to ammunition types",
    "scenario.mekatac_skills": "meka %(unit)s: 'skills' is a list of pilot skills",
    "scenario.mekatac_unique": "meka ids must be unique",
    "scenario.mekatac_pair": "the query is {\"from\": MEKA, \"to\": MEKA%(extra)s}",
    "scenario.mekatac_weapon": "'weapon' is a weapon's number or \"punch\"/\"kick\"",
    "scenario.mekatac_phase": "the movement_phase query is {\"orders\": [...], \"reactions\": \"pass\"|\"fire\"}",
    "scenario.mekatac_windows": "the phase opened too many reaction windows",
})


def _design(data: Any) -> Design:
    if isinstance(data, str):
        return shipped(data)
    modes = ("systems", "other")
    if isinstance(data, dict) and {"name", "size", "systems"} <= set(data) <= {"name", "size", *modes} and all(
            isinstance(data.get(mode, []), list) and all(isinstance(item, list) and len(item) == 2
                                                         for item in data.get(mode, [])) for mode in modes):
        return build(str(data["name"]), data["size"], [(str(key), str(arc)) for key, arc in data["systems"]],
                     other=[(str(key), str(arc)) for key, arc in data.get("other", [])])
    raise ScenarioError("scenario.unit", why=Reason("scenario.mekatac_design"))


def _meka(data: Any, state: MekaState) -> Meka:
    if not isinstance(data, dict) or not {"id", "hex", "side", "design"} <= set(data) or set(data) - set(MEKA_KEYS):
        raise ScenarioError("scenario.unit", why=Reason("scenario.mekatac_meka", keys=", ".join(MEKA_KEYS)))
    facing, armour, airborne, loads = data.get("facing", 0), data.get("armour"), data.get("airborne", ""), data.get(
        "loads", {})
    if type(facing) is not int or not 0 <= facing <= 5 or not isinstance(data["id"], str) \
            or not isinstance(data["side"], str) or airborne not in ("", "jump", "fly") \
            or armour is not None and (type(armour) is not int or armour < 0):
        raise ScenarioError("scenario.unit", why=Reason("scenario.mekatac_fields", unit=repr(data.get("id"))))
    if not isinstance(loads, dict) or not all(key.isdigit() for key in loads):
        raise ScenarioError("scenario.unit", why=Reason("scenario.mekatac_loads", unit=repr(data.get("id"))))
    meka = new_meka(data["id"], state.board.hex(str(data["hex"])), facing, data["side"], _design(data["design"]))
    skills = data.get("skills", [])
    if not isinstance(skills, list):
        raise ScenarioError("scenario.unit", why=Reason("scenario.mekatac_skills", unit=repr(data.get("id"))))
    meka = trained(loaded(meka, {int(key): kind for key, kind in loads.items()}), skills)
    return replace(meka, armour=meka.armour if armour is None else armour, airborne=airborne)


def load(data: dict[str, Any], base: Path | None) -> tuple[MekaState, str]:
    unknown = set(data) - set(SCENARIO_KEYS)
    if unknown:
        raise ScenarioError(why=Reason("scenario.unknown_fields", fields=", ".join(sorted(unknown)),
                                       known=", ".join(SCENARIO_KEYS)))
    state = MekaState(load_board(data.get("board"), base), (), phase="movement")
    units = data.get("units", [])
    if not isinstance(units, list):
        raise ScenarioError("scenario.unit", why=Reason("scenario.units_list"))
    mekas = tuple(_meka(unit, state) for unit in units)
    ids = [meka.id for meka in mekas]
    if len(set(ids)) != len(ids):
        raise ScenarioError("scenario.duplicate_unit", why=Reason("scenario.mekatac_unique"))
    try:
        options = RULES.options.validate(data.get("options", {}))
    except RuleError as error:
        raise ScenarioError("scenario.option", **{**error.params, "why": error}) from None
    seed = data.get("seed", 0)
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise ScenarioError("scenario.seed", why=Reason("scenario.seed_type"))
    return replace(state, units=mekas, order=tuple(ids), options=options), str(seed)


def _pair(state: MekaState, body: Any, extra: tuple[str, ...] = ()) -> tuple[Meka, Meka]:
    if not isinstance(body, dict) or not {"from", "to"} <= set(body) or set(body) - {"from", "to", *extra} \
            or not isinstance(body["from"], str) or not isinstance(body["to"], str):
        raise ScenarioError("scenario.query", why=Reason("scenario.mekatac_pair", extra="".join(", " + key for key in extra)))
    return state.unit(body["from"]), state.unit(body["to"])


def los(state: MekaState, body: Any, seed: str) -> Answer:
    source, target = _pair(state, body)
    return live.sight(state, source.id, target.id)


def attack(state: MekaState, body: Any, seed: str) -> Answer:
    source, target = _pair(state, body, ("weapon",))
    weapon = body.get("weapon", 0)
    if not (type(weapon) is int or weapon in ("punch", "kick")):
        raise ScenarioError("scenario.query", why=Reason("scenario.mekatac_weapon"))
    return live.attack(state, source.id, target.id, weapon)


def move(state: MekaState, body: Any, seed: str) -> Answer:
    order = RULES.decode_order(state, body)
    try:
        return {"legal": True, **RULES.check(state, order)}
    except RuleError as refused:
        return {"legal": False, "code": refused.code, "reason": refused.message}


def movement_phase(state: MekaState, body: Any, seed: str) -> Answer:
    """``{"orders": [ORDER, ...], "reactions": "pass"|"fire"}``: the phase and every window it opened."""
    if not isinstance(body, dict) or set(body) - {"orders", "reactions"} or not isinstance(body.get("orders", []), list) \
            or body.get("reactions", "pass") not in ("pass", "fire"):
        raise ScenarioError("scenario.query", why=Reason("scenario.mekatac_phase"))
    orders = [RULES.decode_order(state, order) for order in body.get("orders", [])]
    for order in orders:
        RULES.check(state, order)
    fire = body.get("reactions", "pass") == "fire"
    answers: dict[str, dict[str, Reaction]] = {}
    windows: list[Answer] = []
    for _ in range(MOST_WINDOWS):
        # The movement phase alone: the turn's end does not follow.
        outcome = RULES.table.phase("movement").resolve(state, orders, Dice(seed), answers)
        if outcome.pending is None:
            return {"windows": windows, "playback": RULES.report_to_json(outcome),
                    "mekas": {meka.id: {"hex": meka.hex.label, "facing": meka.facing, "armour": meka.armour,
                                        "destroyed": meka.destroyed} for meka in outcome.state.units}}
        window = outcome.pending
        (unit,) = window.units
        choices = RULES.reaction_choices(state, window, unit)
        data = choices[-2]["order"] if fire else None
        mover = next(event for event in outcome.reports[0].ticks[window.tick - 1] if event.kind == "step")
        windows.append({"key": window.key, "tick": window.tick, "mover": window.trigger, "unit": unit,
                        "mover_hex": mover.to_hex.label, "choices": choices[:-1], "answer": data})
        answers[window.key] = {unit: RULES.decode_reaction(state, window, unit, data)}
    raise ScenarioError("scenario.query", why=Reason("scenario.mekatac_windows"))


QUERIES = {"attack": attack, "los": los, "move": move, "movement_phase": movement_phase}


def explain_mekatac(data: dict[str, Any], base: Path | None) -> Answer:
    state, seed = load(data, base)
    query = data.get("query")
    if not isinstance(query, dict) or len(query) != 1:
        raise ScenarioError("scenario.query", why=Reason("scenario.query_one", known=", ".join(sorted(QUERIES))))
    ((kind, body),) = query.items()
    if kind not in QUERIES:
        raise ScenarioError("scenario.query", why=Reason("scenario.query_unknown", query=kind,
                                                         known=", ".join(sorted(QUERIES))))
    return QUERIES[kind](state, body, seed)
