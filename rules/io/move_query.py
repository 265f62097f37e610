"""The ``move`` query of ``python -m rules explain``: is this plotted path legal, what does each step
cost, and which rolls would it need (no dice are rolled here)."""

from __future__ import annotations

from typing import Any

from rules.battletech.codec import path_to_json
from rules.rulesets.solaris.orders import move_order_from_json
from rules.core.errors import IllegalMove, ScenarioError
from rules.core.reasons import Reason
from rules.battletech.state import GameState
from rules.rulesets import Ruleset
from rules.battletech.movement.plan import check_path

Answer = dict[str, Any]


def move_query(ruleset: Ruleset[Any, Any], state: GameState, body: Any, seed: str) -> Answer:
    """``{"unit": "A", "mode": "walk", "steps": ["F", "R", "F"]}`` (or ``"to"``/``"facing"`` for a jump).

    Answers the checked path with ``legal``; an illegal path also carries ``error`` (code, message,
    and the first offending ``step`` in its params) and the legal steps before it."""
    if not isinstance(body, dict):
        raise ScenarioError("scenario.query", why=Reason("scenario.move_query"))
    error: IllegalMove | None = None
    try:
        order = move_order_from_json(body)
    except IllegalMove as unknown_step:  # an unknown step code makes the path illegal from that step on
        error = unknown_step
        order = move_order_from_json({**body, "steps": body["steps"][: unknown_step.params["step"] - 1]})
    plan, first_error = check_path(state.board, state.unit(order.unit), order)
    error = first_error or error
    answer = path_to_json(plan)
    answer["legal"] = error is None
    if error is not None:
        answer["error"] = error.to_json()
    return answer
