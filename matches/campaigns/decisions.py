"""The organiser's and referee's decisions, each with a logged reason: un-apply a result, void a fixture or a
round, declare a result, a forfeit or a no-show (ending the live match), and the round deadline (forfeit
the overdue fixtures or extend it).

Refusals are `MatchError`s raised before anything is written, like every campaign write. A live match is
ended in one place, `_end_match`, through the match's referee end (`services.match_finish`), so every
player and spectator sees the result at once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from matches.errors import MatchError
from matches.models import Match

from . import selectors
from .models import SIDE_A, SIDE_B, SIDES, CampaignLog, Fixture, MatchResult, Round
from .report import line, said
from .results import fixture_apply_result, fixture_locked, result_unapply
from .services import match_finish, round_locked

REASON_MAX = 500
MAX_EXTENSION_DAYS = 60
LIVE = (Match.Status.IN_PROGRESS, Match.Status.PAUSED)
DECIDED = (MatchResult.Decision.DECLARED, MatchResult.Decision.FORFEIT, MatchResult.Decision.NO_SHOW)
OTHER_SIDE = {SIDE_A: SIDE_B, SIDE_B: SIDE_A}


def reason_checked(reason: Any) -> str:
    if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_MAX:
        raise MatchError("decision.reason", max=REASON_MAX)
    return reason.strip()


def _log(action: str, reason: str, by: User | AnonymousUser | None, round_: Round, fixture: Fixture | None = None,
         lines: list[dict[str, Any]] | None = None) -> CampaignLog:
    return CampaignLog.objects.create(
        campaign=round_.season.campaign, round=round_, fixture=fixture, action=action, reason=reason,
        by=by if isinstance(by, User) else None, lines=lines or [],
    )


def _end_match(match: Match, winner_side: str, sides: dict[str, dict[str, Any]]) -> MatchResult:
    """The one place a campaign decision ends a live match: the match's referee end, which logs and
    broadcasts the `finished` event with the result."""
    return match_finish(match_id=match.pk, winner_side=winner_side, sides=sides)


def fixture_unapply(*, fixture_id: int, reason: Any, by: User | AnonymousUser | None = None) -> list[str]:
    """Gives back everything an applied result changed (experience, fame, money, wounds, damage; the
    record and standings follow, being counted from applied results); the result stays, to re-apply."""
    reason = reason_checked(reason)
    with transaction.atomic():
        fixture = fixture_locked(fixture_id)
        if fixture.applied_at is None:
            raise MatchError("unapply.not_applied", fixture=str(fixture))
        lines = result_unapply(fixture)
        _log(CampaignLog.Action.UNAPPLIED, reason, by, fixture.round, fixture, lines)
        return [said(entry) for entry in lines]


def _void(fixture: Fixture) -> list[dict[str, Any]]:
    """Voids a fixture inside the caller's transaction: its result given back, its live match ended."""
    lines = result_unapply(fixture) if fixture.applied_at is not None else []
    if fixture.match is not None and fixture.match.status in LIVE:
        _end_match(fixture.match, "", {side: {} for side in SIDES})
        lines.append(line(gettext_noop("Match %(match)s ended without a winner."), match=fixture.match_id))
    fixture.voided_at = timezone.now()
    fixture.save(update_fields=["voided_at"])
    return lines


def fixture_void(*, fixture_id: int, reason: Any, by: User | AnonymousUser | None = None) -> list[str]:
    """The fixture no longer counts: whatever it changed is given back and its match, if live, ends."""
    reason = reason_checked(reason)
    with transaction.atomic():
        fixture = fixture_locked(fixture_id)
        if fixture.voided_at is not None:
            raise MatchError("fixture.voided", fixture=str(fixture))
        lines = _void(fixture)
        _log(CampaignLog.Action.VOIDED, reason, by, fixture.round, fixture, lines)
        return [said(entry) for entry in lines]


def round_void(*, round_id: int, reason: Any, by: User | AnonymousUser | None = None) -> list[str]:
    """Voids every fixture of the round, then the round: it no longer counts, not even for rematches."""
    reason = reason_checked(reason)
    with transaction.atomic():
        round_ = round_locked(round_id)
        if round_.status == Round.Status.VOIDED:
            raise MatchError("round.voided", round=str(round_))
        lines = []
        # Latest applied first: un-applying an earlier fight of the same pilots waits for the later one.
        for fixture in round_.fixtures.filter(voided_at__isnull=True).order_by("-applied_at", "-id"):
            lines += _void(fixture_locked(fixture.pk))
        round_.status = Round.Status.VOIDED
        round_.save(update_fields=["status"])
        _log(CampaignLog.Action.ROUND_VOIDED, reason, by, round_, None, lines)
        return [said(entry) for entry in lines]


def fixture_decide(*, fixture_id: int, decision: str, winner_side: str, reason: Any,
                   sides: dict[str, dict[str, Any]] | None = None, by: User | AnonymousUser | None = None
                   ) -> MatchResult:
    """The referee's result of a fixture whose match is live: declared (a winner or a draw, and each side's
    line), a forfeit (the side that is not `winner_side` concedes) or a no-show (it never came: it earns
    nothing). The match ends at once with this result, and the result is applied."""
    reason = reason_checked(reason)
    if decision not in DECIDED:
        raise MatchError("decision.unknown", decisions=", ".join(DECIDED))
    if winner_side not in (*SIDES, "") or (decision != MatchResult.Decision.DECLARED and not winner_side):
        raise MatchError("decision.winner")
    with transaction.atomic():
        fixture = fixture_locked(fixture_id)
        if fixture.voided_at is not None or fixture.applied_at is not None:
            raise MatchError("fixture.decided", fixture=str(fixture))
        if fixture.match is None or fixture.match.status not in LIVE:
            raise MatchError("fixture.no_live_match", fixture=str(fixture))
        lines = sides if decision == MatchResult.Decision.DECLARED and sides is not None else {}
        result = _end_match(fixture.match, winner_side, {side: lines.get(side, {}) for side in SIDES})
        result.decision = decision
        result.save(update_fields=["decision"])
        fixture_apply_result(fixture_id=fixture.pk)
        fixture.refresh_from_db()
        _log(decision, reason, by, fixture.round, fixture, fixture.report)
        return result


def round_forfeit_overdue(*, round_id: int, reason: Any, by: User | AnonymousUser | None = None,
                          now: datetime | None = None) -> dict[str, int]:
    """Past the round's deadline, each unplayed fixture whose match waits on one side's orders is forfeited
    by that side; a fixture waiting on both sides (or neither) is left for the referee to decide."""
    reason = reason_checked(reason)
    round_ = selectors.round_get(round_id=round_id)
    counts = {"forfeited": 0, "undecided": 0}
    for fixture in selectors.fixtures_overdue(round_=round_, now=now):
        awaited = selectors.sides_awaited(fixture.match) if fixture.match and fixture.match.status in LIVE else set()
        if len(awaited) != 1:
            counts["undecided"] += 1
            continue
        fixture_decide(fixture_id=fixture.pk, decision=MatchResult.Decision.FORFEIT,
                       winner_side=OTHER_SIDE[awaited.pop()], reason=reason, by=by)
        counts["forfeited"] += 1
    return counts


def round_extend(*, round_id: int, days: Any, reason: Any, by: User | AnonymousUser | None = None) -> Round:
    """Moves the round's deadline `days` later (from now when it had none, or had passed)."""
    reason = reason_checked(reason)
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= MAX_EXTENSION_DAYS:
        raise MatchError("round.extension", max=MAX_EXTENSION_DAYS)
    with transaction.atomic():
        round_ = round_locked(round_id)
        if round_.status in (Round.Status.CLOSED, Round.Status.VOIDED):
            raise MatchError("round.closed", round=str(round_))
        start = max(round_.deadline or timezone.now(), timezone.now())
        before = round_.deadline
        round_.deadline = start + timedelta(days=days)
        round_.save(update_fields=["deadline"])
        _log(CampaignLog.Action.EXTENDED, reason, by, round_, None, [line(
            gettext_noop("Deadline %(before)s → %(after)s."),
            before=before.isoformat(timespec="minutes") if before else "—",
            after=round_.deadline.isoformat(timespec="minutes"))])
        return round_
