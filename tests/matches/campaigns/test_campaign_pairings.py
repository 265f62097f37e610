"""Pairings and formats (issue 17): stablemates kept apart, Swiss rounds with their byes, a season's round robin,
and a whole eight-stable round-robin season played to its end, with a forfeit, a voided fixture and an
un-applied and re-applied result; the standings as CSV."""

from __future__ import annotations

import csv
from collections import Counter
from io import StringIO
from itertools import combinations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.campaigns import decisions, pairings, results, selectors, services
from matches.campaigns.models import Arena, Bye, Campaign, Fixture, Mech, Pilot, Round, Season, Stable
from matches.errors import MatchError
from tests.matches.campaigns.conftest import SCRIPTED_TURNS, League, finish, play_out

pytestmark = pytest.mark.django_db


def names(round_: Round) -> list[tuple[str, str]]:
    return [(f.pilot_a.name, f.pilot_b.name) for f in round_.fixtures.order_by("id")]


def test_stablemates_are_kept_apart_by_default(league: League) -> None:
    Campaign.objects.filter(pk=league.campaign.pk).update(stablemates_apart=True)

    pairings.round_generate_pairings(round_id=league.round.pk)

    assert names(league.round) == [("Gray", "Stone"), ("Kell", "Vance")]


def test_a_tie_is_broken_by_the_opponents_victory_points(league: League) -> None:
    """The Buchholz tie-break: level on victory points, wins and kills, who met the stronger opponents ranks
    first (here before the alphabet would put him)."""
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    gray_kell, stone_vance = league.round.fixtures.order_by("id")
    finish(gray_kell, "")
    finish(stone_vance, "a", a={"victory_points": 3})
    results.round_apply_results(round_id=league.round.pk)

    rows = selectors.campaign_standings(campaign_id=league.campaign.pk)

    assert [(row["pilot"], row["opponents_vp"]) for row in rows] == [
        ("Stone", 0), ("Vance", 3), ("Gray", 0), ("Kell", 0)]


def rookie(league: League, name: str, stable: Stable) -> Pilot:
    pilot = Pilot.objects.create(stable=stable, name=name, player=User.objects.create_user(name.lower()))
    Mech.objects.create(stable=stable, design="Locust LCT-1V", pilot=pilot)
    return pilot


def test_swiss_rounds_avoid_every_rematch_and_share_the_byes(league: League) -> None:
    Campaign.objects.filter(pk=league.campaign.pk).update(pairing=Campaign.Pairing.SWISS)
    rookie(league, "Zed", league.davion)  # five pilots: one bye a round
    round_ = league.round
    met: set[frozenset[str]] = set()
    byes = []
    for _ in range(3):
        pairings.round_generate_pairings(round_id=round_.pk)
        pairs = {frozenset(pair) for pair in names(round_)}
        assert not pairs & met  # no pair meets twice in the campaign
        met |= pairs
        (bye,) = Bye.objects.filter(round=round_)
        byes.append(bye.pilot.name)
        services.round_create_matches(round_id=round_.pk)
        for fixture in round_.fixtures.all():
            finish(fixture, "a")
        results.round_apply_results(round_id=round_.pk)
        round_ = results.round_advance(round_id=round_.pk)
    assert len(set(byes)) == 3  # nobody sits out twice while others have not


def test_a_round_robin_schedules_every_meeting_once_with_byes(league: League, client: Client) -> None:
    rookie(league, "Zed", league.davion)

    rounds = pairings.season_round_robin(season_id=league.round.season_id)

    assert [r.number for r in rounds] == [1, 2, 3, 4, 5] and rounds[0] == league.round  # the empty round 1 first
    meetings = Counter(frozenset((f.pilot_a_id, f.pilot_b_id)) for f in Fixture.objects.all())
    pilots = list(Pilot.objects.values_list("pk", flat=True))
    assert set(meetings) == {frozenset(pair) for pair in combinations(pilots, 2)} and set(meetings.values()) == {1}
    assert sorted(Counter(Bye.objects.values_list("pilot_id", flat=True)).values()) == [1, 1, 1, 1, 1]
    page = client.get(reverse("campaign-round", args=[rounds[0].pk])).content.decode()
    assert "data-byes" in page
    with pytest.raises(MatchError) as refused:
        pairings.round_generate_pairings(round_id=rounds[1].pk)
    assert refused.value.code == "round.already_paired"


def test_a_round_robin_turns_the_meetings_kept_apart_into_byes(league: League) -> None:
    Campaign.objects.filter(pk=league.campaign.pk).update(stablemates_apart=True)

    pairings.season_round_robin(season_id=league.round.season_id)

    assert all(f.pilot_a.stable_id != f.pilot_b.stable_id for f in Fixture.objects.select_related("pilot_a", "pilot_b"))
    assert Bye.objects.count() == 4  # Gray-Kell and Stone-Vance: a bye for each of the four


def eight_stables() -> tuple[Campaign, Season, dict[str, Pilot]]:
    designs = ["Hunchback HBK-4G", "Shadow Hawk SHD-2H", "Phoenix Hawk PXH-1", "Centurion CN9-A", "Jenner JR7-D",
               "Commando COM-2D", "Locust LCT-1V", "Archer ARC-2R"]
    campaign = Campaign.objects.create(name="Eight stables", match_options={"los": "dead_zone"})
    Arena.objects.create(campaign=campaign, name="The Factory", arena_class=2)
    Arena.objects.create(campaign=campaign, name="Ishiyama", arena_class=4)
    season = Season.objects.create(campaign=campaign, number=1)
    pilots = {}
    for index, design in enumerate(designs):
        stable = Stable.objects.create(campaign=campaign, name=f"Stable {index + 1}")
        name = f"Pilot {chr(65 + index)}"
        pilots[name] = Pilot.objects.create(stable=stable, name=name, player=User.objects.create_user(f"p{index}"))
        Mech.objects.create(stable=stable, design=design, pilot=pilots[name])
    return campaign, season, pilots


def test_an_eight_stable_round_robin_season(client: Client) -> None:
    """Seven rounds of four: the first round's matches played a turn through the real pipeline by scripted
    orders (the mechs hold fire, so no roll decides anything), then ended by the referee like the others;
    round 3 has a forfeit, round 4 a voided fixture, round 5 a result un-applied and re-applied. Side a wins
    every fight given a result, so each pilot's record follows from the schedule."""
    campaign, season, pilots = eight_stables()
    rounds = pairings.season_round_robin(season_id=season.pk)
    assert len(rounds) == 7 and all(r.fixtures.count() == 4 for r in rounds) and not Bye.objects.exists()
    voided = None
    for round_ in rounds:
        services.round_create_matches(round_id=round_.pk)
        fixtures = list(round_.fixtures.order_by("id"))
        for index, fixture in enumerate(fixtures):
            if round_.number == 1:
                play_out(fixture, SCRIPTED_TURNS[:1])
            if round_.number == 3 and index == 0:
                decisions.fixture_decide(fixture_id=fixture.pk, decision="forfeit", winner_side="a",
                                         reason="Side b conceded")
            elif round_.number == 4 and index == 0:
                decisions.fixture_void(fixture_id=fixture.pk, reason="Played in the wrong arena")
                voided = fixture
            else:
                finish(fixture, "a", a={"kills": 1, "victory_points": 3}, b={"damage_taken": 5})
        results.round_apply_results(round_id=round_.pk)
        if round_.number == 5:
            before = selectors.campaign_standings(campaign_id=campaign.pk)
            decisions.fixture_unapply(fixture_id=fixtures[1].pk, reason="Typed against the wrong pilots")
            assert selectors.campaign_standings(campaign_id=campaign.pk) != before
            assert results.fixture_apply_result(fixture_id=fixtures[1].pk)
            assert selectors.campaign_standings(campaign_id=campaign.pk) == before
        next_round = results.round_advance(round_id=round_.pk)
        assert next_round.number == round_.number + 1

    assert voided is not None
    standings = {row["pilot"]: row for row in selectors.campaign_standings(campaign_id=campaign.pk)}
    expected: dict[str, Counter[str]] = {name: Counter() for name in pilots}
    for fixture in Fixture.objects.filter(round__season=season, voided_at__isnull=True).select_related(
            "pilot_a", "pilot_b", "result"):
        forfeit = fixture.result.decision == "forfeit"
        expected[fixture.pilot_a.name].update(played=1, wins=1, kills=0 if forfeit else 1,
                                              victory_points=0 if forfeit else 3)
        expected[fixture.pilot_b.name].update(played=1, losses=1)
    for name, row in standings.items():
        assert {key: row[key] for key in ("played", "wins", "losses", "kills", "victory_points")} == {
            key: expected[name][key] for key in ("played", "wins", "losses", "kills", "victory_points")}, name
    assert sum(row["played"] for row in standings.values()) == 2 * (28 - 1)
    exported = list(csv.reader(StringIO(client.get(
        reverse("campaign-standings-csv", args=[campaign.pk])).content.decode())))
    assert exported[0][:3] == ["rank", "pilot", "callsign"] and len(exported) == 9
    assert [row[1] for row in exported[1:]] == [row["pilot"] for row in
                                                selectors.campaign_standings(campaign_id=campaign.pk)]
    cards = list(csv.DictReader(StringIO(client.get(
        reverse("campaign-pilots-csv", args=[campaign.pk])).content.decode())))
    assert {card["name"]: int(card["wins"]) for card in cards} == {
        name: row["wins"] for name, row in standings.items()}

