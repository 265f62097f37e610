"""The ``movement_phase`` scenario query: resolve one movement phase and show its timeline."""

from __future__ import annotations

from typing import Any

from rules.battletech import codec
from rules.core.dice import Dice
from rules.core.errors import ScenarioError
from rules.core.reasons import Reason
from rules.battletech.state import GameState
from rules.rulesets import Ruleset
from rules.battletech.movement.simultaneous import resolve_movement
from rules.io.scenario import battletech_rules
from rules.rulesets.solaris.orders import move_order_from_json


def movement_phase_query(ruleset: Ruleset[Any, Any], state: GameState, body: Any, seed: str) -> dict[str, Any]:
    """``{"orders": [ORDER, …], "initiative": [loser, …, winner]}``; an order may name a unit to
    ``"charge"``. Without ``initiative`` the initiative is rolled from the scenario's seed."""
    if not isinstance(body, dict) or not isinstance(body.get("orders", []), list):
        raise ScenarioError("scenario.query", why=Reason("scenario.movement_phase_query"))
    initiative = body.get("initiative")
    if initiative is not None and not (isinstance(initiative, list) and all(isinstance(u, str) for u in initiative)):
        raise ScenarioError("scenario.query", why=Reason("scenario.initiative"))
    orders = [move_order_from_json(data) for data in body.get("orders", [])]
    mode = battletech_rules(ruleset).movement_mode(state)
    result = resolve_movement(state, orders, Dice(seed), mode=mode, initiative=initiative)
    return codec.movement_to_json(result)
