"""Mech weight matched to the arena class by option (issue 17, "Pairings and formats"): Solaris VII's classes
(1: 20-35 t, 2: 40-55 t, 3: 60-75 t, 4: 80-100 t, 5 and 6 open; the standard ones, the rule texts here give
no tons) for the generated pairings, a round robin, a fixture entered by hand and the live matches."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from matches.campaigns import pairings, services
from matches.campaigns.models import Arena, Campaign, Fixture, Mech, Pilot
from matches.errors import MatchError
from tests.matches.campaigns.conftest import League

pytestmark = pytest.mark.django_db


@pytest.fixture
def weighed(league: League) -> League:
    """Two arenas: the class 3 Coliseum becomes class 2 (40-55 t, every mech of the league), and a class 1
    pit; Stone's Phoenix Hawk (45 t) becomes a 20 t Locust, which fits only the pit."""
    Campaign.objects.filter(pk=league.campaign.pk).update(weight_by_arena_class=True)
    Arena.objects.filter(pk=league.arena.pk).update(arena_class=2)
    Arena.objects.create(campaign=league.campaign, name="Light Pit", arena_class=1)
    stone = Mech.objects.get(pk=league.mechs["Stone"].pk)
    stone.design = "Locust LCT-1V"
    stone.save()
    return league


def test_arena_classes_take_their_weights() -> None:
    for arena_class, fits, not_fit in [(1, (20, 35), (40,)), (2, (40, 55), (35, 60)), (3, (60, 75), (55, 80)),
                                       (4, (80, 100), (75,)), (5, (20, 100), ()), (6, (20, 100), ())]:
        arena = Arena(arena_class=arena_class)
        assert all(arena.fits(tons) for tons in fits) and not any(arena.fits(tons) for tons in not_fit)


def test_the_pairings_meet_only_mechs_an_arena_takes(weighed: League) -> None:
    fixtures = pairings.round_generate_pairings(round_id=weighed.round.pk)

    # Stone's Locust has nobody of its class to meet: the three others (50-55 t) pair once, two sit out.
    assert len(fixtures) == 1 and fixtures[0].arena.name == "Steiner Coliseum"
    assert "Stone" not in {fixtures[0].pilot_a.name, fixtures[0].pilot_b.name}
    assert "Stone" in {bye.pilot.name for bye in weighed.round.byes.all()} and weighed.round.byes.count() == 2


def test_two_light_mechs_go_to_the_light_arena(weighed: League) -> None:
    vance = Mech.objects.get(pk=weighed.mechs["Vance"].pk)
    vance.design = "Commando COM-2D"
    vance.save()

    fixtures = pairings.round_generate_pairings(round_id=weighed.round.pk)

    arenas = {frozenset((f.pilot_a.name, f.pilot_b.name)): f.arena.name for f in fixtures}
    assert arenas[frozenset(("Stone", "Vance"))] == "Light Pit"
    assert arenas[frozenset(("Gray", "Kell"))] == "Steiner Coliseum"


def test_a_round_robin_leaves_out_the_meetings_no_arena_takes(weighed: League) -> None:
    rounds = pairings.season_round_robin(season_id=weighed.round.season_id)

    meetings = Fixture.objects.filter(round__in=rounds)
    assert meetings.count() == 3  # of the six meetings of four, those without Stone
    assert not meetings.filter(pilot_a__name="Stone").exists() and not meetings.filter(pilot_b__name="Stone").exists()


def test_a_fixture_entered_by_hand_is_checked_and_the_matches_refused(weighed: League) -> None:
    fixture = Fixture(round=weighed.round, arena=Arena.objects.get(pk=weighed.arena.pk),
                      pilot_a=Pilot.objects.get(name="Stone"), pilot_b=Pilot.objects.get(name="Gray"))

    with pytest.raises(ValidationError) as refused:
        fixture.full_clean()

    assert "Locust LCT-1V (20 t) is not of the class 2 of Steiner Coliseum (40-55 t)." in str(refused.value)
    fixture.save()  # saved anyway (as before the option was set): the matches are refused
    with pytest.raises(MatchError) as create:
        services.round_create_matches(round_id=weighed.round.pk)
    assert create.value.code == "fixture.weight_class" and not Fixture.objects.exclude(match=None).exists()


def test_without_the_option_any_mech_fights_anywhere(league: League) -> None:
    Arena.objects.filter(pk=league.arena.pk).update(arena_class=1)

    assert len(pairings.round_generate_pairings(round_id=league.round.pk)) == 2
