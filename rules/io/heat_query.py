"""The ``heat`` query of the referee command: one mech's heat phase, explained.

``{"heat": {"unit": "A", "fired": ["Medium Laser", "AC/20"], "engine_hits": 1, "heat_sink_hits": 2}}`` answers
the heat the mech generates (its movement this turn, the weapons fired, engine hits), what its working heat
sinks and the water it stands in dissipate, the heat it ends at and the heat scale's effects there; unless
``"roll": false`` it also plays the heat phase with the scenario's seed (ammunition explosion, shutdown and its
piloting roll, life support wounds). The unit's ``heat``, ``moved`` and ``hexes_moved`` fields say where it starts.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from rules.battletech.combat.codec import roll_to_json
from rules.battletech.combat.heat import (
    HEAT_SINKS, heat_balance, heat_effects, life_support_wounds, resolve_heat_phase,
)
from rules.battletech.combat.status import MechStatus
from rules.battletech.movement.buildings import depth_around
from rules.battletech.state import GameState
from rules.core.dice import Dice
from rules.core.errors import ScenarioError
from rules.core.reasons import Reason, reason_codes
from rules.rulesets import Ruleset

ENGINE_HITS_MAX = 3  # TW: the third engine hit destroys the mech
FIELDS = ("unit", "fired", "engine_hits", "heat_sink_hits", "roll")


def heat_query(ruleset: Ruleset[Any, Any], state: GameState, body: Any, seed: str) -> dict[str, Any]:
    if not isinstance(body, dict) or not isinstance(body.get("unit"), str) or set(body) - set(FIELDS):
        raise ScenarioError("scenario.query", why=Reason("scenario.heat_query", fields=", ".join(FIELDS[1:])))
    unit = state.unit(body["unit"])
    if unit.id not in state.mechs:
        raise ScenarioError("heat.no_design", unit=unit.id)
    status = _damaged(_firing(state.mechs[unit.id], body.get("fired", [])), body)
    depth = depth_around(state.board.terrain(unit.hex), unit)
    balance = heat_balance(status, state.motion(unit.id), depth, unit.prone)
    reasons = [balance.reason]
    answer: dict[str, Any] = {
        "unit": unit.id,
        "heat": status.heat,
        "generated": {"movement": balance.movement, "weapons": [{"weapon": label, "heat": heat}
                                                                for label, heat in balance.weapons],
                      "engine": balance.engine, "total": balance.generated},
        "dissipated": {"heat_sinks": status.design.heat_sinks, "working": status.heat_sinks_working,
                       "double": status.design.double_heat_sinks, "sinks": balance.sinks, "water": balance.water,
                       "water_depth": depth, "total": balance.dissipated},
        "after": balance.after,
        "effects": {**asdict(heat_effects(balance.after)),
                    "life_support_wounds": life_support_wounds(replace(status, heat=balance.after))},
        "reasons": reasons,
        "reason_codes": reason_codes(reasons),
    }
    if body.get("roll", True) is False:
        return answer
    alone = replace(state, mechs={unit.id: status})  # only this mech's heat phase, and its rolls
    played, report = resolve_heat_phase(alone, Dice(seed))
    end, fallen = played.mechs[unit.id], played.unit(unit.id)
    return {
        **answer,
        "reasons": list(report.reasons),
        "reason_codes": reason_codes(report.reasons),
        "rolls": [roll_to_json(roll) for roll in report.rolls],
        "outcome": {"heat": end.heat, "shutdown": end.shutdown, "prone": fallen.prone,
                    "pilot_hits": end.pilot_hits - status.pilot_hits, "destroyed": end.destroyed},
    }


def _firing(status: MechStatus, fired: Any) -> MechStatus:
    """The mech having fired these weapons this turn: each a name ("Medium Laser": the first such weapon not
    already named), a label with its location ("Medium Laser [RA]") or a component number."""
    if not isinstance(fired, list) or not all(isinstance(ref, str | int) and not isinstance(ref, bool)
                                              for ref in fired):
        raise ScenarioError("scenario.query", why=Reason("scenario.heat_fired"))
    chosen: list[int] = []
    for ref in map(str, fired):
        index = next((i for i, c in status.design.weapons if i not in chosen
                      and (str(i) == ref or ref in (c.name, c.label))), None)
        if index is None:
            raise ScenarioError("scenario.query", why=Reason("scenario.heat_no_weapon", design=status.design.name,
                                                             weapon=ref), weapon=ref)
        chosen.append(index)
    return replace(status, fired=frozenset(chosen))


def _damaged(status: MechStatus, body: dict[str, Any]) -> MechStatus:
    """The mech with ``engine_hits`` of its engine's slots hit and ``heat_sink_hits`` heat sinks destroyed: a
    number (the design's slotted heat sinks in order) or a list of locations, one sink hit in each."""
    engine, sinks = body.get("engine_hits", 0), body.get("heat_sink_hits", 0)
    if not (type(engine) is int and 0 <= engine <= ENGINE_HITS_MAX):
        raise ScenarioError("scenario.query", why=Reason("scenario.heat_engine_hits", most=ENGINE_HITS_MAX))
    components = list(enumerate(status.design.components))
    hit = [index for index, component in components if component.name == "Engine"][:engine]
    slotted = [(index, component.location) for index, component in components if component.name in HEAT_SINKS]
    if type(sinks) is int and 0 <= sinks <= len(slotted):
        hit += [index for index, _ in slotted[:sinks]]
    elif isinstance(sinks, list) and all(isinstance(location, str) for location in sinks):
        for location in sinks:
            index = next((i for i, where in slotted if where == location and i not in hit), None)
            if index is None:
                raise ScenarioError("scenario.query", why=Reason("scenario.heat_no_sink", design=status.design.name,
                                                                 location=location), location=location)
            hit.append(index)
    else:
        raise ScenarioError("scenario.query", why=Reason("scenario.heat_sink_hits", count=len(slotted)))
    slots = {(status.component(index).location, slot) for index in hit for slot in status.component(index).slots}
    return replace(status, hit_slots=status.hit_slots | slots)
