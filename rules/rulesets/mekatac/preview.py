"""What a movement order's attacks would need, as the board stands when it is checked (the "may I?" answer), and
what its weapons would cover from where its steps leave it.

The other mekas may move before the attack is made, so this is a preview: an attack that is not legal from
where the order would fire it is listed with its coded reason, and is only refused when the moment comes."""

from __future__ import annotations

from dataclasses import replace

from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.reasons import reason_code
from rules.rulesets.mekatac.combat import aim, as_reason, label, weapon_cover
from rules.rulesets.mekatac.orders import MoveOrder
from rules.rulesets.mekatac.state import MekaState


def preview_attacks(state: MekaState, order: MoveOrder, steps: list[tuple[str, Hex, int]]) -> list[Json]:
    meka = state.unit(order.unit)
    previews: list[Json] = []
    for volley in order.attacks:
        hex_, facing = (steps[volley.at - 1][1], steps[volley.at - 1][2]) if volley.at else (meka.hex, meka.facing)
        there = state.with_unit(replace(meka, hex=hex_, facing=facing))
        for weapon in volley.weapons:
            entry: Json = {"at": volley.at, "target": volley.target, "weapon": weapon, "label": label(meka, weapon)}
            try:
                aimed = aim(there, meka.id, volley.target, weapon)
            except RuleError as refused:
                entry |= {"legal": False, "code": refused.code, "reason": refused.message,
                          "reason_code": reason_code(as_reason(refused))}
            else:
                entry |= {"legal": True, "need": aimed.need,
                          "modifiers": [{"value": value, "reason": why, "reason_code": reason_code(why)}
                                        for value, why in aimed.modifiers]}
            previews.append(entry)
    return previews


def preview_cover(state: MekaState, order: MoveOrder, steps: list[tuple[str, Hex, int]]) -> list[Json]:
    """The weapon cover (``combat.weapon_cover``) from where the plotted steps leave the meka, facing as they
    leave it, in flight from the first step of a flying move: what the browser shades while the player plots."""
    meka = state.unit(order.unit)
    there = replace(meka, hex=steps[-1][1], facing=steps[-1][2]) if steps else meka
    flying = meka.airborne == "fly" or (order.mode == "fly" and bool(steps))
    return weapon_cover(state.board, there, flying) if meka.in_fight else []
