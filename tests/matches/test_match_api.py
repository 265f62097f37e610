"""REST API, pages and the demo command: every match body is the viewer's player view; errors are coded."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from matches import services
from matches.management.commands.demo import DEMO_TITLE
from matches.models import Match
from tests.matches.conftest import ALICE_ORDER

pytestmark = pytest.mark.django_db


def test_the_match_list_gives_headers(client: Client, match: Match) -> None:
    response = client.get("/api/matches/")

    assert response.status_code == 200
    assert [(m["id"], m["status"], m["turn"], m["phase"]) for m in response.json()] == [
        (match.pk, "in_progress", 1, "movement")
    ]
    assert "seed" not in response.json()[0]  # only its hash is public until the match ends


def test_the_match_detail_is_the_viewers_player_view(client: Client, match: Match, alice: User) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)

    anonymous = client.get(f"/api/matches/{match.pk}/").json()
    client.force_login(alice)
    owner = client.get(f"/api/matches/{match.pk}/").json()

    assert (anonymous["type"], anonymous["v"], anonymous["you"]) == ("snapshot", 1, {"role": "spectator", "side": None})
    assert anonymous["my_orders"] == []
    assert owner["you"] == {"role": "player", "side": "alice"}
    assert owner["my_orders"] == [ALICE_ORDER]


def test_an_unknown_match_is_a_coded_404(client: Client, db: None) -> None:
    response = client.get("/api/matches/424242/")

    assert response.status_code == 404
    assert response.json()["code"] == "match.not_found"


def test_a_refused_method_is_a_coded_error_not_a_500(client: Client, match: Match) -> None:
    response = client.post(f"/api/matches/{match.pk}/", {})

    assert response.status_code == 405
    assert response.json()["code"] == "api.method_not_allowed"


def test_the_openapi_schema_is_served(client: Client, db: None) -> None:
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/matches/{match_id}/" in response.content


def test_the_match_page_tells_the_client_its_role_and_socket(client: Client, match: Match, bob: User) -> None:
    client.force_login(bob)
    response = client.get(f"/matches/{match.pk}/")

    assert response.status_code == 200
    assert response.context["you"] == {"role": "player", "side": "bob"}
    assert response.context["ws_path"] == f"/ws/matches/{match.pk}/"
    assert client.get("/matches/424242/").status_code == 404


def test_the_demo_command_is_idempotent(capsys: Any) -> None:
    call_command("demo")
    call_command("demo")

    assert Match.objects.filter(status=Match.Status.IN_PROGRESS).count() == 2  # and one against the computer
    demo = Match.objects.get(title=DEMO_TITLE)
    assert sorted(demo.participants.values_list("user__username", "side")) == [("alice", "alice"), ("bob", "bob")]
    assert User.objects.get(username="referee").is_staff
    assert Client().login(username="alice", password="alice-demo")
    assert "alice / alice-demo" in capsys.readouterr().out
