"""MEKATAC campaigns (issue 17): a campaign may play MEKATAC: its mechs are the text's mekas ("DESCRIPCIONES
DE MEKAS"), its pilots fight with the skills won on the D12 after a battle ("HABILIDADES DE LOS PILOTOS"), its
stables carry MEKATAC factions; a fight's result flows back as in a Solaris campaign."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from matches.campaigns import decisions, economy, pairings, results, services
from matches.campaigns.mekatac import SKILL_OF_KEY
from matches.campaigns.models import MEKATAC_SKILLS, Arena, Campaign, CampaignLog, Fixture, Mech, Pilot, Round, Season, Stable
from rules.core.dice import Dice
from matches.models import Match
from rules.core.reasons import Reason
from rules.core.state import MatchResult as RulesResult
from rules.rulesets import get_ruleset
from rules.rulesets.mekatac.skills import learn

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
    # Both fought: each learns a skill on the D12 (a skill held rolled again: Ana keeps Puntería and adds one).
    assert ana.experience > 0 and len(ana.mekatac_skills) == 2 and len(bea.mekatac_skills) == 1
    assert Mech.objects.get(design="Imp").damage == 3


def _fought(campaign: Campaign) -> Fixture:
    """The round's fixture, its MEKATAC match played and ended by the referee's finish (a battle fought)."""
    round_ = Round.objects.get(season__campaign=campaign)
    pairings.round_generate_pairings(round_id=round_.pk)
    (match,) = services.round_create_matches(round_id=round_.pk)
    services.match_finish(match_id=match.pk, winner_side="a", sides={"a": {"kills": 1}, "b": {"wounds": 1}})
    return Fixture.objects.get(match=match)


def test_each_pilot_who_fought_learns_a_skill_on_the_d12_taken_back_when_un_applied(meka_league: Campaign) -> None:
    # HABILIDADES DE LOS PILOTOS: «Tras una gran batalla, campaña o periodo de entrenamiento un piloto puede
    # conseguir una habilidad al azar» (D12 on the table): the rules' learn roll, on dice seeded from the match.
    fixture = _fought(meka_league)
    held = {pilot.pk: list(pilot.mekatac_skills) for pilot in Pilot.objects.all()}

    assert results.fixture_apply_result(fixture_id=fixture.pk)

    fixture.refresh_from_db()
    assert fixture.match is not None
    learnt = {}
    for side in ("a", "b"):
        pilot = fixture.pilot_of(side)
        pilot.refresh_from_db()
        dice = Dice(f"{fixture.match.seed}:campaign-skill:{side}")
        keys = tuple(key for key, name in SKILL_OF_KEY.items() if name in held[pilot.pk])
        expected = SKILL_OF_KEY[learn(keys, dice)[-1]]
        assert pilot.mekatac_skills == [*held[pilot.pk], expected]
        assert fixture.changes[side]["skill"] == expected
        assert fixture.changes[side]["skill_rolls"] == [face for roll in dice.rolls for face in roll.dice]
        learnt[pilot.pk] = expected
    logged = CampaignLog.objects.filter(fixture=fixture, action=CampaignLog.Action.SKILL_LEARNT)
    assert sorted(entry.lines[0]["params"]["skill"] for entry in logged) == sorted(learnt.values())
    ana = Pilot.objects.get(name="Ana")
    client = Client()
    client.force_login(ana.player)
    assert learnt[ana.pk] in client.get(reverse("campaign-pilot", args=[ana.pk])).content.decode()

    decisions.fixture_unapply(fixture_id=fixture.pk, reason="Entered against the wrong pilots")
    assert {pilot.pk: pilot.mekatac_skills for pilot in Pilot.objects.all()} == held
    results.fixture_apply_result(fixture_id=fixture.pk)  # applied again: the same dice, the same skills
    assert {pilot.pk: pilot.mekatac_skills[-1] for pilot in Pilot.objects.all()} == learnt


def test_a_held_skill_is_rolled_again_and_a_pilot_who_knows_all_twelve_learns_nothing(meka_league: Campaign) -> None:
    Pilot.objects.filter(name="Ana").update(mekatac_skills=list(MEKATAC_SKILLS))
    Pilot.objects.filter(name="Bea").update(mekatac_skills=list(MEKATAC_SKILLS[1:]))
    fixture = _fought(meka_league)

    results.fixture_apply_result(fixture_id=fixture.pk)

    assert Pilot.objects.get(name="Ana").mekatac_skills == list(MEKATAC_SKILLS)
    assert Pilot.objects.get(name="Bea").mekatac_skills == [*MEKATAC_SKILLS[1:], "Puntería"]
    fixture.refresh_from_db()
    assert any("knows every MEKATAC skill" in entry["text"] for entry in fixture.report)


@pytest.mark.parametrize("decision", ["no_show", "forfeit"])
def test_no_battle_no_skill(meka_league: Campaign, decision: str) -> None:
    # A no-show or a forfeit: the side that did not win «loses without a fight»: no battle, no D12.
    round_ = Round.objects.get(season__campaign=meka_league)
    pairings.round_generate_pairings(round_id=round_.pk)
    (match,) = services.round_create_matches(round_id=round_.pk)
    decisions.fixture_decide(fixture_id=match.fixture.pk, decision=decision, winner_side="a", reason="Did not come")

    assert sorted(len(pilot.mekatac_skills) for pilot in Pilot.objects.all()) == [0, 1]
    assert not CampaignLog.objects.filter(action=CampaignLog.Action.SKILL_LEARNT).exists()
