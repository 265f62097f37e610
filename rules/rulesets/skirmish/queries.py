"""The read-only question a skirmish viewer may ask about the position (docs/protocol.md): ``los``, whether a
troop has a line of fire to another and the cover the target has from it (rules.rulesets.skirmish.lof). The
server hands over the position the asker is shown, and refuses the name of a troop in hidden deployment to a
viewer the ruleset's view hides it from (matches/queries.py)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.hexes import line
from rules.core.phases import Json
from rules.core.reasons import Reason, reason_code, reason_codes
from rules.rulesets.skirmish.lof import PARTIAL, sight
from rules.rulesets.skirmish.resolve import COVER_MOD
from rules.rulesets.skirmish.state import SkirmishState


def line_of_fire(state: SkirmishState, ask: Json) -> Json:
    """``{"from", "to"}``, two troops: whether the line of fire is open, the target's cover, the distance; and as
    the browser's line-of-sight tool reads any game's answer, the hexes between, the attacker's modifier
    (partial cover -3) with its reason, and the reasons of the verdict."""
    source, target = state.unit(ask["from"]), state.unit(ask["to"])
    fire = sight(state.board, source.hex, source.height, target.hex, target.height)
    cover = Reason("skirmish.cover_mod", mod=COVER_MOD)
    modifiers = [{"value": COVER_MOD, "reason": cover, "reason_code": reason_code(cover)}] \
        if fire.open and fire.cover == PARTIAL else []
    verdict = Reason("skirmish.lof_open" if fire.open else "skirmish.lof_closed", unit=source.id, target=target.id,
                     cover=fire.cover)
    return {"los": fire.open, "cover": fire.cover, "distance": source.hex.distance(target.hex),
            "hexes": [hex_.label for entry in line(source.hex, target.hex)[1:-1] for hex_ in entry],
            "modifier": sum(m["value"] for m in modifiers), "modifiers": modifiers,
            "partial_cover": fire.open and fire.cover == PARTIAL, "reasons": [verdict],
            "reason_codes": reason_codes([verdict])}


# What each question takes, as the ruleset protocol's ``queries`` offers it.
OFFERED: Mapping[str, Json] = {"los": {}}
