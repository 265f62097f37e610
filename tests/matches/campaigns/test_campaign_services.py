"""Campaign services one by one: pairings, idempotent results, healing, deaths, repairs, skills."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection

from matches.campaigns import pairings, results, services, upkeep
from matches.campaigns.mekatac import SKILL_OF_KEY
from matches.campaigns.report import said
from matches.campaigns.models import Fixture, MatchResult, Mech, Pilot, Round, Stable
from matches.errors import MatchError
from matches.models import Match
from rules.core.dice import Dice
from rules.rulesets.mekatac.skills import learn
from tests.matches.campaigns.conftest import League, finish
from tests.matches.races import race_behind_row_lock

pytestmark = pytest.mark.django_db


def live_round(league: League) -> list[Fixture]:
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    return list(league.round.fixtures.order_by("id").select_related("match", "pilot_a", "pilot_b"))


def campaign_snapshot(league: League) -> list[Any]:
    """Everything applying a result may change."""
    return [
        list(Pilot.objects.order_by("pk").values_list("experience", "fame", "wounds", "status", "mekatac_skills")),
        list(Stable.objects.order_by("pk").values_list("money", "fame")),
        list(Mech.objects.order_by("pk").values_list("damage", "destroyed", "pilot_id")),
        list(Fixture.objects.order_by("pk").values_list("applied_at", "report")),
    ]


def play_round_as_draws(round_: Round) -> Round:
    """Pairs, plays (as draws), applies and closes a round; returns the next one."""
    pairings.round_generate_pairings(round_id=round_.pk)
    services.round_create_matches(round_id=round_.pk)
    for fixture in round_.fixtures.all():
        finish(fixture, "")
    results.round_apply_results(round_id=round_.pk)
    return results.round_advance(round_id=round_.pk)


def test_applying_a_result_twice_changes_nothing_the_second_time(league: League) -> None:
    first, _ = live_round(league)
    finish(first, "a", a={"kills": 1, "victory_points": 3}, b={"wounds": 1, "damage_taken": 12})

    assert results.fixture_apply_result(fixture_id=first.pk) is True
    after_once = campaign_snapshot(league)
    assert results.fixture_apply_result(fixture_id=first.pk) is False
    assert results.round_apply_results(round_id=league.round.pk) == {"applied": 0, "already": 1, "waiting": 1}

    assert campaign_snapshot(league) == after_once
    first.refresh_from_db()
    assert any("+12 damage" in said(line) for line in first.report)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs on it)")
def test_two_racing_applications_apply_once(league: League) -> None:
    """Both arrive while the fixture row is locked; they queue, and only the first one applies."""
    first, _ = live_round(league)
    finish(first, "a")

    def apply() -> Any:
        return results.fixture_apply_result(fixture_id=first.pk)

    outcomes = race_behind_row_lock(Fixture, first.pk, [apply, apply])

    assert sorted(outcomes, key=str) == [False, True]
    assert Pilot.objects.get(pk=first.pilot_a_id).experience == league.campaign.experience_win


def test_a_result_applies_only_to_a_finished_match(league: League) -> None:
    first, _ = live_round(league)
    before = campaign_snapshot(league)

    with pytest.raises(MatchError) as refused:
        results.fixture_apply_result(fixture_id=first.pk)

    assert refused.value.code == "result.not_finished"
    assert campaign_snapshot(league) == before


def test_a_match_ended_without_a_result_waits_for_one(league: League) -> None:
    first, second = live_round(league)
    finish(first, "a")
    Match.objects.filter(pk=second.match_id).update(status=Match.Status.FINISHED)  # ended by hand, no result yet

    assert results.round_apply_results(round_id=league.round.pk) == {"applied": 1, "already": 0, "waiting": 1}
    with pytest.raises(MatchError) as refused:
        results.fixture_apply_result(fixture_id=second.pk)
    assert refused.value.code == "result.missing"


def test_a_round_with_results_pending_cannot_advance(league: League) -> None:
    first, _ = live_round(league)
    finish(first, "a")
    results.round_apply_results(round_id=league.round.pk)

    with pytest.raises(MatchError) as refused:
        results.round_advance(round_id=league.round.pk)

    assert refused.value.code == "round.results_pending"
    assert not Round.objects.filter(number=2).exists()


def test_pairings_avoid_a_rematch_of_the_previous_round(league: League) -> None:
    round2 = play_round_as_draws(league.round)

    pairings.round_generate_pairings(round_id=round2.pk)

    # Equal standings keep the name order, which would pair Gray with Kell again.
    assert [(f.pilot_a.name, f.pilot_b.name) for f in round2.fixtures.order_by("id")] == [
        ("Gray", "Stone"), ("Kell", "Vance"),
    ]


def test_pairings_never_seat_one_account_twice_and_are_made_once(league: League) -> None:
    shared = User.objects.create_user("manager")
    Pilot.objects.filter(name__in=["Gray", "Kell"]).update(player=shared)

    pairings.round_generate_pairings(round_id=league.round.pk)

    pairs = {(f.pilot_a.name, f.pilot_b.name) for f in league.round.fixtures.all()}
    assert pairs == {("Gray", "Stone"), ("Kell", "Vance")}
    with pytest.raises(MatchError) as refused:
        pairings.round_generate_pairings(round_id=league.round.pk)
    assert refused.value.code == "round.already_paired"
    assert league.round.fixtures.count() == 2


def test_with_an_odd_number_the_lowest_placed_sits_out(league: League) -> None:
    Pilot.objects.filter(name="Vance").update(status=Pilot.Status.RETIRED)

    fixtures = pairings.round_generate_pairings(round_id=league.round.pk)

    assert [(f.pilot_a.name, f.pilot_b.name) for f in fixtures] == [("Gray", "Kell")]


def test_no_pairing_without_an_arena(league: League) -> None:
    league.arena.delete()

    with pytest.raises(MatchError) as refused:
        pairings.round_generate_pairings(round_id=league.round.pk)

    assert refused.value.code == "round.no_arena"
    assert not Fixture.objects.exists()


def test_matches_carry_the_mech_and_the_pilot_skills(league: League) -> None:
    Pilot.objects.filter(name="Gray").update(gunnery=3, piloting=4)

    first, _ = live_round(league)

    assert first.match is not None
    unit_a = next(u for u in first.match.state["units"] if u["id"] == "A")
    assert (unit_a["name"], unit_a["side"], unit_a["gunnery"], unit_a["piloting"], unit_a["hex"]) == (
        "Hunchback HBK-4G", "a", 3, 4, "0816",
    )
    assert first.match.participants.get(side="a").user == league.pilots["Gray"].player
    assert first.mech_a == league.mechs["Gray"]


@pytest.mark.parametrize(
    ("winner", "sides", "code"),
    [
        ("c", {"a": {}, "b": {}}, "result.sides"),
        ("a", {"a": {}}, "result.sides"),
        ("a", {"a": {"armour": 3}, "b": {}}, "result.field"),
        ("a", {"a": {"wounds": 7}, "b": {}}, "result.value"),
        ("a", {"a": {"kills": -1}, "b": {}}, "result.value"),
    ],
)
def test_a_bad_result_is_refused_and_the_match_goes_on(
    league: League, winner: str, sides: dict[str, Any], code: str
) -> None:
    first, _ = live_round(league)
    assert first.match is not None

    with pytest.raises(MatchError) as refused:
        services.match_finish(match_id=first.match.pk, winner_side=winner, sides=sides)

    assert refused.value.code == code
    first.match.refresh_from_db()
    assert first.match.status == Match.Status.IN_PROGRESS
    assert not MatchResult.objects.exists()


def test_injured_pilots_sit_out_and_heal_with_rest(league: League) -> None:
    league.campaign.wounds_healed_per_round = 2
    league.campaign.save()
    Pilot.objects.filter(name="Vance").update(wounds=3, status=Pilot.Status.INJURED)

    round2 = play_round_as_draws(league.round)

    vance = Pilot.objects.get(name="Vance")
    assert (vance.wounds, vance.status) == (1, Pilot.Status.INJURED)
    assert not Fixture.objects.filter(pilot_a=vance).exists() and not Fixture.objects.filter(pilot_b=vance).exists()
    play_round_as_draws(round2)
    vance.refresh_from_db()
    assert (vance.wounds, vance.status) == (0, Pilot.Status.ACTIVE)


def test_the_sixth_wound_kills_and_frees_the_mech(league: League) -> None:
    """MEKATAC: «Cada piloto tiene 6 heridas.» (Total Warfare agrees: the sixth hit kills)."""
    first, _ = live_round(league)
    Pilot.objects.filter(pk=first.pilot_b_id).update(wounds=4)  # carried from earlier fights
    finish(first, "a", b={"wounds": 3})

    results.fixture_apply_result(fixture_id=first.pk)

    dead = Pilot.objects.get(pk=first.pilot_b_id)
    assert (dead.wounds, dead.status) == (6, Pilot.Status.DEAD)
    assert Mech.objects.get(pk=first.mech_b_id).pilot_id is None
    first.refresh_from_db()
    assert any("Cada piloto tiene 6 heridas" in said(line) for line in first.report)


def test_repairs_spend_the_stable_money(league: League) -> None:
    mech = league.mechs["Gray"]
    Mech.objects.filter(pk=mech.pk).update(damage=30)

    assert upkeep.mech_repair(mech_id=mech.pk) == 30_000  # 1 000 C-bills a point by default

    mech.refresh_from_db()
    assert mech.damage == 0
    assert Stable.objects.get(pk=league.steiner.pk).money == 70_000


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"damage": 30}, "repair.no_money"),
        ({"damage": 0}, "repair.nothing"),
        ({"damage": 5, "destroyed": True}, "repair.destroyed"),
    ],
)
def test_refused_repairs_change_nothing(league: League, change: dict[str, Any], code: str) -> None:
    mech = league.mechs["Stone"]  # Davion Blades have no money
    Mech.objects.filter(pk=mech.pk).update(**change)

    with pytest.raises(MatchError) as refused:
        upkeep.mech_repair(mech_id=mech.pk)

    assert refused.value.code == code
    assert Mech.objects.get(pk=mech.pk).damage == change["damage"]
    assert Stable.objects.get(pk=league.davion.pk).money == 0


def test_a_mech_in_a_fight_not_yet_applied_is_not_repaired(league: League) -> None:
    first, _ = live_round(league)
    mech = first.mech_a
    Mech.objects.filter(pk=mech.pk).update(damage=10)

    with pytest.raises(MatchError) as refused:
        upkeep.mech_repair(mech_id=mech.pk)

    assert refused.value.code == "repair.in_fight"
    assert (Mech.objects.get(pk=mech.pk).damage, Stable.objects.get(pk=league.steiner.pk).money) == (10, 100_000)


def test_experience_buys_skills_by_the_campaign_table(league: League) -> None:
    league.campaign.skill_costs = {"gunnery": {"3": 10}, "piloting": {"4": 5}}
    league.campaign.save()
    pilot = league.pilots["Gray"]
    Pilot.objects.filter(pk=pilot.pk).update(experience=16)

    assert upkeep.pilot_improve_skill(pilot_id=pilot.pk, skill="gunnery") == 10
    assert upkeep.pilot_improve_skill(pilot_id=pilot.pk, skill="piloting") == 5

    pilot.refresh_from_db()
    assert (pilot.gunnery, pilot.piloting, pilot.experience) == (3, 4, 1)
    with pytest.raises(MatchError) as beyond_table:
        upkeep.pilot_improve_skill(pilot_id=pilot.pk, skill="gunnery")
    assert beyond_table.value.code == "skill.at_best"


def test_a_skill_needs_enough_experience(league: League) -> None:
    pilot = league.pilots["Gray"]
    Pilot.objects.filter(pk=pilot.pk).update(experience=15)  # gunnery 3 costs 16 by default

    with pytest.raises(MatchError) as refused:
        upkeep.pilot_improve_skill(pilot_id=pilot.pk, skill="gunnery")

    assert refused.value.code == "skill.not_enough_experience"
    pilot.refresh_from_db()
    assert (pilot.gunnery, pilot.experience) == (4, 15)


def test_each_pilot_who_fought_rolls_a_mekatac_skill_replayably(league: League) -> None:
    """MEKATAC, HABILIDADES DE LOS PILOTOS: «Tras una gran batalla … un piloto puede conseguir una
    habilidad al azar» on a D12: both pilots of the fight, on dice seeded from its match."""
    league.campaign.mekatac_skills = True
    league.campaign.save()
    first, _ = live_round(league)
    finish(first, "a")

    results.fixture_apply_result(fixture_id=first.pk)

    first.refresh_from_db()
    assert first.match is not None
    for side, pilot_id in (("a", first.pilot_a_id), ("b", first.pilot_b_id)):
        dice = Dice(f"{first.match.seed}:campaign-skill:{side}")
        expected = SKILL_OF_KEY[learn((), dice)[0]]
        assert Pilot.objects.get(pk=pilot_id).mekatac_skills == [expected]


def test_pilots_without_a_mech_or_a_player_are_not_paired(league: League) -> None:
    Mech.objects.filter(pk=league.mechs["Gray"].pk).update(destroyed=True)
    Pilot.objects.filter(name="Vance").update(player=None)

    fixtures = pairings.round_generate_pairings(round_id=league.round.pk)

    assert [(f.pilot_a.name, f.pilot_b.name) for f in fixtures] == [("Kell", "Stone")]
