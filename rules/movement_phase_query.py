"""The ``movement_phase`` scenario query: resolve one movement phase and show its timeline."""

from __future__ import annotations

from typing import Any

from rules import codec
from rules.dice import Dice
from rules.errors import MalformedOrder, ScenarioError
from rules.game import GameState
from rules.simultaneous import resolve_movement


def movement_phase_query(state: GameState, body: Any, seed: str) -> dict[str, Any]:
    """``{"orders": [ORDER, …], "initiative": [loser, …, winner]}``; an order may name a unit it
    ``"charge"``s. Without ``initiative`` the initiative is rolled from the scenario's seed."""
    if not isinstance(body, dict) or not isinstance(body.get("orders", []), list):
        raise ScenarioError("'movement_phase' takes {\"orders\": [...], \"initiative\": [...]}", code="scenario.query")
    initiative = body.get("initiative")
    if initiative is not None and not (isinstance(initiative, list) and all(isinstance(u, str) for u in initiative)):
        raise ScenarioError("'initiative' lists unit ids from loser to winner", code="scenario.query")
    orders, charges = [], {}
    for data in body.get("orders", []):
        if isinstance(data, dict) and "charge" in data:
            data = dict(data)
            target = data.pop("charge")
            if not isinstance(target, str):
                raise MalformedOrder("'charge' names the unit the order charges")
            charges[str(data.get("unit"))] = target
        orders.append(codec.order_from_json(data))
    result = resolve_movement(state, orders, Dice(seed), initiative=initiative, charges=charges)
    return codec.movement_to_json(result)
