"""What each viewer may see of a Solaris match: the one place where anything is hidden.

Solaris VII duels are fought with open record sheets, so the board, every unit and each mech's armour,
structure, critical slots, heat and weapons are public. Two things are not: the ammunition left in a mech's bins, which only
its own side (and the referee) knows, and a plotted order, which stays with its side (and the referee) until
the phase resolves. A viewer is a role as the server names it: a "player" of one side, a "spectator" (anyone
not seated, anonymous visitors too) or the "referee", who sees everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from rules.battletech.combat.heat import dissipation, heat_effects, jumping_mp, walking_mp
from rules.battletech.combat.status import MechStatus
from rules.battletech.combat.tohit import why_not_while_prone
from rules.battletech.state import GameState
from rules.battletech.units import unit_to_json
from rules.core.board import board_to_json
from rules.core.reasons import reason_codes

Json = dict[str, Any]
PLAYER = "player"
REFEREE = "referee"


def sees_side(viewer_role: str, side: str | None, owner: str) -> bool:
    """Whether the viewer may see what is secret to `owner`'s side: its own player and the referee may."""
    return viewer_role == REFEREE or (viewer_role == PLAYER and side == owner)


def view(state: GameState, viewer_role: str, side: str | None) -> Json:
    """The state as the viewer may see it: the turn and phase, the board, the units, each mech's condition
    (`mechs`: with its ammunition only for the viewer who may see it) and the standing split-LOS sides.
    Built from the rules state, never stored."""
    owners = {unit.id: unit.side for unit in state.units}
    return {
        "turn": state.turn,
        "phase": state.phase,
        "board": board_to_json(state.board),
        "units": [unit_to_json(unit) for unit in state.units],
        "mechs": {
            unit_id: mech_to_json(status, state.unit(unit_id).prone, ammo=sees_side(viewer_role, side, owners[unit_id]))
            for unit_id, status in state.mechs.items()
        },
        # Public: attackers' to-hit numbers depend on them.
        "split_los": {unit_id: {"side": choice.side, "by": choice.by} for unit_id, choice in state.split_los.items()},
    }


def orders_view(orders: Sequence[tuple[str, Json]], viewer_role: str, side: str | None) -> list[Json]:
    """The plotted orders (each with its side) the viewer may see before the phase resolves."""
    return [order for owner, order in orders if sees_side(viewer_role, side, owner)]


def mech_to_json(status: MechStatus, prone: bool, *, ammo: bool) -> Json:
    """A mech's record sheet: always its condition, weapons, critical slots, heat and MP left; its bins'
    shots left only with `ammo`."""
    design = status.design
    return {
        "design": design.name,
        "heat": status.heat,
        "armour": dict(status.armour),
        "rear_armour": dict(status.rear_armour),
        "internal": dict(status.internal),
        # The record sheet's printed values: what each location had before the fight.
        "armour_max": dict(design.armour),
        "rear_armour_max": dict(design.rear_armour),
        "internal_max": dict(design.internal),
        "locations_destroyed": sorted(status.destroyed_locations),
        "flooded": sorted(status.flooded),
        "pilot_hits": status.pilot_hits,
        "conscious": status.conscious,
        "shutdown": status.shutdown,
        "destroyed": status.destroyed,
        "surrendered": status.surrendered,
        "active": status.active,
        "weapons": _weapons(status, prone),
        "components": _components(status),
        "heat_effects": _heat_effects(status),
        "movement": _movement(status),
        **({"ammo": [{"index": index, "label": status.component(index).label, "shots": shots}
                     for index, shots in sorted(status.ammo.items())]} if ammo else {}),
    }


def _weapons(status: MechStatus, prone: bool) -> list[Json]:
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
    return weapons


def _components(status: MechStatus) -> list[Json]:
    """Every item in the critical slots, with the slots a critical hit took."""
    return [
        {
            "index": index,
            "name": component.name,
            "location": component.location,
            "slots": list(component.slots),
            "rear": component.rear,
            "hit_slots": [slot for slot in component.slots if (component.location, slot) in status.hit_slots],
            "destroyed": status.is_destroyed(index),
        }
        for index, component in enumerate(status.design.components)
    ]


def _heat_effects(status: MechStatus) -> Json:
    """The heat scale at the mech's heat (Total Warfare): walking MP lost, the to-hit modifier, the rolls
    that avoid a shutdown and an ammunition explosion in the next heat phase (0: none needed)."""
    return {**asdict(heat_effects(status.heat)), "dissipation": dissipation(status)}


def _movement(status: MechStatus) -> Json:
    """The design's walking and jumping MP, what damage and heat leave of them, and why."""
    walk, walk_reasons = walking_mp(status.design.walk, status)
    jump, jump_reasons = jumping_mp(status.design.jump, status)
    reasons = [*walk_reasons, *jump_reasons]
    return {"walk": status.design.walk, "walk_left": walk, "jump": status.design.jump, "jump_left": jump,
            "reasons": list(reasons), "reason_codes": reason_codes(reasons)}
