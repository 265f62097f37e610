"""The split line of sight: a unit's controller picks the side (or the referee, for a controller who is absent).

Solaris VII ('Si la LdV pasa exactamente entre dos hexágonos'): 'El objetivo seleccionará por cual de los dos
pasará la LdV'. Orders are secret and simultaneous, so the target cannot answer each attack as it comes: its
controller sets a standing choice for the unit, kept in the rules state (`GameState.split_los`), which every
attack on it uses until it is changed or cleared. The choice is public, like a choice announced at the table:
the attacker's to-hit number, shown before submitting, depends on it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules.io import codec
from rules.core.errors import RuleError
from rules.battletech.state import LOS_SIDES, choose_split_los

from .errors import MatchError
from .models import Event, Match, Participant
from .referee import SORTING_OUT, checked_reason
from .selectors import match_and_viewer
from .services import event_append, events_publish, state_for_delayed


def los_side_choose(
    *, match_id: int, user: AbstractBaseUser, unit: Any, side: Any, reason: Any = None
) -> dict[str, Any]:
    """Sets (or with `side` None clears) `unit`'s split-LOS side. Its side's player may, while the match is
    played; the referee may too, also while it is paused, with a logged reason."""
    if not isinstance(unit, str) or side not in (None, *LOS_SIDES):
        raise MatchError("message.malformed", "Name a `unit` and a `side`: \"left\", \"right\" or null (no choice).")
    with transaction.atomic():
        match, viewer = match_and_viewer(match_id=match_id, user=user, for_update=True)
        state = codec.state_from_json(match.state)
        details: dict[str, Any] = {}
        allowed: tuple[str, ...]
        if viewer.role == Participant.Role.REFEREE:
            chooser, allowed = "referee", SORTING_OUT
            details["reason"] = checked_reason(reason)
        elif viewer.role == Participant.Role.PLAYER and any(u.id == unit and u.side == viewer.side for u in state.units):
            chooser, allowed = "controller", (Match.Status.IN_PROGRESS,)
        else:
            # An unknown unit gets the same answer as another side's: nobody learns which ids exist.
            raise MatchError("los_side.not_yours", f"Only {unit!r}'s player (or the referee) picks its side.", status=403)
        if match.status not in allowed:
            raise MatchError("los_side.wrong_status", f"Not possible while the match is {match.status}.", status=409)
        try:
            state = choose_split_los(state, unit, side, chooser)
        except RuleError as error:
            raise MatchError.from_rule_error(error) from error
        match.state = codec.state_to_json(state)
        event = event_append(match, Event.Kind.LOS_SIDE, {
            "unit": unit, "side": side, "chooser": chooser, "by": user.get_username(), **details, **state_for_delayed(match),
        })
        match.save()
        events_publish(match, [event])
    return {"type": "los_side_set", "v": match.version, "unit": unit, "side": side, "chooser": chooser}
