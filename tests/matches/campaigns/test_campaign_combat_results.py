"""A fixture fought with real combat: the match starts from the campaign's carried damage and pilot skills,
ends at its turn limit through the real pipeline, and the campaign's result comes from the match's own."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.db.models import Q

from matches.campaigns import pairings, results, selectors, services
from matches.campaigns.models import Campaign, Fixture, MatchResult, Mech, Pilot
from matches.models import Match
from matches.services import order_submit
from rules.battletech import codec
from rules.battletech.combat.codec import status_from_json, status_to_json
from rules.battletech.designs.design import shipped_design
from rules.battletech.combat.status import MechStatus
from tests.matches.campaigns.conftest import SCRIPTED_TURNS, League, finish, play_out

pytestmark = pytest.mark.django_db

STAND_STILL = {"A": {"unit": "A", "mode": "walk", "steps": []}, "B": {"unit": "B", "mode": "walk", "steps": []}}


@pytest.fixture
def armed(league: League) -> League:
    """Gray (gunnery 3) in a Phoenix Hawk against Kell in a Hunchback whose centre torso armour was cut to 5 in
    an earlier fight; one-turn matches. Stone (in a Jenner) and Vance (in a Centurion) fight too."""
    Campaign.objects.filter(pk=league.campaign.pk).update(match_options={"los": "dead_zone", "turn_limit": 1})
    Pilot.objects.filter(pk=league.pilots["Gray"].pk).update(gunnery=3)
    Mech.objects.filter(pk=league.mechs["Gray"].pk).update(design="Phoenix Hawk PXH-1")
    Mech.objects.filter(pk=league.mechs["Stone"].pk).update(design="Jenner JR7-D")
    hunchback = shipped_design("Hunchback HBK-4G")
    fresh = MechStatus.fresh(hunchback)
    carried = replace(fresh, armour={**fresh.armour, "CT": 5}, heat=7, pilot_hits=1)
    Mech.objects.filter(pk=league.mechs["Kell"].pk).update(
        design=hunchback.name, damage=fresh.armour["CT"] - 5,
        condition=status_to_json(carried),
    )
    return league


def test_the_fixture_match_starts_from_the_carried_damage_and_the_pilot_skills(armed: League) -> None:
    pairings.round_generate_pairings(round_id=armed.round.pk)
    services.round_create_matches(round_id=armed.round.pk)
    gray_kell = Fixture.objects.get(pilot_a=armed.pilots["Gray"])
    assert gray_kell.match is not None
    state = codec.state_from_json(gray_kell.match.state)

    assert (state.unit("A").gunnery, state.unit("A").name, state.unit("A").walk) == (3, "Phoenix Hawk PXH-1", 6)
    kell = state.mechs["B"]
    assert kell.armour["CT"] == 5 and kell.armour["LT"] == kell.design.armour["LT"]
    # Between fights the mech cools and the campaign keeps the pilot's wounds: those start afresh.
    assert (kell.heat, kell.pilot_hits) == (0, 0)
    assert state.mechs["A"] == MechStatus.fresh(shipped_design("Phoenix Hawk PXH-1"))
    assert state.options["turn_limit"] == 1


def test_a_season_round_fought_to_its_turn_limit_feeds_the_real_result_back(armed: League) -> None:
    pairings.round_generate_pairings(round_id=armed.round.pk)
    services.round_create_matches(round_id=armed.round.pk)
    gray_kell = Fixture.objects.get(pilot_a=armed.pilots["Gray"])
    stone_vance = Fixture.objects.get(pilot_a=armed.pilots["Stone"])
    Match.objects.filter(pk__in=[gray_kell.match_id, stone_vance.match_id]).update(seed="campaign combat test")
    gray_kell.refresh_from_db()
    stone_vance.refresh_from_db()

    # Gray closes in and fires his Large Laser at Kell; Kell holds fire. The turn limit then ends the match.
    match = gray_kell.match
    for unit, pilot in (("A", "Gray"), ("B", "Kell")):
        order_submit(match_id=match.pk, user=armed.pilots[pilot].player, order_json=SCRIPTED_TURNS[0][unit])
    match.refresh_from_db()
    assert match.phase == "weapons"
    fire = {"unit": "A", "target": "B", "weapons": ["Large Laser"], "twist": 0}
    order_submit(match_id=match.pk, user=armed.pilots["Gray"].player, order_json=fire)
    match = play_out(gray_kell, turns=[])  # Kell holds fire, nobody kicks
    assert play_out(stone_vance, turns=[STAND_STILL]).status == Match.Status.FINISHED
    assert match.status == Match.Status.FINISHED
    final = codec.state_from_json(match.state)
    assert final.result is not None and final.result.reason == "turn limit 1 reached: victory points decide"

    assert results.round_apply_results(round_id=armed.round.pk) == {"applied": 2, "already": 0, "waiting": 0}
    assert results.round_apply_results(round_id=armed.round.pk) == {"applied": 0, "already": 2, "waiting": 0}

    record = MatchResult.objects.get(match=match)
    lines = {line.side: line for line in record.sides.all()}
    assert record.winner_side == final.result.winner
    assert {side: line.victory_points for side, line in lines.items()} == final.result.victory_points
    assert (lines["a"].kills, lines["b"].kills) == (int(bool(final.mechs["B"].destroyed)), 0)
    assert lines["a"].damage_taken == 0 and lines["a"].condition == status_to_json(final.mechs["A"])
    kell_mech = Mech.objects.get(pk=armed.mechs["Kell"].pk)
    design = final.mechs["B"].design
    lost_now = (sum(design.armour.values()) + sum(design.rear_armour.values()) + sum(design.internal.values())
                - sum(final.mechs["B"].armour.values()) - sum(final.mechs["B"].rear_armour.values())
                - sum(final.mechs["B"].internal.values()))
    assert lines["b"].damage_taken == lost_now - (design.armour["CT"] - 5) > 0  # this seed's laser hits
    assert status_from_json(kell_mech.condition) == final.mechs["B"]
    assert kell_mech.damage == lost_now  # what it carried in plus what it took

    # The standings follow from the recorded results: the draw between Stone and Vance and Gray's fight.
    standings = {row["pilot"]: row for row in selectors.campaign_standings(campaign_id=armed.campaign.pk)}
    outcome = {"": "draws", "a": "wins", "b": "losses"}[final.result.winner]
    assert standings["Gray"][outcome] == 1 and standings["Stone"]["draws"] == standings["Vance"]["draws"] == 1
    assert standings["Gray"]["victory_points"] == final.result.victory_points["a"]

    # The next round's match starts Kell's Hunchback as this one left it.
    round2 = results.round_advance(round_id=armed.round.pk)
    pairings.round_generate_pairings(round_id=round2.pk)
    services.round_create_matches(round_id=round2.pk)
    kell_next = Fixture.objects.get(Q(pilot_a=armed.pilots["Kell"]) | Q(pilot_b=armed.pilots["Kell"]), round=round2)
    unit = "A" if kell_next.pilot_a_id == armed.pilots["Kell"].pk else "B"
    carried = codec.state_from_json(kell_next.match.state).mechs[unit]
    assert (carried.armour, carried.internal) == (final.mechs["B"].armour, final.mechs["B"].internal)


def test_a_hand_entered_results_damage_is_fought_with_until_repaired(armed: League) -> None:
    """Issue 17: a hand-entered result's damage cost repairs, yet the mech started its next fight at full
    armour. The points are now taken off what it carried in (front armour, then rear, then structure)."""
    pairings.round_generate_pairings(round_id=armed.round.pk)
    services.round_create_matches(round_id=armed.round.pk)
    for fixture in armed.round.fixtures.all():
        finish(fixture, "b", a={"damage_taken": 30})
    results.round_apply_results(round_id=armed.round.pk)
    gray_mech = Mech.objects.get(pk=armed.mechs["Gray"].pk)
    carried = status_from_json(gray_mech.condition)
    fresh = MechStatus.fresh(shipped_design("Phoenix Hawk PXH-1"))

    def points(status: MechStatus) -> int:
        return sum(status.armour.values()) + sum(status.rear_armour.values()) + sum(status.internal.values())

    assert (gray_mech.damage, points(fresh) - points(carried)) == (30, 30)
    assert carried.internal == fresh.internal  # 30 points: the front armour alone
    round2 = results.round_advance(round_id=armed.round.pk)
    pairings.round_generate_pairings(round_id=round2.pk)
    services.round_create_matches(round_id=round2.pk)
    gray_next = Fixture.objects.get(Q(pilot_a=armed.pilots["Gray"]) | Q(pilot_b=armed.pilots["Gray"]), round=round2)
    unit = "A" if gray_next.pilot_a_id == armed.pilots["Gray"].pk else "B"
    assert points(codec.state_from_json(gray_next.match.state).mechs[unit]) == points(fresh) - 30
