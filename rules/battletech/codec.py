"""JSON at the edge: the rules work on frozen values, the server and the browser speak JSON."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

# board_to_json and unit_to_json live with their types (the rulesets' views use them too) and are read here.
from rules.core.board import board_from_json, board_to_json
from rules.battletech.combat.attacks import PlannedAttack
from rules.battletech.combat.codec import (
    combat_report_to_json, modifiers_to_json, motion_to_json, planned_attack_to_json, roll_to_json, status_from_json,
    status_to_json,
)
from rules.core.errors import RuleError
from rules.battletech.sight.los import LosResult
from rules.battletech.state import GameState, SplitLosSide
from rules.core.hexes import Hex
from rules.battletech.movement.plan import PathPlan
from rules.battletech.movement.psr import Check
from rules.core.reasons import reason_code, reason_codes
from rules.core.state import result_from_json, result_to_json
from rules.battletech.outcome import PhaseResult
from rules.battletech.combat.status import Motion
from rules.core.timeline import Event
from rules.battletech.movement.result import Conflict, MovementResult, UnitOutcome
from rules.battletech.units import Unit, unit_to_json

Json = dict[str, Any]


_UNIT_FIELDS = {f.name for f in fields(Unit)}


def unit_from_json(data: Json) -> Unit:
    unknown = set(data) - _UNIT_FIELDS
    if unknown:
        raise RuleError("unit.malformed", fields=sorted(unknown))
    values = dict(data)
    values["hex"] = Hex.parse(values["hex"])
    return Unit(**values)


def state_to_json(state: GameState) -> Json:
    combat = {
        "mechs": {unit_id: status_to_json(status) for unit_id, status in sorted(state.mechs.items())},
        "motions": {unit_id: motion_to_json(motion) for unit_id, motion in sorted(state.motions.items())},
        "result": result_to_json(state.result) if state.result is not None else None,
        "split_los": {unit_id: asdict(choice) for unit_id, choice in sorted(state.split_los.items())},
    }
    return {
        "board": board_to_json(state.board),
        "units": [unit_to_json(unit) for unit in state.units],
        "turn": state.turn,
        "phase": state.phase,
        "options": dict(state.options),
        # Matches without mech designs (and without split-LOS choices) keep the movement-only shape.
        **{key: value for key, value in combat.items() if value},
    }


def state_from_json(data: Json) -> GameState:
    return GameState(
        board=board_from_json(data["board"]),
        units=tuple(unit_from_json(unit) for unit in data["units"]),
        turn=int(data.get("turn", 1)),
        phase=str(data.get("phase", "movement")),
        options=dict(data.get("options", {})),
        mechs={unit_id: status_from_json(status) for unit_id, status in data.get("mechs", {}).items()},
        motions={unit_id: Motion(**motion) for unit_id, motion in data.get("motions", {}).items()},
        result=result_from_json(data["result"]) if data.get("result") else None,
        split_los={unit_id: SplitLosSide(**choice) for unit_id, choice in data.get("split_los", {}).items()},
    )


def check_to_json(check: Check) -> Json:
    data: Json = {
        "roll": check.roll,
        "reason": check.code,
        "target": check.target,
        "modifiers": [{"why": why, "value": value, "why_code": reason_code(why)} for why, value in check.modifiers],
        "reasons": list(check.reasons),
        "reason_codes": reason_codes(check.reasons),
    }
    if check.levels:
        data["levels"] = check.levels
    if check.code == "skid":
        data["hexes_moved"] = check.hexes_moved
        data["direction"] = check.direction
    return data


def path_to_json(plan: PathPlan) -> Json:
    end_hex, end_facing = plan.end
    return {
        "legal": True,
        "unit": plan.unit,
        "mode": plan.mode,
        "moved": plan.moved,
        "mp": plan.mp,
        "checks": [check_to_json(check) for check in plan.checks],
        "steps": [
            {
                "step": step.step,
                "hex": step.hex.label,
                "facing": step.facing,
                "mp": step.mp,
                "elevation": step.elevation,
                "prone": step.prone,
                "checks": [check_to_json(check) for check in step.checks],
                "effects": list(step.effects),
                "reasons": list(step.reasons),
                "reason_codes": reason_codes(step.reasons),
            }
            for step in plan.steps
        ],
        "end": {"hex": end_hex.label, "facing": end_facing},
        "reasons": list(plan.reasons),
        "reason_codes": reason_codes(plan.reasons),
    }


def event_to_json(event: Event) -> Json:
    """A timeline event. ``to`` is the hex entered, or the hex a ``blocked``/``charge`` event did not
    enter (the unit stays in ``from``); optional keys appear only when they say something."""
    data: Json = {
        "unit": event.unit,
        "kind": event.kind,
        "from": event.from_hex.label,
        "to": event.to_hex.label,
        "facing": event.facing,
        "mp": event.mp,
    }
    optional = {"reason": event.reason, "target": event.target, "damage": event.damage, "elevation": event.elevation,
                "levels": event.levels, "own_damage": event.own_damage}
    data.update({key: value for key, value in optional.items() if value})
    if event.building is not None:
        data["building"] = event.building.label
    if event.reason:
        data["reason_code"] = reason_code(event.reason)
    if event.rolls:
        data["rolls"] = [roll_to_json(roll) for roll in event.rolls]
    return data


def conflict_to_json(conflict: Conflict) -> Json:
    data: Json = {"case": conflict.case, "units": list(conflict.units), "resolution": conflict.resolution,
                  "resolution_code": reason_code(conflict.resolution)}
    if conflict.hex is not None:
        data["hex"] = conflict.hex.label
    if conflict.options:
        data["options"] = list(conflict.options)
    return data


def outcome_to_json(outcome: UnitOutcome) -> Json:
    unit = outcome.unit
    return {
        "hex": unit.hex.label,
        "facing": unit.facing,
        "moved": outcome.moved,
        "hexes_moved": outcome.hexes_moved,
        "mp": outcome.mp,
        "prone": unit.prone,
        "stuck": unit.stuck,
        "elevation": unit.elevation,
        "legs_frozen": unit.legs_frozen,
        "climbing": unit.climbing,
        "masc_streak": unit.masc_streak,
        "reasons": list(outcome.reasons),
        "reason_codes": reason_codes(outcome.reasons),
    }


def movement_to_json(movement: MovementResult) -> Json:
    return {
        "mode": movement.mode,
        "initiative": {
            "order": list(movement.initiative.order),
            "rolls": [roll_to_json(roll) for roll in movement.initiative.rolls],
        },
        "ticks": [[event_to_json(event) for event in tick] for tick in movement.ticks],
        "final": {unit_id: outcome_to_json(outcome) for unit_id, outcome in movement.final.items()},
        "conflicts": [conflict_to_json(conflict) for conflict in movement.conflicts],
        "rolls": [roll_to_json(roll) for roll in movement.rolls],
        "reasons": list(movement.reasons),
        "reason_codes": reason_codes(movement.reasons),
    }


def report_to_json(result: PhaseResult) -> Json:
    """The playback of a resolved phase: the movement timeline (when there was movement) and, under
    ``combat``, the report of each attack, heat or end phase in which something happened."""
    data = movement_to_json(result.movement) if result.movement is not None else {}
    combat = [combat_report_to_json(report) for report in result.reports
              if report.attacks or report.reasons or report.rolls]
    return {**data, **({"combat": combat} if combat else {})}


def attacks_to_json(planned: tuple[PlannedAttack, ...]) -> Json:
    """A checked attack order: each attack with its target number and modifiers (like ``path_to_json``)."""
    return {"legal": True, "attacks": [planned_attack_to_json(attack) for attack in planned]}


def los_to_json(result: LosResult) -> Json:
    """A line of sight as the referee command and the server answer it (docs/scenario.md, docs/protocol.md)."""
    return {
        "los": result.los,
        "modifier": result.modifier,
        "modifiers": modifiers_to_json(result.modifiers),
        "partial_cover": result.partial_cover,
        "hexes": [hex_.label for hex_ in result.hexes],
        "split": result.split,
        "side": result.side,
        "rule": result.rule,
        "reasons": list(result.reasons),
        "reason_codes": reason_codes(result.reasons),
    }
