"""What each viewer may see of a MEKATAC match, and the hints the browser draws its panels from.

The record of every meka (armour, ammunition, weapons used, criticals, wounds, status) is open, as the text's
"papel y lápiz" record is at the table. Secret: a side's hand of action cards (only that side's player and the
referee see it; everyone sees how many cards it holds, which the text does not hide) and the order of the
deck (only the referee), the upgrade and strategy hands, the secret minefields and where a hidden meka stands
(its side and the referee); a plotted order stays with its side until the phase resolves.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.board import board_to_json
from rules.core.errors import RuleError
from rules.core.phases import Json
from rules.rulesets.mekatac.combat import MELEE_NAMES, check_weapon, label, weapon_cover
from rules.rulesets.mekatac.movement import budget, why_not_mode
from rules.rulesets.mekatac.state import Meka, MekaState, meka_to_json, result_to_json

PLAYER, REFEREE = "player", "referee"
PANELS = {"movement": ["move", "hand"], "preparation": ["prepare", "hand"]}


def sees_side(viewer_role: str, side: str | None, owner: str) -> bool:
    return viewer_role == REFEREE or (viewer_role == PLAYER and side == owner)


def shown(state: MekaState, viewer_role: str, side: str | None) -> list[Meka]:
    """The mekas the viewer is shown: a hidden meka (Meka oculto) only to its side and the referee."""
    return [meka for meka in state.units if not meka.hidden or sees_side(viewer_role, side, meka.side)]


def order_shown(state: MekaState, viewer_role: str, side: str | None) -> list[str]:
    """The turn's initiative order less the mekas the viewer is not shown, whose existence it would give away."""
    seen = {meka.id for meka in shown(state, viewer_role, side)}
    return [unit for unit in state.order if unit in seen]


def view(state: MekaState, viewer_role: str, side: str | None) -> Json:
    units = shown(state, viewer_role, side)
    seen = {meka.id for meka in units}
    return {
        "turn": state.turn, "phase": state.phase, "board": board_to_json(state.board),
        "result": result_to_json(state.result),
        # A hidden meka (Meka oculto) is left out for the viewers who may not see it, so nobody can name it in a
        # question either (matches/queries.py asks the view who may be named).
        "units": [_meka(meka, state, viewer_role, side) for meka in units],
        # The initiative order and rolls likewise: naming the hidden meka would show it exists.
        "order": order_shown(state, viewer_role, side),
        "initiative": {unit: roll for unit, roll in state.initiative.items() if unit in seen},
        "hands": {owner: list(hand) for owner, hand in sorted(state.hands.items())
                  if sees_side(viewer_role, side, owner)},
        "hand_sizes": {owner: len(hand) for owner, hand in sorted(state.hands.items())},
        "tacticas": {owner: list(blocks) for owner, blocks in sorted(state.tacticas.items())
                     if sees_side(viewer_role, side, owner)},
        **{name: {owner: list(cards) for owner, cards in sorted(secret.items()) if sees_side(viewer_role, side, owner)}
           for name, secret in (("upgrades", state.upgrades), ("strategies", state.strategies),
                                ("mines", state.mines))},
        "prepared": state.prepared,
        "deck_size": len(state.deck), "discard": list(state.discard),
        **({"deck": list(state.deck)} if viewer_role == REFEREE else {}),
    }


def _meka(meka: Meka, state: MekaState, viewer_role: str, side: str | None) -> Json:
    """The meka's open record; its waiting Deflección and Pura suerte only for its side and the referee. Its
    ``name`` is its id, as the rulings name it (the client's unit name: board marker, reaction panel)."""
    shown = meka_to_json(meka) | {"name": meka.id, "weapons": weapons(meka, state)}
    return shown if sees_side(viewer_role, side, meka.side) else shown | {"armed": []}


def orders_view(orders: Sequence[tuple[str, Json]], viewer_role: str, side: str | None) -> list[Json]:
    return [order for owner, order in orders if sees_side(viewer_role, side, owner)]


def weapons(meka: Meka, state: MekaState) -> list[Json]:
    """Each weapon with its table values and whether it may fire this turn (and the coded reason if not)."""
    listed = []
    for index, mount in meka.design.weapons:
        system = mount.system
        listed.append({"index": index, "label": label(meka, index), "family": system.family, "arc": mount.arc,
                       "damage": f"{system.dice}D{system.sides}" if system.dice else "", "range": system.range,
                       "ammo": meka.ammo.get(index), **_ready(state, meka, index)})
    return listed


def _ready(state: MekaState, meka: Meka, weapon: int | str) -> Json:
    try:
        check_weapon(state, meka, weapon)
    except RuleError as refused:
        return {"ready": False, "code": refused.code}
    return {"ready": True}


def hints(state: MekaState, awaited: list[str], role: str, side: str | None) -> Json:
    """The panels of the phase, and for each of the viewer's mekas: whether it gives an order now, the MP of each
    of its modes, the weapons (and punch, kick) it may use this turn, and the hexes each weapon covers."""
    mine = [meka for meka in state.units if role == PLAYER and meka.side == side]
    return {
        "phase": state.phase,
        "panels": PANELS.get(state.phase, ["hand"]),
        "order": order_shown(state, role, side),
        "units": {meka.id: {
            "orders": meka.id in awaited,
            "modes": {mode: budget(meka, mode) for mode in ("walk", "jump", "fly") if not why_not_mode(meka, mode)},
            "weapons": [index for index, _ in meka.design.weapons if _ready(state, meka, index)["ready"]],
            "melee": [name for name in MELEE_NAMES if _ready(state, meka, name)["ready"]],
            # The hexes each weapon covers from where the meka stands, with the line of sight: only the viewer's
            # own mekas, and from the board alone, so no hidden enemy shows in them (a plot's answer gives them
            # from where its steps leave the meka: preview.preview_cover).
            "cover": weapon_cover(state.board, meka, meka.airborne == "fly") if meka.in_fight else [],
        } for meka in mine},
    }
