"""Read-only questions a viewer may ask about the board: where can my unit go, who sees whom.

Nothing here writes or broadcasts; the answer goes to the asking socket only and carries the current
version like `plotted`. Both answer from the same state the snapshot shows, so they reveal nothing more.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from rules.core.errors import RuleError
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.sight.los import line_of_sight
from rules.battletech.movement.plan import MOVE_MODES
from rules.battletech.movement.reach import reachable, routes
from rules.core.reasons import Reason, reason_codes
from rules.io.scenario import los_to_json
from rules.battletech.units import Unit
from rules.rulesets import get_ruleset

from .errors import MatchError
from .models import Event
from .selectors import event_frame, match_and_viewer, match_as_seen
from .services import check_commander


def unit_reach(*, match_id: int, user: AbstractBaseUser | AnonymousUser, unit_id: Any, mode: Any, turn: int | None = None) -> dict[str, Any]:
    """Every hex the viewer's unit can reach this phase in `mode`, with its cheapest PM over all facings, and
    the steps of a cheapest path to each (none for a jump), which the client plots when the hex is clicked."""
    if not isinstance(unit_id, str) or mode not in MOVE_MODES:
        raise MatchError("message.malformed", f"A reach request names a `unit` and a `mode` ({', '.join(MOVE_MODES)}).")
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    state = check_commander(match=match, viewer=viewer, unit_id=unit_id, turn=turn)
    unit = state.unit(unit_id)
    hexes: dict[str, int] = {}
    for (hex_, _facing), (cost, _moved) in reachable(state.board, unit, mode).items():
        hexes[hex_.label] = min(cost, hexes.get(hex_.label, cost))
    paths = {hex_.label: list(steps) for hex_, steps in routes(state.board, unit, mode).items()}
    return {"type": "reach", "v": match.version, "unit": unit_id, "mode": mode, "hexes": hexes, "paths": paths}


def sight_line(*, match_id: int, user: AbstractBaseUser | AnonymousUser, source: Any, target: Any) -> dict[str, Any]:
    """The line of sight between two units or hexes (`rules.battletech.sight.los.line_of_sight`), for anyone.

    Units are named by id and hexes by label; every unit a viewer can name is on the public board of the
    snapshot, so the answer tells nobody anything they could not work out themselves.
    """
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    # A spectator of a delayed match asks about the board as it is shown to them, not the live one.
    match = match_as_seen(match, viewer)
    ruleset = get_ruleset(match.ruleset)
    state = ruleset.state_from_json(match.state)
    try:
        viewpoint, reasons = _viewpoint(state, source)
        end = _end(state, target)
        answer = los_to_json(line_of_sight(state, viewpoint, end, rule=ruleset.los_rule(state)))
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    answer["reasons"] = reasons + answer["reasons"]
    answer["reason_codes"] = reason_codes(reasons) + answer["reason_codes"]
    return {"type": "los", "v": match.version, "from": source, "to": target, **answer}


def _end(state: GameState, name: Any) -> Unit | Hex:
    if not isinstance(name, str):
        raise MatchError("message.malformed", "`from` and `to` are a unit id or a hex label (CCRR).")
    if name.isdigit():
        return state.board.hex(name)
    return state.unit(name)


def _viewpoint(state: GameState, name: Any) -> tuple[Unit, list[Reason]]:
    """The looking end as a unit. The rules look from a unit; a bare hex is seen from as if a standing
    BattleMech were in it, the common case for a pilot asking 'could I see from there?'."""
    end = _end(state, name)
    if isinstance(end, Unit):
        return end, []
    why = Reason("los.viewpoint_hex", hex=end.label)
    return Unit(id=end.label, hex=end, facing=0, kind="mech"), [why]


def match_log(*, match_id: int, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """`GET /api/matches/<id>/log/`: every phase resolved so far, in order, as its `playback` frame went out (a
    phase the referee annulled says so), for the match log of the page, while the match is played and after.
    Only what the viewer has been shown: a delayed spectator's log stops at their horizon. No seed, orders or
    states: the replay has those once the match is over."""
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    seen = match_as_seen(match, viewer)
    events = Event.objects.filter(
        match=match, kind__in=(Event.Kind.PLAYBACK, Event.Kind.ANNULLED), version__lte=seen.version
    ).order_by("version")
    phases: list[dict[str, Any]] = []
    for event in events:
        if event.kind == Event.Kind.ANNULLED:
            for phase in phases:
                if phase["v"] == event.payload.get("annulled_v"):
                    phase["annulled"] = event.payload.get("reason", "")
            continue
        phases.append(event_frame(match=match, event=event, viewer=viewer))
    return {"v": seen.version, "phases": phases}
