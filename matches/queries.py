"""Read-only questions a viewer may ask about the board: where can my unit go, who sees whom, which attacks can
it make, and what has been resolved so far (the match log).

Nothing here writes or broadcasts; the answer goes to the asking socket only and carries the current
version like `plotted`. Both answer from the same state the snapshot shows, so they reveal nothing more.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from django.contrib.auth.models import User, AnonymousUser

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
from .frames import event_fields
from .selectors import match_and_viewer, match_as_seen
from .services import check_commander


def unit_reach(*, match_id: int, user: User | AnonymousUser, unit_id: Any, mode: Any, turn: int | None = None) -> dict[str, Any]:
    """Every hex the viewer's unit can reach this phase in `mode`, with its cheapest PM over all facings, and
    the steps of a cheapest path to each (none for a jump), which the client plots when the hex is clicked."""
    if not isinstance(unit_id, str) or mode not in MOVE_MODES:
        raise MatchError("message.malformed", why=Reason("message.reach", modes=", ".join(MOVE_MODES)))
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    state = check_commander(match=match, viewer=viewer, unit_id=unit_id, turn=turn)
    unit = state.unit(unit_id)
    hexes: dict[str, int] = {}
    for (hex_, _facing), (cost, _moved) in reachable(state.board, unit, mode).items():
        hexes[hex_.label] = min(cost, hexes.get(hex_.label, cost))
    paths = {hex_.label: list(steps) for hex_, steps in routes(state.board, unit, mode).items()}
    return {"type": "reach", "v": match.version, "unit": unit_id, "mode": mode, "hexes": hexes, "paths": paths}


# Every physical attack a mech may declare, by kind and limb (docs/protocol.md, the `physical` ORDER).
PHYSICAL_ATTACKS = (("punch", "RA"), ("punch", "LA"), ("kick", "RL"), ("kick", "LL"), ("push", ""), ("charge", ""),
                    ("dfa", ""))


def attack_options(
    *, match_id: int, user: User | AnonymousUser, unit_id: Any, target: Any, twist: Any = 0,
    turn: int | None = None,
) -> dict[str, Any]:
    """Each attack the viewer's unit could declare now on `target`, checked alone as a `plot` of it would be: each
    weapon (with the torso `twist`) in the weapons phase, each physical attack in the physical phase; the target
    number of each one the rules allow, the coded refusal of each one they do not (out of arc or range, fired,
    not allowed now). The attack panel greys out the refused ones with their reason before anything is declared."""
    if not isinstance(unit_id, str) or not isinstance(target, str) or twist not in (-1, 0, 1):
        raise MatchError("message.malformed", why=Reason("message.attack_options"))
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    state = check_commander(match=match, viewer=viewer, unit_id=unit_id, turn=turn)
    if state.phase == "weapons" and unit_id in state.mechs:
        choices = [(str(index), {"unit": unit_id, "target": target, "weapons": [index], "twist": twist})
                   for index, _component in state.mechs[unit_id].design.weapons]
    elif state.phase == "physical":
        choices = [(f"{kind}:{limb}", {"unit": unit_id, "target": target, "attack": kind, "limb": limb})
                   for kind, limb in PHYSICAL_ATTACKS]
    else:
        choices = []
    ruleset = get_ruleset(match.ruleset)
    options = []
    for choice, order in choices:
        try:
            check = ruleset.check(state, ruleset.decode_order(state, order))
        except RuleError as error:
            options.append({"choice": choice, "legal": False, "error": MatchError.from_rule_error(error).as_json()})
            continue
        planned = check["attacks"]["attacks"][0]
        options.append({"choice": choice, "legal": True, "to_hit": planned["to_hit"]})
    return {"type": "attack_options", "v": match.version, "unit": unit_id, "target": target, "twist": twist,
            "options": options}


@runtime_checkable
class BattleTechSight(Protocol):
    """A ruleset whose line of sight is BattleTech's, under the rule (standard or dead zone) it names."""

    def los_rule(self, state: GameState) -> str: ...

    def state_from_json(self, data: dict[str, Any]) -> GameState: ...


def sight_line(*, match_id: int, user: User | AnonymousUser, source: Any, target: Any) -> dict[str, Any]:
    """The line of sight between two units or hexes (`rules.battletech.sight.los.line_of_sight`), for anyone.

    Units are named by id and hexes by label; every unit a viewer can name is on the public board of the
    snapshot, so the answer tells nobody anything they could not work out themselves.
    """
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    # A spectator of a delayed match asks about the board as it is shown to them, not the live one.
    match = match_as_seen(match, viewer)
    ruleset = get_ruleset(match.ruleset)
    if not isinstance(ruleset, BattleTechSight):
        raise MatchError("query.not_offered", ruleset=match.ruleset)
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
        raise MatchError("message.malformed", why=Reason("message.los_ends"))
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


def match_log(*, match_id: int, user: User | AnonymousUser) -> dict[str, Any]:
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
        phases.append(event_fields(event))  # the position each left is no part of the log
    return {"v": seen.version, "phases": phases}
