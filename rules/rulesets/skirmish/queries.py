"""The read-only question a skirmish viewer may ask about the position (docs/protocol.md): ``los``, whether a
troop has a line of fire to another and the cover the target has from it (rules.rulesets.skirmish.lof). The
server hands over the position the asker is shown, and refuses the name of a troop in hidden deployment to a
viewer the ruleset's view hides it from (matches/queries.py)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.phases import Json
from rules.rulesets.skirmish.lof import sight
from rules.rulesets.skirmish.state import SkirmishState


def line_of_fire(state: SkirmishState, ask: Json) -> Json:
    """``{"from", "to"}``, two troops: whether the line of fire is open, the target's cover, the distance."""
    source, target = state.unit(ask["from"]), state.unit(ask["to"])
    line = sight(state.board, source.hex, source.height, target.hex, target.height)
    return {"los": line.open, "cover": line.cover, "distance": source.hex.distance(target.hex)}


# What each question takes, as the ruleset protocol's ``queries`` offers it.
OFFERED: Mapping[str, Json] = {"los": {}}
