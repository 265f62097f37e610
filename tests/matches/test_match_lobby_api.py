"""The REST API of the lobby, referee and chat (issue 7), token auth for scripts, and the OpenAPI schema."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.authtoken.models import Token

from matches.models import Event, Match
from tests.matches.lobby_duels import DUEL
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db



def test_a_lobby_match_from_creation_to_start_over_rest(alice: User, bob: User) -> None:
    host, guest = client_as(alice), client_as(bob)
    created = host.post("/api/matches/", {"designs": DUEL, "title": "Friday", "options": {"los": "dead_zone"}},
                        content_type="application/json")
    assert created.status_code == 201
    view = created.json()
    match_id = view["match"]["id"]
    assert (view["match"]["status"], view["match"]["host"], view["you"]) == ("open", "alice", {"role": "player", "side": "red"})
    assert [m["id"] for m in Client().get("/api/matches/?status=open").json()] == [match_id]

    joined = guest.post(f"/api/matches/{match_id}/join/", {"role": "player"}, content_type="application/json")
    assert joined.json()["you"] == {"role": "player", "side": "blue"}
    options = joined.json()["match"]["options"]
    for client in (host, guest):
        answer = client.post(f"/api/matches/{match_id}/accept/", {"accepted": True, "options": options},
                             content_type="application/json")
        assert answer.status_code == 200
    view = answer.json()
    assert view["match"]["status"] == "in_progress"
    assert [side["accepted"] for side in view["sides"]] == [True, True]
    assert Event.objects.filter(match_id=match_id, kind=Event.Kind.STARTED).count() == 1


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"designs": {"red": "Atlas AS7-D"}}, "units.malformed"),
        ({"designs": DUEL, "options": {"movement": 3}}, "options.invalid"),
        ({"designs": DUEL, "ruleset": "no such game"}, "ruleset.unknown"),
        # Each ruleset checks its own set-up: MEKATAC's sides are a and b, the skirmish example takes no designs.
        ({"designs": DUEL, "ruleset": "mekatac"}, "setup.designs"),
        ({"designs": DUEL, "ruleset": ["solaris"]}, "ruleset.unknown"),
        ({"designs": DUEL, "ruleset": "skirmish"}, "setup.not_offered"),
        ({"ruleset": "mekatac", "board": "size 1 1\nhex 0101 0 \"\" \"\"\nend\n"}, "setup.not_offered"),
        ({"designs": "Atlas AS7-D"}, "units.malformed"),
        ({"designs": DUEL, "options": [1]}, "options.malformed"),
        ({"designs": DUEL, "board": "not a board"}, "board.malformed"),
        (["not", "an", "object"], "message.malformed"),
    ],
)
def test_bad_creations_answer_a_coded_error(alice: User, body: object, code: str) -> None:
    response = client_as(alice).post("/api/matches/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert not Match.objects.exists()


def test_anonymous_writes_are_refused(db: None) -> None:
    response = Client().post("/api/matches/", {"designs": DUEL}, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (401, "auth.required")


def test_a_script_authenticates_with_a_token(alice: User) -> None:
    token = Token.objects.create(user=alice)
    response = Client().post("/api/matches/", {"designs": DUEL}, content_type="application/json",
                             HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 201
    assert Match.objects.get().host == alice


def test_the_referee_acts_over_rest_and_only_the_referee_sees_the_log(match: Match, alice: User) -> None:
    ref = User.objects.create_user("ref", is_staff=True)
    paused = client_as(ref).post(f"/api/matches/{match.pk}/referee/", {"action": "pause", "reason": "tea"},
                           content_type="application/json")
    assert paused.json()["match"]["status"] == "paused"
    assert [entry["type"] for entry in paused.json()["referee"]["log"]] == ["paused"]
    assert "referee" not in client_as(alice).get(f"/api/matches/{match.pk}/").json()
    refused = client_as(alice).post(f"/api/matches/{match.pk}/referee/", {"action": "resume", "reason": "me"},
                              content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (403, "referee.only")
    unknown = client_as(ref).post(f"/api/matches/{match.pk}/referee/", {"action": "explode", "reason": "x"},
                            content_type="application/json")
    assert unknown.json()["code"] == "referee.unknown_action"


def test_chat_over_rest(match: Match, alice: User, carol: User) -> None:
    assert client_as(alice).post(f"/api/matches/{match.pk}/chat/", {"text": "hi"}, content_type="application/json").status_code == 201
    assert [m["text"] for m in client_as(alice).get(f"/api/matches/{match.pk}/chat/").json()] == ["hi"]
    assert client_as(carol).get(f"/api/matches/{match.pk}/chat/").json() == []  # another room


def test_designs_and_boards_are_listed(db: None) -> None:
    designs = Client().get("/api/designs/").json()
    assert {"name": "Atlas AS7-D", "tons": 100, "walk": 3, "run": 5, "jump": 0} in designs
    assert Client().get("/api/boards/").json()[0]["id"] == "demo"


def test_the_rulesets_are_listed_with_their_options_schemas(db: None) -> None:
    listed = {ruleset["name"]: ruleset for ruleset in Client().get("/api/rulesets/").json()}
    solaris = listed["solaris"]
    assert [name for name, ruleset in listed.items() if ruleset["default"]] == ["solaris"]
    assert [option["name"] for option in listed["skirmish"]["options"]] == ["turns"]
    assert listed["mekatac"]["default"] is False and [option["name"] for option in listed["mekatac"]["options"]] == [
        "turn_limit", "decks", "transformers"]
    assert (solaris["name"], solaris["default"]) == ("solaris", True)
    los = next(option for option in solaris["options"] if option["name"] == "los")
    assert (los["kind"], los["values"], los["default"]) == ("choice", ["standard", "dead_zone"], "standard")


def test_the_schema_lists_the_api_and_both_auth_schemes(db: None) -> None:
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = response.json()
    for path in ("/api/matches/", "/api/matches/{match_id}/join/", "/api/matches/{match_id}/accept/",
                 "/api/matches/{match_id}/replay/", "/api/matches/{match_id}/referee/", "/api/designs/",
                 "/api/rulesets/"):
        assert path in schema["paths"]
    assert {"cookieAuth", "tokenAuth"} <= set(schema["components"]["securitySchemes"])


def test_a_board_two_thousand_columns_wide_is_played_like_any_other(alice: User, bob: User) -> None:
    """Past column 999 a hex label has 8 digits; with 7 (issue 18) the match was stored, then every read of
    it answered 500."""
    width = 2000
    board = "\n".join([f"size {width} 2"] + ['hex 0101 0 "" ""'] * (width * 2) + ["end", ""])
    created = client_as(alice).post("/api/matches/", {"designs": DUEL, "board": board}, content_type="application/json")
    assert created.status_code == 201
    match_id = created.json()["match"]["id"]
    joined = client_as(bob).post(f"/api/matches/{match_id}/join/", {"role": "player"}, content_type="application/json")
    assert joined.status_code == 200
    units = {unit["id"]: unit["hex"] for unit in joined.json()["units"]}
    assert units == {"A": "10010002", "B": "10010001"}  # the middle column, on the south and north edges
    assert Client().get(f"/api/matches/{match_id}/").status_code == 200
