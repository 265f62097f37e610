"""A round's printable pairing sheet (issue 17, "Paperwork"): per fixture the arena and, per side, the stable,
pilot, mech and player; the deadline and the byes; for organisers only."""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.campaigns import pairings, services
from matches.campaigns.models import Mech, Pilot, Round
from tests.matches.campaigns.conftest import League

pytestmark = pytest.mark.django_db


def test_the_sheet_lists_every_pairing_with_stable_pilot_mech_player_arena_deadline_and_byes(
    client: Client, league: League, organiser: User
) -> None:
    Round.objects.filter(pk=league.round.pk).update(deadline=datetime(2026, 12, 8, 20, 0, tzinfo=UTC))
    Pilot.objects.create(stable=league.davion, name="Odd", player=User.objects.create_user("odd"))  # no mech
    pairings.round_generate_pairings(round_id=league.round.pk)
    client.force_login(organiser)
    url = reverse("admin:campaigns_round_sheet", args=[league.round.pk])

    round_page = client.get(reverse("admin:campaigns_round_change", args=[league.round.pk])).content.decode()
    sheet = client.get(url).content.decode()

    assert f'href="{url}"' in round_page
    assert "deadline 2026-12-08 20:00 UTC" in sheet and "Steiner Coliseum (class 3)" in sheet
    for name, mech in [("Gray", "Hunchback HBK-4G (50 t)"), ("Kell", "Shadow Hawk SHD-2H (55 t)"),
                       ("Stone", "Phoenix Hawk PXH-1 (45 t)"), ("Vance", "Centurion CN9-A (50 t)")]:
        row = sheet.split(f"<td>{name}")[0].rsplit("<tr", 1)[1] + sheet.split(f"<td>{name}")[1].split("</tr>")[0]
        assert mech in row and f"<td>{name.lower()}</td>" in row
    assert "<td>Lyran Lions</td>" in sheet and "<td>Davion Blades</td>" in sheet
    assert sheet.count("data-fixture=") == 4  # two fixtures, a row per side


def test_the_sheet_names_the_byes_and_the_fielded_mechs(client: Client, league: League, organiser: User) -> None:
    odd = Pilot.objects.create(stable=league.davion, name="Odd", player=User.objects.create_user("odd"))
    Mech.objects.create(stable=league.davion, design="Locust LCT-1V", pilot=odd)  # five fit pilots: one bye
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    client.force_login(organiser)

    sheet = client.get(reverse("admin:campaigns_round_sheet", args=[league.round.pk])).content.decode()

    bye = league.round.byes.get()
    assert sheet.split("data-byes>")[1].split("</p>")[0] == escape(f"Byes: {bye.pilot} ({bye.pilot.stable.name})")
    fielded = league.round.fixtures.exclude(mech_a=None)
    assert fielded.count() == 2
    for fixture in fielded:
        assert f"{fixture.mech_a.design} ({fixture.mech_a.tons} t)" in sheet


def test_the_sheet_is_the_organisers(client: Client, league: League) -> None:
    url = reverse("admin:campaigns_round_sheet", args=[league.round.pk])
    assert client.get(url).status_code == 302  # to the admin's login
    client.force_login(league.pilots["Gray"].player)
    assert client.get(url).status_code == 302
    assert client.get(reverse("admin:campaigns_round_sheet", args=[999])).status_code == 302
