"""Ammunition types ("MUNICIÓN BALÍSTICA, DE MISILES Y MORTEROS"): armour-piercing (+1 damage), smart (+1 to hit)
and high explosive (the target hex and every hex adjacent to it).

The text gives the types and not how a meka gets them: we read a type as loaded into one ballistic, missile or
mortar weapon for the whole match, agreed at set-up (a meka's ``loads``, weapon index → type); a weapon not
loaded fires the standard ammunition of the SISTEMAS tables. A high-explosive hit does its damage roll to the
target and, as hits of their own (each rolls its critical at 10 or more), to every other meka in a hex adjacent
to the target's, either side's, the attacker's too; a miss does nothing (our reading: the round lands where it
was aimed only if it hits).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.damage import damage
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import AMMO_FAMILIES, AMMO_TYPES, HIGH_EXPLOSIVE, PIERCING, PIERCING_DAMAGE


def loaded(meka: Meka, loads: Mapping[int, str]) -> Meka:
    """The meka with ``loads``; a coded refusal for a type not in the table or a weapon that takes no such rounds."""
    for weapon, kind in loads.items():
        mounts = meka.design.mounts
        if kind not in AMMO_TYPES:
            raise RuleError("mekatac.refuse_load_type", unit=meka.id, load=str(kind), known=", ".join(AMMO_TYPES))
        if not 0 <= weapon < len(mounts) or mounts[weapon].system.family not in AMMO_FAMILIES:
            raise RuleError("mekatac.refuse_load_weapon", unit=meka.id, weapon=str(weapon))
    return replace(meka, loads=dict(loads))


def load_of(meka: Meka, weapon: int | str) -> str:
    return meka.loads.get(weapon, "") if isinstance(weapon, int) else ""


def extra_damage(meka: Meka, weapon: int | str) -> int:
    return PIERCING_DAMAGE if load_of(meka, weapon) == PIERCING else 0


def blast(state: MekaState, unit: str, target: str, weapon: int | str, amount: int,
          dice: Dice) -> tuple[MekaState, list[Event]]:
    """A high-explosive hit's damage to every other meka adjacent to the target's hex."""
    meka = state.unit(unit)
    if load_of(meka, weapon) != HIGH_EXPLOSIVE:
        return state, []
    centre, events = state.unit(target).hex, list[Event]()
    for other in sorted(state.units, key=lambda each: each.id):
        if other.id != target and other.in_fight and other.hex.distance(centre) == 1:
            said = Reason("mekatac.blast", target=other.id, damage=amount)
            events.append(Event(unit, "attack", meka.hex, other.hex, meka.facing, target=other.id, damage=amount,
                                reason=said))
            state, hurt = damage(state, other.id, amount, dice)
            events += hurt
    return state, events
