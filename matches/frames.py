"""The one viewer filter: every frame of a match that leaves the server is built here.

A logged event's frame is its type, its version and the payload fields its kind lists in `FIELDS`: a whitelist,
so a field that is not listed (the whole rules state that `started`, `playback`, `annulled`, `overridden` and
`los_side` log, for replays and delayed spectators) never reaches a client. The ruleset decides the rest:
a submitted order goes to whom its `orders_view` lets see it, and the kinds that move the position (`VIEWED`)
carry `view`, the ruleset's `view` of the state the event left for this viewer, with the units the next phase
awaits, so a client applies the frame without asking for a snapshot. The board, the bulk of a view, is left
out when the event did not change it (`unchanged_boards`): the client keeps the one it has.

Frames differ by audience, not by socket: a side's players, the referee, everyone else (spectators, anonymous
visitors). `broadcast` builds one frame per audience and groups the equal ones, so the hub encodes each once
per process (hub.py, "variants"); chat lines are addressed to their room's readers the same way (chat.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.rulesets import Ruleset, get_ruleset

from . import hub
from .models import Event, Match, Participant

Frame = dict[str, Any]


@dataclass(frozen=True)
class Viewer:
    role: str  # a Participant.Role value
    side: str | None = None
    user_id: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {"role": self.role, "side": self.side}


# What the broadcast ("public") stream shows: exactly what any spectator may see.
PUBLIC = Viewer(role=Participant.Role.SPECTATOR)
REFEREE = Viewer(role=Participant.Role.REFEREE)

# Each kind's payload fields a frame may carry; anything else a payload holds stays on the server.
FIELDS: dict[str, tuple[str, ...]] = {
    Event.Kind.SUBMITTED: ("side", "player", "turn", "phase"),
    # Which unit's order was taken back stays with its side (the order, below), as which unit submitted does.
    Event.Kind.WITHDRAWN: ("side", "player", "turn", "phase"),
    Event.Kind.PLAYBACK: ("turn", "phase", "attempt", "timeline"),
    Event.Kind.JOINED: ("player", "role", "side", "by"),
    Event.Kind.LEFT: ("player", "role", "side"),
    Event.Kind.OPTIONS: ("options", "by"),
    Event.Kind.ACCEPTED: ("player", "side", "accepted", "options"),
    Event.Kind.STARTED: ("options", "seed_hash"),
    Event.Kind.EXPIRED: ("turn", "phase", "deadline", "units", "default"),
    Event.Kind.PAUSED: ("by", "reason"),
    Event.Kind.RESUMED: ("by", "reason"),
    Event.Kind.ANNULLED: ("by", "reason", "turn", "phase", "annulled_v"),
    Event.Kind.OVERRIDDEN: ("by", "reason", "unit", "changes"),
    Event.Kind.LOS_SIDE: ("unit", "side", "chooser", "by", "reason"),
    Event.Kind.FINISHED: ("result",),
    Event.Kind.REMATCH: ("match", "by"),
    # The play up to the window is public; an answer is secret like an order until the phase resolves.
    Event.Kind.REACTION_WINDOW: ("turn", "phase", "attempt", "window", "deadline", "timeline"),
    Event.Kind.REACTED: ("turn", "phase", "attempt", "window", "unit", "side", "expired"),
}
# The kinds whose payload holds an order (with its side), which the ruleset's `orders_view` shows or not: one
# submitted, one taken back, a reaction.
ORDERED = (Event.Kind.SUBMITTED, Event.Kind.WITHDRAWN, Event.Kind.REACTED)
# The kinds whose frame says whether the order given or taken back leaves its side with all its orders given
# (`side_submitted`, as the viewer may know it: `side_done`).
SIDE_DONE = (Event.Kind.SUBMITTED, Event.Kind.WITHDRAWN)
# The kinds that move the position: their frame carries the viewer's view of the state they left.
VIEWED = (Event.Kind.STARTED, Event.Kind.PLAYBACK, Event.Kind.ANNULLED, Event.Kind.OVERRIDDEN)


def audience(viewer: Viewer) -> str:
    """Whose frames a viewer's socket is sent: its side's players', the referee's or the spectators'."""
    if viewer.role == Participant.Role.PLAYER and viewer.side is not None:
        return f"{Participant.Role.PLAYER}:{viewer.side}"
    return Participant.Role.REFEREE if viewer.role == Participant.Role.REFEREE else Participant.Role.SPECTATOR


def event_fields(event: Event) -> Frame:
    """What any viewer is told of an event: its type, version and whitelisted fields."""
    payload = event.payload
    return {"type": event.kind, "v": event.version, **{name: payload[name] for name in FIELDS[event.kind] if name in payload}}


def event_frame(*, match: Match, event: Event, viewer: Viewer, state: Any = None, same_board: bool = False) -> Frame:
    """The frame `viewer` gets for one logged event. `state`: the state the event left, when the caller has
    it decoded already (else it is read from the payload); `same_board`: the event left the board as it was."""
    ruleset = get_ruleset(match.ruleset)
    frame = event_fields(event)
    payload = event.payload
    if "timeline" in frame:
        frame["timeline"] = timeline_shown(ruleset, frame["timeline"], viewer)
    if event.kind in ORDERED:
        frame.update(("order", order) for order in ruleset.orders_view(
            [(payload["side"], payload["order"])], viewer.role, viewer.side
        ))
    if event.kind in SIDE_DONE and "owes" in payload:
        # Whether the side has now given every order it owes, as the viewer may know it (`side_done`); the
        # units it owes stay on the server. Logged before the field was: the frame has none.
        owes = payload["owes"]
        frame["side_submitted"] = not owes or side_done(owes, seen_units(ruleset, ruleset.state_from_json(match.state), viewer))
    # A position logged before every such event held its state has no view: its client asks for a snapshot.
    if event.kind in (Event.Kind.REACTION_WINDOW, Event.Kind.REACTED):
        # The phase's state until it resolves: a unit it does not show this viewer (a troop in hidden deployment)
        # is not named as asked, nor as having answered.
        hide_unseen(frame, seen_units(ruleset, ruleset.state_from_json(match.state), viewer))
    if event.kind in VIEWED and (state is not None or "state" in payload):
        frame["view"] = position_view(ruleset, ruleset.state_from_json(payload["state"]) if state is None else state, viewer)
        if same_board:
            frame["view"].pop("board", None)
    return frame


def timeline_shown(ruleset: Ruleset[Any, Any], timeline: Any, viewer: Viewer) -> Any:
    """A logged playback as the viewer may see it. It is one record for every viewer; a ruleset whose rulings
    may name what its view hides from some (MEKATAC's hidden mekas) filters it with its `timeline_view`
    (rules.rulesets.base; by default the timeline as logged)."""
    return ruleset.timeline_view(timeline, viewer.role, viewer.side)


def playback_fields(ruleset: Ruleset[Any, Any], event: Event, viewer: Viewer) -> Frame:
    """A logged playback's fields (`event_fields`) with its timeline as the viewer may see it: the snapshot's
    last playback and the match log (the live frames go through `event_frame`)."""
    frame = event_fields(event)
    return frame | {"timeline": timeline_shown(ruleset, frame["timeline"], viewer)} if "timeline" in frame else frame


def unchanged_boards(events: list[Event], board: Any) -> set[int]:
    """The versions of the events, in order, whose logged state has the board of the state before them
    (`board`: the board before the first, as the rules state holds it; None when unknown)."""
    same = set()
    for event in events:
        logged = event.payload.get("state")
        if logged is None:
            continue  # an event that leaves the state as it was
        if board is not None and logged.get("board", board) == board:
            same.add(event.version)
        board = logged.get("board")
    return same


def frames_for(match: Match, events: list[Event], viewer: Viewer, board: Any) -> list[Frame]:
    """The frames of consecutive events for one viewer, from `board` (the board before the first event)."""
    same = unchanged_boards(events, board)
    return [event_frame(match=match, event=event, viewer=viewer, same_board=event.version in same) for event in events]


def seen_units(ruleset: Ruleset[Any, Any], state: Any, viewer: Viewer) -> set[str]:
    """The ids of the units the ruleset's view of `state` shows the viewer."""
    return {unit["id"] for unit in ruleset.view(state, viewer.role, viewer.side)["units"]}


def owed_units(ruleset: Ruleset[Any, Any], state: Any, ordered: set[str]) -> list[str]:
    """The units the current phase still awaits an order from, `ordered` having theirs: the rules' `awaits`
    less those, and none once the rules' `ends` says the phase has what it waits for (a skirmish order phase
    takes one order of the active side, not one per troop)."""
    if ruleset.ends(state, ordered):
        return []
    return [unit for unit in ruleset.awaits(state) if unit not in ordered]


def side_done(owes: list[str], seen: set[str]) -> bool:
    """Whether a side is shown to a viewer as having given its orders: it owes none for a unit the viewer is
    shown. The side's players and the referee are shown all its units, so for them it is every awaited one;
    a unit the viewer's view hides (a troop in hidden deployment, a hidden meka) is not counted, as the view
    does not name it (a side that still owes only such a unit is shown as done: the view's secret kept, as
    everywhere the view hides a unit; the phase waiting on still tells, docs/skirmish.md)."""
    return not any(unit in seen for unit in owes)


def hide_unseen(frame: Frame, seen: set[str]) -> None:
    """A reaction frame without the units the viewer does not see: left out of the window's asked units, and
    an answer's unit left unnamed."""
    if "window" in frame and isinstance(frame["window"], dict):
        frame["window"] = {**frame["window"], "units": [unit for unit in frame["window"]["units"] if unit in seen]}
    if frame.get("unit") is not None and frame["unit"] not in seen:
        del frame["unit"]


def position_view(ruleset: Ruleset[Any, Any], state: Any, viewer: Viewer) -> Frame:
    """The ruleset's view of `state` for the viewer, the units it shows whose orders its phase awaits, and
    what the phase offers the viewer (the ruleset's `hints`, as in the snapshot)."""
    view = ruleset.view(state, viewer.role, viewer.side)
    seen = {unit["id"] for unit in view["units"]}
    return {
        **view, "awaits": [unit for unit in ruleset.awaits(state) if unit in seen],
        "hints": ruleset.hints(state, viewer.role, viewer.side),
    }


def audiences(match: Match) -> list[tuple[str, Viewer]]:
    """The match's audiences, each with a viewer who stands for it: everyone the others do not name (the
    spectators' frames, so a socket of no other audience never gets more than a spectator), the referee,
    and each side's players."""
    sides = dict.fromkeys(unit["side"] for unit in match.state["units"])
    players = [Viewer(role=Participant.Role.PLAYER, side=side) for side in sides]
    return [(hub.EVERYONE, PUBLIC), (audience(REFEREE), REFEREE), *((audience(viewer), viewer) for viewer in players)]


def broadcast(match: Match, events: list[Event], board: Any, states: dict[int, Any] | None = None) -> list[Frame]:
    """The new events' frames for every audience, to publish on the live stream: one hub item per event
    (`hub.addressed`), its equal frames grouped, so one that every audience sees alike is one plain frame.
    `board`: the board before the events; `states`: the rules states they log, already decoded (by version)."""
    items = []
    kept = unchanged_boards(events, board)
    for event in events:
        logged = event.payload.get("state") if event.kind in VIEWED else None
        state = (states or {}).get(event.version)
        if state is None and logged is not None:
            state = get_ruleset(match.ruleset).state_from_json(logged)  # once for all the audiences
        variants: list[tuple[list[str], Frame]] = []
        for name, viewer in audiences(match):
            frame = event_frame(match=match, event=event, viewer=viewer, state=state, same_board=event.version in kept)
            same = next((variant for variant in variants if variant[1] == frame), None)
            if same is None:
                variants.append(([name], frame))
            else:
                same[0].append(name)
        items.append(hub.addressed(variants))
    return items


def rejudged(events: list[Event]) -> Frame | None:
    """The hub item that has the open sockets judged again whose view these events may have changed
    (hub.REJUDGE), or None: the user a seat went to (a spectator seated as a player or the referee) or who gave one up, every
    referee's when one was seated (it replaces the one before), every spectator's when the options changed
    (their delay). `v`: the version from which the judgement holds."""
    users, roles = set(), set()
    for event in events:
        if event.kind in (Event.Kind.JOINED, Event.Kind.LEFT):
            users.add(event.payload["player"])
            if event.payload["role"] == Participant.Role.REFEREE:
                roles.add(Participant.Role.REFEREE)
        elif event.kind == Event.Kind.OPTIONS:
            roles.add(Participant.Role.SPECTATOR)
    if not users and not roles:
        return None
    return {"type": hub.REJUDGE, "v": events[-1].version, "users": sorted(users), "roles": sorted(roles)}
