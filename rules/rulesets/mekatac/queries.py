"""The read-only questions a MEKATAC viewer may ask about the position (docs/protocol.md: ``los`` and
``attack_options``), and the referee command's ``los`` and ``attack`` answers (rules/io/mekatac_query.py) from
the same functions: sight, arcs and cover between two mekas; each weapon and melee attack of a meka on a target
as the board stands now, with its target number on 1D10 or its coded refusal. The server checks who may ask and
hands over the position the asker is shown (matches/queries.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core.errors import RuleError
from rules.core.phases import Json
from rules.core.reasons import reason_code
from rules.rulesets.mekatac.combat import MELEE_NAMES, Weapon, aim, as_reason
from rules.rulesets.mekatac.sight import arcs_of, cover_quarters, has_sight
from rules.rulesets.mekatac.state import MekaState


def sight(state: MekaState, source_id: str, target_id: str) -> Json:
    """Whether ``source`` sees ``target``, the distance, the source's arcs it lies in, and its cover."""
    source, target = state.unit(source_id), state.unit(target_id)
    quarters = cover_quarters(state.board, source.hex, target.hex, bool(target.airborne))
    return {"los": has_sight(state.board, source.hex, target.hex, "fly" in (source.airborne, target.airborne)),
            "distance": source.hex.distance(target.hex), "arcs": sorted(arcs_of(source.hex, target.hex, source.facing)),
            "cover_percent": 25 * quarters, "modifier": -quarters}


def attack(state: MekaState, unit: str, target: str, weapon: Weapon) -> Json:
    """The attack's target number with each coded modifier, or its coded refusal."""
    try:
        aimed = aim(state, unit, target, weapon)
    except RuleError as refused:
        return {"legal": False, "code": refused.code, "reason": refused.message,
                "reason_code": reason_code(as_reason(refused))}
    return {"legal": True, "weapon": aimed.label, "need": aimed.need, "dice": "1D10",
            "modifiers": [{"value": value, "reason": why, "reason_code": reason_code(why)}
                          for value, why in aimed.modifiers]}


def attack_options(state: MekaState, ask: Json) -> Json:
    """``{"unit", "target"}``: each weapon (by its number) and melee attack of the unit on the target."""
    meka = state.unit(ask["unit"])
    choices: list[Weapon] = [index for index, _mount in meka.design.weapons] + list(MELEE_NAMES)
    return {"options": [{"choice": str(weapon), **attack(state, meka.id, ask["target"], weapon)} for weapon in choices]}


ANSWERS: Mapping[str, Callable[[MekaState, Json], Json]] = {
    "los": lambda state, ask: sight(state, ask["from"], ask["to"]), "attack_options": attack_options,
}
# What each question takes, as the ruleset protocol's ``queries`` offers it.
OFFERED: Mapping[str, Json] = {"los": {}, "attack_options": {}}
