"""What a result changes: a finished match's result fed back into pilots, stables and mechs, once, and given
back exactly when it is un-applied; and a round closed once its results are in.

Refusals are `MatchError`s raised before anything is written, like every campaign write. The report of what
changed is stored as message ids and parameters (`report.py`), so it reads in each viewer's language.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from matches.errors import MatchError
from matches.models import Match

from .economy import salvage_line, salvage_won
from .mekatac import learn_roll
from .models import (
    LETHAL_WOUNDS, SIDE_A, SIDES, Campaign, CampaignLog, Fixture, MatchResult, Mech, Pilot, Round, SideResult,
)
from .report import line
from .services import condition_after, match_result_record, round_locked


def _awards(campaign: Campaign, fixture: Fixture, side: SideResult, result: MatchResult, salvage: int
            ) -> dict[str, Any]:
    """The outcome of one side and the experience, fame and money it earns by the campaign's tables (the
    purse, and the winner's `salvage`); a side that did not show up earns nothing."""
    winner = result.winner_side
    outcome = "draw" if not winner else ("win" if winner == side.side else "loss")
    if result.decision == MatchResult.Decision.NO_SHOW and outcome == "loss":
        return {"outcome": outcome, "experience": 0, "fame": 0, "money": 0, "absent": True, "salvage": 0}
    purse = campaign.purse(fixture.arena.arena_class)
    return {
        "outcome": outcome,
        "experience": getattr(campaign, f"experience_{outcome}") + campaign.experience_per_kill * side.kills,
        "fame": (campaign.fame_win if outcome == "win" else 0) + campaign.fame_per_kill * side.kills,
        "money": (purse + salvage) if outcome == "win" else purse * campaign.loser_purse_percent // 100,
        "absent": False, "salvage": salvage,
    }


def _award_line(pilot: Pilot, fixture: Fixture, campaign: Campaign, side: SideResult, awards: dict[str, Any]
                ) -> dict[str, Any]:
    params = {"pilot": str(pilot), "stable": str(pilot.stable), "kills": side.kills, "vp": side.victory_points,
              "xp": awards["experience"], "fame": awards["fame"], "money": awards["money"] - awards["salvage"],
              "class": fixture.arena.arena_class, "purse": campaign.purse(fixture.arena.arena_class),
              "percent": campaign.loser_purse_percent}
    if awards["absent"]:
        return line(gettext_noop("%(pilot)s: did not show up; lost without a fight and earns nothing."), **params)
    if awards["outcome"] == "win":
        return line(gettext_noop(
            "%(pilot)s: win, %(kills)s kill(s), %(vp)s VP; +%(xp)s XP, +%(fame)s fame (campaign awards); "
            "%(stable)s +%(money)s C-bills (class %(class)s purse %(purse)s)."), **params)
    outcome = line(gettext_noop("draw") if awards["outcome"] == "draw" else gettext_noop("loss"))
    return line(gettext_noop(
        "%(pilot)s: %(outcome)s, %(kills)s kill(s), %(vp)s VP; +%(xp)s XP, +%(fame)s fame (campaign awards); "
        "%(stable)s +%(money)s C-bills (class %(class)s purse %(purse)s, %(percent)s%% when not won)."),
        outcome=outcome, **params)


def _feed_back(fixture: Fixture, campaign: Campaign, side: SideResult, result: MatchResult, salvage: int
               ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Applies one side's line to its pilot, stable and mech; returns the report of why each thing changed
    and the changes themselves (what un-applying gives back)."""
    pilots = Pilot.objects.select_for_update(of=("self", "stable")).select_related("stable")
    pilot = pilots.get(pk=fixture.pilot_of(side.side).pk)
    stable = pilot.stable
    mech_id = fixture.mech_a_id if side.side == SIDE_A else fixture.mech_b_id
    if mech_id is None:  # fixed when its match was created; a fixture from before mechs were fixed has none
        raise MatchError("mech.not_found", id=mech_id)
    mech = Mech.objects.select_for_update().get(pk=mech_id)
    awards = _awards(campaign, fixture, side, result, salvage)
    report = [_award_line(pilot, fixture, campaign, side, awards)]
    if awards["salvage"]:
        report.append(salvage_line(stable, awards["salvage"], campaign))
    changes: dict[str, Any] = {
        "pilot": pilot.pk, "mech": mech.pk, "experience": awards["experience"], "fame": awards["fame"],
        "money": awards["money"], "damage": side.damage_taken, "destroyed": side.mech_destroyed and not mech.destroyed,
        "condition_before": mech.condition, "condition_after": condition_after(mech, side),
        "status_before": pilot.status, "freed_mech": None, "skill": None,
    }
    pilot.experience += awards["experience"]
    pilot.fame += awards["fame"]
    stable.fame += awards["fame"]
    stable.money += awards["money"]

    mech.damage += side.damage_taken
    mech.destroyed = mech.destroyed or side.mech_destroyed
    mech.condition = changes["condition_after"]
    if side.damage_taken or side.mech_destroyed:
        text = (gettext_noop("%(mech)s: +%(damage)s damage carried until repaired, destroyed.") if mech.destroyed
                else gettext_noop("%(mech)s: +%(damage)s damage carried until repaired."))
        report.append(line(text, mech=mech.design, damage=side.damage_taken))

    wounds_before = pilot.wounds
    pilot.wounds = min(LETHAL_WOUNDS, pilot.wounds + side.wounds)
    changes["wounds"] = pilot.wounds - wounds_before
    if pilot.wounds >= LETHAL_WOUNDS:
        pilot.status = Pilot.Status.DEAD
        report.append(line(gettext_noop(
            "%(pilot)s: %(wounds)s wounds, killed (MEKATAC: «Cada piloto tiene 6 heridas»); the mech is free."),
            pilot=str(pilot), wounds=LETHAL_WOUNDS))
    elif side.wounds:
        pilot.status = Pilot.Status.INJURED
        report.append(line(gettext_noop("%(pilot)s: +%(added)s wound(s), now %(wounds)s; injured, rests until healed."),
                           pilot=str(pilot), added=side.wounds, wounds=pilot.wounds))

    report += _skill_roll(campaign, fixture, result, side.side, pilot, changes)
    pilot.save(update_fields=["experience", "fame", "wounds", "status", "mekatac_skills"])
    stable.save(update_fields=["fame", "money"])
    mech.save(update_fields=["damage", "destroyed", "condition"])
    if pilot.status == Pilot.Status.DEAD:
        changes["freed_mech"] = Mech.objects.filter(pilot=pilot).values_list("pk", flat=True).first()
        Mech.objects.filter(pilot=pilot).update(pilot=None)  # whichever mech they drive now
    return report, changes


def _skill_roll(campaign: Campaign, fixture: Fixture, result: MatchResult, side: str, pilot: Pilot,
                changes: dict[str, Any]) -> list[dict[str, Any]]:
    """MEKATAC's D12 after a battle (`mekatac.learn_roll`) for a pilot who fought it and lives (a forfeit or a
    no-show is no battle); the faces are recorded in `changes`, a new skill is the pilot's (given back by
    un-applying) and logged in the campaign log."""
    fought = result.decision in (MatchResult.Decision.PLAYED, MatchResult.Decision.DECLARED)
    if not (campaign.mekatac_skills and fought and pilot.status != Pilot.Status.DEAD) or fixture.match is None:
        return []  # (an applied fixture always has its match)
    skill, faces = learn_roll(fixture.match, side, pilot)
    changes["skill_rolls"] = list(faces)
    if skill is None:
        return [line(gettext_noop("%(pilot)s: knows every MEKATAC skill already; the D12 has nothing to give."),
                     pilot=str(pilot))]
    pilot.mekatac_skills = [*pilot.mekatac_skills, skill]
    changes["skill"] = skill
    learnt = line(gettext_noop("%(pilot)s: rolled %(faces)s on the MEKATAC D12 (a skill already held is rolled "
                               "again): learns %(skill)s («Tras una gran batalla…»)."),
                  pilot=str(pilot), faces=", ".join(map(str, faces)), skill=skill)
    CampaignLog.objects.create(campaign=campaign, round=fixture.round, fixture=fixture,
                               action=CampaignLog.Action.SKILL_LEARNT, reason="", lines=[learnt])
    return [learnt]


def fixture_locked(fixture_id: int) -> Fixture:
    try:
        return (
            Fixture.objects.select_for_update(of=("self",))
            .select_related("round__season__campaign", "arena", "match", "pilot_a", "pilot_b")
            .get(pk=fixture_id)
        )
    except Fixture.DoesNotExist:
        raise MatchError("fixture.not_found", id=fixture_id) from None


def fixture_apply_result(*, fixture_id: int) -> bool:
    """Feeds a finished match's result back into the campaign. True if applied now, False if it was already.

    Idempotent: the fixture row is locked and marked applied in the same transaction, so applying twice
    (even concurrently) changes nothing the second time.
    """
    with transaction.atomic():
        fixture = fixture_locked(fixture_id)
        if fixture.applied_at is not None:
            return False
        if fixture.voided_at is not None:
            raise MatchError("fixture.voided", fixture=str(fixture))
        match = fixture.match
        if match is None or match.status != Match.Status.FINISHED:
            raise MatchError("result.not_finished", fixture=str(fixture))
        # A referee's record (a declared result, a forfeit, a no-show or one entered in the admin) stands;
        # otherwise the match's own result is recorded now.
        result = MatchResult.objects.filter(match=match).first() or match_result_record(fixture, match)
        lines = {side.side: side for side in result.sides.all()}
        if set(lines) != set(SIDES):
            raise MatchError("result.incomplete", fixture=str(fixture))
        campaign = fixture.round.season.campaign
        fixture.report, fixture.changes = [], {}
        salvaged = salvage_won(fixture, campaign, lines, result.winner_side)
        for side in SIDES:
            report, changes = _feed_back(fixture, campaign, lines[side], result, salvaged.get(side, 0))
            fixture.report += report
            fixture.changes[side] = changes
        fixture.applied_at, fixture.result = timezone.now(), result
        fixture.save(update_fields=["report", "changes", "applied_at", "result"])
        return True


def _later_fight(fixture: Fixture) -> Fixture | None:
    """A fixture applied after this one that involves one of its pilots or mechs."""
    pilots, mechs = [fixture.pilot_a_id, fixture.pilot_b_id], [fixture.mech_a_id, fixture.mech_b_id]
    involved = (Q(pilot_a__in=pilots) | Q(pilot_b__in=pilots) | Q(mech_a__in=mechs) | Q(mech_b__in=mechs))
    assert fixture.applied_at is not None
    return Fixture.objects.filter(involved, applied_at__gt=fixture.applied_at).exclude(pk=fixture.pk).first()


def _give_back(changes: dict[str, Any]) -> list[dict[str, Any]]:
    """Reverses one side's changes; returns what was given back (and what could not be, and why)."""
    pilot = Pilot.objects.select_for_update(of=("self", "stable")).select_related("stable").get(pk=changes["pilot"])
    stable, mech = pilot.stable, Mech.objects.select_for_update().get(pk=changes["mech"])
    report = [line(gettext_noop("%(pilot)s: -%(xp)s XP, -%(fame)s fame; %(stable)s -%(money)s C-bills."),
                   pilot=str(pilot), xp=changes["experience"], fame=changes["fame"], stable=str(stable),
                   money=changes["money"])]
    pilot.experience -= changes["experience"]
    pilot.fame -= changes["fame"]
    stable.fame -= changes["fame"]
    stable.money -= changes["money"]
    if stable.money < 0:
        report.append(line(gettext_noop("%(stable)s now owes %(debt)s C-bills (the purse was spent)."),
                           stable=str(stable), debt=-stable.money))
    if changes["damage"] or changes["destroyed"]:
        repaired = mech.damage < changes["damage"]
        mech.damage = max(0, mech.damage - changes["damage"])
        mech.destroyed = mech.destroyed and not changes["destroyed"]
        text = (gettext_noop("%(mech)s: -%(damage)s damage (already repaired: the repair stays paid).") if repaired
                else gettext_noop("%(mech)s: -%(damage)s damage."))
        report.append(line(text, mech=mech.design, damage=changes["damage"]))
    if mech.condition == changes["condition_after"]:  # not repaired nor fought since
        mech.condition = changes["condition_before"]
    if changes["wounds"]:  # a death comes from wounds: given back, the pilot lives
        pilot.wounds = max(0, pilot.wounds - changes["wounds"])
        if pilot.status in (Pilot.Status.INJURED, Pilot.Status.DEAD):
            pilot.status = Pilot.Status.INJURED if pilot.wounds else Pilot.Status.ACTIVE
        report.append(line(gettext_noop("%(pilot)s: -%(wounds)s wound(s), now %(left)s."), pilot=str(pilot),
                           wounds=changes["wounds"], left=pilot.wounds))
    if changes["skill"]:
        pilot.mekatac_skills = [skill for skill in pilot.mekatac_skills if skill != changes["skill"]]
        report.append(line(gettext_noop("%(pilot)s: loses %(skill)s."), pilot=str(pilot), skill=changes["skill"]))
    pilot.save(update_fields=["experience", "fame", "wounds", "status", "mekatac_skills"])
    stable.save(update_fields=["fame", "money"])
    mech.save(update_fields=["damage", "destroyed", "condition"])
    freed = Mech.objects.filter(pk=changes["freed_mech"], pilot__isnull=True, stable=stable).first()
    if freed is not None and not Mech.objects.filter(pilot=pilot).exists():
        freed.pilot = pilot
        freed.save(update_fields=["pilot"])
        report.append(line(gettext_noop("%(pilot)s drives %(mech)s again."), pilot=str(pilot), mech=freed.design))
    return report


def result_unapply(fixture: Fixture) -> list[dict[str, Any]]:
    """Gives back everything an applied fixture changed, inside the caller's transaction (the fixture locked).

    Refused when a later applied fight of the same pilots or mechs built on it (un-apply that one first), or
    when a pilot has since spent the experience it gave."""
    later = _later_fight(fixture)
    if later is not None:
        raise MatchError("unapply.later_fight", later=str(later), round=str(later.round.number))
    for changes in fixture.changes.values():
        pilot = Pilot.objects.get(pk=changes["pilot"])
        if pilot.experience < changes["experience"]:
            raise MatchError("unapply.experience_spent", pilot=str(pilot), has=pilot.experience, xp=changes["experience"])
    report = [text for side in SIDES if side in fixture.changes for text in _give_back(fixture.changes[side])]
    fixture.applied_at, fixture.result, fixture.changes, fixture.report = None, None, {}, []
    fixture.save(update_fields=["applied_at", "result", "changes", "report"])
    return report


def round_apply_results(*, round_id: int) -> dict[str, int]:
    """Applies every finished fixture of a round; counts what was applied, already applied and still waiting
    (for its match to end, or for the referee to record the result of a match ended by hand)."""
    counts = {"applied": 0, "already": 0, "waiting": 0}
    fixtures = Fixture.objects.filter(round_id=round_id, voided_at__isnull=True).select_related("match__result")
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
    """Closes a round whose results are all applied (or a voided round), heals the pilots who sat it out and
    opens the next (or returns it, when a round robin scheduled it already).

    Healing (house rule, configurable: the rule texts are silent): each injured pilot who did not fight in
    the round heals `wounds_healed_per_round` wounds, and is active again with none left.
    """
    with transaction.atomic():
        round_ = round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status not in (Round.Status.LIVE, Round.Status.VOIDED):
            raise MatchError("round.not_live", round=str(round_))
        played = round_.fixtures.filter(voided_at__isnull=True)
        if played.filter(applied_at__isnull=True).exists():
            raise MatchError("round.results_pending", round=str(round_))
        following = round_.season.rounds.filter(number=round_.number + 1).first()
        if following is not None and round_.status == Round.Status.VOIDED:
            raise MatchError("round.next_exists", round=str(round_), next=round_.number + 1)
        fought = {pid for f in played for pid in (f.pilot_a_id, f.pilot_b_id)}
        resting = Pilot.objects.select_for_update().filter(stable__campaign=campaign, status=Pilot.Status.INJURED)
        for pilot in resting.exclude(pk__in=fought):
            pilot.wounds = max(0, pilot.wounds - campaign.wounds_healed_per_round)
            if pilot.wounds == 0:
                pilot.status = Pilot.Status.ACTIVE
            pilot.save(update_fields=["wounds", "status"])
        if round_.status == Round.Status.LIVE:
            round_.status = Round.Status.CLOSED
            round_.save(update_fields=["status"])
        return following or Round.objects.create(
            season=round_.season,
            number=round_.number + 1,
            deadline=round_.deadline + timedelta(weeks=1) if round_.deadline else None,
        )
