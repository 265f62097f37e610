"""Read-only questions a viewer may ask about the board: where can my unit go, who sees whom, which attacks can
it make, and what has been resolved so far (the match log).

Nothing here writes or broadcasts; the answer goes to the asking socket only and carries the current
version like `plotted`. Each answers from the same state the snapshot shows, so it reveals nothing more. Here
is who may ask and the request's shape; the answer is the ruleset's (``ruleset.query``), and a game that does
not offer a question (``ruleset.queries``) refuses it with query.not_offered.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User, AnonymousUser

from rules.core.errors import RuleError, UnknownUnit
from rules.core.phases import Json
from rules.core.reasons import Reason
from rules.rulesets import Ruleset, get_ruleset

from .errors import MatchError
from .models import Event, Match
from .frames import Viewer, playback_fields
from .selectors import match_and_viewer, match_as_seen
from .services import check_commander


def unit_reach(*, match_id: int, user: User | AnonymousUser, unit_id: Any, mode: Any, turn: int | None = None) -> dict[str, Any]:
    """Every hex the viewer's unit can reach this phase in `mode`, with its cheapest PM over all facings, and
    the steps of a cheapest path to each (none for a jump), which the client plots when the hex is clicked."""
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    ruleset = _offering(match, "reach")
    modes = ruleset.queries["reach"].get("modes", [])
    if not isinstance(unit_id, str) or mode not in modes:
        raise MatchError("message.malformed", why=Reason("message.reach", modes=", ".join(modes)))
    state = check_commander(match=match, viewer=viewer, unit_id=unit_id, turn=turn)
    answer = _asked(ruleset, state, viewer, "reach", {"unit": unit_id, "mode": mode}, [])
    return {"type": "reach", "v": match.version, "unit": unit_id, "mode": mode, **answer}


def attack_options(
    *, match_id: int, user: User | AnonymousUser, unit_id: Any, target: Any, twist: Any = 0,
    turn: int | None = None,
) -> dict[str, Any]:
    """Each attack the viewer's unit could declare now on `target`, checked alone as a `plot` of it would be (in
    Solaris: each weapon with the torso `twist` in the weapons phase, each physical attack in the physical phase);
    the target number of each one the rules allow, the coded refusal of each one they do not (out of arc or range,
    fired, not allowed now). The attack panel greys out the refused ones with their reason before anything is
    declared."""
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    ruleset = _offering(match, "attack_options")
    if not isinstance(unit_id, str) or not isinstance(target, str) or twist not in (-1, 0, 1):
        raise MatchError("message.malformed", why=Reason("message.attack_options"))
    state = check_commander(match=match, viewer=viewer, unit_id=unit_id, turn=turn)
    answer = _asked(ruleset, state, viewer, "attack_options", {"unit": unit_id, "target": target, "twist": twist},
                    [target])
    return {"type": "attack_options", "v": match.version, "unit": unit_id, "target": target, "twist": twist,
            **answer}


def sight_line(*, match_id: int, user: User | AnonymousUser, source: Any, target: Any) -> dict[str, Any]:
    """The line of sight between two units or hexes, for anyone.

    Units are named by id and hexes by label; every unit a viewer can name is on the board of their snapshot
    (a skirmish troop in hidden deployment is not, to the other side), so the answer tells nobody anything they
    could not work out themselves.
    """
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    # A spectator of a delayed match asks about the board as it is shown to them, not the live one.
    match = match_as_seen(match, viewer)
    ruleset = _offering(match, "los")
    if not isinstance(source, str) or not isinstance(target, str):
        raise MatchError("message.malformed", why=Reason("message.los_ends"))
    names = [name for name in (source, target) if not name.isdigit()]  # a hex label is all digits
    answer = _asked(ruleset, ruleset.state_from_json(match.state), viewer, "los", {"from": source, "to": target},
                    names)
    return {"type": "los", "v": match.version, "from": source, "to": target, **answer}


def _offering(match: Match, name: str) -> Ruleset[Any, Any]:
    """The match's ruleset, when it answers the question ``name`` (rules.rulesets.base.Ruleset.queries)."""
    ruleset = get_ruleset(match.ruleset)
    if name not in ruleset.queries:
        raise MatchError("query.not_offered", query=name, ruleset=match.ruleset)
    return ruleset


def _asked(ruleset: Ruleset[Any, Any], state: Any, viewer: Viewer, name: str, ask: Json, units: list[str]) -> Json:
    """The ruleset's answer; a unit of ``units`` (those the request names) that the ruleset's view hides from the
    viewer is unknown to them, as an id nobody has (the one viewer filter decides what anyone may name)."""
    shown = {unit["id"] for unit in ruleset.view(state, viewer.role, viewer.side)["units"]}
    hidden = [unit for unit in units if unit not in shown]
    try:
        if hidden:
            raise UnknownUnit(unit=hidden[0])
        return ruleset.query(state, name, ask)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error


def match_log(*, match_id: int, user: User | AnonymousUser) -> dict[str, Any]:
    """`GET /api/matches/<id>/log/`: every phase resolved so far, in order, as its `playback` frame went out (a
    phase the referee annulled says so), for the match log of the page, while the match is played and after.
    Only what the viewer has been shown: a delayed spectator's log stops at their horizon. No seed, orders or
    states: the replay has those once the match is over."""
    match, viewer = match_and_viewer(match_id=match_id, user=user)
    seen, ruleset = match_as_seen(match, viewer), get_ruleset(match.ruleset)
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
        phases.append(playback_fields(ruleset, event, viewer))  # the position each left is no part of the log
    return {"v": seen.version, "phases": phases}
