"""A small campaign: two stables of two pilots, each pilot with a mech and a player account, one arena."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User

from matches.campaigns import services
from matches.campaigns.roles import organiser_grant
from matches.campaigns.models import (
    Arena,
    Campaign,
    Fixture,
    Mech,
    Pilot,
    Round,
    Season,
    Stable,
)
from matches.models import Match
from matches.services import order_submit
from rules.battletech import codec
from rules.rulesets import get_ruleset

# Legal on the demo board from the arena's default starting hexes (0816 facing 0, 0802 facing 3).
SCRIPTED_TURNS = [
    {"A": {"unit": "A", "mode": "walk", "steps": ["F", "F"]}, "B": {"unit": "B", "mode": "walk", "steps": ["F", "F"]}},
    {"A": {"unit": "A", "mode": "walk", "steps": ["F", "R"]}, "B": {"unit": "B", "mode": "walk", "steps": ["F"]}},
]


@dataclass
class League:
    campaign: Campaign
    arena: Arena
    round: Round
    steiner: Stable
    davion: Stable
    pilots: dict[str, Pilot]
    mechs: dict[str, Mech]


@pytest.fixture(autouse=True)
def english(settings: Any) -> None:
    """The campaign tests read the English messages (the pages' default is Spanish); test_campaign_i18n reads
    the Spanish ones."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture
def organiser(db: None) -> User:
    """Staff in the Organiser group, not a superuser: what the admin tests do, an organiser may do."""
    user = User.objects.create_user("organiser", password="organiser-pw")
    organiser_grant(user)
    return user


@pytest.fixture
def league(db: None) -> League:
    # Stablemates may meet: these tests pair by standing alone (test_campaign_pairings keeps them apart).
    campaign = Campaign.objects.create(
        name="Solaris 3067", match_options={"los": "dead_zone"}, stablemates_apart=False
    )
    arena = Arena.objects.create(campaign=campaign, name="Steiner Coliseum", arena_class=3)
    season = Season.objects.create(campaign=campaign, number=1)
    round_ = Round.objects.create(season=season, number=1)
    steiner = Stable.objects.create(campaign=campaign, name="Lyran Lions", faction="Imperio Terráqueo", money=100_000)
    davion = Stable.objects.create(campaign=campaign, name="Davion Blades", faction="Federación Colonial", money=0)
    pilots, mechs = {}, {}
    for stable, name, design, tons in [
        (steiner, "Gray", "Hunchback HBK-4G", 50),
        (steiner, "Kell", "Shadow Hawk SHD-2H", 55),
        (davion, "Stone", "Phoenix Hawk PXH-1", 45),
        (davion, "Vance", "Centurion CN9-A", 50),
    ]:
        player = User.objects.create_user(name.lower(), password=f"{name.lower()}-pw")
        pilots[name] = Pilot.objects.create(stable=stable, name=name, callsign=name[:2].upper(), player=player)
        mechs[name] = Mech.objects.create(stable=stable, design=design, pilot=pilots[name])
        assert mechs[name].tons == tons  # from the design
    return League(campaign, arena, round_, steiner, davion, pilots, mechs)


# What a mech with a shipped design declares in the combat phases when it holds back.
HOLD = {"weapons": {"target": "", "weapons": []}, "physical": {"target": "", "attack": "", "limb": ""}}


def play_out(fixture: Fixture, turns: list[dict[str, dict[str, Any]]] = SCRIPTED_TURNS) -> Match:
    """Plays the scripted movement of a fixture's match through the real move pipeline; mechs that fight
    (a shipped design) hold fire and attack nobody, until the match ends or the script runs out."""
    assert fixture.match is not None
    match = fixture.match
    seats = {"A": fixture.pilot_a.player, "B": fixture.pilot_b.player}

    def hold_back() -> None:
        match.refresh_from_db()
        while match.phase in HOLD:
            state = codec.state_from_json(match.state)
            for unit in get_ruleset(match.ruleset).awaits(state):
                if not match.orders.filter(unit=unit, turn=match.turn, phase=match.phase).exists():
                    order_submit(match_id=match.pk, user=seats[unit], order_json={"unit": unit, **HOLD[match.phase]})
            match.refresh_from_db()

    hold_back()
    for orders in turns:
        for unit in ("A", "B"):
            order_submit(match_id=match.pk, user=seats[unit], order_json=orders[unit])
        hold_back()
    return match


def finish(fixture: Fixture, winner: str, **lines: dict[str, int | bool]) -> None:
    """Ends the fixture's match with a result; sides not given get an empty line."""
    fixture.refresh_from_db()
    assert fixture.match is not None
    services.match_finish(
        match_id=fixture.match.pk, winner_side=winner, sides={"a": lines.get("a", {}), "b": lines.get("b", {})}
    )
