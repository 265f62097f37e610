"""Support fire and air strikes ("Fuego de apoyo: Un misil extragrande ataca desde el borde del mapa una vez en la
partida"; "Apoyo aéreo: Un misil largo …"; "Los ataques de apoyo se originan desde tu lado de la mesa y el
objetivo debe estar a la vista de uno de tus Mekas que actuará como observador avanzado").

A strategy card kept in the hand, played with a movement order (``{"card": "fuego_apoyo", "target": "B1"}``) as
the phase begins, once in the game. The missile comes from off the map: it needs 7+ on 1D10 with only the
target's own modifiers (its size; flying or jumping); range, cover and the firer's systems do not count, there
being no firer on the board (our reading). It does the missile's damage, a hit like any other.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.damage import damage
from rules.rulesets.mekatac.sight import has_sight
from rules.rulesets.mekatac.state import MekaState
from rules.rulesets.mekatac.tables import (
    AIRBORNE_BONUS, HIT_ON, LARGE, PREPARATION_NAMES, SIZE_CLASS_MODIFIER, SIZES, SMALL, SUPPORT_WEAPONS, SYSTEMS,
    TO_HIT_SIDES,
)


def spotter(state: MekaState, side: str, target: str) -> str:
    """The first meka of ``side`` in the fight that sees ``target`` ("" when none does)."""
    other = state.unit(target)
    return next((meka.id for meka in sorted(state.units, key=lambda each: each.id)
                 if meka.side == side and meka.in_fight and has_sight(
                     state.board, meka.hex, other.hex, "fly" in (meka.airborne, other.airborne))), "")


def check_support(state: MekaState, unit: str, card: str, target: str) -> None:
    meka, name = state.unit(unit), PREPARATION_NAMES[card]
    if card not in state.strategies.get(meka.side, ()):
        raise RuleError("mekatac.refuse_card_not_held", side=meka.side, card=name)
    if not target or state.unit(target).side == meka.side:
        raise RuleError("mekatac.refuse_card_target", card=name, target=target)


def strike(state: MekaState, unit: str, card: str, target: str, dice: Dice) -> tuple[MekaState, list[Event]]:
    """The strike, if the side still holds the card and one of its mekas sees the target."""
    meka, name = state.unit(unit), PREPARATION_NAMES[card]
    hand = list(state.strategies.get(meka.side, ()))
    seer = spotter(state, meka.side, target) if card in hand else ""
    if not seer:
        said = Reason("mekatac.support_unseen", side=meka.side, card=name, target=target)
        return state, [Event(unit, "support", meka.hex, meka.hex, meka.facing, reason=said, target=target)]
    hand.remove(card)
    state = replace(state, strategies={**state.strategies, meka.side: tuple(hand)})
    other, system = state.unit(target), SYSTEMS[SUPPORT_WEAPONS[card]]
    size_class = SIZES[other.design.size].size_class
    need = HIT_ON - (SIZE_CLASS_MODIFIER[size_class] if size_class in (SMALL, LARGE) else 0) - (
        AIRBORNE_BONUS if other.airborne else 0)
    roll = dice.roll(1, TO_HIT_SIDES, f"{name} at {target}", target=need)
    params: dict[str, str | int] = {"side": meka.side, "card": name, "target": target, "spotter": seer,
                                    "need": need, "roll": roll.total}
    if not roll.success:
        return state, [Event(unit, "support", meka.hex, other.hex, meka.facing, target=target, rolls=(roll,),
                             reason=Reason("mekatac.support_miss", **params))]
    hurt = dice.roll(system.dice, system.sides, f"{name} damage")
    said = Reason("mekatac.support_hit", **params, damage=hurt.total)
    state, events = damage(state, target, hurt.total, dice)
    return state, [Event(unit, "support", meka.hex, other.hex, meka.facing, target=target, rolls=(roll, hurt),
                         damage=hurt.total, reason=said), *events]
