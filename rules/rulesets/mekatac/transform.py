"""Transformers, an agreed option ("REGLAS OPCIONALES - TRANSFORMERS": "Un Transformer tiene dos modos. La
transformación tarda un turno en completarse. El otro modo tiene 1 o 2 sistemas que son diferentes del primer
modo … Los arcos de fuego de las armas también pueden cambiarse. Los sistemas que no pueden desaparecer entre
modos son el blindaje y los misiles"; the builder checks the two modes, rules.rulesets.mekatac.designs).

With the option ``transformers`` on, a transformer's movement order may be ``{"unit": "A1", "transform": true}``:
it spends the turn changing mode, neither moving nor attacking (nor reacting) with it, and stands in its other
mode from the end of the turn (our reading of "tarda un turno"). Mount by mount the modes match: a weapon kept
keeps its ammunition and damage; a system that changes comes with its own full ammunition.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.orders import MoveOrder
from rules.rulesets.mekatac.state import Meka, MekaState


def check_transform(state: MekaState, order: MoveOrder) -> None:
    meka = state.unit(order.unit)
    if state.options.get("transformers") != "on":
        raise RuleError("mekatac.refuse_transform_off", unit=meka.id)
    if not meka.design.other:
        raise RuleError("mekatac.refuse_transform", unit=meka.id)
    if order.steps or order.attacks:
        raise RuleError("mekatac.refuse_transform_busy", unit=meka.id)


def start(state: MekaState, orders: Sequence[MoveOrder]) -> tuple[MekaState, list[Event]]:
    """The mekas whose orders transform begin to, as the movement phase begins."""
    events: list[Event] = []
    for order in orders:
        meka = state.unit(order.unit)
        if order.transform and meka.design.other and meka.in_fight:
            state = state.with_unit(replace(meka, transforming=True))
            events.append(Event(meka.id, "transform", meka.hex, meka.hex, meka.facing,
                                reason=Reason("mekatac.transforming", unit=meka.id)))
    return state, events


def finish(meka: Meka) -> Meka:
    """At the end of the turn a transforming meka stands in its other mode."""
    if not meka.transforming:
        return meka
    now, then = meka.design.mounts, meka.design.other
    ammo = dict(meka.ammo)
    for index, (old, new) in enumerate(zip(now, then, strict=True)):
        if old.system.key != new.system.key:
            ammo.pop(index, None)
            if new.system.ammo is not None:
                ammo[index] = new.system.ammo
    design = replace(meka.design, mounts=then, other=now)
    return replace(meka, design=design, ammo=ammo, transforming=False)
