"""Every ruleset's hints title the phase the match page's header shows (docs/protocol.md "Hints"): a coded
reason the client says in the player's language. Solaris and MEKATAC title a phase by its name, as the header
always showed it; the skirmish ruleset titles each order's phase ``order-N`` "Order N" (each order is a phase of
its own, rules/rulesets/skirmish/state.py).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from rules.core.phases import OVER
from rules.core.reasons import TEMPLATES, WORDS, Reason
from rules.rulesets import RULESETS
from rules.rulesets.base import Ruleset
from tests.rules.test_ruleset_contract import play, shortest


def title(ruleset: Ruleset[Any, Any], state: Any) -> Reason:
    coded = ruleset.hints(state, "spectator", None)["phase_title"]
    assert coded["code"] in TEMPLATES
    return Reason(coded["code"], **coded["params"])


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_phase_a_game_passes_through_has_a_title(name: str) -> None:
    ruleset = RULESETS[name]
    states = [ruleset.example(shortest(ruleset))]
    states += [ruleset.state_from_json(json.loads(state)) for _, state in play(ruleset)]
    for state in states:
        expected = f"Order {state.phase.split('-')[1]}" if name == "skirmish" and state.phase != OVER else state.phase
        assert title(ruleset, state) == expected


@pytest.mark.parametrize("name", ["solaris", "mekatac"])
def test_a_phase_named_by_its_name_is_a_word_the_client_translates(name: str) -> None:
    ruleset = RULESETS[name]
    for phase in [*(phase.name for phase in ruleset.phases), OVER]:
        coded = ruleset.hints(replace(ruleset.example(shortest(ruleset)), phase=phase), "spectator", None)["phase_title"]
        assert coded == {"code": "rules.phase_title", "params": {"phase": phase}} and phase in WORDS


def test_an_order_is_titled_by_its_number_in_the_game_turn() -> None:
    ruleset = RULESETS["skirmish"]
    state = replace(ruleset.example(shortest(ruleset)), phase="order-3")
    assert ruleset.hints(state, "spectator", None)["phase_title"] == {"code": "skirmish.phase_order",
                                                                      "params": {"number": 3}}
