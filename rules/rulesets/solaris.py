"""The Solaris VII duel ruleset (BattleTech with the Solaris VII referees' clarifications)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.dice import Dice
from rules.errors import RuleError
from rules.game import GameState
from rules.movement import MoveOrder, PathPlan, plan_path
from rules.rulesets.base import PhaseResult
from rules.simultaneous import resolve_movement
from rules.timeline import TickHook


class SolarisRuleset:
    name = "solaris"
    # Solaris VII has no reactions during movement; a ruleset that has them (MEKATAC attacks while
    # others move, skirmish reactions) sets its hook here instead of copying the movement loop.
    tick_hook: TickHook | None = None

    def check_order(self, state: GameState, order: MoveOrder) -> PathPlan:
        _require_movement_phase(state)
        return plan_path(state.board, state.unit(order.unit), order)

    def units_to_order(self, state: GameState) -> list[str]:
        return [unit.id for unit in state.units]

    def resolve_phase(self, state: GameState, orders: Sequence[MoveOrder], dice: Dice) -> PhaseResult:
        _require_movement_phase(state)
        movement = resolve_movement(state, orders, dice, hook=self.tick_hook)
        units = tuple(movement.final[unit.id].unit for unit in state.units)
        return PhaseResult(replace(state, units=units, turn=state.turn + 1), movement)


def _require_movement_phase(state: GameState) -> None:
    if state.phase != "movement":
        raise RuleError(f"orders for movement are closed in the {state.phase} phase", code="order.phase_closed")
