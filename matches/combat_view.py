"""What every viewer sees of the mechs in the fight: condition and weapons.

Solaris VII duels are fought with open record sheets, so armour, structure, heat and each weapon's state
are public; ammunition left is not shown. Built from the rules state, never stored.
"""

from __future__ import annotations

from typing import Any

from rules.battletech.state import GameState
from rules.battletech.combat.status import MechStatus
from rules.battletech.combat.tohit import why_not_while_prone


def mechs_to_json(state: GameState) -> dict[str, Any]:
    """Unit id -> its mech's condition; units without a design are absent."""
    return {unit_id: _mech_to_json(status, state.unit(unit_id).prone) for unit_id, status in state.mechs.items()}


def _mech_to_json(status: MechStatus, prone: bool) -> dict[str, Any]:
    weapons = []
    for index, component in status.design.weapons:
        weapon = component.weapon
        assert weapon is not None  # Design.weapons lists only weapons
        weapons.append({
            "index": index,
            "name": component.name,
            "label": component.label,
            "heat": weapon.heat,
            "damage": weapon.damage,
            "range": {"minimum": weapon.minimum, "short": weapon.short, "medium": weapon.medium, "long": weapon.long,
                      "underwater": list(weapon.underwater)},
            "fired": index in status.fired,
            "destroyed": status.is_destroyed(index),
            # The error code when the mech lies prone and this weapon cannot fire for it ("" otherwise).
            "prone_blocked": why_not_while_prone(status, component, status.fired)[0] if prone else "",
        })
    return {
        "design": status.design.name,
        "heat": status.heat,
        "armour": dict(status.armour),
        "rear_armour": dict(status.rear_armour),
        "internal": dict(status.internal),
        "pilot_hits": status.pilot_hits,
        "conscious": status.conscious,
        "shutdown": status.shutdown,
        "destroyed": status.destroyed,
        "surrendered": status.surrendered,
        "active": status.active,
        "weapons": weapons,
    }
