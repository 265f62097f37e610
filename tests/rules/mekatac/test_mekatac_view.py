"""What each viewer sees of a MEKATAC match: a side's action hand ("Cada jugador toma 3 cartas de acción") only
by that side's player and the referee, the deck's order only by the referee; the hints of the movement phase."""

from __future__ import annotations

import json

from rules.core.dice import Dice
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.cards import FULL_DECK
from rules.rulesets.mekatac.tables import ACTION_CARDS

RULES = MekatacRuleset()


def dealt():  # type: ignore[no-untyped-def]
    state = RULES.example(RULES.options.defaults)
    return RULES.resolve_phase(state, [], Dice("view")).state


def test_the_deck_has_four_of_each_of_the_twelve_cards_and_each_side_draws_three() -> None:
    assert len(ACTION_CARDS) == 12 and sorted(FULL_DECK) == sorted(ACTION_CARDS * 4)
    state = dealt()
    assert {side: len(hand) for side, hand in state.hands.items()} == {"a": 3, "b": 3}
    assert len(state.deck) == 42 and sorted([*state.deck, *state.hands["a"], *state.hands["b"]]) == sorted(FULL_DECK)
    assert state.deck != FULL_DECK[6:]  # shuffled from the dice


def test_a_hand_is_seen_by_its_side_and_the_referee_only() -> None:
    state = dealt()
    for role, side, hands in [("player", "a", ["a"]), ("player", "b", ["b"]), ("spectator", None, []),
                              ("referee", None, ["a", "b"])]:
        seen = RULES.view(state, role, side)
        assert sorted(seen["hands"]) == hands and seen["hand_sizes"] == {"a": 3, "b": 3}
        assert ("deck" in seen) == (role == "referee") and seen["deck_size"] == 42
        text = json.dumps(seen)
        for other in {"a", "b"} - set(hands):
            assert json.dumps(list(state.hands[other])) not in text


def test_hints_give_the_movement_panel_the_modes_and_the_ready_weapons() -> None:
    state = dealt()
    hints = RULES.hints(state, "player", "a")
    assert hints["phase"] == "movement" and "move" in hints["panels"]
    assert sorted(hints["units"]) == ["A1", "A2"]
    assert hints["units"]["A1"] | {"cover": []} == {"orders": True, "modes": {"walk": 7}, "weapons": [0],
                                                   "melee": ["punch", "kick"], "cover": []}
    assert RULES.hints(state, "spectator", None)["units"] == {}
