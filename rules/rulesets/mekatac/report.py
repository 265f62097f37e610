"""A MEKATAC resolution as JSON: each phase's ticks of events, every ruling with its coded reason and rolls."""

from __future__ import annotations

from rules.core.dice import Roll
from rules.core.phases import Json
from rules.core.reasons import reason_code
from rules.core.timeline import Event
from rules.rulesets.mekatac.phases import MekaOutcome


def roll_to_json(roll: Roll) -> Json:
    return {"dice": list(roll.dice), "sides": roll.sides, "total": roll.total, "target": roll.target,
            "reason": roll.reason}


def event_to_json(event: Event) -> Json:
    data: Json = {"unit": event.unit, "kind": event.kind, "from": event.from_hex.label, "to": event.to_hex.label,
                  "facing": event.facing}
    if event.mp:
        data["mp"] = event.mp
    if event.target:
        data["target"] = event.target
    if event.damage:
        data["damage"] = event.damage
    if event.reason:
        data |= {"reason": str(event.reason), "reason_code": reason_code(event.reason)}
    if event.rolls:
        data["rolls"] = [roll_to_json(roll) for roll in event.rolls]
    return data


def report_to_json(outcome: MekaOutcome) -> Json:
    """The reports; the events of a meka still hidden once they are played leave out where it stands."""
    hidden = {meka.id for meka in outcome.state.units if meka.hidden}
    return {"phases": [{"phase": report.phase, "ticks": [[_shown(event_to_json(event), hidden) for event in tick]
                                                         for tick in report.ticks]}
                       for report in outcome.reports]}


def _shown(data: Json, hidden: set[str]) -> Json:
    return data | {"from": None, "to": None, "facing": None} if data["unit"] in hidden else data
