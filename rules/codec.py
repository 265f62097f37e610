"""JSON at the edge: the rules work on frozen values, the server and the browser speak JSON."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from rules.board import Board, board_from_cells
from rules.errors import MalformedOrder, RuleError
from rules.game import GameState, Options
from rules.hexes import Hex
from rules.movement import MoveOrder, PathPlan
from rules.rulesets.base import PhaseResult
from rules.timeline import Event, MovementResult
from rules.units import Unit

Json = dict[str, Any]


def board_to_json(board: Board) -> Json:
    hexes = {
        hex_.label: {"level": terrain.level, "terrain": terrain.terrain_string}
        for hex_, terrain in sorted(board.hexes.items())
    }
    return {"width": board.width, "height": board.height, "hexes": hexes}


def board_from_json(data: Json) -> Board:
    return board_from_cells(data["width"], data["height"], data.get("hexes", {}))


def unit_to_json(unit: Unit) -> Json:
    data = asdict(unit)
    data["hex"] = unit.hex.label
    return data


_UNIT_FIELDS = {f.name for f in fields(Unit)}


def unit_from_json(data: Json) -> Unit:
    unknown = set(data) - _UNIT_FIELDS
    if unknown:
        raise RuleError(f"unknown unit fields: {', '.join(sorted(unknown))}", code="unit.malformed")
    values = dict(data)
    values["hex"] = Hex.parse(values["hex"])
    return Unit(**values)


def state_to_json(state: GameState) -> Json:
    return {
        "board": board_to_json(state.board),
        "units": [unit_to_json(unit) for unit in state.units],
        "turn": state.turn,
        "phase": state.phase,
        "options": asdict(state.options),
    }


def state_from_json(data: Json) -> GameState:
    return GameState(
        board=board_from_json(data["board"]),
        units=tuple(unit_from_json(unit) for unit in data["units"]),
        turn=int(data.get("turn", 1)),
        phase=str(data.get("phase", "movement")),
        options=Options(**data.get("options", {})),
    )


def order_from_json(data: Any) -> MoveOrder:
    """Decode a client's order, refusing anything that is not exactly an order."""
    if not isinstance(data, dict) or not isinstance(data.get("unit"), str):
        raise MalformedOrder("an order is an object with a 'unit', a 'mode' and 'steps'")
    steps = data.get("steps", [])
    if not isinstance(steps, list) or not all(isinstance(step, str) for step in steps):
        raise MalformedOrder("'steps' must be a list of step codes such as \"F\", \"L\"")
    mode = data.get("mode", "walk")
    if not isinstance(mode, str):
        raise MalformedOrder("'mode' must be a string")
    return MoveOrder(unit=data["unit"], mode=mode, steps=tuple(steps))


def order_to_json(order: MoveOrder) -> Json:
    return {"unit": order.unit, "mode": order.mode, "steps": list(order.steps)}


def path_to_json(plan: PathPlan) -> Json:
    end_hex, end_facing = plan.end
    return {
        "legal": True,
        "unit": plan.unit,
        "mode": plan.mode,
        "moved": plan.moved,
        "mp": plan.mp,
        "steps": [
            {
                "step": step.step,
                "hex": step.hex.label,
                "facing": step.facing,
                "mp": step.mp,
                "checks": [asdict(check) for check in step.checks],
                "reasons": list(step.reasons),
            }
            for step in plan.steps
        ],
        "end": {"hex": end_hex.label, "facing": end_facing},
        "reasons": list(plan.reasons),
    }


def event_to_json(event: Event) -> Json:
    return {
        "unit": event.unit,
        "kind": event.kind,
        "from": event.from_hex.label,
        "to": event.to_hex.label,
        "facing": event.facing,
        "mp": event.mp,
        **({"reason": event.reason} if event.reason else {}),
    }


def movement_to_json(movement: MovementResult) -> Json:
    return {
        "mode": movement.mode,
        "initiative": {
            "order": list(movement.initiative.order),
            "rolls": [roll_to_json(roll) for roll in movement.initiative.rolls],
        },
        "ticks": [[event_to_json(event) for event in tick] for tick in movement.ticks],
        "final": {
            unit_id: {
                "hex": outcome.unit.hex.label,
                "facing": outcome.unit.facing,
                "moved": outcome.moved,
                "hexes_moved": outcome.hexes_moved,
                "mp": outcome.mp,
                "prone": outcome.unit.prone,
                "stuck": outcome.unit.stuck,
            }
            for unit_id, outcome in movement.final.items()
        },
        "reasons": list(movement.reasons),
    }


def roll_to_json(roll: Any) -> Json:
    return {"dice": list(roll.dice), "total": roll.total, "reason": roll.reason, "target": roll.target}


def report_to_json(result: PhaseResult) -> Json:
    return movement_to_json(result.movement)
