"""Who fights whom: a round's pairings by standing or Swiss, a season's round robin, and the byes.

Refusals are `MatchError`s raised before anything is written, like every campaign write.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from datetime import timedelta
from itertools import combinations

from django.db import transaction
from django.db.models import Q

from matches.errors import MatchError

from .models import Arena, Bye, Campaign, Fixture, Pilot, Round, Season
from .selectors import campaign_standings
from .services import pilot_unfit, round_locked

Pair = tuple[Pilot, Pilot]


def _previous_round(round_: Round) -> Round | None:
    """The round just before this one in the campaign, across seasons (a voided round does not count)."""
    earlier = Q(season__number__lt=round_.season.number) | Q(season=round_.season, number__lt=round_.number)
    return (
        Round.objects.filter(earlier, season__campaign=round_.season.campaign_id)
        .exclude(status=Round.Status.VOIDED)
        .order_by("-season__number", "-number")
        .first()
    )


def _pairs(pilots: Sequence[Pilot], allowed: Callable[[Pilot, Pilot], bool]) -> list[Pair] | None:
    """Pairs everyone, the best placed first with the best placed partner allowed; None if impossible."""
    if not pilots:
        return []
    first, rest = pilots[0], list(pilots[1:])
    for index, other in enumerate(rest):
        if allowed(first, other):
            tail = _pairs(rest[:index] + rest[index + 1:], allowed)
            if tail is not None:
                return [(first, other), *tail]
    return None


def _fewest_sitting_out(ranked: Sequence[Pilot], allowed: Callable[[Pilot, Pilot], bool],
                        out_first: Sequence[Pilot]) -> list[Pair]:
    """The pairing that leaves the fewest pilots out, trying first as the ones left out those `out_first`
    lists first (the lowest placed, or in a Swiss round those who had the fewest byes)."""
    for sitting_out in range(len(ranked) % 2, len(ranked) - 1, 2):
        for out in combinations(out_first, sitting_out):
            pairs = _pairs([pilot for pilot in ranked if pilot not in out], allowed)
            if pairs is not None:
                return pairs
    return []


def _met(round_: Round, campaign: Campaign) -> set[frozenset[int]]:
    """The pairs a new pairing must not repeat: in a Swiss campaign every pair met in it, otherwise the
    pairs of the previous round (voided fixtures never count)."""
    if campaign.pairing == Campaign.Pairing.SWISS:
        fought = Fixture.objects.filter(round__season__campaign=campaign, voided_at__isnull=True)
    else:
        previous = _previous_round(round_)
        fought = previous.fixtures.filter(voided_at__isnull=True) if previous else Fixture.objects.none()
    return {frozenset(pair) for pair in fought.values_list("pilot_a_id", "pilot_b_id")}


def _arena_for(arenas: Sequence[Arena], start: int, one: Pilot, other: Pilot) -> Arena | None:
    """The first arena, in turn from `start`, both pilots' mechs may fight in (any, unless the campaign
    matches weights to arena classes)."""
    turn = [*arenas[start % len(arenas):], *arenas[:start % len(arenas)]]
    return next((arena for arena in turn if arena.weight_problem(one.mech) is None
                 and arena.weight_problem(other.mech) is None), None)


def _allowed(campaign: Campaign, met: set[frozenset[int]], arenas: Sequence[Arena]
             ) -> Callable[[Pilot, Pilot], bool]:
    """Whether two pilots may meet: never one account on both sides (it holds one seat), never stablemates
    when the campaign keeps them apart, never a pair in `met`, only where an arena takes both mechs."""
    def allowed(one: Pilot, other: Pilot) -> bool:
        if campaign.stablemates_apart and one.stable_id == other.stable_id:
            return False
        if _arena_for(arenas, 0, one, other) is None:
            return False
        return one.player_id != other.player_id and frozenset((one.pk, other.pk)) not in met

    return allowed


def _fixtures_and_byes(round_: Round, arenas: Sequence[Arena], pairs: Sequence[Pair],
                       sitting_out: Sequence[Pilot]) -> list[Fixture]:
    for pilot in sitting_out:
        Bye.objects.create(round=round_, pilot=pilot)
    fixtures = []
    for index, (one, other) in enumerate(pairs):
        arena = _arena_for(arenas, index + round_.number - 1, one, other)
        assert arena is not None  # `_allowed` paired only pilots an arena takes
        fixtures.append(Fixture.objects.create(round=round_, arena=arena, pilot_a=one, pilot_b=other))
    return fixtures


def _arenas(campaign: Campaign) -> list[Arena]:
    arenas = list(campaign.arenas.all())
    if not arenas:
        raise MatchError("round.no_arena", campaign=str(campaign))
    return arenas


def _fit_pilots(campaign: Campaign) -> list[Pilot]:
    """The campaign's pilots fit to fight, best placed first."""
    by_id = {
        pilot.pk: pilot
        for pilot in Pilot.objects.filter(stable__campaign=campaign).select_related("mech")
        if pilot_unfit(pilot) is None
    }
    return [by_id[row["pilot_id"]] for row in campaign_standings(campaign_id=campaign.pk) if row["pilot_id"] in by_id]


def round_generate_pairings(*, round_id: int) -> list[Fixture]:
    """Pairs the fit pilots by standing, each pilot at most once, no pair met before (`_met`, `_allowed`).

    With an odd number, or when no complete pairing exists, the fewest possible pilots sit out, each with a
    bye recorded: the lowest placed first, or in a Swiss campaign those who had the fewest byes (then the
    lowest placed).
    """
    with transaction.atomic():
        round_ = round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status != Round.Status.PLANNED or round_.fixtures.exists():
            raise MatchError("round.already_paired", round=str(round_))
        arenas = _arenas(campaign)
        ranked = _fit_pilots(campaign)
        out_first = list(reversed(ranked))
        if campaign.pairing == Campaign.Pairing.SWISS:
            had = Bye.objects.filter(round__season__campaign=campaign).exclude(round__status=Round.Status.VOIDED)
            byes = Counter(had.values_list("pilot_id", flat=True))
            out_first.sort(key=lambda pilot: byes[pilot.pk])  # stable: the lowest placed first among equals
        pairs = _fewest_sitting_out(ranked, _allowed(campaign, _met(round_, campaign), arenas), out_first)
        if not pairs:
            raise MatchError("round.no_pairing", round=str(round_))
        paired = {pilot for pair in pairs for pilot in pair}
        return _fixtures_and_byes(round_, arenas, pairs, [pilot for pilot in ranked if pilot not in paired])


def _circle(pilots: Sequence[Pilot | None]) -> list[list[tuple[Pilot | None, Pilot | None]]]:
    """The circle method: every pilot meets every other once, one round after another; the first stays
    put and the others turn around it. `None` is the bye of an odd number."""
    order = list(pilots)
    rounds = []
    for _ in range(len(order) - 1):
        half = len(order) // 2
        rounds.append([(order[index], order[-1 - index]) for index in range(half)])
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def season_round_robin(*, season_id: int) -> list[Round]:
    """A season's whole schedule: its campaign's fit pilots meet each other once, a round each time, after
    the season's last round (or from it, while it is still empty). An odd number gives each pilot a bye once; a pair the campaign keeps apart
    (stablemates, one account on both sides) becomes a bye for both. Deadlines follow a week apart."""
    with transaction.atomic():
        try:
            season = Season.objects.select_for_update().select_related("campaign").get(pk=season_id)
        except Season.DoesNotExist:
            raise MatchError("season.not_found", id=season_id) from None
        campaign = season.campaign
        arenas = _arenas(campaign)
        fit = sorted(_fit_pilots(campaign), key=lambda pilot: (pilot.name, pilot.pk))
        if len(fit) < 2:
            raise MatchError("round.no_pairing", round=str(season))
        pilots: list[Pilot | None] = [*fit, None] if len(fit) % 2 else [*fit]
        last = season.rounds.order_by("-number").first()
        # A last round still empty (as advancing leaves the next one) is the schedule's first.
        reuse = last if last is not None and last.status == Round.Status.PLANNED and not last.fixtures.exists() \
            else None
        start = reuse.number - 1 if reuse else (last.number if last else 0)
        allowed = _allowed(campaign, set(), arenas)
        created = []
        for index, meetings in enumerate(_circle(pilots), start=1):
            if index == 1 and reuse is not None:
                round_ = reuse
            else:
                deadline = last.deadline + timedelta(weeks=index - (1 if reuse else 0)) if last and last.deadline \
                    else None
                round_ = Round.objects.create(season=season, number=start + index, deadline=deadline)
            pairs = [(one, other) for one, other in meetings if one and other and allowed(one, other)]
            out = [pilot for meeting in meetings for pilot in meeting
                   if pilot is not None and not any(pilot in pair for pair in pairs)]
            _fixtures_and_byes(round_, arenas, pairs, out)
            created.append(round_)
        return created
