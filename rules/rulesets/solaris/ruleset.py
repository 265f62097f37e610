"""The Solaris VII duel ruleset (BattleTech with the Solaris VII referees' clarifications).

The turn sequence is the table :attr:`SolarisRuleset.phases`: initiative → movement → weapon attacks →
physical attacks → heat → end of turn. Phases that wait for no orders, or whose units have none to
give, resolve as soon as they begin, so a match without mech designs goes from movement to the next
turn's movement as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from math import ceil
from typing import Any, TypeVar

from rules.battletech.combat.attacks import (
    CombatReport, PhysicalOrder, PlannedAttack, SightRule, WeaponOrder, flood_bare_locations, plan_physical_attack,
    plan_weapon_attack, resolve_physical_attacks, resolve_weapon_attacks, settle_movement,
)
from rules.core.dice import Dice
from rules.core.errors import MalformedOrder, RuleError
from rules.battletech.state import GameState
from rules.battletech.combat.heat import jumping_mp, resolve_heat_phase, walking_mp
from rules.battletech.movement.plan import MoveOrder, PathPlan, plan_path
from rules.rulesets.base import Order, Phase, PhaseResult
from rules.rulesets.solaris import view as viewer_filter
from rules.battletech.movement.simultaneous import resolve_movement
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.combat.tohit import line_of_sight_rule
from rules.battletech.units import Unit
from rules.battletech.combat.victory import check_victory, resolve_end_of_turn

OVER = "over"
T = TypeVar("T")


class SolarisRuleset:
    name = "solaris"

    def __init__(self, sight: SightRule = line_of_sight_rule) -> None:
        # Line of sight is a strategy (the match's LOS option already picks standard or dead zone).
        self.sight = sight
        self._phases = (
            Phase("initiative", "", "at once", self._initiative),
            Phase("movement", "move", "every unit able to move has plotted", self._movement),
            Phase("weapons", "weapon", "every active mech has declared its fire", self._weapons),
            Phase("physical", "physical", "every active standing mech has declared", self._physical),
            Phase("heat", "", "at once", self._heat),
            Phase("end", "", "at once: the next turn begins, or the match ends", self._end),
        )

    @property
    def phases(self) -> tuple[Phase, ...]:
        return self._phases

    def phase(self, name: str) -> Phase:
        for phase in self._phases:
            if phase.name == name:
                return phase
        raise RuleError(f"the match is {name!r}: no orders are taken", code="order.phase_closed")

    # ---- may I? -------------------------------------------------------------------------------------

    def check_order(self, state: GameState, order: MoveOrder) -> PathPlan:
        _require_movement_phase(state)
        return plan_path(state.board, state.unit(order.unit), order)

    def check_attack(self, state: GameState, order: WeaponOrder | PhysicalOrder) -> tuple[PlannedAttack, ...]:
        if isinstance(order, WeaponOrder) and state.phase == "weapons":
            return plan_weapon_attack(state, order, self.sight)
        if isinstance(order, PhysicalOrder) and state.phase == "physical":
            return plan_physical_attack(state, order, self.sight)
        raise RuleError(f"a {type(order).__name__} is not taken in the {state.phase} phase", code="order.phase_closed")

    def units_to_order(self, state: GameState) -> list[str]:
        kind = self.phase(state.phase).orders if state.phase != OVER else ""
        if kind == "move":
            return [u.id for u in state.units if u.id not in state.mechs or state.mechs[u.id].active]
        if kind in ("weapon", "physical"):
            return [u.id for u in state.units if u.id in state.mechs and state.mechs[u.id].active
                    and not (kind == "physical" and u.prone)]
        return []

    # ---- who sees what -------------------------------------------------------------------------------

    def view(self, state: GameState, viewer_role: str, side: str | None) -> dict[str, Any]:
        return viewer_filter.view(state, viewer_role, side)

    def orders_view(
        self, orders: Sequence[tuple[str, dict[str, Any]]], viewer_role: str, side: str | None
    ) -> list[dict[str, Any]]:
        return viewer_filter.orders_view(orders, viewer_role, side)

    # ---- do it --------------------------------------------------------------------------------------

    def resolve_phase(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult:
        """Resolve the current phase, then every following phase that needs no orders."""
        turn = state.turn
        result = self.phase(state.phase).resolve(state, orders, dice)
        movement, reports = result.movement, list(result.reports)
        state = self._advance(result.state)
        # At most up to the next turn's movement: a turn where nobody can move waits for the next call.
        while (state.phase != OVER and not self.units_to_order(state)
               and not (state.turn != turn and state.phase == "movement")):
            step = self.phase(state.phase).resolve(state, (), dice)
            movement = movement or step.movement
            reports += step.reports
            state = self._advance(step.state)
        return PhaseResult(state, movement, tuple(reports))

    def _advance(self, state: GameState) -> GameState:
        if state.phase == OVER or state.result is not None:
            return replace(state, phase=OVER)
        names = [phase.name for phase in self._phases]
        return replace(state, phase=names[(names.index(state.phase) + 1) % len(names)])

    def _initiative(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult:
        # Simultaneous movement needs initiative only to settle conflicts, so it is rolled with the plots
        # (Solaris VII 'Movimiento PM a PM'); this entry marks its place in the sequence.
        return PhaseResult(state)

    def _movement(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult:
        _require_movement_phase(state)
        movement = resolve_movement(state, _only(orders, MoveOrder), dice)
        units = tuple(movement.final[unit.id].unit for unit in state.units)
        motions = {unit_id: Motion(outcome.moved, outcome.hexes_moved, stuck=outcome.unit.stuck)
                   for unit_id, outcome in movement.final.items()}
        after, reports = replace(state, units=units, motions=motions), []
        after, settled = settle_movement(after, state.units, movement.ticks, dice)
        if settled is not None:
            reports.append(settled)
        after, flooded = flood_bare_locations(after)
        if flooded:
            reports.append(CombatReport("movement", reasons=flooded))
        return PhaseResult(_decided(after) if reports else after, movement, tuple(reports))

    def _weapons(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult:
        after, report = resolve_weapon_attacks(state, _only(orders, WeaponOrder), dice, self.sight)
        return PhaseResult(_decided(after), reports=(report,))

    def _physical(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult:
        after, report = resolve_physical_attacks(state, _only(orders, PhysicalOrder), dice, self.sight)
        return PhaseResult(_decided(after), reports=(report,))

    def _heat(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult:
        after, report = resolve_heat_phase(state, dice)
        return PhaseResult(_decided(after), reports=(report,))

    def _end(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult:
        after, report = resolve_end_of_turn(state, dice)
        return PhaseResult(after, reports=(report,))


def _decided(state: GameState) -> GameState:
    """After a phase that deals damage or heat: the next movement phase gets the MP the mech has left (TW:
    leg damage and the heat scale lower walking MP, running MP is 1.5 × that rounded up, each jump jet lost
    costs 1 jumping MP), and the match result is recorded as soon as one side has no mech left in the fight."""
    state = replace(state, units=tuple(_mp_left(unit, state.mechs.get(unit.id)) for unit in state.units))
    result = check_victory(state)
    return state if result is None else replace(state, result=result)


def _mp_left(unit: Unit, status: MechStatus | None) -> Unit:
    if status is None:
        return unit
    walk = walking_mp(status.design.walk, status)[0]
    return replace(unit, walk=walk, run=ceil(walk * 1.5), jump=jumping_mp(status.design.jump, status)[0])


def _only(orders: Sequence[Order], kind: type[T]) -> list[T]:
    wrong = [order for order in orders if not isinstance(order, kind)]
    if wrong:
        raise MalformedOrder(f"this phase takes {kind.__name__} orders, not {type(wrong[0]).__name__}",
                             code="order.wrong_phase")
    return [order for order in orders if isinstance(order, kind)]


def _require_movement_phase(state: GameState) -> None:
    if state.phase != "movement":
        raise RuleError(f"orders for movement are closed in the {state.phase} phase", code="order.phase_closed")
