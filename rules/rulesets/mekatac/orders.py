"""The MEKATAC orders as JSON, and the "may I?" check of a movement order.

A movement order is the meka's whole move and the attacks it makes on the way: ``{"unit": "A", "mode":
"walk"|"jump"|"fly", "steps": ["F", "L", "R", …], "attacks": [{"at": 2, "target": "B", "weapons": [0, 3,
"kick"]}]}``. ``F`` is one hex forward, ``L``/``R`` a 60° turn, each 1 MP ("MOVIMIENTO Y ENCARAMIENTO");
an attack fires after step ``at`` (0: before the first); a weapon is its index in the design's systems, or
``"punch"``/``"kick"``. A reaction is null (pass), ``{"hold": true}`` (pass for the rest of this move) or
``{"weapons": [...]}`` (fire at the meka that moved).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.errors import MalformedOrder
from rules.core.phases import Json
from rules.core.reasons import Reason
from rules.rulesets.mekatac.combat import MELEE_NAMES, Weapon

MODES = ("walk", "jump", "fly")
STEPS = ("F", "L", "R")
MOST_STEPS = 40  # far past any meka's MP: a longer list is refused as malformed before any rule is read
MOST_WEAPONS = 20


@dataclass(frozen=True, slots=True)
class Volley:
    """Attacks the mover makes after step ``at`` of its move, at ``target``, with ``weapons`` in order."""

    at: int
    target: str
    weapons: tuple[Weapon, ...]


@dataclass(frozen=True, slots=True)
class MoveOrder:
    unit: str
    mode: str = "walk"
    steps: tuple[str, ...] = ()
    attacks: tuple[Volley, ...] = ()


@dataclass(frozen=True, slots=True)
class Fire:
    """A reaction: fire ``weapons`` at the meka whose step opened the window."""

    weapons: tuple[Weapon, ...]


@dataclass(frozen=True, slots=True)
class Hold:
    """A reaction: pass now and for the rest of this meka's move."""


def _only(data: Json, keys: tuple[str, ...], what: str) -> None:
    extra = sorted(str(key) for key in set(data) - set(keys))
    if extra:
        raise MalformedOrder(why=Reason("mekatac.order_keys", what=what, keys=", ".join(keys), extra=", ".join(extra)))


def weapons_from_json(data: Any) -> tuple[Weapon, ...]:
    if not isinstance(data, list) or len(data) > MOST_WEAPONS:
        raise MalformedOrder(why=Reason("mekatac.order_weapons"))
    weapons: list[Weapon] = []
    for weapon in data:
        if not (type(weapon) is int or isinstance(weapon, str) and weapon in MELEE_NAMES):
            raise MalformedOrder(why=Reason("mekatac.order_weapon", weapon=repr(weapon)))
        weapons.append(weapon)
    return tuple(weapons)


def move_order_from_json(data: Any) -> MoveOrder:
    if not isinstance(data, dict) or not isinstance(data.get("unit"), str):
        raise MalformedOrder(why=Reason("mekatac.order_shape"))
    _only(data, ("unit", "mode", "steps", "attacks"), "movement order")
    mode, steps, attacks = data.get("mode", "walk"), data.get("steps", []), data.get("attacks", [])
    if mode not in MODES:
        raise MalformedOrder(why=Reason("mekatac.order_mode"))
    if not isinstance(steps, list) or len(steps) > MOST_STEPS or any(step not in STEPS for step in steps):
        raise MalformedOrder(why=Reason("mekatac.order_steps"))
    if not isinstance(attacks, list) or len(attacks) > MOST_WEAPONS:
        raise MalformedOrder(why=Reason("mekatac.order_attacks"))
    return MoveOrder(data["unit"], mode, tuple(steps), tuple(_volley(attack, len(steps)) for attack in attacks))


def _volley(data: Any, steps: int) -> Volley:
    if not isinstance(data, dict):
        raise MalformedOrder(why=Reason("mekatac.order_attack"))
    _only(data, ("at", "target", "weapons"), "attack")
    at, target = data.get("at", 0), data.get("target", "")
    if type(at) is not int or not 0 <= at <= steps:
        raise MalformedOrder(why=Reason("mekatac.order_at", steps=steps))
    if not isinstance(target, str):
        raise MalformedOrder(why=Reason("mekatac.order_target"))
    return Volley(at, target, weapons_from_json(data.get("weapons", [])))


def move_order_to_json(order: MoveOrder) -> Json:
    return {"unit": order.unit, "mode": order.mode, "steps": list(order.steps),
            "attacks": [{"at": volley.at, "target": volley.target, "weapons": list(volley.weapons)}
                        for volley in order.attacks]}


def reaction_from_json(data: Any) -> Fire | Hold | None:
    if data is None:
        return None
    if data == {"hold": True}:
        return Hold()
    if not isinstance(data, dict) or set(data) != {"weapons"}:
        raise MalformedOrder("reaction.malformed", why=Reason("mekatac.reaction_shape"))
    weapons = weapons_from_json(data["weapons"])
    if not weapons:
        raise MalformedOrder("reaction.malformed", why=Reason("mekatac.reaction_empty"))
    return Fire(weapons)
