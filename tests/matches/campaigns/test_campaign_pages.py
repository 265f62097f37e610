"""Public campaign pages and the standings API: what anyone can read, with links to the matches."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from matches.campaigns import pairings, results, services
from matches.campaigns.models import Campaign, Fixture, Stable
from matches.models import Match
from rules.battletech import codec

from tests.matches.campaigns.conftest import League, finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(league: League) -> League:
    """Round 1 paired and live; Gray beat Kell (applied), Stone and Vance still fighting."""
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    first = league.round.fixtures.order_by("id").first()
    assert first is not None
    finish(first, "a", a={"kills": 1, "victory_points": 3})
    results.round_apply_results(round_id=league.round.pk)
    return league


def test_standings_api(client: Client, played: League) -> None:
    body = client.get(reverse("api-campaign-standings", args=[played.campaign.pk])).json()

    assert body["campaign"] == {"id": played.campaign.pk, "name": "Solaris 3067", "status": "running"}
    assert [(r["pilot"], r["wins"], r["losses"], r["kills"], r["victory_points"]) for r in body["pilots"]] == [
        ("Gray", 1, 0, 1, 3), ("Kell", 0, 1, 0, 0), ("Stone", 0, 0, 0, 0), ("Vance", 0, 0, 0, 0),
    ]
    assert body["stables"][0] == {
        "stable": "Lyran Lions", "stable_id": played.steiner.pk, "faction": "Imperio Terráqueo", "fame": 3,
        "played": 2, "wins": 1, "draws": 0,
        "losses": 1, "kills": 1, "victory_points": 3,
    }
    assert "money" not in body["stables"][0]  # a stable's purse is the organiser's business


def test_standings_api_for_an_unknown_campaign_is_a_coded_404(client: Client, db: None) -> None:
    response = client.get(reverse("api-campaign-standings", args=[999]))

    assert response.status_code == 404
    assert response.json()["code"] == "campaign.not_found"


def test_standings_page_links_pilots_and_rounds(client: Client, played: League) -> None:
    page = client.get(reverse("campaign-standings", args=[played.campaign.pk])).content.decode()

    assert f'href="{reverse("campaign-pilot", args=[played.pilots["Gray"].pk])}"' in page
    assert f'href="{reverse("campaign-round", args=[played.round.pk])}"' in page
    assert page.index("Gray") < page.index("Kell")
    assert str(Stable.objects.get(name="Lyran Lions").money) not in page


def test_schedule_page_links_live_and_finished_matches(client: Client, played: League) -> None:
    finished, live = played.round.fixtures.order_by("id")

    page = client.get(reverse("campaign-round", args=[played.round.pk])).content.decode()

    assert f'<a href="{reverse("match-replay", args=[finished.match_id])}">replay</a>' in page
    assert f'<a href="{reverse("match-detail", args=[live.match_id])}">watch live</a>' in page
    assert "Gray &quot;GR&quot; wins" in page


def test_pilot_page_shows_the_card_and_the_fights(client: Client, played: League) -> None:
    page = client.get(reverse("campaign-pilot", args=[played.pilots["Gray"].pk])).content.decode()

    assert "1-0-0, 1 kill, 3 VP" in page
    assert f'href="{reverse("campaign-pilot", args=[played.pilots["Kell"].pk])}"' in page
    assert "win" in page


@pytest.mark.parametrize("name", ["campaign-standings", "campaign-pilot", "campaign-round"])
def test_unknown_pages_are_404(client: Client, db: None, name: str) -> None:
    assert client.get(reverse(name, args=[999])).status_code == 404


def test_the_demo_campaign_is_live_and_made_once(client: Client, db: None) -> None:
    call_command("campaign_demo", stdout=StringIO())
    call_command("campaign_demo", stdout=StringIO())

    campaign = Campaign.objects.get(name="Demo season")
    (fixture,) = Fixture.objects.filter(round__season__campaign=campaign)
    assert fixture.match is not None
    assert {p.user.username for p in fixture.match.participants.all()} == {"alice", "bob"}
    assert set(codec.state_from_json(fixture.match.state).mechs) == {"A", "B"}  # both demo mechs fight
    assert client.get(reverse("campaign-standings", args=[campaign.pk])).status_code == 200


def test_the_home_page_links_the_campaigns_index(client: Client, played: League) -> None:
    home = client.get(reverse("match-list")).content.decode()
    index = client.get(reverse("campaign-index")).content.decode()

    assert f'href="{reverse("campaign-index")}"' in home
    row = index.split(f'data-campaign="{played.campaign.pk}"')[1].split("</tr>")[0]
    assert f'href="{reverse("campaign-standings", args=[played.campaign.pk])}"' in row
    assert f'href="{reverse("campaign-round", args=[played.round.pk])}"' in row and "<td>2</td><td>4</td>" in row


def test_a_stable_roster_shows_its_pilots_and_mechs_and_its_money_to_its_own(client: Client, played: League) -> None:
    url = reverse("campaign-stable", args=[played.steiner.pk])
    standings = client.get(reverse("campaign-standings", args=[played.campaign.pk])).content.decode()
    assert f'href="{url}"' in standings

    public = client.get(url).content.decode()
    client.force_login(played.pilots["Kell"].player)
    own = client.get(url).content.decode()

    assert "Gray" in public and "Kell" in public and "Stone" not in public
    assert "1-0-0, 1 kill, 3 VP" in public and "Hunchback HBK-4G" in public
    assert "data-money" not in public and "C-bills" in own


def test_a_campaign_match_page_names_the_pilots_and_links_its_round(
    client: Client, played: League, match: Match
) -> None:
    live = played.round.fixtures.order_by("id").last()
    assert live is not None

    page = client.get(reverse("match-detail", args=[live.match_id])).content.decode()

    banner = page.split('class="campaign-fixture"')[1].split("</p>")[0]
    assert f'href="{reverse("campaign-round", args=[played.round.pk])}"' in banner
    assert "Stone" in banner and "Davion Blades" in banner and "Vance" in banner
    assert "campaign-fixture" not in client.get(reverse("match-detail", args=[match.pk])).content.decode()
