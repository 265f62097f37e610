"""The referee's powers: pause and resume, annul the last resolved phase, set a unit's state. Each is logged
with the referee's name and reason, so `verify_match` replays the match through them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from django.contrib.auth.models import User

from rules.core.errors import RuleError
from rules.rulesets import get_ruleset

from . import services
from .errors import MatchError
from .models import Event, Match, Order
from .pipeline import Command, Right, Step, is_referee, run_command
from .replay import replay_log

MAX_REASON_CHARS = 500
# Annulments and overrides are allowed while paused too: that is when a referee sorts things out.
SORTING_OUT = (Match.Status.IN_PROGRESS, Match.Status.PAUSED)


def referee_pause(*, match_id: int, user: User, reason: Any) -> dict[str, Any]:
    """No orders are taken and no deadline runs until the referee resumes."""
    return _act(match_id, user, reason, Event.Kind.PAUSED, (Match.Status.IN_PROGRESS,), Match.Status.PAUSED)


def referee_resume(*, match_id: int, user: User, reason: Any) -> dict[str, Any]:
    """The phase's deadline starts again from now."""
    return _act(match_id, user, reason, Event.Kind.RESUMED, (Match.Status.PAUSED,), Match.Status.IN_PROGRESS)


def referee_annul(*, match_id: int, user: User, reason: Any) -> dict[str, Any]:
    """Puts the match back to before its last resolved phase (keeping the split-LOS sides chosen since);
    that phase's orders are void and it is played again (with fresh dice: see `phase_dice_seed`)."""

    def annul(match: Match) -> dict[str, Any]:
        replay = replay_log(match)
        if not replay.before or replay.problems:
            raise MatchError("referee.nothing_to_annul")
        state, index = replay.before[-1]
        last = replay.phases[index]
        # The void phase's orders, and any already given for the phase after it, may be given again.
        Order.objects.filter(match=match, turn=match.turn, phase=match.phase).delete()
        Order.objects.filter(match=match, turn=last["turn"], phase=last["phase"]).delete()
        ruleset = get_ruleset(match.ruleset)
        match.state = ruleset.state_to_json(ruleset.annulled(state, ruleset.state_from_json(match.state)))
        match.turn, match.phase = state.turn, state.phase
        match.annulments += 1
        return {"turn": last["turn"], "phase": last["phase"], "annulled_v": last["v"], "state": match.state}

    return _act(match_id, user, reason, Event.Kind.ANNULLED, SORTING_OUT, None, annul)


def referee_override(*, match_id: int, user: User, unit: Any, changes: Any, reason: Any) -> dict[str, Any]:
    """Sets a unit's position, facing, prone or stuck flag (a misplaced counter, a ruling made at the table)."""

    def override(match: Match) -> dict[str, Any]:
        ruleset = get_ruleset(match.ruleset)
        try:
            state = ruleset.overridden(ruleset.state_from_json(match.state), unit, changes)
        except RuleError as error:
            raise MatchError.from_rule_error(error) from error
        match.state = ruleset.state_to_json(state)
        return {"unit": unit, "changes": changes, "state": match.state}

    return _act(match_id, user, reason, Event.Kind.OVERRIDDEN, SORTING_OUT, None, override)


def checked_reason(reason: Any) -> str:
    """A referee's reason, stripped: every referee action is logged with one."""
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON_CHARS:
        raise MatchError("referee.reason", limit=MAX_REASON_CHARS)
    return reason.strip()


@dataclass(frozen=True)
class RefereeAct(Command[dict[str, Any]]):
    """The status check, `change` on the locked match and the logged event, with the referee's reason."""

    reason: str
    kind: str
    allowed: tuple[str, ...]
    status_to: str | None
    change: Callable[[Match], dict[str, Any]] | None = None
    right: ClassVar[Right] = Right(is_referee, "referee.only")

    def apply(self, step: Step) -> dict[str, Any]:
        match = step.match
        if match.status not in self.allowed:
            raise MatchError("referee.wrong_status", match_status=match.status)
        details = self.change(match) if self.change is not None else {}
        if self.status_to is not None:
            match.status = self.status_to
        step.log(self.kind, {"by": step.user.get_username(), "reason": self.reason, **details})
        # Annulled back to (or resumed in) a phase that awaits no orders, MEKATAC's card phase: played at once.
        services.phase_unattended(step)
        return {"type": self.kind, "v": match.version, "status": match.status}


def _act(
    match_id: int, user: User, reason: Any, kind: str, allowed: tuple[str, ...], status_to: str | None,
    change: Callable[[Match], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    command = RefereeAct(checked_reason(reason), kind, allowed, status_to, change)
    return run_command(match_id=match_id, user=user, command=command)
