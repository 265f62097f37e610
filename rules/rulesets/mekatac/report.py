"""A MEKATAC resolution as JSON: each phase's ticks of events, every ruling with its coded reason and rolls.

The playback is logged once for every viewer, but a hidden meka (Meka oculto) may be named only to its side and
the referee: the report lists the mekas still hidden when it ends (``hidden``, id → side), and
:func:`timeline_view` gives each viewer the playback less every event that names one its view hides (as the
event's unit or target, in its ruling's words or in a roll's), and less the list itself. The events a side gives
as a whole (its cards drawn, its preparation cards) are told by one of its mekas not hidden, where it has one.

An initiative tie with a hidden meka in it would show it too: the meka in the open that tied with it rolls
again. So each ruling and re-roll of such a tie carries the mekas tied (``tie``, for nobody either), and a viewer
is told the tie only if it sees two of them or more (its ruling naming just those); otherwise the tie and its
re-rolls are left out, and the mekas it sees roll once, as if nothing had tied with them. The rolls and the order
are the same for everyone (the viewer's order leaves out what it does not see), so the seed replays them all.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

from rules.core.dice import Roll
from rules.core.phases import Json
from rules.core.reasons import Reason, reason_code
from rules.core.timeline import Event
from rules.rulesets.mekatac.phases import MekaOutcome, Report
from rules.rulesets.mekatac.state import MekaState
from rules.rulesets.mekatac.view import sees_side

# The events a side gives as a whole: the meka that tells them is only a speaker.
SIDE_EVENTS = frozenset({"cards", "prepare"})
WORD = re.compile(r"[A-Za-z0-9_]+")


def roll_to_json(roll: Roll) -> Json:
    return {"dice": list(roll.dice), "sides": roll.sides, "total": roll.total, "target": roll.target,
            "reason": roll.reason}


def event_to_json(event: Event) -> Json:
    data: Json = {"unit": event.unit, "kind": event.kind, "from": event.from_hex.label, "to": event.to_hex.label,
                  "facing": event.facing}
    if event.mp:
        data["mp"] = event.mp
    if event.target:
        data["target"] = event.target
    if event.damage:
        data["damage"] = event.damage
    if event.reason:
        data |= {"reason": str(event.reason), "reason_code": reason_code(event.reason)}
    if event.rolls:
        data["rolls"] = [roll_to_json(roll) for roll in event.rolls]
    return data


def report_to_json(outcome: MekaOutcome) -> Json:
    """The reports; the events of a meka still hidden once they are played leave out where it stands."""
    state = outcome.state
    hidden = {meka.id for meka in state.units if meka.hidden}
    return {"phases": [{"phase": report.phase, "ticks": [
        [_shown(event_to_json(_told(state, event, hidden)), hidden) | _tie(report, number, place)
         for place, event in enumerate(tick)] for number, tick in enumerate(report.ticks)]}
                       for report in outcome.reports],
            **({"hidden": {meka.id: meka.side for meka in state.units if meka.hidden}} if hidden else {})}


def _tie(report: Report, tick: int, place: int) -> Json:
    """The mekas of the tie (one a hidden meka is in) whose ruling or re-roll the event is, if it is one."""
    tied = dict(report.ties).get(place) if tick == 0 else None
    return {} if tied is None else {"tie": list(tied)}


def _told(state: MekaState, event: Event, hidden: Collection[str]) -> Event:
    """A side's event told by one of its mekas not hidden (with that meka's hex), if it has one."""
    if event.kind not in SIDE_EVENTS or event.unit not in hidden:
        return event
    side = state.unit(event.unit).side
    speaker = next((meka for meka in state.units if meka.side == side and meka.id not in hidden), None)
    if speaker is None:
        return event
    return replace(event, unit=speaker.id, from_hex=speaker.hex, to_hex=speaker.hex, facing=speaker.facing)


def _shown(data: Json, hidden: set[str]) -> Json:
    return data | {"from": None, "to": None, "facing": None} if data["unit"] in hidden else data


def timeline_view(timeline: Json, viewer_role: str, side: str | None) -> Json:
    """The playback for one viewer: without the events that name a meka hidden from it (its side and the referee
    see them all); the list of hidden mekas goes to nobody."""
    hidden: dict[str, str] = timeline.get("hidden", {})
    unseen = {unit for unit, owner in hidden.items() if not sees_side(viewer_role, side, owner)}
    shown = {key: value for key, value in timeline.items() if key != "hidden"}
    if not hidden:
        return shown
    return shown | {"phases": [{**phase, "ticks": [
        [told for event in tick if (told := _tie_told(event, unseen)) is not None and not names(told, unseen)]
        for tick in phase["ticks"]]} for phase in timeline["phases"]]}


def _tie_told(event: Json, unseen: set[str]) -> Json | None:
    """An event as a viewer not shown ``unseen`` is told it, without its ``tie``: a tie's ruling or re-roll only
    if the viewer sees two or more of the mekas tied (its ruling then names just those, told by one of them)."""
    if "tie" not in event:
        return event
    told = {key: value for key, value in event.items() if key != "tie"}
    seen = [unit for unit in event["tie"] if unit not in unseen]
    if len(seen) < 2:
        return None
    if event["kind"] != "initiative_tie" or len(seen) == len(event["tie"]):
        return told
    said = Reason("mekatac.initiative_tie", units=", ".join(seen), total=event["reason_code"]["params"]["total"])
    told |= {"reason": str(said), "reason_code": reason_code(said)}
    return told if told["unit"] in seen else told | {"unit": seen[0], "from": None, "to": None, "facing": None}


def names(event: Json, units: set[str]) -> bool:
    """Whether an event names one of ``units``: as its unit or target, or a word of its ruling or of a roll's."""
    if event["unit"] in units or event.get("target") in units:
        return True
    said = [event.get("reason", ""), *(roll.get("reason", "") for roll in event.get("rolls", ()))]
    return any(units & set(WORD.findall(text)) for text in said)
