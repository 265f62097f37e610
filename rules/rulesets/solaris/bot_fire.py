"""The Solaris bot's arithmetic of fire: what a volley or a physical attack is worth, asked of the rules.

Every target number here is the ruleset's own "may I?" answer (``check`` on the weapon or physical order),
never worked out again; a weapon the rules refuse is simply left out. A volley stays within the heat budget:
the heat it would end the turn with must stay below the heat scale's first shutdown roll, so the bot never
risks a shutdown or an ammunition explosion by its own fire.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.battletech.combat.heat import ENGINE_HIT_HEAT, SHUTDOWN_AVOID, dissipation, movement_heat
from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.state import GameState
from rules.core.errors import RuleError
from rules.core.phases import Json
from rules.rulesets.base import Ruleset

# The highest heat a volley may leave the mech with: one below the first shutdown roll (TW heat scale, 14).
SAFE_HEAT = min(level for level, _roll in SHUTDOWN_AVOID) - 1
# TW cluster hits table: on average a launcher lands a little over half its missiles.
CLUSTER_SHARE = 0.58
TWISTS = (0, -1, 1)


def hit_chance(target: int) -> float:
    """The chance that 2D6 roll ``target`` or more (a target above 12 never hits, 2 or less always does)."""
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= target)
    return ways / 36


@dataclass(frozen=True, slots=True)
class Volley:
    """A weapon order and the damage it is expected to deal."""

    order: Json
    expected: float


def weapon_damage(state: GameState, unit_id: str, index: int) -> float:
    """What one weapon deals when it hits (a launcher: its average cluster of missiles)."""
    weapon = state.mechs[unit_id].component(index).weapon
    assert weapon is not None  # called for Design.weapons only
    return weapon.damage * (weapon.missiles * CLUSTER_SHARE if weapon.missiles else 1)


def heat_room(state: GameState, unit_id: str, ceiling: int = SAFE_HEAT) -> int:
    """How much weapon heat the mech may still add this turn and end it at ``ceiling`` or below."""
    return room_after(state.mechs[unit_id], state.motion(unit_id), ceiling)


def room_after(status: MechStatus, motion: Motion, ceiling: int = SAFE_HEAT) -> int:
    """The weapon heat a mech that moved as ``motion`` may still add this turn and end it at ``ceiling``."""
    moved, _why = movement_heat(motion)
    fired = sum(weapon.heat for i in status.fired if (weapon := status.component(i).weapon) is not None)
    generated = status.heat + moved + fired + ENGINE_HIT_HEAT * status.engine_hits
    return ceiling + dissipation(status) - generated


def _chances(ruleset: Ruleset[Any, Any], state: GameState, order: Json) -> list[float] | None:
    """The hit chance of each attack in ``order``, as the rules' check gives its target numbers; None when
    the rules refuse the order."""
    try:
        checked = ruleset.check(state, ruleset.decode_order(state, order))
    except RuleError:
        return None
    return [hit_chance(attack["to_hit"]["target"]) for attack in checked["attacks"]["attacks"]]


def best_volley(ruleset: Ruleset[Any, Any], state: GameState, unit_id: str, target_id: str,
                ceiling: int = SAFE_HEAT) -> Volley:
    """The weapon order (``state`` in its weapons phase) with the most expected damage whose heat fits
    :func:`heat_room`: at each torso twist, the weapons the rules let fire ranked by expected damage per
    point of heat, added while the heat lasts, the whole volley checked again. A twist is tried only when
    some weapon could not fire without one."""
    status = state.mechs[unit_id]
    room = heat_room(state, unit_id, ceiling)
    best = Volley({"unit": unit_id, "target": target_id, "weapons": []}, 0.0)
    all_fire = False
    for twist in TWISTS:
        if twist and all_fire:
            break
        worth: list[tuple[float, int, int]] = []
        for index, component in status.design.weapons:
            assert component.weapon is not None  # Design.weapons lists only weapons
            single = _chances(ruleset, state, _weapon_order(unit_id, target_id, [index], twist))
            if single:
                value = single[0] * weapon_damage(state, unit_id, index)
                worth.append((value / max(component.weapon.heat, 1), index, component.weapon.heat))
        all_fire = len(worth) == len(status.design.weapons)
        chosen, heat = [], 0
        for _rate, index, weapon_heat in sorted(worth, reverse=True):
            if heat + weapon_heat <= room:
                chosen.append(index)
                heat += weapon_heat
        volley = _volley(ruleset, state, unit_id, target_id, chosen, twist)
        if volley is not None and volley.expected > best.expected:
            best = volley
    return best


def _volley(ruleset: Ruleset[Any, Any], state: GameState, unit_id: str, target_id: str, chosen: list[int],
            twist: int) -> Volley | None:
    """The volley of ``chosen`` as the rules judge it together (an earlier weapon can change a later one's
    number); the last weapons are dropped until the rules accept it."""
    while chosen:
        order = _weapon_order(unit_id, target_id, chosen, twist)
        chances = _chances(ruleset, state, order)
        if chances is not None:
            return Volley(order, sum(p * weapon_damage(state, unit_id, i) for p, i in zip(chances, chosen)))
        chosen = chosen[:-1]
    return None


def _weapon_order(unit_id: str, target_id: str, indices: list[int], twist: int) -> Json:
    return {"unit": unit_id, "target": target_id, "weapons": [str(i) for i in indices], "twist": twist}


# (kind, limb, damage per 10 tons, worth only at this hit chance or better: a missed kick may drop the kicker)
PHYSICAL_CHOICES = (("kick", "LL", 2.0, 0.58), ("kick", "RL", 2.0, 0.58), ("punch", "LA", 1.0, 0.0),
                    ("punch", "RA", 1.0, 0.0))


def best_physical(ruleset: Ruleset[Any, Any], state: GameState, unit_id: str, target_id: str) -> Json:
    """The physical order (``state`` in its physical phase) with the most expected damage among the kicks and
    punches the rules allow, a kick only when it is likely to land; no target (no attack) when none pays."""
    tons = state.unit(unit_id).tons
    best: tuple[float, Json] = (0.0, {"unit": unit_id})
    for kind, limb, per_ten, least in PHYSICAL_CHOICES:
        order = {"unit": unit_id, "target": target_id, "attack": kind, "limb": limb}
        chances = _chances(ruleset, state, order)
        if chances and chances[0] >= least and chances[0] * per_ten * tons / 10 > best[0]:
            best = (chances[0] * per_ten * tons / 10, order)
    return best[1]


def as_phase(state: GameState, phase: str) -> GameState:
    """``state`` as if its ``phase`` were open: how the bot asks the rules about the attack it would make next."""
    return replace(state, phase=phase)
