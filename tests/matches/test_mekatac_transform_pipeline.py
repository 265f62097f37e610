"""A MEKATAC transformer from the lobby through the pipeline ("REGLAS OPCIONALES - TRANSFORMERS": "Un Transformer
tiene dos modos. La transformación tarda un turno en completarse"): with the option agreed the host deploys our
Harrier (its medium mortar replaced by wings in its other mode, the text's example), its player orders the
transform, the turn resolves, and it flies in turn 2; without the option the lobby refuses the design, naming it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from matches import services
from matches.models import Event, Match
from matches.selectors import player_view, viewer_for
from tests.matches.lobby_duels import open_over_rest
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db

DESIGNS = {"a": ["Harrier"], "b": ["Myrmidon"]}


def test_the_lobby_refuses_a_transformer_without_the_option(alice: User) -> None:
    page = client_as(alice).get("/matches/new/?ruleset=mekatac").content.decode()
    # Offered, marked as needing the option (in the page's language: tests/matches/test_mekatac_lobby_page.py).
    assert all(f'<option value="{name}">{name} (' in page for name in ("Harrier", "Wolfhound"))
    refused = client_as(alice).post("/api/matches/", {"ruleset": "mekatac", "designs": DESIGNS},
                                    content_type="application/json")
    assert refused.status_code == 400 and refused.json()["code"] == "design.transformer_off", refused.json()
    assert not Match.objects.exists()


def test_a_harrier_transforms_in_a_turn_and_flies_the_next(alice: User, bob: User) -> None:
    match = open_over_rest(alice, bob, {"ruleset": "mekatac", "designs": DESIGNS,
                                        "options": {"turn_limit": 5, "transformers": "on"}}, side="b")
    assert (match.status, match.phase, match.turn) == (Match.Status.IN_PROGRESS, "movement", 1)
    walker = player_view(match=match, viewer=viewer_for(match=match, user=alice))
    assert "fly" not in walker["hints"]["units"]["A1"]["modes"]
    services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "A1", "transform": True})
    services.order_submit(match_id=match.pk, user=bob, order_json={"unit": "B1", "steps": []})
    match.refresh_from_db()
    assert (match.phase, match.turn) == ("movement", 2)
    played = [event for playback in match.events.filter(kind=Event.Kind.PLAYBACK)
              for phase in playback.payload["timeline"]["phases"] for tick in phase["ticks"] for event in tick]
    assert [event["reason_code"]["code"] for event in played if event["kind"] == "transform"] == [
        "mekatac.transforming"]
    (harrier,) = [unit for unit in match.state["units"] if unit["id"] == "A1"]
    assert [key for key, _ in harrier["design"]["systems"]] == ["transformer", "wings", "missile_s", "armour",
                                                                "lasrifle"]
    assert harrier["design"]["systems"][-1] == ["lasrifle", "T"] and harrier["armour"] == 58
    flyer = player_view(match=match, viewer=viewer_for(match=match, user=alice))
    assert flyer["hints"]["units"]["A1"]["modes"]["fly"] == 6 + 8
    plotted = services.order_submit(match_id=match.pk, user=alice,
                                    order_json={"unit": "A1", "mode": "fly", "steps": ["F"] * 10})
    assert plotted is not None
