"""The ``attack`` query of the referee command: one weapon (or physical) attack, explained.

``{"attack": {"from": "A", "to": "B", "weapon": "Medium Laser"}}`` answers the target number and every
modifier with its reason; unless ``"roll": false``, it also rolls with the scenario's seed and shows the
rolls and the damage applied. ``"physical": "kick", "limb": "RL"`` asks for a physical attack instead.
``"los"`` may give the line of sight by hand (``{"los": true, "modifier": 1, "partial_cover": false}``);
otherwise the scenario's ruleset's line-of-sight rule (for the scenario's options) decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.battletech.combat.attacks import (
    AttackError, CombatReport, PhysicalOrder, PlannedAttack, SightRule, WeaponOrder, plan_physical_attack,
    plan_weapon_attack,
)
from rules.battletech.combat.resolve import resolve_physical_attacks, resolve_weapon_attacks
from rules.battletech.combat.codec import combat_report_to_json, modifiers_to_json, planned_attack_to_json, roll_to_json
from rules.battletech.designs.design import LOCATIONS
from rules.core.dice import Dice
from rules.core.errors import ScenarioError
from rules.battletech.state import GameState
from rules.core.reasons import Reason, reason_codes
from rules.rulesets import Ruleset
from rules.battletech.combat.status import MechStatus
from rules.battletech.combat.tohit import LineOfSight, Sight, attack_direction, firing_arc, sight_rule
from rules.io.scenario import battletech_rules
from rules.battletech.units import Unit


def attack(ruleset: Ruleset[Any, Any], state: GameState, body: Any, seed: str) -> dict[str, Any]:
    if not isinstance(body, dict) or not isinstance(body.get("from"), str) or not isinstance(body.get("to"), str):
        raise ScenarioError("scenario.query", why=Reason("scenario.attack_query"))
    attacker, target = state.unit(body["from"]), state.unit(body["to"])
    sight = _sight_rule(body.get("los"), ruleset, state)
    plan, resolve = _asked_attack(state, body, attacker, target, sight)
    answer: dict[str, Any] = {
        "unit": attacker.id,
        "target": target.id,
        "attack": str(body.get("physical") or body.get("weapon")),
        "distance": attacker.hex.distance(target.hex),
        "arc": firing_arc(attacker.hex, attacker.facing, target.hex),
        "direction": attack_direction(target.hex, target.facing, attacker.hex),
        "los": _sight_to_json(sight(state, attacker, target)),
    }
    try:
        planned = plan()
    except AttackError as error:
        return {**answer, "legal": False, "error": error.to_json()}
    answer.update(legal=True, **planned_attack_to_json(planned[0]))
    if body.get("roll", True) is False:
        return answer
    after, report = resolve(Dice(seed))
    (result,) = report.attacks
    changes = {unit_id: _damage_between(state.mechs[unit_id], after.mechs[unit_id]) for unit_id in (attacker.id, target.id)}
    return {
        **answer,
        "roll": roll_to_json(result.roll),
        "hit": result.hit,
        "damage": result.damage,
        "reasons": [*result.reasons, *report.reasons],
        "reason_codes": reason_codes([*result.reasons, *report.reasons]),
        "rolls": [roll_to_json(roll) for roll in report.rolls],
        "damage_applied": {unit_id: change for unit_id, change in changes.items() if change},
        **({"buildings": combat_report_to_json(report)["buildings"]} if report.buildings else {}),
    }


def _asked_attack(state: GameState, body: dict[str, Any], attacker: Unit, target: Unit,
                  sight: SightRule) -> tuple[Callable[[], tuple[PlannedAttack, ...]],
                                             Callable[[Dice], tuple[GameState, CombatReport]]]:
    """The attack the query asks about, as its check and its resolution: a physical attack or one weapon."""
    if "physical" in body:
        physical = PhysicalOrder(attacker.id, target.id, str(body["physical"]), str(body.get("limb", "")))
        return (lambda: plan_physical_attack(state, physical, sight),
                lambda dice: resolve_physical_attacks(state, [physical], dice, sight))
    weapon = body.get("weapon")
    if not isinstance(weapon, str | int) or isinstance(weapon, bool):
        raise ScenarioError("scenario.query", why=Reason("scenario.attack_weapon"))
    fire = WeaponOrder(attacker.id, target.id, (str(weapon),))
    return (lambda: plan_weapon_attack(state, fire, sight),
            lambda dice: resolve_weapon_attacks(state, [fire], dice, sight))


def _sight_rule(given: Any, ruleset: Ruleset[Any, Any], state: GameState) -> SightRule:
    if given is None:
        return sight_rule(battletech_rules(ruleset).los_rule(state))
    usage = ScenarioError("scenario.query", why=Reason("scenario.attack_los"))
    if not isinstance(given, dict):
        raise usage
    los, modifier, cover = given.get("los", True), given.get("modifier", 0), given.get("partial_cover", False)
    reasons = given.get("reasons", [Reason("tohit.given_sight")])
    if not (isinstance(los, bool) and isinstance(cover, bool) and type(modifier) is int
            and isinstance(reasons, list) and all(isinstance(reason, str) for reason in reasons)):
        raise usage
    sight = Sight(los, modifier, cover, tuple(reasons))

    def fixed(state: GameState, attacker: Unit, target: Unit) -> LineOfSight:
        return sight

    return fixed


def _sight_to_json(sight: LineOfSight) -> dict[str, Any]:
    return {"los": sight.los, "modifier": sight.modifier, "partial_cover": sight.partial_cover,
            "modifiers": modifiers_to_json(sight.modifiers),
            "reasons": list(sight.reasons), "reason_codes": reason_codes(sight.reasons)}


def _damage_between(before: MechStatus, after: MechStatus) -> dict[str, Any]:
    """What changed on one mech: armour, rear armour and structure lost per location, and the rest."""
    lost: dict[str, Any] = {}
    for location in LOCATIONS:
        change = {
            "armour": before.armour[location] - after.armour[location],
            "rear_armour": before.rear_armour.get(location, 0) - after.rear_armour.get(location, 0),
            "internal": before.internal[location] - after.internal[location],
        }
        if any(change.values()):
            lost[location] = {key: value for key, value in change.items() if value}
    extra = {
        "destroyed_locations": sorted(after.destroyed_locations - before.destroyed_locations),
        "critical_slots": sorted(f"{loc} {slot + 1}" for loc, slot in after.hit_slots - before.hit_slots),
        "pilot_hits": after.pilot_hits - before.pilot_hits,
        "destroyed": after.destroyed if after.destroyed != before.destroyed else "",
    }
    return {**({"locations": lost} if lost else {}), **{key: value for key, value in extra.items() if value}}
