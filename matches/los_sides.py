"""A unit's standing choice, set by its controller (or the referee, for a controller who is absent): a choice its
ruleset offers (`ruleset.choices`), made through the one pipeline. The `los_side` message and event make the split
line of sight's, the one a game offers today; a game without it refuses with choice.not_offered.

Solaris VII ('Si la LdV pasa exactamente entre dos hexágonos'): 'El objetivo seleccionará por cual de los dos
pasará la LdV'. Orders are secret and simultaneous, so the target cannot answer each attack as it comes: its
controller sets a standing choice for the unit, kept in the rules state, which every attack on it uses until
it is changed or cleared. The choice is public, like a choice announced at the table: the attacker's to-hit
number, shown before submitting, depends on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.contrib.auth.models import User

from rules.rulesets import get_ruleset
from rules.core.errors import RuleError
from rules.core.reasons import Reason

from .errors import MatchError
from .models import Event, Match, Participant
from .pipeline import Command, Right, Step, is_player, is_referee, run_command
from .referee import SORTING_OUT, checked_reason
from .replay import SPLIT_LOS

# An unknown unit gets the same answer as another side's: nobody learns which ids exist.
NOT_YOURS = "los_side.not_yours"


def los_side_choose(
    *, match_id: int, user: User, unit: Any, side: Any, reason: Any = None
) -> dict[str, Any]:
    """Sets (or with `side` None clears) `unit`'s split-LOS side. Its side's player may, while the match is
    played; the referee may too, also while it is paused, with a logged reason."""
    if not isinstance(unit, str) or not isinstance(side, str | None):
        raise MatchError("message.malformed", why=Reason("message.los_side"))
    return run_command(match_id=match_id, user=user, command=LosSideChoice(unit, side, reason))


@dataclass(frozen=True)
class LosSideChoice(Command[dict[str, Any]]):
    unit: str
    side: str | None
    reason: Any
    right: ClassVar[Right] = Right(lambda match, viewer: is_player(match, viewer) or is_referee(match, viewer),
                                   NOT_YOURS)

    def apply(self, step: Step) -> dict[str, Any]:
        match, viewer = step.match, step.viewer
        ruleset = get_ruleset(match.ruleset)
        if SPLIT_LOS not in ruleset.choices:
            raise MatchError("choice.not_offered", choice=SPLIT_LOS)
        if self.side not in (None, *ruleset.choices[SPLIT_LOS]["values"]):
            raise MatchError("message.malformed", why=Reason("message.los_side"))
        state = ruleset.state_from_json(match.state)
        details: dict[str, Any] = {}
        allowed: tuple[str, ...]
        if viewer.role == Participant.Role.REFEREE:
            chooser, allowed = "referee", SORTING_OUT
            details["reason"] = checked_reason(self.reason)
        elif any(u.id == self.unit and u.side == viewer.side for u in state.units):
            chooser, allowed = "controller", (Match.Status.IN_PROGRESS,)
        else:
            raise MatchError(NOT_YOURS)
        if match.status not in allowed:
            raise MatchError("los_side.wrong_status", match_status=match.status)
        try:
            state = ruleset.choose(state, SPLIT_LOS, self.unit, self.side, chooser)
        except RuleError as error:
            raise MatchError.from_rule_error(error) from error
        match.state = ruleset.state_to_json(state)
        step.log(Event.Kind.LOS_SIDE, {
            "unit": self.unit, "side": self.side, "chooser": chooser, "by": step.user.get_username(), **details,
            "state": match.state,
        })
        return {"type": "los_side_set", "v": match.version, "unit": self.unit, "side": self.side, "chooser": chooser}
