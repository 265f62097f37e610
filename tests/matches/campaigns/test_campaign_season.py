"""A whole short season, run the way the organiser runs it: pairings, live matches played through the real
move pipeline with fixed seeds, results applied, rounds advanced, and the standings and pilots checked."""

from __future__ import annotations

import pytest

from matches.campaigns import pairings, results, selectors, services
from matches.campaigns.models import Campaign, Fixture, Mech, Pilot, Round, Stable
from matches.models import Event, Match

from tests.matches.campaigns.conftest import League, finish, play_out

pytestmark = pytest.mark.django_db


def fixtures_of(round_: Round) -> list[tuple[str, str]]:
    return [(f.pilot_a.name, f.pilot_b.name) for f in round_.fixtures.order_by("id")]


def test_a_two_round_season(league: League) -> None:
    round1 = league.round
    pilots = league.pilots

    # Round 1: all four fit, equal standings, so the order is by name.
    pairings.round_generate_pairings(round_id=round1.pk)
    assert fixtures_of(round1) == [("Gray", "Kell"), ("Stone", "Vance")]
    matches = services.round_create_matches(round_id=round1.pk)
    assert len(matches) == 2
    assert all(m.status == Match.Status.IN_PROGRESS and m.options == {"los": "dead_zone"} for m in matches)
    assert matches[0].state["options"]["los"] == "dead_zone"
    league.campaign.refresh_from_db()
    assert league.campaign.status == Campaign.Status.RUNNING

    gray_kell, stone_vance = round1.fixtures.order_by("id")
    for fixture in (gray_kell, stone_vance):
        match = play_out(fixture)
        assert match.turn == 3  # two turns resolved
        playbacks = match.events.filter(kind=Event.Kind.PLAYBACK)
        assert [e.payload["phase"] for e in playbacks].count("movement") == 2
    finish(gray_kell, "a", a={"kills": 1, "damage_taken": 10, "victory_points": 3},
           b={"damage_taken": 40, "wounds": 2, "mech_destroyed": True})
    finish(stone_vance, "", a={"victory_points": 1}, b={"victory_points": 1})

    assert results.round_apply_results(round_id=round1.pk) == {"applied": 2, "already": 0, "waiting": 0}

    for pilot in pilots.values():
        pilot.refresh_from_db()
    # Campaign defaults: win 2 XP, draw and loss 1, 1 XP and 1 fame per kill, 2 fame for a win.
    assert (pilots["Gray"].experience, pilots["Gray"].fame, pilots["Gray"].status) == (3, 3, Pilot.Status.ACTIVE)
    assert (pilots["Kell"].experience, pilots["Kell"].wounds, pilots["Kell"].status) == (1, 2, Pilot.Status.INJURED)
    assert (pilots["Stone"].experience, pilots["Vance"].experience) == (1, 1)
    mech_gray, mech_kell = Mech.objects.get(pk=league.mechs["Gray"].pk), Mech.objects.get(pk=league.mechs["Kell"].pk)
    assert (mech_gray.damage, mech_gray.repair_state) == (10, "damaged")
    assert (mech_kell.damage, mech_kell.repair_state) == (40, "destroyed")
    # Class 3 purse 100 000 to the winner, 25 % to a loser and to each side of a draw.
    assert Stable.objects.get(pk=league.steiner.pk).money == 100_000 + 100_000 + 25_000
    assert Stable.objects.get(pk=league.davion.pk).money == 25_000 + 25_000

    round2 = results.round_advance(round_id=round1.pk)
    round1.refresh_from_db()
    assert (round1.status, round2.number, round2.status) == (Round.Status.CLOSED, 2, Round.Status.PLANNED)
    pilots["Kell"].refresh_from_db()
    assert pilots["Kell"].wounds == 2  # fought in round 1: no rest, no healing yet

    # Round 2: Kell is injured (and his mech destroyed); of the three left the lowest placed sits out.
    pairings.round_generate_pairings(round_id=round2.pk)
    assert fixtures_of(round2) == [("Gray", "Stone")]
    services.round_create_matches(round_id=round2.pk)
    (gray_stone,) = round2.fixtures.all()
    play_out(gray_stone)
    finish(gray_stone, "b", a={"wounds": 6, "damage_taken": 25}, b={"kills": 1, "victory_points": 3})
    assert results.round_apply_results(round_id=round2.pk)["applied"] == 1

    pilots["Gray"].refresh_from_db()
    assert (pilots["Gray"].status, pilots["Gray"].wounds) == (Pilot.Status.DEAD, 6)
    mech_gray.refresh_from_db()
    assert (mech_gray.pilot_id, mech_gray.damage) == (None, 35)  # the mech is free for another pilot

    round3 = results.round_advance(round_id=round2.pk)
    pilots["Kell"].refresh_from_db()
    assert (pilots["Kell"].wounds, pilots["Kell"].status) == (1, Pilot.Status.INJURED)  # one round of rest
    assert round3.number == 3

    standings = selectors.campaign_standings(campaign_id=league.campaign.pk)
    assert [(r["pilot"], r["played"], r["wins"], r["draws"], r["losses"], r["kills"], r["victory_points"])
            for r in standings] == [
        ("Stone", 2, 1, 1, 0, 1, 4),
        ("Gray", 2, 1, 0, 1, 1, 3),
        ("Vance", 1, 0, 1, 0, 0, 1),
        ("Kell", 1, 0, 0, 1, 0, 0),
    ]
    stables = selectors.stable_standings(campaign_id=league.campaign.pk)
    assert [(s["stable"], s["victory_points"], s["wins"]) for s in stables] == [
        ("Davion Blades", 5, 1), ("Lyran Lions", 3, 1),
    ]
    assert [e["outcome"] for e in selectors.pilot_history(pilot=pilots["Gray"])] == ["win", "loss"]
    assert Fixture.objects.filter(applied_at__isnull=True).count() == 0
