"""Who fights whom: a round's pairings by standing.

Refusals are `MatchError`s raised before anything is written, like every campaign write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from matches.errors import MatchError

from .models import Fixture, Pilot, Round
from .selectors import campaign_standings
from .services import pilot_unfit, round_locked


def _previous_round(round_: Round) -> Round | None:
    """The round just before this one in the campaign, across seasons (a voided round does not count)."""
    earlier = Q(season__number__lt=round_.season.number) | Q(season=round_.season, number__lt=round_.number)
    return (
        Round.objects.filter(earlier, season__campaign=round_.season.campaign_id)
        .exclude(status=Round.Status.VOIDED)
        .order_by("-season__number", "-number")
        .first()
    )


def _pairs(pilots: Sequence[Pilot], allowed: Callable[[Pilot, Pilot], bool]) -> list[tuple[Pilot, Pilot]] | None:
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


def _fewest_sitting_out(
    ranked: Sequence[Pilot], allowed: Callable[[Pilot, Pilot], bool]
) -> list[tuple[Pilot, Pilot]]:
    """The pairing that leaves the fewest pilots out, trying the lowest placed first as the ones left out."""
    for sitting_out in range(len(ranked) % 2, len(ranked) - 1, 2):
        for out in combinations(reversed(ranked), sitting_out):
            pairs = _pairs([pilot for pilot in ranked if pilot not in out], allowed)
            if pairs is not None:
                return pairs
    return []


def round_generate_pairings(*, round_id: int) -> list[Fixture]:
    """Pairs the fit pilots by standing: no rematch of the previous round, each pilot at most once.

    Pilots whose player is the same account are never paired (one account holds one seat), nor two pilots
    of one stable when the campaign keeps stablemates apart (its default). With an odd
    number, or when no complete pairing exists, the fewest possible pilots sit out, the lowest placed first.
    """
    with transaction.atomic():
        round_ = round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status != Round.Status.PLANNED or round_.fixtures.exists():
            raise MatchError("round.already_paired", gettext("%(round)s already has its pairings.")
                             % {"round": round_}, status=409)
        arenas = list(campaign.arenas.all())
        if not arenas:
            raise MatchError("round.no_arena", gettext("%(campaign)s has no arena to fight in.")
                             % {"campaign": campaign})
        by_id = {
            pilot.pk: pilot
            for pilot in Pilot.objects.filter(stable__campaign=campaign).select_related("mech")
            if pilot_unfit(pilot) is None
        }
        standings = campaign_standings(campaign_id=campaign.pk)
        ranked = [by_id[row["pilot_id"]] for row in standings if row["pilot_id"] in by_id]
        previous = _previous_round(round_)
        rematches = (
            {frozenset((f.pilot_a_id, f.pilot_b_id)) for f in previous.fixtures.filter(voided_at__isnull=True)}
            if previous else set()
        )

        def allowed(one: Pilot, other: Pilot) -> bool:
            if campaign.stablemates_apart and one.stable_id == other.stable_id:
                return False
            return one.player_id != other.player_id and frozenset((one.pk, other.pk)) not in rematches

        pairs = _fewest_sitting_out(ranked, allowed)
        if not pairs:
            raise MatchError("round.no_pairing", gettext("No two fit pilots can be paired in %(round)s.")
                             % {"round": round_}, status=409)
        return [
            Fixture.objects.create(
                round=round_, arena=arenas[(index + round_.number - 1) % len(arenas)], pilot_a=one, pilot_b=other
            )
            for index, (one, other) in enumerate(pairs)
        ]
