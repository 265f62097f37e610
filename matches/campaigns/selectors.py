"""Campaign reads: standings, pilot records and histories, a round's schedule.

Records are counted from the applied results only, so standings always agree with what was applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from matches.errors import MatchError
from matches.models import Match
from matches.selectors import current_orders
from rules.rulesets import get_ruleset

from .models import SIDE_A, SIDE_B, SIDES, Campaign, Fixture, Pilot, Round, SideResult

RECORD_KEYS = ("played", "wins", "draws", "losses", "kills", "victory_points")
OUTCOME_KEY = {"win": "wins", "draw": "draws", "loss": "losses"}
OUTCOME_WORD = {"win": gettext_lazy("win"), "draw": gettext_lazy("draw"), "loss": gettext_lazy("loss")}


def outcome_word(outcome: str) -> str:
    """"win", "draw" or "loss" in the active language."""
    return str(OUTCOME_WORD[outcome])


def campaign_get(*, campaign_id: int) -> Campaign:
    try:
        return Campaign.objects.get(pk=campaign_id)
    except Campaign.DoesNotExist:
        raise MatchError("campaign.not_found", id=campaign_id) from None


def round_get(*, round_id: int, for_update: bool = False) -> Round:
    """The round and its campaign; `for_update` locks the round's row (inside a transaction)."""
    rounds = Round.objects.select_related("season__campaign")
    try:
        return (rounds.select_for_update(of=("self",)) if for_update else rounds).get(pk=round_id)
    except Round.DoesNotExist:
        raise MatchError("round.not_found", id=round_id) from None


def _applied_lines(fixtures: Any) -> Iterator[tuple[Fixture, str, SideResult, str]]:
    """(fixture, side, that side's result line, "win"/"draw"/"loss") for every side of applied fixtures."""
    applied = (
        fixtures.filter(applied_at__isnull=False, result__isnull=False)
        .select_related("round__season", "arena", "result", "pilot_a", "pilot_b")
        .prefetch_related("result__sides")
        .order_by("round__season__number", "round__number", "id")
    )
    for fixture in applied:
        result = fixture.result
        for line in result.sides.all():
            winner = result.winner_side
            yield fixture, line.side, line, "draw" if not winner else ("win" if winner == line.side else "loss")


def _add(record: dict[str, int], line: SideResult, outcome: str) -> None:
    record["played"] += 1
    record[OUTCOME_KEY[outcome]] += 1
    record["kills"] += line.kills
    record["victory_points"] += line.victory_points


def pilot_records(*, pilot_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """Each pilot's record (fights, wins, draws, losses, kills, victory points), in one pass over the results."""
    records = {pilot_id: dict.fromkeys(RECORD_KEYS, 0) for pilot_id in pilot_ids}
    fixtures = Fixture.objects.filter(Q(pilot_a_id__in=records) | Q(pilot_b_id__in=records))
    for fixture, side, line, outcome in _applied_lines(fixtures):
        record = records.get(fixture.pilot_of(side).pk)
        if record is not None:  # the opponent, when not asked for
            _add(record, line, outcome)
    return records


def _opponents(campaign_id: int) -> dict[int, list[int]]:
    """The opponents each pilot of the campaign met in applied fights (one entry per fight)."""
    met: dict[int, list[int]] = {}
    applied = Fixture.objects.filter(round__season__campaign_id=campaign_id, applied_at__isnull=False)
    for one, other in applied.values_list("pilot_a_id", "pilot_b_id"):
        met.setdefault(one, []).append(other)
        met.setdefault(other, []).append(one)
    return met


def campaign_standings(*, campaign_id: int) -> list[dict[str, Any]]:
    """Every pilot of the campaign, best first: victory points, then wins, then kills, then the tie-break
    Swiss tournaments use (Buchholz): the victory points of the opponents met, `opponents_vp`."""
    pilots = list(Pilot.objects.filter(stable__campaign_id=campaign_id).select_related("stable"))
    records = pilot_records(pilot_ids=[pilot.pk for pilot in pilots])
    met = _opponents(campaign_id)
    rows = [
        {
            "pilot_id": pilot.pk, "pilot": pilot.name, "callsign": pilot.callsign, "stable": pilot.stable.name,
            "stable_id": pilot.stable_id, "status": pilot.status, **records[pilot.pk],
            "opponents_vp": sum(records[other]["victory_points"] for other in met.get(pilot.pk, [])
                                if other in records),
        }
        for pilot in pilots
    ]
    return sorted(rows, key=lambda r: (-r["victory_points"], -r["wins"], -r["kills"], -r["opponents_vp"], r["pilot"],
                                       r["pilot_id"]))


def stable_standings(*, campaign_id: int) -> list[dict[str, Any]]:
    """The stables, best first by their pilots' victory points, then fame."""
    campaign = campaign_get(campaign_id=campaign_id)
    rows = {
        stable.name: {
            "stable": stable.name, "stable_id": stable.pk, "faction": stable.faction, "fame": stable.fame,
            **dict.fromkeys(RECORD_KEYS, 0),
        }
        for stable in campaign.stables.all()
    }
    for pilot_row in campaign_standings(campaign_id=campaign_id):
        for key in RECORD_KEYS:
            rows[pilot_row["stable"]][key] += pilot_row[key]
    return sorted(rows.values(), key=lambda r: (-r["victory_points"], -r["fame"], r["stable"]))


def pilot_history(*, pilot: Pilot) -> list[dict[str, Any]]:
    """The pilot's applied fights in order, each with what the application reported."""
    fixtures = Fixture.objects.filter(Q(pilot_a=pilot) | Q(pilot_b=pilot))
    history = []
    for fixture, side, line, outcome in _applied_lines(fixtures):
        if fixture.pilot_of(side).pk != pilot.pk:
            continue
        opponent = fixture.pilot_of(SIDE_B if side == SIDE_A else SIDE_A)
        history.append({
            "fixture": fixture, "season": fixture.round.season.number, "round": fixture.round.number,
            "arena": fixture.arena.name, "opponent": opponent, "outcome": outcome, "line": line,
            "outcome_word": outcome_word(outcome), "match_id": fixture.match_id, "report": fixture.report,
            "decision": fixture.result.get_decision_display() if fixture.result and fixture.result.decision else "",
        })
    return history


def round_schedule(*, round_: Round) -> list[dict[str, Any]]:
    """The round's fixtures with their match (live or finished), where each stands (`fixture_standing`)
    and, once the match has a result, the winner."""
    schedule = []
    for fixture in round_.fixtures.select_related("round", "arena", "pilot_a", "pilot_b", "match__result"):
        match = fixture.match
        result = getattr(match, "result", None) if match else None
        winner = fixture.pilot_of(result.winner_side) if result and result.winner_side in SIDES else None
        schedule.append({
            "fixture": fixture, "arena": fixture.arena, "pilot_a": fixture.pilot_a, "pilot_b": fixture.pilot_b,
            "match": match, "applied": fixture.applied_at is not None, "standing": fixture_standing(fixture),
            "decision": result.get_decision_display() if result and result.decision else "", "winner": winner,
            "outcome": None if result is None else (str(winner) if winner else "draw"),
        })
    return schedule


def round_sheet(*, round_: Round) -> list[dict[str, Any]]:
    """The round's pairing sheet: each fixture not voided with its arena and, per side, the stable, the pilot,
    the mech (the one fielded once the match exists, else the one the pilot drives now) and the player."""
    fixtures = round_.fixtures.filter(voided_at__isnull=True).select_related(
        "arena", "mech_a", "mech_b", "pilot_a__stable", "pilot_b__stable", "pilot_a__player", "pilot_b__player",
        "pilot_a__mech", "pilot_b__mech")
    rows = []
    for fixture in fixtures:
        sides = []
        for side in SIDES:
            pilot = fixture.pilot_of(side)
            mech = fixture.mech_of(side) if fixture.match_id else getattr(pilot, "mech", None)
            sides.append({"side": side, "stable": pilot.stable.name, "pilot": pilot, "mech": mech,
                          "player": pilot.player.get_username() if pilot.player else ""})
        rows.append({"fixture": fixture, "arena": fixture.arena, "sides": sides})
    return rows


def round_byes(*, round_: Round) -> list[Pilot]:
    return [bye.pilot for bye in round_.byes.select_related("pilot__stable")]


def fixture_standing(fixture: Fixture, now: datetime | None = None) -> str:
    """Where a fixture stands: voided, applied, planned (no match yet), to_apply (its match is over),
    overdue (still unplayed past its round's deadline) or live."""
    if fixture.voided_at is not None:
        return "voided"
    if fixture.applied_at is not None:
        return "applied"
    if fixture.match is None:
        standing = "planned"
    elif fixture.match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
        return "to_apply"
    else:
        standing = "live"
    deadline = fixture.round.deadline
    return "overdue" if deadline is not None and deadline <= (now or timezone.now()) else standing


def fixtures_overdue(*, round_: Round, now: datetime | None = None) -> list[Fixture]:
    """The round's fixtures still unplayed past its deadline: not voided and their match not over."""
    if round_.deadline is None:
        return []
    fixtures = round_.fixtures.select_related("round", "match", "pilot_a", "pilot_b")
    return [fixture for fixture in fixtures if fixture_standing(fixture, now) == "overdue"]


def sides_awaited(match: Match) -> set[str]:
    """The sides whose orders the match's current phase still waits for."""
    ruleset = get_ruleset(match.ruleset)
    state = ruleset.state_from_json(match.state)
    ordered = {order.unit for order in current_orders(match)}
    return {state.unit(unit).side for unit in ruleset.awaits(state) if unit not in ordered}


def campaign_index() -> list[dict[str, Any]]:
    """Every campaign with its stables and pilots counted and its current round (the latest not voided)."""
    campaigns = Campaign.objects.annotate(
        stable_count=Count("stables", distinct=True), pilot_count=Count("stables__pilots", distinct=True),
    ).order_by("-status", "name")
    rounds = Round.objects.exclude(status=Round.Status.VOIDED).select_related("season").order_by(
        "season__campaign", "-season__number", "-number")
    current: dict[int, Round] = {}
    for round_ in rounds:
        current.setdefault(round_.season.campaign_id, round_)
    return [{"campaign": campaign, "stables": campaign.stable_count, "pilots": campaign.pilot_count,
             "round": current.get(campaign.pk)} for campaign in campaigns]


def match_fixture(*, match_id: int) -> Fixture | None:
    """The fixture a match plays, with its pilots, their stables and its round, or None."""
    return (Fixture.objects.filter(match_id=match_id)
            .select_related("pilot_a__stable", "pilot_b__stable", "round__season__campaign").first())
