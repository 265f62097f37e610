"""The Solaris orders as JSON: a movement order, a weapon order, a physical attack order.

Each phase decodes its own kind (:mod:`rules.rulesets.solaris.phases`), so a late order for the phase just
resolved is refused rather than read as another kind.
"""

from __future__ import annotations

from typing import Any

from rules.battletech.combat.attacks import PhysicalOrder, WeaponOrder
from rules.battletech.movement.plan import MoveOrder
from rules.core.errors import MalformedOrder, RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.reasons import Reason


MOVE_KEYS = ("unit", "mode", "steps", "to", "facing", "charge")


def move_order_from_json(data: Any) -> MoveOrder:
    """Decode a client's order, refusing anything that is not exactly an order.

    ``{"unit", "mode": "walk"|"run"|"masc", "steps": ["F", "R", …]}`` or
    ``{"unit", "mode": "jump", "to": "0808", "facing": 2}``; a walking or running order may add
    ``"charge": "B"``."""
    if not isinstance(data, dict) or not isinstance(data.get("unit"), str):
        raise MalformedOrder(why=Reason("solaris.move_order"))
    _only_keys(data, "movement", MOVE_KEYS)
    steps = data.get("steps", [])
    if not isinstance(steps, list) or not all(isinstance(step, str) for step in steps):
        raise MalformedOrder(why=Reason("solaris.steps"))
    mode = data.get("mode", "walk")
    if not isinstance(mode, str):
        raise MalformedOrder(why=Reason("solaris.mode"))
    to, facing = data.get("to"), data.get("facing")
    if to is not None and not isinstance(to, str) or facing is not None and type(facing) is not int:
        raise MalformedOrder(why=Reason("solaris.jump_to"))
    try:
        target = Hex.parse(to) if to is not None else None
    except RuleError as error:
        raise MalformedOrder(why=error) from None
    charge = data.get("charge")
    if charge is not None and not isinstance(charge, str):
        raise MalformedOrder(why=Reason("solaris.charge"))
    return MoveOrder(unit=data["unit"], mode=mode, steps=tuple(steps), to=target, facing=facing, charge=charge)


def move_order_to_json(order: MoveOrder) -> Json:
    if order.mode == "jump" and order.to is not None:
        return {"unit": order.unit, "mode": order.mode, "to": order.to.label, "facing": order.facing}
    data: Json = {"unit": order.unit, "mode": order.mode, "steps": list(order.steps)}
    if order.charge is not None:
        data["charge"] = order.charge
    return data


def _only_keys(data: Json, kind: str, keys: tuple[str, ...]) -> None:
    """Refuse keys another kind of order has: a late movement order must not read as holding fire."""
    extra = sorted(set(data) - set(keys))
    if extra:
        raise MalformedOrder(why=Reason("solaris.order_keys", kind=kind, keys=", ".join(keys), extra=", ".join(extra)))


def weapon_order_from_json(data: Any) -> WeaponOrder:
    """``{"unit": "A", "target": "B", "weapons": ["Medium Laser", "AC/20"], "twist": 1}``; no weapons holds fire."""
    if not isinstance(data, dict) or not isinstance(data.get("unit"), str):
        raise MalformedOrder(why=Reason("solaris.weapon_order"))
    _only_keys(data, "weapon", ("unit", "target", "weapons", "twist"))
    target, weapons = data.get("target", ""), data.get("weapons", [])
    if not isinstance(target, str) or not isinstance(weapons, list):
        raise MalformedOrder(why=Reason("solaris.weapon_fields"))
    if not all(isinstance(w, str | int) and not isinstance(w, bool) for w in weapons):
        raise MalformedOrder(why=Reason("solaris.weapon"))
    if weapons and not target:
        raise MalformedOrder(why=Reason("solaris.weapons_target"))
    twist = data.get("twist", 0)
    if not isinstance(twist, int) or isinstance(twist, bool):
        raise MalformedOrder(why=Reason("solaris.twist"))
    return WeaponOrder(data["unit"], target, tuple(str(w) for w in weapons), twist)


def weapon_order_to_json(order: WeaponOrder) -> Json:
    return {"unit": order.unit, "target": order.target, "weapons": list(order.weapons), "twist": order.twist}


def physical_order_from_json(data: Any) -> PhysicalOrder:
    """``{"unit": "A", "target": "B", "attack": "punch", "limb": "RA"}``; no target means no attack."""
    if not isinstance(data, dict) or not isinstance(data.get("unit"), str):
        raise MalformedOrder(why=Reason("solaris.physical_order"))
    _only_keys(data, "physical", ("unit", "target", "attack", "limb"))
    values = [data.get(key, "") for key in ("target", "attack", "limb")]
    if not all(isinstance(value, str) for value in values):
        raise MalformedOrder(why=Reason("solaris.physical_fields"))
    return PhysicalOrder(data["unit"], *values)


def physical_order_to_json(order: PhysicalOrder) -> Json:
    return {"unit": order.unit, "target": order.target, "attack": order.kind, "limb": order.limb}
