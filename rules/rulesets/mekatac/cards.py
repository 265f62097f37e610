"""The action deck ("CARTAS", "FASE DE CARTAS", "LISTA DE CARTAS DE ACCIONES"): 4 of each of the 12 cards,
shuffled once from the match's dice (so a replay and the dice check see the same deck), 3 drawn by each player
every turn, at most 8 kept at the end of a turn. The discards are shuffled into a new deck when it runs out.
The cards in play are rules.rulesets.mekatac.plays; a hand is secret to its side (the view filter)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import Dice
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.state import MekaState
from rules.rulesets.mekatac.tables import (
    ACTION_CARDS, CARDS_PER_TURN, COPIES_PER_CARD, HAND_LIMIT, TACTICAS, TACTICS_CARDS,
)

FULL_DECK = tuple(card for card in ACTION_CARDS for _ in range(COPIES_PER_CARD))


def shuffled(cards: tuple[str, ...], dice: Dice) -> tuple[str, ...]:
    """Fisher-Yates on the dice: the card at each place from the last down is swapped with one at or before it."""
    deck = list(cards)
    for last in range(len(deck) - 1, 0, -1):
        pick = dice.roll(1, last + 1, "shuffle the action deck").total - 1
        deck[last], deck[pick] = deck[pick], deck[last]
    return tuple(deck)


def _side_event(state: MekaState, side: str, reason: str) -> Event:
    meka = next(meka for meka in state.units if meka.side == side)
    return Event(meka.id, "cards", meka.hex, meka.hex, meka.facing, reason=reason)


def draw_phase(state: MekaState, dice: Dice) -> tuple[MekaState, list[Event]]:
    """Each side, in name order, draws 3 cards (the deck shuffled from the dice the first time)."""
    events: list[Event] = []
    if not state.shuffled:
        state = replace(state, deck=shuffled(FULL_DECK, dice), shuffled=True)
    for side in state.sides:
        hand = list(state.hands.get(side, ()))
        # "Tácticas: … puede tomar una carta más": one more for each of the side's pilots in the fight with it.
        count = CARDS_PER_TURN + TACTICS_CARDS * sum(TACTICAS in meka.skills and meka.in_fight
                                                     for meka in state.units if meka.side == side)
        for _ in range(count):
            if not state.deck and state.discard:
                state = replace(state, deck=shuffled(state.discard, dice), discard=())
                events.append(_side_event(state, side, Reason("mekatac.deck_shuffled", count=len(state.deck))))
            if state.deck:
                hand.append(state.deck[0])
                state = replace(state, deck=state.deck[1:])
        state = replace(state, hands={**state.hands, side: tuple(hand)})
        events.append(_side_event(state, side, Reason("mekatac.cards_drawn", side=side, count=count)))
    return state, events


def cut_hands(state: MekaState) -> tuple[MekaState, list[Event]]:
    """"Las cartas que sobrepasen dicho número al final del turno deben ser descartadas": until a player can
    choose which, the ones held longest go."""
    events: list[Event] = []
    for side, hand in sorted(state.hands.items()):
        excess = len(hand) - HAND_LIMIT
        if excess > 0:
            state = replace(state, hands={**state.hands, side: hand[excess:]}, discard=state.discard + hand[:excess])
            events.append(_side_event(state, side, Reason("mekatac.cards_discarded", side=side, count=excess)))
    return state, events
