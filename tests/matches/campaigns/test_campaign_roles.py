"""Roles (issue 17): the Organiser group runs a campaign from the admin without being a superuser, and the
demo referee is one."""

from __future__ import annotations

from importlib import import_module
from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from matches.campaigns.roles import ORGANISER, organiser_group_ensure

from tests.matches.campaigns.conftest import League

pytestmark = pytest.mark.django_db

MODELS = ["campaign", "arena", "season", "round", "stable", "pilot", "mech", "fixture", "matchresult"]


def test_the_group_has_every_campaign_permission_and_reads_matches() -> None:
    group = organiser_group_ensure()
    organiser_group_ensure()  # made once

    codenames = set(group.permissions.values_list("codename", flat=True))
    assert Group.objects.filter(name=ORGANISER).count() == 1
    assert {f"{verb}_{model}" for verb in ("add", "change", "delete", "view") for model in MODELS} <= codenames
    assert {"view_match", "view_event"} <= codenames and "change_match" not in codenames


def test_the_data_migration_makes_the_group() -> None:
    migration = import_module("matches.campaigns.migrations.0003_organiser_group")
    Group.objects.filter(name=ORGANISER).delete()

    migration.organiser_group(apps, None)

    assert Group.objects.get(name=ORGANISER).permissions.filter(codename="change_fixture").exists()


def test_the_demo_referee_runs_the_demo_campaign() -> None:
    call_command("campaign_demo", stdout=StringIO())
    referee = User.objects.get(username="referee")
    console = Client()
    console.force_login(referee)

    assert not referee.is_superuser and referee.groups.filter(name=ORGANISER).exists()
    index = console.get(reverse("admin:index")).content.decode()
    assert "You don’t have permission" not in index and reverse("admin:campaigns_round_changelist") in index
    for model in (model for model in MODELS if model != "arena"):  # arenas are edited on their campaign
        assert console.get(reverse(f"admin:campaigns_{model}_changelist")).status_code == 200
        assert console.get(reverse(f"admin:campaigns_{model}_add")).status_code == 200


def test_an_organiser_runs_the_round_actions(client: Client, league: League) -> None:
    user = User.objects.create_user("steward", password="steward-pw")
    user.is_staff = True
    user.save()
    user.groups.add(organiser_group_ensure())
    client.force_login(user)

    response = client.post(
        reverse("admin:campaigns_round_changelist"),
        {"action": "generate_pairings", "_selected_action": [league.round.pk]}, follow=True,
    )

    assert response.status_code == 200 and league.round.fixtures.count() == 2


def test_staff_without_the_group_see_nothing_of_campaigns(client: Client, league: League) -> None:
    user = User.objects.create_user("clerk", password="clerk-pw")
    user.is_staff = True
    user.save()
    client.force_login(user)

    assert client.get(reverse("admin:campaigns_round_changelist")).status_code == 403
