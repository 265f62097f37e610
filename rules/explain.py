"""``python -m rules explain FILE.json``: the referee answers one described situation.

A public, documented contract (``docs/scenario.md``): the answer is one JSON object on stdout, exit 0
whenever the question was answered (even "illegal" or "no LOS"), exit 2 with
``{"error": {"code", "message"}}`` for a malformed scenario.
Each query kind is one entry of :data:`QUERIES`: a function of (state, query body, seed) → answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from rules.attack_query import attack
from rules.errors import RuleError, ScenarioError
from rules.game import GameState
from rules.scenario import load_scenario

Answer = dict[str, Any]
Query = Callable[[GameState, Any, str], Answer]

QUERIES: dict[str, Query] = {
    "attack": attack,
}


def explain(scenario: Any) -> Answer:
    state, seed = load_scenario(scenario)
    query = scenario.get("query")
    if not isinstance(query, dict) or len(query) != 1:
        raise ScenarioError(f"'query' must name exactly one of: {', '.join(sorted(QUERIES))}", code="scenario.query")
    (kind, body), = query.items()
    if kind not in QUERIES:
        raise ScenarioError(f"unknown query {kind!r}; known: {', '.join(sorted(QUERIES))}", code="scenario.query")
    return QUERIES[kind](state, body, seed)


def run(source: TextIO, out: TextIO) -> int:
    try:
        answer = explain(json.load(source))
    except json.JSONDecodeError as error:
        answer, status = {"error": {"code": "scenario.json", "message": f"not JSON: {error}"}}, 2
    except RuleError as error:
        answer, status = {"error": {"code": error.code, "message": error.message}}, 2
    else:
        status = 0
    out.write(json.dumps(answer, ensure_ascii=False, indent=2) + "\n")
    return status
