"""Standing instructions (issue 20): "Un Meka puede atacar en cualquier momento de la fase de movimiento, incluso
si otro Meka se está moviendo" ("ATAQUES") is offered as a reaction window; a meka's order may answer those
windows in advance, firing at the first legal shot or holding its fire, so the match does not wait on its player."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.rulesets.mekatac import MekatacRuleset
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka

RULES = MekatacRuleset()
MOVEMENT = RULES.table.phase("movement")


def walk_in(react: str | None, dice: ScriptedDice) -> Any:
    """A Sharpshot walks two hexes north into the range (4) of a Cockroach's chain gun facing it."""
    state = game(meka("A", "0112", 0, "a", "Sharpshot"), meka("B", "0106", 3, "b", "Cockroach"))
    orders = [{"unit": "A", "steps": ["F", "F"]}, {"unit": "B", **({"react": react} if react else {})}]
    return MOVEMENT.resolve(state, [RULES.decode_order(state, order) for order in orders], dice)


def test_without_an_instruction_the_enemy_is_asked() -> None:
    outcome = walk_in(None, ScriptedDice())
    assert outcome.pending is not None and outcome.pending.units == ("B",)


def test_fire_at_the_first_legal_shot_fires_without_asking() -> None:
    # needs 8: 7, +0 at 4 of 4 hexes, -1 the small Sharpshot; rolls 10, hits for 1D6 = 3
    outcome = walk_in("fire", ScriptedDice(10, 3))
    assert outcome.pending is None and outcome.state.unit("A").armour == 27
    codes = [event.reason.code for tick in outcome.reports[0].ticks for event in tick if event.kind == "standing"]
    assert codes == ["mekatac.standing_fire"]


def test_hold_lets_the_move_pass_unanswered() -> None:
    outcome = walk_in("hold", ScriptedDice())
    assert outcome.pending is None and outcome.state.unit("A").armour == 30


def test_an_unknown_instruction_is_malformed() -> None:
    state = game(meka("A", "0112", 0, "a", "Sharpshot"))
    with pytest.raises(RuleError) as refused:
        RULES.decode_order(state, {"unit": "A", "react": "always"})
    assert refused.value.code == "order.malformed"
