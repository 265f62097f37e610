"""``python -m rules explain FILE.json``: the referee answers one described situation.

A public, documented contract (``docs/scenario.md``): the answer is one JSON object on stdout, exit 0
whenever the question was answered (even "illegal" or "no LOS"), exit 2 with
``{"error": {"code", "message"}}`` for a malformed scenario.
Each query kind is one entry of :data:`QUERIES`: a function of (ruleset, state, query body, seed) → answer, the
ruleset being the one the scenario is judged by.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from rules.io.attack_query import attack
from rules.io.heat_query import heat_query
from rules.io.mekatac_query import explain_mekatac
from rules.core.errors import RuleError, ScenarioError
from rules.core.reasons import Reason
from rules.battletech.state import GameState
from rules.io.move_query import move_query
from rules.io.movement_phase_query import movement_phase_query
from rules.io.scenario import load_scenario, los_query
from rules.io.skirmish_query import explain_skirmish
from rules.rulesets import DEFAULT_RULESET, Ruleset, get_ruleset

Answer = dict[str, Any]
# The rulesets whose scenarios describe their own units, not mechs (rules.io.skirmish_query, rules.io.mekatac_query).
SKIRMISH, MEKATAC = "skirmish", "mekatac"
Query = Callable[[Ruleset[Any, Any], GameState, Any, str], Answer]

QUERIES: dict[str, Query] = {
    "attack": attack,
    "heat": heat_query,
    "los": los_query,
    "move": move_query,
    "movement_phase": movement_phase_query,
}


def explain(scenario: Any, base: Path | None = None, ruleset: str = DEFAULT_RULESET) -> Answer:
    """Answer a scenario's query by ``ruleset``; ``base`` is the folder its relative ``board.file`` is read from."""
    if isinstance(scenario, dict) and "ruleset" in scenario:
        ruleset = scenario["ruleset"]
        get_ruleset(ruleset if isinstance(ruleset, str) else repr(ruleset))
        if ruleset == SKIRMISH:
            return explain_skirmish(scenario, base)
        if ruleset == MEKATAC:
            return explain_mekatac(scenario, base)
        scenario = {key: value for key, value in scenario.items() if key != "ruleset"}
    rules = get_ruleset(ruleset)
    state, seed = load_scenario(scenario, base, rules)
    query = scenario.get("query")
    if not isinstance(query, dict) or len(query) != 1:
        raise ScenarioError("scenario.query", why=Reason("scenario.query_one", known=", ".join(sorted(QUERIES))))
    (kind, body), = query.items()
    if kind not in QUERIES:
        raise ScenarioError("scenario.query", why=Reason("scenario.query_unknown", query=kind,
                                                         known=", ".join(sorted(QUERIES))))
    return QUERIES[kind](rules, state, body, seed)


def run(source: TextIO, out: TextIO, base: Path | None = None) -> int:
    try:
        answer = explain(json.load(source), base)
    except json.JSONDecodeError as error:
        answer, status = {"error": {"code": "scenario.json", "message": f"not JSON: {error}"}}, 2
    except RuleError as error:
        answer, status = {"error": error.to_json()}, 2
    else:
        status = 0
    out.write(json.dumps(answer, ensure_ascii=False, indent=2) + "\n")
    return status
