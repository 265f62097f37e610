"""A side's hand in play: a card played leaves it for the discards ("Las cartas de acción se descartan al
utilizarlas"), unless an opponent's waiting Táctica blocks it ("Bloquea una carta de acción del oponente"); a
waiting Deflección or Pura suerte is spent the moment it acts (rules.rulesets.mekatac.plays says when)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import CARD_NAMES, TACTICA


def card_event(meka: Meka, reason: str, target: str = "") -> Event:
    return Event(meka.id, "card", meka.hex, meka.hex, meka.facing, reason=reason, target=target)


def play(state: MekaState, unit: str, card: str) -> tuple[MekaState, list[Event], bool]:
    """``unit``'s side plays ``card`` now: out of its hand to the discards, unless it no longer holds one; an
    opponent's waiting Táctica may block it (both discarded). Whether the card takes effect."""
    meka = state.unit(unit)
    hand = list(state.hands.get(meka.side, ()))
    name = CARD_NAMES[card]
    if card not in hand:
        return state, [card_event(meka, Reason("mekatac.card_gone", side=meka.side, card=name))], False
    hand.remove(card)
    state = replace(state, hands={**state.hands, meka.side: tuple(hand)}, discard=(*state.discard, card))
    for side, blocks in sorted(state.tacticas.items()):
        waiting = next((block for block in blocks if block in ("", card)), None)
        if side == meka.side or waiting is None or TACTICA not in state.hands.get(side, ()):
            continue
        theirs = list(state.hands[side])
        theirs.remove(TACTICA)
        left = list(blocks)
        left.remove(waiting)
        state = replace(state, hands={**state.hands, side: tuple(theirs)}, discard=(*state.discard, TACTICA),
                        tacticas={**state.tacticas, side: tuple(left)})
        return state, [card_event(meka, Reason("mekatac.card_blocked", by=side, side=meka.side, card=name))], False
    return state, [card_event(meka, Reason("mekatac.card_played", side=meka.side, unit=unit, card=name))], True


def use_armed(state: MekaState, unit: str, card: str) -> tuple[MekaState, list[Event], bool]:
    """A waiting Deflección or Pura suerte of ``unit`` acts now (if its side still holds it)."""
    meka = state.unit(unit)
    if card not in meka.armed:
        return state, [], False
    armed = list(meka.armed)
    armed.remove(card)
    return play(state.with_unit(replace(meka, armed=tuple(armed))), unit, card)
