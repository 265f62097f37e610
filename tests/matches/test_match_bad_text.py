"""Bad input the database cannot hold or the parser cannot read (issue 7: "Nothing that a client sends can
raise a traceback"): NUL characters, JSON nested thousands deep, a body over Django's size limit, an unknown
status filter. Each is a coded error, nothing is stored, and a socket stays open."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from matches import lobby
from matches.errors import MatchError
from matches.models import ChatMessage, Event, Match
from rules.core.hexes import Hex
from tests.matches.lobby_duels import DUEL, start_lobby_duel
from tests.matches.sockets import connect, receive, send

NESTED = "[" * 5000 + "]" * 5000


def _as(user: User | None) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def stored(match: Match) -> tuple[int, int, int]:
    return Match.objects.count(), Event.objects.filter(match=match).count(), ChatMessage.objects.count()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "body", "code", "status"),
    [
        ("", json.dumps({"designs": DUEL, "title": "Arena\x00"}), "message.malformed", 400),
        ("chat/", json.dumps({"text": "gg\x00"}), "message.malformed", 400),
        ("referee-seat/", json.dumps({"username": "bo\x00b"}), "message.malformed", 400),
        ("referee/", json.dumps({"action": "pause", "reason": "tea\x00"}), "message.malformed", 400),
        ("options/", json.dumps({"options": {"movement": "classic", "x\x00": 1}}), "message.malformed", 400),
        ("chat/", '{"text": ' + NESTED + "}", "message.malformed", 400),
        ("", json.dumps({"designs": DUEL, "board": "x" * 3_000_000}), "message.too_large", 413),
        # A number too large for a float reads as infinity, which no JSON answer can say: the coded refusal
        # naming the value failed to render (a 500), whichever ruleset's option it was.
        ("", '{"options": {"turn_limit": 1e400}}', "message.malformed", 400),
        ("", '{"ruleset": "skirmish", "options": {"turns": -1e400}}', "message.malformed", 400),
        ("options/", '{"options": {"turn_limit": 1e999}}', "message.malformed", 400),
    ],
)
def test_rest_bodies_the_database_or_parser_cannot_take_are_coded_errors(
    alice: User, path: str, body: str, code: str, status: int
) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    before = stored(match)
    url = "/api/matches/" if path == "" else f"/api/matches/{match.pk}/{path}"
    response = _as(alice).post(url, body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert stored(match) == before


@pytest.mark.django_db
def test_the_match_list_refuses_an_unknown_status(alice: User) -> None:
    lobby.match_open(host=alice, designs=DUEL)
    for wanted in ("op\x00en", "nonsense"):
        response = _as(None).get("/api/matches/", {"status": wanted})
        assert (response.status_code, response.json()["code"]) == (400, "status.unknown")
    assert len(_as(None).get("/api/matches/", {"status": "open"}).json()) == 1


@pytest.mark.django_db
def test_the_lobby_forms_show_a_nul_as_an_error(alice: User) -> None:
    page = _as(alice).post("/matches/new/", {"title": "Arena\x00", **DUEL})
    assert page.status_code == 400 and 'data-code="message.malformed"' in page.content.decode()
    assert not Match.objects.exists()
    match = lobby.match_open(host=alice, designs=DUEL)
    before = stored(match)
    page = _as(alice).post(f"/matches/{match.pk}/lobby/", {"action": "referee", "referee": "bo\x00b"})
    assert page.status_code == 400 and 'data-code="message.malformed"' in page.content.decode()
    assert stored(match) == before


@pytest.mark.django_db
def test_the_lobby_form_reads_options_nested_too_deep_as_not_read(alice: User, bob: User) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    before = stored(match)
    page = _as(bob).post(f"/matches/{match.pk}/lobby/", {"action": "accept", "options": NESTED})
    assert page.status_code == 400 and 'data-code="accept.stale_options"' in page.content.decode()
    assert stored(match) == before


@pytest.mark.django_db
def test_an_uploaded_board_with_a_nul_is_refused(alice: User) -> None:
    with pytest.raises(MatchError) as error:
        lobby.match_open(host=alice, designs=DUEL, board_text='size 16 17\nhex 0101 0 "woods:1\x00" ""\nend\n')
    assert error.value.code == "board.malformed" and not Match.objects.exists()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
@pytest.mark.parametrize("text", [json.dumps({"type": "chat", "text": "gg\x00"}), '{"type": "chat", "x": ' + "[" * 7000 + "]" * 7000 + "}",
                                  '{"type": "chat", "text": "gg", "turn": 1e400}', '{"type": "chat", "text": NaN}'])
async def test_a_socket_message_with_a_nul_or_nested_too_deep_is_malformed(alice: User, bob: User, text: str) -> None:
    match = await database_sync_to_async(start_lobby_duel)(alice, bob)
    socket = await connect(match, alice)
    await receive(socket)
    await socket.send_to(text_data=text)
    error = await receive(socket)
    assert (error["type"], error["code"]) == ("error", "message.malformed")
    assert (await send(socket, {"type": "resync"}))["type"] == "snapshot"  # still open
    assert not await database_sync_to_async(ChatMessage.objects.exists)()
    await socket.disconnect()



# A lone surrogate is valid JSON ("\ud800") but no Unicode text: PostgreSQL cannot store it, UTF-8 cannot send it.
SURROGATE = "\ud800"
# Superscript twos, as many as a hex label's digits: str.isdigit() says yes, int() says no.
SUPERSCRIPT = "\u00b2" * 4


def _board(size: str, level: str = "0") -> str:
    width, height = (int(word) if word.isascii() and word.isdigit() else 1 for word in size.split())
    lines = [f"size {size}"] + [f'hex {Hex(i % width, i // width).label} {level} "" ""' for i in range(width * height)]
    return "\n".join(lines + ["end", ""])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("", {"designs": DUEL, "title": f"Arena{SURROGATE}"}, "message.malformed"),
        ("chat/", {"text": f"gg{SURROGATE}"}, "message.malformed"),
        ("referee-seat/", {"username": f"bo{SURROGATE}b"}, "message.malformed"),
        ("referee/", {"action": "pause", "reason": f"tea{SURROGATE}"}, "message.malformed"),
        ("los-side/", {"unit": "B", "side": "left", "reason": f"away{SURROGATE}"}, "message.malformed"),
        ("options/", {"options": {f"x{SURROGATE}": 1}}, "message.malformed"),
        ("", {"designs": DUEL, "title": ["Arena"]}, "title.malformed"),
        ("", {"designs": DUEL, "board": _board(f"{SUPERSCRIPT} 2")}, "board.malformed"),
        ("", {"designs": DUEL, "board": _board("3 3", level=SUPERSCRIPT)}, "board.malformed"),
        ("", {"designs": DUEL, "board": _board("3 1")}, "board.too_small"),
    ],
)
def test_lone_surrogates_odd_digits_and_wrong_types_are_coded_errors(
    alice: User, path: str, body: dict[str, object], code: str
) -> None:
    match = lobby.match_open(host=alice, designs=DUEL)
    before = stored(match)
    url = "/api/matches/" if path == "" else f"/api/matches/{match.pk}/{path}"
    response = _as(alice).post(url, json.dumps(body), content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert stored(match) == before


@pytest.mark.django_db
def test_a_referee_override_to_a_hex_of_odd_digits_is_a_coded_error(alice: User, bob: User, ref: User) -> None:
    match = start_lobby_duel(alice, bob)
    before = stored(match)
    body = {"action": "override", "unit": "B", "changes": {"hex": SUPERSCRIPT}, "reason": "misplaced"}
    response = _as(ref).post(f"/api/matches/{match.pk}/referee/", json.dumps(body), content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "board.invalid_hex")
    assert stored(match) == before


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "chat", "text": f"gg{SURROGATE}"}, "message.malformed"),
        ({"type": "los", "from": "A", "to": SURROGATE}, "message.malformed"),
        ({"type": "los", "from": "A", "to": SUPERSCRIPT}, "board.invalid_hex"),
        ({"type": "los_side", "unit": "A", "side": "left", "reason": f"away{SURROGATE}"}, "message.malformed"),
    ],
)
async def test_a_socket_message_with_a_lone_surrogate_or_odd_digits_is_a_coded_error(
    alice: User, bob: User, message: dict[str, object], code: str
) -> None:
    match = await database_sync_to_async(start_lobby_duel)(alice, bob)
    socket = await connect(match, alice)
    await receive(socket)
    error = await send(socket, message)
    assert (error["type"], error["code"]) == ("error", code)
    assert (await send(socket, {"type": "resync"}))["type"] == "snapshot"  # still open
    assert not await database_sync_to_async(ChatMessage.objects.exists)()
    await socket.disconnect()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "code", "status"),
    [('{"text": ' + NESTED + "}", "message.malformed", 400), (json.dumps({"text": "x" * 3_000_000}), "message.too_large", 413)],
)
def test_session_posts_too_deep_or_too_large_are_coded_errors_too(alice: User, body: str, code: str, status: int) -> None:
    """A session's CSRF check reads the body before the view does: its failure must be the same coded error."""
    match = lobby.match_open(host=alice, designs=DUEL)
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(alice)
    client.get(f"/matches/{match.pk}/lobby/")
    token = client.cookies["csrftoken"].value
    for path in ("/api/matches/", f"/api/matches/{match.pk}/chat/"):
        response = client.post(path, body, content_type="application/json", HTTP_X_CSRFTOKEN=token)
        assert (response.status_code, response["Content-Type"]) == (status, "application/json")
        assert response.json()["code"] == code
    assert not ChatMessage.objects.exists()
