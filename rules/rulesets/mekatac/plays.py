"""The action cards in play ("LISTA DE CARTAS DE ACCIONES"; "Las cartas de acción se descartan al utilizarlas").

When a card is played: the text's card phase only draws ("FASE DE CARTAS") and says nothing more of the moment,
so we read it this way (docs/mekatac.md):

- a card given with a movement order is played the moment the movement phase begins (its first tick, before
  any meka moves or fires), in the initiative order of the mekas whose orders carry it: Jaleo (+4 MP) and
  Blitz (+8 MP) on the meka itself, Atascado (cannot move) and Duda (cannot attack) on an enemy meka for the
  rest of the turn, Salva (each of its ranged weapons may fire once more this turn: "un ataque extra con todas
  sus armas"; a blade is a melee attack, one a turn), Ataque de oportunidad (one weapon once more) and
  Iniciativa (+10 to the meka's next initiative roll: orders are given after this turn's roll);
- Disparo apuntado and Crítico are played with one attack (the first of the volley that names them);
- Deflección (the first attack that hits the meka misses), Pura suerte (the first to-hit roll of the meka that
  misses is rolled again) and Táctica (blocks the first card the opponent plays, of the kind named if one is)
  are standing instructions: they wait, secret to their side, and leave the hand only when they act. Nobody is
  asked in between, so the game does not stop at every card and roll, and being asked tells no hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.hand import card_event, play
from rules.rulesets.mekatac.support import check_support, strike
from rules.rulesets.mekatac.orders import MoveOrder
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import (
    ATASCADO, BLADE, BOMB, CARD_MP, CARD_NAMES, DUDA, INICIATIVA, INITIATIVE_CARD_BONUS, ON_ENEMY, OPORTUNIDAD,
    SALVA, STANDING, SUPPORT_WEAPONS, TACTICA,
)


def played_cards(order: MoveOrder) -> list[str]:
    """Every card the order plays: with the move and with its attacks."""
    return [given.card for given in order.cards] + [volley.card for volley in order.attacks if volley.card]


def order_mp(order: MoveOrder) -> int:
    return sum(CARD_MP.get(given.card, 0) for given in order.cards)


def ranged(meka: Meka) -> frozenset[int]:
    return frozenset(index for index, mount in meka.design.weapons if mount.system.family not in (BLADE, BOMB))


def extra_uses(meka: Meka, order: MoveOrder) -> Counter[int]:
    """How many more times than once each weapon may fire this turn by the order's Salva and Oportunidad."""
    extra: Counter[int] = Counter()
    for given in order.cards:
        if given.card == SALVA:
            extra.update(ranged(meka))
        elif given.card == OPORTUNIDAD and given.weapon is not None:
            extra[given.weapon] += 1
    return extra


def check_cards(state: MekaState, order: MoveOrder) -> None:
    """Refuses a card its side does not hold (as many as the order plays), Atascado or Duda on a meka that is not
    an enemy, Oportunidad without one of the meka's weapons."""
    meka = state.unit(order.unit)
    held = Counter(state.hands.get(meka.side, ()))
    for card, count in Counter(played_cards(order)).items():
        if card in SUPPORT_WEAPONS:
            continue
        if held[card] < count:
            raise RuleError("mekatac.refuse_card_not_held", side=meka.side, card=CARD_NAMES[card])
    for given in order.cards:
        if given.card in SUPPORT_WEAPONS:
            check_support(state, order.unit, given.card, given.target)
        if given.card in ON_ENEMY and (not given.target or state.unit(given.target).side == meka.side):
            raise RuleError("mekatac.refuse_card_target", card=CARD_NAMES[given.card], target=given.target)
        if given.card == OPORTUNIDAD and given.weapon not in {index for index, _ in meka.design.weapons}:
            raise RuleError("mekatac.refuse_card_weapon", card=CARD_NAMES[given.card], unit=meka.id,
                            weapon=str(given.weapon))


def _waiting(state: MekaState, side: str) -> Counter[str]:
    return Counter([TACTICA] * len(state.tacticas.get(side, ())) + [card for meka in state.units if meka.side == side
                                                                     for card in meka.armed])


def _arm(state: MekaState, orders: Sequence[MoveOrder]) -> MekaState:
    """The standing cards wait, no more of each on a side than its hand holds."""
    for order in orders:
        for given in order.cards:
            meka = state.unit(order.unit)
            if given.card not in STANDING or \
                    _waiting(state, meka.side)[given.card] >= state.hands.get(meka.side, ()).count(given.card):
                continue
            if given.card == TACTICA:
                blocks = (*state.tacticas.get(meka.side, ()), given.blocks)
                state = replace(state, tacticas={**state.tacticas, meka.side: blocks})
            else:
                state = state.with_unit(replace(meka, armed=(*meka.armed, given.card)))
    return state


def _effect(meka: Meka, target: Meka | None, card: str, weapon: int | None) -> tuple[Meka, Meka | None, str]:
    if card in CARD_MP:
        return replace(meka, extra_mp=meka.extra_mp + CARD_MP[card]), target, Reason(
            "mekatac.card_mp", unit=meka.id, mp=CARD_MP[card])
    if card == INICIATIVA:
        return replace(meka, initiative_bonus=meka.initiative_bonus + INITIATIVE_CARD_BONUS), target, Reason(
            "mekatac.card_initiative", unit=meka.id, bonus=INITIATIVE_CARD_BONUS)
    if card == SALVA:
        return replace(meka, again=meka.again | ranged(meka)), target, Reason("mekatac.card_salvo", unit=meka.id)
    if card == OPORTUNIDAD and weapon is not None:
        return replace(meka, again=meka.again | {weapon}), target, Reason("mekatac.card_again", unit=meka.id)
    if target is not None and card == ATASCADO:
        return meka, replace(target, stuck=True), Reason("mekatac.card_stuck", target=target.id)
    if target is not None and card == DUDA:
        return meka, replace(target, doubt=True), Reason("mekatac.card_doubt", target=target.id)
    return meka, target, ""


def begin(state: MekaState, orders: Sequence[MoveOrder], dice: Dice) -> tuple[MekaState, list[Event]]:
    """The movement phase's first moment: the standing cards wait, then every other card given with a movement
    order is played, in the orders' initiative order (a support strike too, rules.rulesets.mekatac.support)."""
    state = _arm(state, orders)
    events: list[Event] = []
    for order in orders:
        for given in order.cards:
            if given.card in SUPPORT_WEAPONS:
                state, struck = strike(state, order.unit, given.card, given.target, dice)
                events += struck
            if given.card in STANDING or given.card in SUPPORT_WEAPONS:
                continue
            state, said, works = play(state, order.unit, given.card)
            events += said
            if not works:
                continue
            target = state.unit(given.target) if given.target else None
            meka, target, effect = _effect(state.unit(order.unit), target, given.card, given.weapon)
            state = state.with_unit(meka)
            if target is not None:
                state = state.with_unit(target)
            if effect:
                events.append(card_event(meka, effect, given.target))
    return state, events


def turn_over(meka: Meka) -> Meka:
    """What the cards did lasts to the end of the turn (Iniciativa waits for the next roll); the pilot's skills
    are ready again."""
    return replace(meka, extra_mp=0, stuck=False, doubt=False, again=frozenset(), armed=(), skill_used=frozenset())
