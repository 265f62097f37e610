"""The read-only questions a Solaris viewer may ask about the position (docs/protocol.md, the ``reach``, ``los``
and ``attack_options`` requests): where a unit can go this phase, who sees whom, and which attacks a unit could
declare now. The server checks who may ask and the request's shape (matches/queries.py) and hands over the
position the asker is shown; nothing here changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.battletech.codec import los_to_json
from rules.battletech.movement.plan import MOVE_MODES
from rules.battletech.movement.reach import reachable, routes
from rules.battletech.sight.los import line_of_sight
from rules.battletech.state import GameState
from rules.battletech.units import Unit
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.reasons import Reason, reason_codes
from rules.rulesets.base import Ruleset
from rules.rulesets.solaris.options import agreed

# Every physical attack a mech may declare, by kind and limb (docs/protocol.md, the `physical` ORDER).
PHYSICAL_ATTACKS = (("punch", "RA"), ("punch", "LA"), ("kick", "RL"), ("kick", "LL"), ("push", ""), ("charge", ""),
                    ("dfa", ""))


def reach(ruleset: Ruleset[GameState, Any], state: GameState, ask: Json) -> Json:
    """``{"unit", "mode"}``: every hex the unit can reach this phase in ``mode``, with its cheapest PM over all
    facings, and the steps of a cheapest path to each (none for a jump), which the client plots when the hex is
    clicked."""
    unit = state.unit(ask["unit"])
    hexes: dict[str, int] = {}
    for (hex_, _facing), (cost, _moved) in reachable(state.board, unit, ask["mode"]).items():
        hexes[hex_.label] = min(cost, hexes.get(hex_.label, cost))
    paths = {hex_.label: list(steps) for hex_, steps in routes(state.board, unit, ask["mode"]).items()}
    return {"hexes": hexes, "paths": paths}


def sight(ruleset: Ruleset[GameState, Any], state: GameState, ask: Json) -> Json:
    """``{"from", "to"}``, each a unit id or a hex label: the line of sight between them under the agreed rule.
    The rules look from a unit; a bare hex is seen from as if a standing BattleMech were in it, the common case
    for a pilot asking 'could I see from there?'."""
    source, target = _end(state, ask["from"]), _end(state, ask["to"])
    reasons: list[Reason] = []
    if isinstance(source, Hex):
        reasons.append(Reason("los.viewpoint_hex", hex=source.label))
        source = Unit(id=source.label, hex=source, facing=0, kind="mech")
    answer = los_to_json(line_of_sight(state, source, target, rule=agreed(state).los))
    return {**answer, "reasons": reasons + answer["reasons"],
            "reason_codes": reason_codes(reasons) + answer["reason_codes"]}


def _end(state: GameState, name: str) -> Unit | Hex:
    return state.board.hex(name) if name.isdigit() else state.unit(name)


def attack_options(ruleset: Ruleset[GameState, Any], state: GameState, ask: Json) -> Json:
    """``{"unit", "target", "twist"}``: each attack the unit could declare now on the target, checked alone as an
    order of it would be: each weapon (with the torso ``twist``) in the weapons phase, each physical attack in the
    physical phase; the target number of each one the rules allow, the coded refusal of each one they do not."""
    unit, target, twist = ask["unit"], ask["target"], ask["twist"]
    choices: list[tuple[str, Json]] = []
    if state.phase == "weapons" and unit in state.mechs:
        choices = [(str(index), {"unit": unit, "target": target, "weapons": [index], "twist": twist})
                   for index, _component in state.mechs[unit].design.weapons]
    elif state.phase == "physical":
        choices = [(f"{kind}:{limb}", {"unit": unit, "target": target, "attack": kind, "limb": limb})
                   for kind, limb in PHYSICAL_ATTACKS]
    options: list[Json] = []
    for choice, order in choices:
        try:
            check = ruleset.check(state, ruleset.decode_order(state, order))
        except RuleError as error:
            options.append({"choice": choice, "legal": False, "error": error.to_json()})
            continue
        options.append({"choice": choice, "legal": True, "to_hit": check["attacks"]["attacks"][0]["to_hit"]})
    return {"options": options}


Query = Callable[[Ruleset[GameState, Any], GameState, Json], Json]
ANSWERS: Mapping[str, Query] = {"reach": reach, "los": sight, "attack_options": attack_options}
# What each question takes, as the ruleset protocol's ``queries`` offers it.
OFFERED: Mapping[str, Json] = {"reach": {"modes": list(MOVE_MODES)}, "los": {}, "attack_options": {}}
