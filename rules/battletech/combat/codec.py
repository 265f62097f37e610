"""JSON for the combat side of the state and the reports: designs, mech statuses, attack plans and
phase reports. The same design JSON is what the shipped and imported designs turn into."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.battletech.combat.attacks import AttackResult, CombatReport, PlannedAttack
from rules.battletech.designs.design import Component, Design
from rules.core.dice import Roll
from rules.battletech.sight.los import Modifier
from rules.core.reasons import reason_code, reason_codes
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.combat.tohit import ToHit

Json = dict[str, Any]


def roll_to_json(roll: Roll) -> Json:
    # "sides" only for dice other than d6, so records of d6-only rulesets read exactly as before.
    return {"dice": list(roll.dice), "total": roll.total, "reason": roll.reason, "target": roll.target,
            "reason_code": reason_code(roll.reason), **({"sides": roll.sides} if roll.sides != 6 else {})}


def design_to_json(design: Design) -> Json:
    return {
        "chassis": design.chassis, "model": design.model, "tons": design.tons, "walk": design.walk,
        "jump": design.jump, "heat_sinks": design.heat_sinks, "double_heat_sinks": design.double_heat_sinks,
        "armour": dict(design.armour), "rear_armour": dict(design.rear_armour),
        "components": [
            {"name": c.name, "location": c.location, "slots": list(c.slots), "rear": c.rear, "shots": c.shots}
            for c in design.components
        ],
    }


def design_from_json(data: Json) -> Design:
    components = tuple(
        Component(c["name"], c["location"], tuple(c["slots"]), bool(c.get("rear")), int(c.get("shots", 0)))
        for c in data["components"]
    )
    return Design(
        chassis=data["chassis"], model=data["model"], tons=int(data["tons"]), walk=int(data["walk"]),
        jump=int(data["jump"]), heat_sinks=int(data["heat_sinks"]), double_heat_sinks=bool(data["double_heat_sinks"]),
        armour=dict(data["armour"]), rear_armour=dict(data["rear_armour"]), components=components,
    )


def status_to_json(status: MechStatus) -> Json:
    return {
        "design": design_to_json(status.design),
        "armour": dict(status.armour),
        "rear_armour": dict(status.rear_armour),
        "internal": dict(status.internal),
        "ammo": {str(index): shots for index, shots in status.ammo.items()},
        "hit_slots": sorted([location, slot] for location, slot in status.hit_slots),
        "destroyed_locations": sorted(status.destroyed_locations),
        "flooded": sorted(status.flooded),
        "heat": status.heat,
        "pilot_hits": status.pilot_hits,
        "conscious": status.conscious,
        "shutdown": status.shutdown,
        "destroyed": status.destroyed,
        "surrendered": status.surrendered,
        "fired": sorted(status.fired),
    }


def status_from_json(data: Json) -> MechStatus:
    return MechStatus(
        design=design_from_json(data["design"]),
        armour=dict(data["armour"]),
        rear_armour=dict(data["rear_armour"]),
        internal=dict(data["internal"]),
        ammo={int(index): int(shots) for index, shots in data["ammo"].items()},
        hit_slots=frozenset((location, int(slot)) for location, slot in data.get("hit_slots", [])),
        destroyed_locations=frozenset(data.get("destroyed_locations", [])),
        flooded=frozenset(data.get("flooded", [])),
        heat=int(data.get("heat", 0)),
        pilot_hits=int(data.get("pilot_hits", 0)),
        conscious=bool(data.get("conscious", True)),
        shutdown=bool(data.get("shutdown", False)),
        destroyed=str(data.get("destroyed", "")),
        surrendered=bool(data.get("surrendered", False)),
        fired=frozenset(int(index) for index in data.get("fired", [])),
    )


def motion_to_json(motion: Motion) -> Json:
    return {"moved": motion.moved, "hexes": motion.hexes, "stuck": motion.stuck, "climbing": motion.climbing}


def modifiers_to_json(modifiers: Iterable[Modifier]) -> list[Json]:
    """To-hit modifiers (line of sight, attacks), each with its coded reason."""
    return [{"value": m.value, "reason": m.reason, "reason_code": reason_code(m.reason)} for m in modifiers]


def to_hit_to_json(to_hit: ToHit) -> Json:
    return {
        "target": to_hit.target,
        "modifiers": modifiers_to_json(to_hit.modifiers),
        **({"impossible": to_hit.impossible, "code": to_hit.code} if to_hit.impossible else {}),
    }


def planned_attack_to_json(attack: PlannedAttack) -> Json:
    return {"unit": attack.unit, "target": attack.target, "attack": attack.what, "to_hit": to_hit_to_json(attack.to_hit),
            "location_table": attack.table}


def attack_result_to_json(result: AttackResult) -> Json:
    return {**planned_attack_to_json(result.attack), "roll": roll_to_json(result.roll), "hit": result.hit,
            "damage": result.damage, "reasons": list(result.reasons), "reason_codes": reason_codes(result.reasons)}


def combat_report_to_json(report: CombatReport) -> Json:
    return {
        "phase": report.phase,
        "attacks": [attack_result_to_json(result) for result in report.attacks],
        "reasons": list(report.reasons),
        "reason_codes": reason_codes(report.reasons),
        "rolls": [roll_to_json(roll) for roll in report.rolls],
        **({"displaced": [{"unit": unit, "from": before.label, "to": after.label}
                          for unit, before, after in report.displaced]} if report.displaced else {}),
        **({"buildings": [{"hex": hex_.label, "damage": damage, "cf": cf, "collapsed": cf == 0}
                          for hex_, damage, cf in report.buildings]} if report.buildings else {}),
    }
