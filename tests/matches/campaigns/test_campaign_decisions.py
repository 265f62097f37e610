"""Undo and void, and the referee's results (issue 17): un-apply gives back exactly what a result changed, a
voided fixture or round no longer counts, a declared result, a forfeit or a no-show ends the live match at
once, and the round deadline flags what is overdue and forfeits or extends it. Each decision is logged."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from matches.campaigns import decisions, pairings, results, selectors, services, upkeep
from matches.campaigns.models import CampaignLog, Fixture, MatchResult, Mech, Pilot, Round, Stable
from matches.errors import MatchError
from matches.models import Event, Match
from matches.referee import referee_pause
from matches.selectors import header_for
from matches.services import order_submit
from tests.matches.campaigns.conftest import League, finish

pytestmark = pytest.mark.django_db


def live_round(league: League) -> list[Fixture]:
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    return list(league.round.fixtures.order_by("id").select_related("match", "pilot_a", "pilot_b"))


def snapshot() -> list[Any]:
    """Everything a result changes, and the standings counted from the applied results."""
    return [
        list(Pilot.objects.order_by("pk").values_list("experience", "fame", "wounds", "status", "mekatac_skills")),
        list(Stable.objects.order_by("pk").values_list("money", "fame")),
        list(Mech.objects.order_by("pk").values_list("damage", "destroyed", "condition", "pilot_id")),
        selectors.campaign_standings(campaign_id=Stable.objects.first().campaign_id),  # type: ignore[union-attr]
    ]


def test_unapplying_gives_back_everything_and_reapplying_gives_it_again(league: League) -> None:
    league.campaign.mekatac_skills = True
    league.campaign.save()
    first, _ = live_round(league)
    before = snapshot()
    finish(first, "a", a={"kills": 1, "damage_taken": 12, "victory_points": 3}, b={"wounds": 2, "damage_taken": 30})
    results.fixture_apply_result(fixture_id=first.pk)
    applied = snapshot()
    assert applied != before

    lines = decisions.fixture_unapply(fixture_id=first.pk, reason="Wrong winner typed in", by=league.pilots["Gray"].player)

    assert snapshot() == before
    assert any("-3 XP" in text for text in lines)
    first.refresh_from_db()
    assert (first.applied_at, first.result, first.report) == (None, None, [])
    entry = CampaignLog.objects.get(action="unapplied")
    assert (entry.action, entry.reason, entry.fixture, entry.by) == (
        "unapplied", "Wrong winner typed in", first, league.pilots["Gray"].player)
    assert results.fixture_apply_result(fixture_id=first.pk)
    assert snapshot() == applied


def test_a_death_is_given_back_with_the_mech(league: League) -> None:
    first, _ = live_round(league)
    finish(first, "a", b={"wounds": 6})
    results.fixture_apply_result(fixture_id=first.pk)
    assert Pilot.objects.get(pk=first.pilot_b_id).status == Pilot.Status.DEAD

    decisions.fixture_unapply(fixture_id=first.pk, reason="The referee misread the wounds")

    kell = Pilot.objects.get(pk=first.pilot_b_id)
    assert (kell.status, kell.wounds) == (Pilot.Status.ACTIVE, 0)
    assert Mech.objects.get(pk=first.mech_b_id).pilot_id == kell.pk


def test_unapplying_waits_for_a_later_fight_and_for_unspent_experience(league: League) -> None:
    first, second = live_round(league)
    for fixture in (first, second):
        finish(fixture, "a")
    results.round_apply_results(round_id=league.round.pk)
    round2 = results.round_advance(round_id=league.round.pk)
    pairings.round_generate_pairings(round_id=round2.pk)
    services.round_create_matches(round_id=round2.pk)
    for fixture in round2.fixtures.all():
        finish(fixture, "b")
    results.round_apply_results(round_id=round2.pk)
    before = snapshot()

    with pytest.raises(MatchError) as later:
        decisions.fixture_unapply(fixture_id=first.pk, reason="Recount")

    assert later.value.code == "unapply.later_fight" and snapshot() == before
    for fixture in round2.fixtures.all():
        decisions.fixture_unapply(fixture_id=fixture.pk, reason="Recount")
    Pilot.objects.filter(pk=first.pilot_a_id).update(experience=1)  # spent on a skill since
    with pytest.raises(MatchError) as spent:
        decisions.fixture_unapply(fixture_id=first.pk, reason="Recount")
    assert spent.value.code == "unapply.experience_spent"
    assert Fixture.objects.get(pk=first.pk).applied_at is not None


def test_a_voided_live_fixture_ends_its_match_and_counts_for_nothing(league: League) -> None:
    first, second = live_round(league)
    before = snapshot()

    decisions.fixture_void(fixture_id=first.pk, reason="Played on the wrong board")

    first.refresh_from_db()
    assert first.voided_at is not None and first.match is not None
    assert first.match.status == Match.Status.FINISHED
    assert first.match.events.filter(kind=Event.Kind.FINISHED).exists()  # the players' pages learn it
    assert snapshot() == before
    finish(second, "a")
    assert results.round_apply_results(round_id=league.round.pk) == {"applied": 1, "already": 0, "waiting": 0}
    results.round_advance(round_id=league.round.pk)  # a voided fixture does not hold the round
    played = {row["pilot"]: row["played"] for row in selectors.campaign_standings(campaign_id=league.campaign.pk)}
    assert played == {"Gray": 0, "Kell": 0, "Stone": 1, "Vance": 1}
    with pytest.raises(MatchError) as again:
        decisions.fixture_void(fixture_id=first.pk, reason="again")
    assert again.value.code == "fixture.voided"


def test_voiding_an_applied_fixture_gives_its_result_back(league: League) -> None:
    first, _ = live_round(league)
    before = snapshot()
    finish(first, "b", a={"damage_taken": 5})
    results.fixture_apply_result(fixture_id=first.pk)

    lines = decisions.fixture_void(fixture_id=first.pk, reason="Kell's player was someone else")

    assert snapshot() == before and lines
    with pytest.raises(MatchError) as refused:
        results.fixture_apply_result(fixture_id=first.pk)
    assert refused.value.code == "fixture.voided"


def test_a_voided_round_counts_for_nothing_not_even_as_a_rematch(league: League) -> None:
    first, second = live_round(league)
    finish(first, "a")
    results.fixture_apply_result(fixture_id=first.pk)
    before_round = [Pilot.objects.get(pk=first.pilot_a_id).experience]

    decisions.round_void(round_id=league.round.pk, reason="The server was down all week")

    league.round.refresh_from_db()
    assert league.round.status == Round.Status.VOIDED
    assert Fixture.objects.filter(voided_at__isnull=True).count() == 0
    assert Pilot.objects.get(pk=first.pilot_a_id).experience == before_round[0] - 3 + 1  # 3 given back
    assert CampaignLog.objects.get(action="round_voided").round == league.round
    round2 = results.round_advance(round_id=league.round.pk)
    pairings.round_generate_pairings(round_id=round2.pk)
    # The same pairs as the voided round: it is no previous round to avoid a rematch of.
    assert [(f.pilot_a.name, f.pilot_b.name) for f in round2.fixtures.order_by("id")] == [
        ("Gray", "Kell"), ("Stone", "Vance")]


def decide(fixture: Fixture, decision: str, winner: str, **kwargs: Any) -> MatchResult:
    return decisions.fixture_decide(fixture_id=fixture.pk, decision=decision, winner_side=winner,
                                    reason=f"{decision} by the referee", **kwargs)


def test_a_declared_result_ends_the_match_at_once_and_is_applied(league: League) -> None:
    first, _ = live_round(league)
    assert first.match is not None
    gray = league.pilots["Gray"]

    result = decide(first, "declared", "a", sides={"a": {"kills": 1, "victory_points": 4}, "b": {"wounds": 1}})

    match = Match.objects.get(pk=first.match.pk)
    assert match.status == Match.Status.FINISHED and match.state["result"]["winner"] == "a"
    assert match.events.filter(kind=Event.Kind.FINISHED).count() == 1
    header = header_for(match=match, user=gray.player)  # what the player's page shows
    assert (header["status"], header["result"]["winner"]) == ("finished", "a")
    assert result.decision == "declared" and Fixture.objects.get(pk=first.pk).applied_at is not None
    gray.refresh_from_db()
    assert gray.experience == 3 and Pilot.objects.get(pk=first.pilot_b_id).wounds == 1
    assert CampaignLog.objects.get(fixture=first).action == "declared"


def test_a_forfeit_is_a_loss_and_a_no_show_earns_nothing(league: League) -> None:
    first, second = live_round(league)

    decide(first, "forfeit", "a")
    decide(second, "no_show", "b")

    kell, stone, vance = (Pilot.objects.get(name=name) for name in ("Kell", "Stone", "Vance"))
    assert (kell.experience, stone.experience, vance.experience) == (1, 0, 2)  # loss 1; absent 0; win 2
    davion = Stable.objects.get(pk=league.davion.pk)
    assert davion.money == 100_000  # Vance's purse; absent Stone brings none
    assert selectors.pilot_records(pilot_ids=[stone.pk])[stone.pk]["losses"] == 1


def test_a_paused_match_can_be_decided(league: League) -> None:
    first, _ = live_round(league)
    assert first.match is not None
    referee_pause(match_id=first.match.pk, user=league.pilots["Gray"].player.__class__.objects.create_superuser(
        "ref", password="ref-pw"), reason="Kell's connection dropped")

    decide(first, "no_show", "a")

    assert Match.objects.get(pk=first.match.pk).status == Match.Status.FINISHED


@pytest.mark.parametrize(
    ("decision", "winner", "reason", "code"),
    [
        ("surrender", "a", "r", "decision.unknown"),
        ("forfeit", "", "r", "decision.winner"),
        ("declared", "c", "r", "decision.winner"),
        ("forfeit", "a", "  ", "decision.reason"),
        ("forfeit", "a", "x" * 501, "decision.reason"),
    ],
)
def test_a_bad_decision_is_refused_and_changes_nothing(
    league: League, decision: str, winner: str, reason: str, code: str
) -> None:
    first, _ = live_round(league)
    before = snapshot()

    with pytest.raises(MatchError) as refused:
        decisions.fixture_decide(fixture_id=first.pk, decision=decision, winner_side=winner, reason=reason)

    assert refused.value.code == code and snapshot() == before
    assert Match.objects.get(pk=first.match_id).status == Match.Status.IN_PROGRESS


def test_only_a_live_match_is_decided(league: League) -> None:
    first, second = live_round(league)
    finish(first, "a")
    decisions.fixture_void(fixture_id=second.pk, reason="void")

    for fixture, code in ((first, "fixture.no_live_match"), (second, "fixture.decided")):
        with pytest.raises(MatchError) as refused:
            decide(fixture, "forfeit", "a")
        assert refused.value.code == code


def test_past_the_deadline_the_side_awaited_forfeits_and_the_rest_waits(league: League) -> None:
    first, second = live_round(league)
    assert first.match is not None
    Round.objects.filter(pk=league.round.pk).update(deadline=timezone.now() - timedelta(hours=1))
    # Gray (side a) ordered his move; Kell did not. Neither side of the second fixture did.
    order_submit(match_id=first.match.pk, user=league.pilots["Gray"].player,
                 order_json={"unit": "A", "mode": "walk", "steps": []})
    league.round.refresh_from_db()
    assert [f.pk for f in selectors.fixtures_overdue(round_=league.round)] == [first.pk, second.pk]
    assert [row["standing"] for row in selectors.round_schedule(round_=league.round)] == ["overdue", "overdue"]

    counts = decisions.round_forfeit_overdue(round_id=league.round.pk, reason="Deadline passed")

    assert counts == {"forfeited": 1, "undecided": 1}
    result = MatchResult.objects.get(match=first.match)
    assert (result.decision, result.winner_side) == ("forfeit", "a")
    assert [f.pk for f in selectors.fixtures_overdue(round_=league.round)] == [second.pk]


def test_extending_the_deadline_lifts_the_flag_and_is_logged(league: League) -> None:
    live_round(league)
    Round.objects.filter(pk=league.round.pk).update(deadline=timezone.now() - timedelta(hours=1))

    extended = decisions.round_extend(round_id=league.round.pk, days=3, reason="A holiday week")

    assert extended.deadline is not None and extended.deadline > timezone.now() + timedelta(days=2)
    assert selectors.fixtures_overdue(round_=extended) == []
    assert CampaignLog.objects.get().action == "extended"
    with pytest.raises(MatchError) as refused:
        decisions.round_extend(round_id=league.round.pk, days=0, reason="none")
    assert refused.value.code == "round.extension"


def test_a_repair_waits_for_a_live_fight_but_not_for_a_voided_one(league: League) -> None:
    first, _ = live_round(league)
    Mech.objects.filter(pk=first.mech_a_id).update(damage=3)
    with pytest.raises(MatchError):
        upkeep.mech_repair(mech_id=first.mech_a_id)  # type: ignore[arg-type]

    decisions.fixture_void(fixture_id=first.pk, reason="void")

    assert upkeep.mech_repair(mech_id=first.mech_a_id) == 3000  # type: ignore[arg-type]
