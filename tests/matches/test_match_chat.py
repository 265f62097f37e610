"""Chat (issue 7): players' and spectators' rooms apart, rate limited, HTML escaped; a per-socket rate limit."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from matches.chat import chat_history, chat_post
from matches.errors import MatchError
from matches.models import ChatMessage, Match
from matches.selectors import viewer_for
from tests.matches.sockets import connect, receive, receive_by_type, send


def test_each_viewer_posts_to_their_own_room_escaped(match: Match, alice: User, carol: User) -> None:
    now = timezone.now()
    frame = chat_post(match_id=match.pk, user=alice, text=" <b>gg</b> ", now=now)
    assert (frame["room"], frame["text"], frame["v"]) == ("players", "&lt;b&gt;gg&lt;/b&gt;", match.version)
    assert chat_post(match_id=match.pk, user=carol, text="go bob", now=now)["room"] == "spectators"
    assert [m["text"] for m in chat_history(match=match, viewer=viewer_for(match=match, user=carol))] == ["go bob"]
    assert ChatMessage.objects.get(room="players").text == "<b>gg</b>"  # stored as typed


def test_chat_is_rate_limited_per_user(match: Match, alice: User, settings: Any) -> None:
    settings.ARBITRO_CHAT_RATE = (2, 10)
    now = timezone.now()
    for _ in range(2):
        chat_post(match_id=match.pk, user=alice, text="hi", now=now)
    with pytest.raises(MatchError) as error:
        chat_post(match_id=match.pk, user=alice, text="hi", now=now)
    assert error.value.code == "chat.rate_limited"
    chat_post(match_id=match.pk, user=alice, text="later", now=now + timedelta(seconds=11))
    assert ChatMessage.objects.count() == 3


@pytest.mark.parametrize("text", ["", "   ", "x" * 501, 42, None])
def test_malformed_chat_is_refused(match: Match, alice: User, text: Any) -> None:
    with pytest.raises(MatchError) as error:
        chat_post(match_id=match.pk, user=alice, text=text, now=timezone.now())
    assert error.value.code == "chat.malformed"
    assert not ChatMessage.objects.exists()



@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_rooms_are_apart_on_the_sockets(match: Match, alice: User, bob: User, carol: User) -> None:
    sockets = {name: await connect(match, user) for name, user in (("alice", alice), ("bob", bob), ("carol", carol))}
    for socket in sockets.values():
        assert (await receive(socket))["type"] == "snapshot"
    await sockets["alice"].send_json_to({"type": "chat", "text": "ready?"})
    heard, ack = await receive_by_type(sockets["alice"], 2)
    assert (heard["type"], heard["room"], heard["text"], heard["player"]) == ("chat", "players", "ready?", "alice")
    assert (ack["type"], ack["id"]) == ("chat_sent", heard["id"])
    assert (await receive(sockets["bob"]))["text"] == "ready?"
    assert await sockets["carol"].receive_nothing(timeout=0.3)
    await sockets["carol"].send_json_to({"type": "chat", "text": "bob will win"})
    assert {frame["type"] for frame in await receive_by_type(sockets["carol"], 2)} == {"chat", "chat_sent"}
    assert await sockets["bob"].receive_nothing(timeout=0.3)
    for socket in sockets.values():
        await socket.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_socket_over_its_rate_gets_a_coded_error_and_stays_open(match: Match, alice: User,
                                                                         settings: Any) -> None:
    settings.ARBITRO_SOCKET_RATE = (2, 60)
    socket = await connect(match, alice)
    await receive(socket)
    for _ in range(2):
        assert (await send(socket, {"type": "resync"}))["type"] == "snapshot"
    error = await send(socket, {"type": "resync"})
    assert (error["type"], error["code"]) == ("error", "message.rate_limited")
    settings.ARBITRO_SOCKET_RATE = (10, 60)
    assert (await send(socket, {"type": "resync"}))["type"] == "snapshot"  # still open
    await socket.disconnect()
