"""A player's own stable (issue 17, "players see their own stable"): the logged-in player's page with their
stables' pilots, mechs and the damage those carry into the next fight; other stables' rosters only as the
campaign's `rosters` setting allows; money and carried damage only ever to the stable's own players."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.campaigns import pairings, results, services
from matches.campaigns.models import Campaign
from tests.matches.campaigns.conftest import League, finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def fought(league: League) -> League:
    """Round 1 played: Gray beat Kell, whose Shadow Hawk took 5 points (entered by hand: carried as armour
    off its front, location by location)."""
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    first = league.round.fixtures.order_by("id").first()
    assert first is not None and {first.pilot_a.name, first.pilot_b.name} == {"Gray", "Kell"}
    kell_side = "a" if first.pilot_a.name == "Kell" else "b"
    finish(first, "b" if kell_side == "a" else "a", **{kell_side: {"damage_taken": 5}})
    results.round_apply_results(round_id=league.round.pk)
    return league


def _rosters(league: League, rosters: str) -> None:
    Campaign.objects.filter(pk=league.campaign.pk).update(rosters=rosters)


def test_my_stable_asks_a_visitor_to_log_in(client: Client, db: None) -> None:
    response = client.get(reverse("campaign-mine"))

    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_my_stable_shows_the_players_stable_pilots_mechs_and_carried_damage(client: Client, fought: League) -> None:
    client.force_login(fought.pilots["Kell"].player)

    page = client.get(reverse("campaign-mine")).content.decode()

    assert f'data-stable="{fought.steiner.pk}"' in page and f'data-stable="{fought.davion.pk}"' not in page
    assert "data-money" in page and "Gray" in page and "Kell" in page and "Stone" not in page
    assert f'data-pilot="{fought.pilots["Kell"].pk}" data-mine' in page
    shadow_hawk = page.split(f'data-mech="{fought.mechs["Kell"].pk}"')[1].split("<h4>")[0]
    assert "5 points of damage" in shadow_hawk and "data-condition" in shadow_hawk
    # One point off each location's front armour first (the house rule for a hand-entered result): the
    # Shadow Hawk SHD-2H's head has 9 points as built.
    assert "<th scope=\"row\">head</th>\n      <td>8 / 9</td>" in shadow_hawk
    hunchback = page.split(f'data-mech="{fought.mechs["Gray"].pk}"')[1].split("</p>")[1]
    assert "As built: no damage carried." in hunchback
    assert "Fights to come" in page and "None scheduled." in page


def test_the_stable_page_shows_carried_damage_to_its_own_only(client: Client, fought: League) -> None:
    url = reverse("campaign-stable", args=[fought.steiner.pk])
    public = client.get(url).content.decode()
    client.force_login(fought.pilots["Gray"].player)
    own = client.get(url).content.decode()

    assert "5 points of damage" in public and "data-condition" not in public and "data-money" not in public
    assert "data-condition" in own and "data-money" in own


def test_rosters_kept_to_their_own_stable(client: Client, fought: League, organiser: User) -> None:
    _rosters(fought, Campaign.Rosters.OWN)
    lions = reverse("campaign-stable", args=[fought.steiner.pk])
    gray = reverse("campaign-pilot", args=[fought.pilots["Gray"].pk])
    standings = reverse("campaign-standings", args=[fought.campaign.pk])
    csv_url = reverse("campaign-pilots-csv", args=[fought.campaign.pk])

    assert client.get(lions).status_code == 404 and client.get(gray).status_code == 404
    assert f'href="{lions}"' not in client.get(standings).content.decode()
    assert client.get(csv_url).content.decode().count("\n") == 1  # the header only
    client.force_login(fought.pilots["Stone"].player)
    assert client.get(lions).status_code == 404 and client.get(gray).status_code == 404
    assert client.get(reverse("campaign-stable", args=[fought.davion.pk])).status_code == 200
    assert "Stone" in client.get(csv_url).content.decode() and "Gray" not in client.get(csv_url).content.decode()
    client.force_login(fought.pilots["Kell"].player)
    assert client.get(lions).status_code == 200 and f'href="{lions}"' in client.get(standings).content.decode()
    client.force_login(organiser)
    assert client.get(lions).status_code == 200 and client.get(gray).status_code == 200
    # The standings stay public: every pilot's name and record.
    client.logout()
    assert "Gray" in client.get(standings).content.decode()


def test_rosters_kept_to_the_campaigns_players(client: Client, fought: League) -> None:
    _rosters(fought, Campaign.Rosters.CAMPAIGN)
    lions = reverse("campaign-stable", args=[fought.steiner.pk])
    client.force_login(User.objects.create_user("outsider"))
    assert client.get(lions).status_code == 404

    client.force_login(fought.pilots["Stone"].player)
    rival = client.get(lions).content.decode()

    assert "Gray" in rival and "data-money" not in rival and "data-condition" not in rival


def test_the_home_page_links_my_stable_when_logged_in(client: Client, fought: League) -> None:
    assert reverse("campaign-mine") not in client.get(reverse("match-list")).content.decode()
    client.force_login(fought.pilots["Gray"].player)

    assert f'href="{reverse("campaign-mine")}"' in client.get(reverse("match-list")).content.decode()
