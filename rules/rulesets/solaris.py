"""The Solaris VII duel ruleset (BattleTech with the Solaris VII referees' clarifications)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.dice import Dice
from rules.errors import RuleError
from rules.game import GameState
from rules.movement import MoveOrder, PathPlan, plan_path
from rules.rulesets.base import PhaseResult
from rules.timeline import resolve_pm_by_pm, roll_initiative


class SolarisRuleset:
    name = "solaris"

    def check_order(self, state: GameState, order: MoveOrder) -> PathPlan:
        if state.phase != "movement":
            raise RuleError(f"orders for movement are closed in the {state.phase} phase", code="order.phase_closed")
        return plan_path(state.board, state.unit(order.unit), order)

    def units_to_order(self, state: GameState) -> list[str]:
        return [unit.id for unit in state.units]

    def resolve_phase(self, state: GameState, orders: Sequence[MoveOrder], dice: Dice) -> PhaseResult:
        plans = {order.unit: self.check_order(state, order) for order in orders}
        initiative = roll_initiative([unit.id for unit in state.units], dice)
        movement = resolve_pm_by_pm(state.units, plans, initiative)
        units = tuple(movement.final[unit.id].unit for unit in state.units)
        return PhaseResult(replace(state, units=units, turn=state.turn + 1), movement)
