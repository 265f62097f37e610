"""What a result changes: a finished match's result fed back into pilots, stables and mechs, once; and a round
closed once its results are in.

Refusals are `MatchError`s raised before anything is written, like every campaign write.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from matches.errors import MatchError
from matches.models import Match
from rules.core.dice import Dice

from .models import LETHAL_WOUNDS, MEKATAC_SKILLS, SIDE_A, SIDE_B, Campaign, Fixture, MatchResult, Mech, Pilot, Round, SideResult
from .services import match_result_record, round_locked

SIDES = (SIDE_A, SIDE_B)


def _feed_back(fixture: Fixture, campaign: Campaign, side: SideResult, winner_side: str) -> list[str]:
    """Applies one side's line to its pilot, stable and mech; returns why each thing changed."""
    pilots = Pilot.objects.select_for_update(of=("self", "stable")).select_related("stable")
    pilot = pilots.get(pk=fixture.pilot_of(side.side).pk)
    stable = pilot.stable
    mech = Mech.objects.select_for_update().get(pk=fixture.mech_of(side.side).pk)
    outcome = "draw" if not winner_side else ("win" if winner_side == side.side else "loss")
    purse = campaign.purse(fixture.arena.arena_class)
    lines = []

    experience = getattr(campaign, f"experience_{outcome}") + campaign.experience_per_kill * side.kills
    fame = (campaign.fame_win if outcome == "win" else 0) + campaign.fame_per_kill * side.kills
    money = purse if outcome == "win" else purse * campaign.loser_purse_percent // 100
    pilot.experience += experience
    pilot.fame += fame
    stable.fame += fame
    stable.money += money
    lines.append(
        f"{pilot}: {outcome}, {side.kills} kill(s), {side.victory_points} VP; +{experience} XP, +{fame} fame "
        f"(campaign awards); {stable} +{money} C-bills (class {fixture.arena.arena_class} purse {purse}"
        + ("" if outcome == "win" else f", {campaign.loser_purse_percent}% when not won") + ")."
    )

    mech.damage += side.damage_taken
    mech.destroyed = mech.destroyed or side.mech_destroyed
    if side.condition is not None:
        mech.condition = side.condition
    if side.damage_taken or side.mech_destroyed:
        lines.append(f"{mech.design}: +{side.damage_taken} damage carried until repaired"
                     + (", destroyed." if mech.destroyed else "."))

    pilot.wounds = min(LETHAL_WOUNDS, pilot.wounds + side.wounds)
    if pilot.wounds >= LETHAL_WOUNDS:
        pilot.status = Pilot.Status.DEAD
        lines.append(
            f"{pilot}: {LETHAL_WOUNDS} wounds, killed (MEKATAC: «Cada piloto tiene 6 heridas»); the mech is free."
        )
    elif side.wounds:
        pilot.status = Pilot.Status.INJURED
        lines.append(f"{pilot}: +{side.wounds} wound(s), now {pilot.wounds}; injured, rests until healed.")

    if campaign.mekatac_skills and outcome == "win" and pilot.status != Pilot.Status.DEAD:
        dice = Dice(f"{campaign.seed}:fixture:{fixture.pk}:{side.side}")
        skill = MEKATAC_SKILLS[dice.roll(1, 12, "MEKATAC pilot skill after a battle (D12)").total - 1]
        if skill in pilot.mekatac_skills:
            lines.append(f"{pilot}: rolled {skill} on the MEKATAC D12, already known: nothing gained.")
        else:
            pilot.mekatac_skills = [*pilot.mekatac_skills, skill]
            lines.append(f"{pilot}: rolled {skill} on the MEKATAC D12 («Tras una gran batalla…»).")

    pilot.save(update_fields=["experience", "fame", "wounds", "status", "mekatac_skills"])
    stable.save(update_fields=["fame", "money"])
    mech.save(update_fields=["damage", "destroyed", "condition"])
    if pilot.status == Pilot.Status.DEAD:
        Mech.objects.filter(pilot=pilot).update(pilot=None)  # whichever mech they drive now
    return lines


def fixture_apply_result(*, fixture_id: int) -> bool:
    """Feeds a finished match's result back into the campaign. True if applied now, False if it was already.

    Idempotent: the fixture row is locked and marked applied in the same transaction, so applying twice
    (even concurrently) changes nothing the second time.
    """
    with transaction.atomic():
        try:
            fixture = (
                Fixture.objects.select_for_update(of=("self",))
                .select_related("round__season__campaign", "arena", "match", "pilot_a", "pilot_b")
                .get(pk=fixture_id)
            )
        except Fixture.DoesNotExist:
            raise MatchError("fixture.not_found", f"There is no fixture {fixture_id}.", status=404) from None
        if fixture.applied_at is not None:
            return False
        match = fixture.match
        if match is None or match.status != Match.Status.FINISHED:
            raise MatchError("result.not_finished", f"{fixture}: results apply only to a finished match.", status=409)
        # A referee's record (entered in the admin, for a match ended by hand) stands; otherwise the
        # match's own result is recorded now.
        result = MatchResult.objects.filter(match=match).first() or match_result_record(fixture, match)
        lines = {line.side: line for line in result.sides.all()}
        if set(lines) != set(SIDES):
            raise MatchError("result.incomplete", f"{fixture}: the result needs a line for each side.", status=409)
        campaign = fixture.round.season.campaign
        fixture.report = [
            text for side in SIDES for text in _feed_back(fixture, campaign, lines[side], result.winner_side)
        ]
        fixture.applied_at = timezone.now()
        fixture.save(update_fields=["report", "applied_at"])
        return True


def round_apply_results(*, round_id: int) -> dict[str, int]:
    """Applies every finished fixture of a round; counts what was applied, already applied and still waiting
    (for its match to end, or for the referee to record the result of a match ended by hand)."""
    counts = {"applied": 0, "already": 0, "waiting": 0}
    fixtures = Fixture.objects.filter(round_id=round_id).select_related("match__result")
    for fixture in fixtures:
        match = fixture.match
        if fixture.applied_at is not None:
            counts["already"] += 1
        elif (match is None or match.status != Match.Status.FINISHED
              or not (hasattr(match, "result") or match.state.get("result"))):
            counts["waiting"] += 1
        else:
            counts["applied" if fixture_apply_result(fixture_id=fixture.pk) else "already"] += 1
    return counts


def round_advance(*, round_id: int) -> Round:
    """Closes a round whose results are all applied, heals the pilots who sat it out and opens the next.

    Healing (house rule, configurable: the rule texts are silent): each injured pilot who did not fight in
    the round heals `wounds_healed_per_round` wounds, and is active again with none left.
    """
    with transaction.atomic():
        round_ = round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status != Round.Status.LIVE:
            raise MatchError("round.not_live", f"{round_} has no matches under way to close.", status=409)
        if round_.fixtures.filter(applied_at__isnull=True).exists():
            raise MatchError("round.results_pending", f"{round_} still has results to apply.", status=409)
        fought = {pid for f in round_.fixtures.all() for pid in (f.pilot_a_id, f.pilot_b_id)}
        resting = Pilot.objects.select_for_update().filter(stable__campaign=campaign, status=Pilot.Status.INJURED)
        for pilot in resting.exclude(pk__in=fought):
            pilot.wounds = max(0, pilot.wounds - campaign.wounds_healed_per_round)
            if pilot.wounds == 0:
                pilot.status = Pilot.Status.ACTIVE
            pilot.save(update_fields=["wounds", "status"])
        round_.status = Round.Status.CLOSED
        round_.save(update_fields=["status"])
        return Round.objects.create(
            season=round_.season,
            number=round_.number + 1,
            deadline=round_.deadline + timedelta(weeks=1) if round_.deadline else None,
        )
