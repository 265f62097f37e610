"""The skirmish state: the troops, whose active turn it is, its order pool, and an order being played.

Each game turn every side has an active turn, in ``sides`` order. Its order pool is counted when it begins:
one order for each of its troops that is neither Unconscious nor Dead; any order may be spent on any of its
troops. Every order is a phase of its own, ``order-N`` (N counts the orders of the game turn), so a late
click for one order never lands in the next, and each order has its own dice stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, cast
from rules.core.board import board_from_json, board_to_json
from rules.core.errors import UnknownUnit
from rules.core.hexes import Hex
from rules.core.state import State, result_from_json, result_to_json
from rules.rulesets.skirmish.troops import Troop

Json = dict[str, Any]
ORDER_PHASE = "order"


def order_phase(number: int) -> str:
    return f"{ORDER_PHASE}-{number}"


@dataclass(frozen=True, slots=True)
class Declaration:
    """An attack declared during an order: ``unit`` shoots ``target``, from ``origin`` at the target in
    ``aim`` where the target then had ``cover``; ``tick`` is the step it was declared at."""

    unit: str
    target: str
    origin: Hex
    aim: Hex
    cover: str
    tick: int


@dataclass(frozen=True, slots=True)
class Progress:
    """An order being played: the troops a window already offered a reaction (answered or not, they get no
    other this order), the reactions declared, whether contact with an enemy stopped the move, and the active
    troop's trail so far (its hex and height after each tick, which a skill's end asks hidden troops about)."""

    offered: tuple[str, ...] = ()
    reactions: tuple[Declaration, ...] = ()
    stopped: bool = False
    trail: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class SkirmishState(State):
    units: tuple[Troop, ...]
    phase: str = order_phase(1)
    sides: tuple[str, ...] = ("a", "b")
    active: str = "a"
    pool: int = 0
    given: int = 0
    turns: int = 3
    progress: Progress = field(default_factory=Progress)

    def unit(self, unit_id: str) -> Troop:
        return cast(Troop, State.unit(self, unit_id))

    def with_unit(self, troop: Troop) -> SkirmishState:
        return replace(self, units=tuple(troop if unit.id == troop.id else unit for unit in self.units))

    def enemies(self, side: str) -> list[Troop]:
        return [unit for unit in self.units if unit.side != side]

    def standing(self, side: str) -> list[Troop]:
        """The side's troops that still count: neither Unconscious nor Dead."""
        return [unit for unit in self.units if unit.side == side and not unit.out]

    def at(self, hex_: Hex) -> Troop | None:
        return next((unit for unit in self.units if unit.hex == hex_), None)


def pool_of(state: SkirmishState, side: str) -> int:
    """The order pool a side's active turn begins with: one order for each troop that still counts."""
    return len(state.standing(side))


def troop_to_json(troop: Troop) -> Json:
    """A troop; one with two profiles adds the other and its wounds, and its Escape System if it has one."""
    data: Json = {"id": troop.id, "hex": troop.hex.label, "facing": troop.facing, "side": troop.side,
                  "profile": troop.profile, "wounds": troop.wounds, "states": list(troop.states),
                  "hidden": troop.hidden}
    if troop.other:
        data.update(other=troop.other, other_wounds=troop.other_wounds)
    if troop.escape:
        data["escape"] = True
    return data


def troop_from_json(data: Json) -> Troop:
    return Troop(data["id"], Hex.parse(data["hex"]), data["facing"], side=data["side"], profile=data["profile"],
                 wounds=data["wounds"], states=tuple(data["states"]), hidden=data["hidden"],
                 other=data.get("other", ""), other_wounds=data.get("other_wounds", 0),
                 escape=data.get("escape", False))


def state_to_json(state: SkirmishState) -> Json:
    """Between orders (the only states the server stores) an order's progress is always empty."""
    result = state.result
    return {
        "board": board_to_json(state.board), "turn": state.turn, "phase": state.phase, "sides": list(state.sides),
        "active": state.active, "pool": state.pool, "given": state.given, "turns": state.turns,
        "units": [troop_to_json(unit) for unit in state.units],
        "result": None if result is None else result_to_json(result),
    }


def state_from_json(data: Json) -> SkirmishState:
    result = data.get("result")
    return SkirmishState(
        board_from_json(data["board"]), tuple(troop_from_json(unit) for unit in data["units"]), data["turn"],
        data["phase"], result_from_json(result) if result else None, sides=tuple(data["sides"]), active=data["active"],
        pool=data["pool"], given=data["given"], turns=data["turns"])


def find(state: SkirmishState, unit_id: Any) -> Troop:
    """The troop ``unit_id`` names, or the coded refusal of an unknown one."""
    if isinstance(unit_id, str):
        for unit in state.units:
            if unit.id == unit_id:
                return unit
    raise UnknownUnit(unit=str(unit_id))
