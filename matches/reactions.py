"""Reaction windows on the server: a phase whose play stops to ask units of another side for a reaction.

When the last order of a phase comes in (or its deadline passes) the ruleset plays the phase; a ruleset with
reactions (rules.core.playback) may stop at a tick and ask named units for a reaction order or a pass. The
server then logs a `reaction_window` (the play so far, which everyone watches, and the window's deadline) and
keeps the phase open. Each answer is a command of its own (`React`), secret like an order until the phase
resolves; once every asked unit has answered, or the window's deadline has passed (the missing answers count
as passes), the phase is played again from its start on the same dice stream with every answer given so far:
to its end, or to the next window. Everything runs through the one pipeline (`pipeline.run_command`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from rules.core.errors import RuleError
from rules.core.playback import Answers, Reaction, ReactionWindow
from rules.rulesets import get_ruleset
from rules.core.reasons import Reason, reason_code

from . import services
from .errors import MatchError
from .models import Event, Match, ReactionAnswer
from .pipeline import Command, Right, Step, is_player, is_server, run_command
from .selectors import current_orders, open_window, window_from_json

def answers_given(match: Match, ruleset: Any, state: Any, attempt: int) -> Answers:
    """Every answer given so far in this resolution attempt of the current phase, by window key."""
    windows = {
        payload["window"]["key"]: window_from_json(payload["window"])
        for payload in match.events.filter(kind=Event.Kind.REACTION_WINDOW, payload__turn=match.turn,
                                           payload__phase=match.phase, payload__attempt=attempt)
        .values_list("payload", flat=True)
    }
    answers: dict[str, dict[str, Reaction]] = {}
    for answer in ReactionAnswer.objects.filter(match=match, turn=match.turn, phase=match.phase, attempt=attempt):
        window = windows[answer.window]
        answers.setdefault(answer.window, {})[answer.unit] = ruleset.decode_reaction(
            state, window, answer.unit, answer.order)
    return answers


def log_window(step: Step, window: ReactionWindow, attempt: int, timeline: dict[str, Any]) -> None:
    """Logs the window the play stopped at: the phase stays open, its state unchanged until it resolves."""
    match = step.match
    deadline = timezone.now() + timedelta(seconds=settings.ARBITRO_REACTION_SECONDS)
    step.log(Event.Kind.REACTION_WINDOW, {
        "turn": match.turn, "phase": match.phase, "attempt": attempt, "window": asdict(window) | {
            "units": list(window.units), "reason_code": reason_code(window.reason)}, "deadline": deadline.isoformat(), "timeline": timeline,
    })


def react(*, match_id: int, user: User, window: Any, unit: Any, order: Any) -> dict[str, Any]:
    """`unit`'s answer to the open window `window`: `order` as its ruleset reads a reaction, or null to pass."""
    if not isinstance(window, str) or not isinstance(unit, str):
        raise MatchError("message.malformed", why=Reason("message.reaction"))
    return run_command(match_id=match_id, user=user, command=React(window, unit, order))


@dataclass(frozen=True)
class React(Command[dict[str, Any]]):
    window: str
    unit: str
    order: Any
    right: ClassVar[Right] = Right(is_player, "order.spectator")

    def apply(self, step: Step) -> dict[str, Any]:
        match, viewer = step.match, step.viewer
        opened = open_window(match) if match.status == Match.Status.IN_PROGRESS else None
        if opened is None or opened.payload["window"]["key"] != self.window:
            raise MatchError("reaction.not_asked", why=Reason("reaction.no_window", window=self.window),
                             window=self.window)
        window = window_from_json(opened.payload["window"])
        ruleset = get_ruleset(match.ruleset)
        state = ruleset.state_from_json(match.state)
        # An unknown unit gets the same answer as another side's: nobody learns which ids exist.
        if self.unit not in window.units or state.unit(self.unit).side != viewer.side:
            if self.unit in {unit.id for unit in state.units} and state.unit(self.unit).side == viewer.side:
                _not_asked(ruleset, state, window, self.unit, self.order)
            raise MatchError("reaction.not_yours", unit=self.unit)
        attempt = opened.payload["attempt"]
        given = ReactionAnswer.objects.filter(match=match, turn=match.turn, phase=match.phase, attempt=attempt,
                                              window=window.key)
        if given.filter(unit=self.unit).exists():
            raise MatchError("reaction.already_given", unit=self.unit)
        try:
            ruleset.decode_reaction(state, window, self.unit, self.order)
        except RuleError as error:
            raise MatchError.from_rule_error(error) from error
        _answer(step, window, attempt, self.unit, viewer.side or "", self.order, step.user)
        if {self.unit, *given.values_list("unit", flat=True)} >= set(window.units):
            services.phase_resolve(step, state, current_orders(match))
        return {"type": "reaction_accepted", "v": match.version, "window": window.key, "unit": self.unit}


def _not_asked(ruleset: Any, state: Any, window: ReactionWindow, unit: str, order: Any) -> None:
    """A unit of the player's own side the window does not ask: refused with the rule its ruleset names (a
    skirmish troop without line of fire there, or whose reaction of the order has gone), else as not theirs."""
    try:
        ruleset.decode_reaction(state, window, unit, order)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error


def _answer(step: Step, window: ReactionWindow, attempt: int, unit: str, side: str, order: Any,
            user: User | None) -> None:
    match = step.match
    ReactionAnswer.objects.create(match=match, turn=match.turn, phase=match.phase, attempt=attempt,
                                  window=window.key, unit=unit, side=side, order=order, submitted_by=user)
    step.log(Event.Kind.REACTED, {
        "turn": match.turn, "phase": match.phase, "attempt": attempt, "window": window.key, "unit": unit,
        "side": side, "order": order, **({"expired": True} if user is None else {}),
    })


def reactions_expire(*, now: datetime) -> list[int]:
    """Passes for every unit whose window's deadline passed by `now`, and plays on; returns the match ids."""
    candidates = Match.objects.filter(status=Match.Status.IN_PROGRESS, events__kind=Event.Kind.REACTION_WINDOW)
    # Read without the lock first, as deadlines_expire does: only a window past its deadline is worth locking for.
    due = [match.pk for match in candidates.distinct() if _late_window(match, now) is not None]
    return [match_id for match_id in due if run_command(match_id=match_id, user=None, command=ReactionExpire(now))]


def _late_window(match: Match, now: datetime) -> Event | None:
    """The `reaction_window` event the match waits on if its deadline passed by `now`."""
    opened = open_window(match) if match.status == Match.Status.IN_PROGRESS else None
    return opened if opened is not None and now >= datetime.fromisoformat(opened.payload["deadline"]) else None


@dataclass(frozen=True)
class ReactionExpire(Command[bool]):
    """The server answers "pass" for the units a window still waits on once its deadline is past."""

    now: datetime
    right: ClassVar[Right] = Right(is_server, "deadline.server_only")

    def apply(self, step: Step) -> bool:
        match = step.match
        # Checked under the lock: the last answer may have come in meanwhile.
        opened = _late_window(match, self.now)
        if opened is None:
            return False
        window, attempt = window_from_json(opened.payload["window"]), opened.payload["attempt"]
        ruleset = get_ruleset(match.ruleset)
        state = ruleset.state_from_json(match.state)
        answered = set(ReactionAnswer.objects.filter(match=match, turn=match.turn, phase=match.phase,
                                                     attempt=attempt, window=window.key).values_list("unit", flat=True))
        for unit in window.units:
            if unit not in answered:
                _answer(step, window, attempt, unit, state.unit(unit).side, None, None)
        services.phase_resolve(step, state, current_orders(match))
        return True
