"""The Solaris VII turn, phase by phase: initiative → movement → weapon attacks → physical attacks → heat →
end of turn. Each phase is an object (:class:`rules.core.phases.Phase`): the units it waits for, when it ends,
its order codec, its "may I?" check and its resolver. Initiative, heat and the end of the turn wait for no
orders and resolve as soon as they begin.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from math import ceil
from typing import Any

from rules.battletech.combat.attacks import (
    CombatReport, PhysicalOrder, PlannedAttack, WeaponOrder, plan_physical_attack, plan_weapon_attack,
)
from rules.battletech.combat.movement_damage import settle_movement
from rules.battletech.combat.resolve import flood_bare_locations, resolve_physical_attacks, resolve_weapon_attacks
from rules.battletech.combat.heat import jumping_mp, resolve_heat_phase, walking_mp
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.combat.victory import check_victory, resolve_end_of_turn
from rules.battletech.movement.plan import MoveOrder, PathPlan, plan_path
from rules.battletech.movement.simultaneous import resolve_movement
from rules.battletech.outcome import PhaseResult
from rules.battletech.state import GameState
from rules.battletech.units import Unit
from rules.core.dice import Dice
from rules.core.phases import NO_ANSWERS, Json, OrderlessPhase, every_awaited_unit_ordered
from rules.core.playback import Answers
from rules.battletech.codec import attacks_to_json, path_to_json
from rules.rulesets.solaris.options import agreed
from rules.rulesets.solaris.orders import (
    move_order_from_json, move_order_to_json, physical_order_from_json, physical_order_to_json,
    weapon_order_from_json, weapon_order_to_json,
)


class _OrderedPhase:
    """What the three ordered phases share: they end once every unit they wait for has its order in."""

    takes_orders = True

    def awaits(self, state: GameState) -> list[str]:
        raise NotImplementedError

    def ends(self, state: GameState, ordered: Collection[str]) -> bool:
        return every_awaited_unit_ordered(self.awaits(state), ordered)


class MovementPhase(_OrderedPhase):
    """Every unit able to move plots in secret; the phase resolves in the mode the players agreed."""

    name = "movement"
    without_order = "stand still"

    def awaits(self, state: GameState) -> list[str]:
        return [u.id for u in state.units if u.id not in state.mechs or state.mechs[u.id].active]

    def decode_order(self, state: GameState, data: Any) -> MoveOrder:
        return move_order_from_json(data)

    def encode_order(self, order: MoveOrder) -> Json:
        return move_order_to_json(order)

    def plan(self, state: GameState, order: MoveOrder) -> PathPlan:
        return plan_path(state.board, state.unit(order.unit), order)

    def check(self, state: GameState, order: MoveOrder) -> Json:
        return {"path": path_to_json(self.plan(state, order))}

    def resolve(self, state: GameState, orders: Sequence[MoveOrder], dice: Dice,
                answers: Answers = NO_ANSWERS) -> PhaseResult:
        movement = resolve_movement(state, orders, dice, mode=agreed(state).movement)
        units = tuple(movement.final[unit.id].unit for unit in state.units)
        motions = {unit_id: Motion(outcome.moved, outcome.hexes_moved, stuck=outcome.unit.stuck,
                                   climbing=outcome.unit.climbing)
                   for unit_id, outcome in movement.final.items()}
        after, reports = replace(state, units=units, motions=motions), []
        after, settled = settle_movement(after, state.units, movement.ticks, dice)
        if settled is not None:
            reports.append(settled)
        after, flooded = flood_bare_locations(after)
        if flooded:
            reports.append(CombatReport("movement", reasons=flooded))
        return PhaseResult(decided(after) if reports else after, movement, tuple(reports))


class WeaponsPhase(_OrderedPhase):
    """Every active mech declares its fire (no weapons: it holds fire)."""

    name = "weapons"
    without_order = "hold fire"

    def awaits(self, state: GameState) -> list[str]:
        return [u.id for u in state.units if u.id in state.mechs and state.mechs[u.id].active]

    def decode_order(self, state: GameState, data: Any) -> WeaponOrder:
        return weapon_order_from_json(data)

    def encode_order(self, order: WeaponOrder) -> Json:
        return weapon_order_to_json(order)

    def plan(self, state: GameState, order: WeaponOrder) -> tuple[PlannedAttack, ...]:
        return plan_weapon_attack(state, order, agreed(state).sight)

    def check(self, state: GameState, order: WeaponOrder) -> Json:
        return {"attacks": attacks_to_json(self.plan(state, order))}

    def resolve(self, state: GameState, orders: Sequence[WeaponOrder], dice: Dice,
                answers: Answers = NO_ANSWERS) -> PhaseResult:
        after, report = resolve_weapon_attacks(state, orders, dice, agreed(state).sight)
        return PhaseResult(decided(after), reports=(report,))


class PhysicalPhase(_OrderedPhase):
    """Every active standing mech declares its physical attack (Total Warfare: a prone mech makes none)."""

    name = "physical"
    without_order = "hold fire"

    def awaits(self, state: GameState) -> list[str]:
        return [u.id for u in state.units if u.id in state.mechs and state.mechs[u.id].active and not u.prone]

    def decode_order(self, state: GameState, data: Any) -> PhysicalOrder:
        return physical_order_from_json(data)

    def encode_order(self, order: PhysicalOrder) -> Json:
        return physical_order_to_json(order)

    def plan(self, state: GameState, order: PhysicalOrder) -> tuple[PlannedAttack, ...]:
        return plan_physical_attack(state, order, agreed(state).sight)

    def check(self, state: GameState, order: PhysicalOrder) -> Json:
        return {"attacks": attacks_to_json(self.plan(state, order))}

    def resolve(self, state: GameState, orders: Sequence[PhysicalOrder], dice: Dice,
                answers: Answers = NO_ANSWERS) -> PhaseResult:
        after, report = resolve_physical_attacks(state, orders, dice, agreed(state).sight)
        return PhaseResult(decided(after), reports=(report,))


def _initiative(state: GameState, dice: Dice) -> PhaseResult:
    # Simultaneous movement needs initiative only to settle conflicts, so it is rolled with the plots
    # (Solaris VII 'Movimiento PM a PM'); this entry marks its place in the sequence.
    return PhaseResult(state)


def _heat(state: GameState, dice: Dice) -> PhaseResult:
    after, report = resolve_heat_phase(state, dice)
    return PhaseResult(decided(after), reports=(report,))


def _end(state: GameState, dice: Dice) -> PhaseResult:
    after, report = resolve_end_of_turn(state, dice, agreed(state).turn_limit)
    return PhaseResult(after, reports=(report,))


INITIATIVE: OrderlessPhase[GameState, PhaseResult] = OrderlessPhase("initiative", _initiative)
HEAT: OrderlessPhase[GameState, PhaseResult] = OrderlessPhase("heat", _heat)
# The next turn begins, or the match ends.
END: OrderlessPhase[GameState, PhaseResult] = OrderlessPhase("end", _end)


def decided(state: GameState) -> GameState:
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
