"""MEKATAC campaigns (issue 17): a campaign may play MEKATAC: its mechs are the text's mekas ("DESCRIPCIONES
DE MEKAS"), its pilots fight with the skills won on the D12 after a battle ("HABILIDADES DE LOS PILOTOS"), its
stables carry MEKATAC factions; a fight's result flows back as in a Solaris campaign."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from matches.campaigns import economy, pairings, results, services
from matches.campaigns.models import Arena, Campaign, Mech, Pilot, Round, Season, Stable
from matches.models import Match
from rules.core.reasons import Reason
from rules.core.state import MatchResult as RulesResult
from rules.rulesets import get_ruleset

pytestmark = pytest.mark.django_db


@pytest.fixture
def meka_league(db: None) -> Campaign:
    campaign = Campaign.objects.create(name="Borde 3200", ruleset="mekatac", mekatac_skills=True)
    campaign.full_clean()
    Arena.objects.create(campaign=campaign, name="Cráter", arena_class=6)
    season = Season.objects.create(campaign=campaign)
    Round.objects.create(season=season, number=1)
    for stable_name, faction, pilot_name, design in [
        ("Lobos", "Piratas del Borde", "Ana", "Imp"), ("Halcones", "Federación Colonial", "Bea", "Sprite"),
    ]:
        stable = Stable.objects.create(campaign=campaign, name=stable_name, faction=faction)
        pilot = Pilot.objects.create(stable=stable, name=pilot_name, player=User.objects.create_user(pilot_name),
                                     mekatac_skills=["Puntería"] if pilot_name == "Ana" else [])
        Mech.objects.create(stable=stable, design=design, pilot=pilot)
    return campaign


def test_a_mekatac_mech_is_a_meka_of_the_text(meka_league: Campaign) -> None:
    imp = Mech.objects.get(design="Imp")
    # Size 2: 8 MP by the size table; its size stands for 20 t where the campaign reads tons.
    assert (imp.walk, imp.tons) == (8, 20)
    with pytest.raises(ValidationError):
        Mech(stable=imp.stable, design="Hunchback HBK-4G").full_clean()
    Stable.objects.filter(pk=imp.stable_id).update(money=1_000_000)
    assert economy.mech_buy(stable_id=imp.stable_id, design="Sprite").design == "Sprite"


def test_a_fixture_is_a_mekatac_match_with_the_pilots_skills_and_the_carried_damage(meka_league: Campaign) -> None:
    round_ = Round.objects.get(season__campaign=meka_league)
    Mech.objects.filter(design="Imp").update(damage=5)
    pairings.round_generate_pairings(round_id=round_.pk)

    (match,) = services.round_create_matches(round_id=round_.pk)

    assert match.ruleset == "mekatac"
    state = get_ruleset("mekatac").state_from_json(match.state)
    imp = next(meka for meka in state.units if meka.design.name == "Imp")
    assert imp.skills == ("punteria",) and imp.armour == imp.design.armour - 5
    assert match.events.filter(kind="started").exists()


def test_a_mekatac_fight_ended_in_play_flows_back(meka_league: Campaign) -> None:
    round_ = Round.objects.get(season__campaign=meka_league)
    pairings.round_generate_pairings(round_id=round_.pk)
    (match,) = services.round_create_matches(round_id=round_.pk)
    fixture = match.fixture
    ruleset = get_ruleset("mekatac")
    state = ruleset.state_from_json(match.state)
    ana_side = "a" if fixture.pilot_a.name == "Ana" else "b"
    beaten = [replace(meka, destroyed=True, armour=0, wounds=2) if meka.side != ana_side
              else replace(meka, armour=meka.armour - 3) for meka in state.units]
    over = replace(state, units=tuple(beaten), result=RulesResult(
        ana_side, Reason("mekatac.victory", side="b" if ana_side == "a" else "a"), {ana_side: 1}, 3))
    Match.objects.filter(pk=match.pk).update(state=ruleset.state_to_json(over), status=Match.Status.FINISHED)

    assert results.fixture_apply_result(fixture_id=fixture.pk)

    ana, bea = Pilot.objects.get(name="Ana"), Pilot.objects.get(name="Bea")
    line = {side.side: side for side in fixture.match.result.sides.all()}
    assert (line[ana_side].kills, line[ana_side].damage_taken, line[ana_side].victory_points) == (1, 3, 1)
    other = "b" if ana_side == "a" else "a"
    assert line[other].mech_destroyed and line[other].wounds == 2
    assert bea.wounds == 2 and Mech.objects.get(design="Sprite").destroyed
    assert ana.experience > 0 and len(ana.mekatac_skills) in (1, 2)  # the winner's D12 (known already: nothing)
    assert Mech.objects.get(design="Imp").damage == 3
