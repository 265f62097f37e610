"""A rematch of a finished match (issue 16, "a rematch button at the end"): one of its players asks, and a new
match opens in the lobby with the same starting position, options, ruleset and seats (each player on the same
side), hosted by the one who asked, on a new seed; a match whose sides are not the lobby's (the demo's, a
campaign's) has none. Both players accept its options there as for any lobby match.
The finished match logs the offer (`rematch`), so every page watching it links to the new lobby, and asking
again gives the same rematch rather than another."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.contrib.auth.models import User

from rules.rulesets import get_ruleset

from .errors import MatchError
from .lobby import sides_of
from .models import Event, Match, Participant
from .pipeline import Command, Right, Step, is_player, match_create, run_command
from .selectors import rematch_of


@dataclass(frozen=True)
class Rematch(Command[dict[str, Any]]):
    right: ClassVar[Right] = Right(is_player, "rematch.not_player")

    def apply(self, step: Step) -> dict[str, Any]:
        match = step.match
        if match.status != Match.Status.FINISHED:
            raise MatchError("rematch.not_finished")
        offered = rematch_of(match)
        if offered is not None:
            return {"type": "rematch", "v": match.version, "match": offered}
        started = match.events.filter(kind=Event.Kind.STARTED).order_by("version").first()
        if started is None or "state" not in started.payload:
            raise MatchError("rematch.no_start")  # a match played before its start was logged (migration 0005)
        seats = match.participants.filter(role=Participant.Role.PLAYER).select_related("user")
        if {seat.side for seat in seats} != set(sides_of(match.ruleset)):
            # Its start could only begin once seats of the lobby's sides accept (a demo's or a campaign's match).
            raise MatchError("rematch.not_lobby_sides", sides=sorted(seat.side for seat in seats))
        rules = get_ruleset(match.ruleset)
        rematch = match_create(
            state=rules.state_from_json(started.payload["state"]), players={seat.side: seat.user for seat in seats},
            ruleset=match.ruleset, title=f"{match} · rematch"[:100], options=started.payload.get("options", {}),
            host=step.user,
        )
        step.log(Event.Kind.REMATCH, {"match": rematch.pk, "by": step.user.get_username()})
        return {"type": "rematch", "v": match.version, "match": rematch.pk}


def match_rematch(*, match_id: int, user: User) -> dict[str, Any]:
    return run_command(match_id=match_id, user=user, command=Rematch())
