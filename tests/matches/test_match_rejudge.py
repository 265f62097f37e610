"""Open sockets are judged again when a seat, a role or the options change (issue 18, item 2): the socket's
stream and audience change at once, without reconnecting, it is sent a snapshot of its new view, and a
socket that lost a right gets none of its old audience's frames after the change."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.utils import timezone

from matches import chat, lobby
from matches.models import Match
from matches.subscriber import Subscriber
from tests.matches.lobby_duels import DUEL, MOVES, resolve
from tests.matches.sockets import connect, frames_until, receive

pytestmark = [
    pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_worker_connections"),
]


@database_sync_to_async
def _opened(alice: User, options: dict[str, Any] | None = None) -> Match:
    return lobby.match_open(host=alice, designs=DUEL, **({"options": options} if options else {}))


@database_sync_to_async
def _run(work: Any, **kwargs: Any) -> Any:
    return work(**kwargs)


async def _snapshot_after_change(socket: WebsocketCommunicator) -> dict[str, Any]:
    """The snapshot a socket is sent once judged again (after the change's own frames)."""
    return (await frames_until(socket, "snapshot"))[-1]


async def _post(match: Match, user: User, text: str) -> None:
    await _run(chat.chat_post, match_id=match.pk, user=user, text=text, now=timezone.now())


async def _start(match: Match, alice: User, bob: User, options: dict[str, Any]) -> None:
    """Bob takes the other side and both accept `options`: the match starts."""
    await _run(lobby.match_join, match_id=match.pk, user=bob, role="player")
    for user in (alice, bob):
        await _run(lobby.match_accept, match_id=match.pk, user=user, accepted=True, options=options)


async def test_a_spectator_seated_as_a_player_gets_her_sides_view_without_reconnecting(
    alice: User, carol: User
) -> None:
    match = await _opened(alice)
    watcher = await connect(match, carol)
    assert (await receive(watcher))["you"] == {"role": "spectator", "side": None}
    await _run(lobby.match_join, match_id=match.pk, user=carol, role="player")
    snapshot = await _snapshot_after_change(watcher)
    assert snapshot["you"] == {"role": "player", "side": "blue"}
    await _post(match, alice, "good luck")  # the players' room, which spectators never read
    assert (await receive(watcher))["text"] == "good luck"
    await watcher.disconnect()


async def test_a_spectator_seated_as_a_player_is_sent_the_players_chat_so_far(alice: User, carol: User) -> None:
    match = await _opened(alice)
    watcher = await connect(match, carol)
    await receive(watcher)
    await _post(match, carol, "watching")  # the spectators' room, which she reads already
    assert (await receive(watcher))["text"] == "watching"
    await _post(match, alice, "plan A")  # the players' room, which she does not read yet
    assert await watcher.receive_nothing(timeout=0.3)
    await _run(lobby.match_join, match_id=match.pk, user=carol, role="player")
    await _snapshot_after_change(watcher)
    history = await receive(watcher)
    assert (history["type"], history["room"], history["text"]) == ("chat", "players", "plan A")
    assert await watcher.receive_nothing(timeout=0.3)  # only the room she did not read before
    await watcher.disconnect()


async def test_a_replaced_referee_loses_the_players_room_and_the_new_one_gets_it(
    alice: User, carol: User, dana: User
) -> None:
    match = await _opened(alice)
    await _run(lobby.match_referee_seat, match_id=match.pk, user=alice, username="dana")
    old, new = await connect(match, dana), await connect(match, carol)
    assert ((await receive(old))["you"]["role"], (await receive(new))["you"]["role"]) == ("referee", "spectator")
    await _run(lobby.match_referee_seat, match_id=match.pk, user=alice, username="carol")
    assert (await _snapshot_after_change(old))["you"]["role"] == "spectator"
    assert (await _snapshot_after_change(new))["you"]["role"] == "referee"
    await _post(match, alice, "between us players")
    assert (await receive(new))["text"] == "between us players"
    assert await old.receive_nothing(timeout=0.3)
    await old.disconnect()
    await new.disconnect()


async def test_a_spectator_connected_before_the_delay_is_set_watches_with_the_delay(
    alice: User, bob: User, carol: User
) -> None:
    match = await _opened(alice)
    watcher = await connect(match, carol)
    await receive(watcher)
    options = await _run(lobby.match_options_set, match_id=match.pk, user=alice, options={"spectator_delay": 1})
    await _snapshot_after_change(watcher)
    await _start(match, alice, bob, options)
    await frames_until(watcher, "started")
    await _run(resolve, match=match, alice=alice, bob=bob, orders=MOVES)
    assert await watcher.receive_nothing(timeout=0.3)  # the movement is one resolution too recent
    await watcher.disconnect()


async def test_a_delayed_spectator_watches_live_once_the_delay_is_lifted(alice: User, bob: User, carol: User) -> None:
    match = await _opened(alice, {"spectator_delay": 1})
    watcher = await connect(match, carol)
    await receive(watcher)
    options = await _run(lobby.match_options_set, match_id=match.pk, user=alice, options={"spectator_delay": 0})
    await _snapshot_after_change(watcher)
    await _start(match, alice, bob, options)
    await frames_until(watcher, "started")
    await _run(resolve, match=match, alice=alice, bob=bob, orders=MOVES)
    assert (await frames_until(watcher, "playback"))[-1]["phase"] == "movement"
    await watcher.disconnect()


async def test_a_spectator_moves_to_the_delay_in_seconds_and_back(alice: User, bob: User) -> None:
    match = await _opened(alice)
    watcher = await connect(match)  # anonymous: judged again as every spectator is
    await receive(watcher)
    await _run(lobby.match_options_set, match_id=match.pk, user=alice, options={"spectator_delay_seconds": 600})
    await _snapshot_after_change(watcher)
    await _run(lobby.match_join, match_id=match.pk, user=bob, role="player")
    assert (await frames_until(watcher, "joined"))[-1]["player"] == "bob"  # the lobby is shown live
    await _run(lobby.match_options_set, match_id=match.pk, user=alice, options={"spectator_delay_seconds": 0})
    await _snapshot_after_change(watcher)
    await _post(match, bob, "hello")
    assert await watcher.receive_nothing(timeout=0.3)  # players' room
    await watcher.disconnect()


async def test_a_change_that_concerns_nobody_on_the_socket_sends_no_snapshot(alice: User, bob: User, carol: User) -> None:
    match = await _opened(alice)
    host = await connect(match, alice)
    await receive(host)
    await _run(lobby.match_join, match_id=match.pk, user=bob, role="player")
    await _run(lobby.match_join, match_id=match.pk, user=carol, role="spectator")
    assert [(await receive(host))["type"] for _ in range(2)] == ["joined", "joined"]
    assert await host.receive_nothing(timeout=0.3)
    await host.disconnect()



@pytest.mark.django_db(transaction=False)
async def test_a_socket_being_judged_again_sends_nothing_after_the_change_until_judged() -> None:
    sent: list[str] = []

    async def send_text(text: str) -> None:
        sent.append(text)

    subscriber = Subscriber(send_text, catch_up=lambda since: asyncio.sleep(0))
    await subscriber.release(3)
    subscriber.cut(4)  # v 4 changed who sees what
    for version in (5, 4):
        await subscriber.deliver(version, f"frame {version}")
    await subscriber.deliver(None, "chat")
    assert sent == ["frame 4"]
    await subscriber.uncut()  # judged the same
    assert sent == ["frame 4", "chat", "frame 5"]

    subscriber.cut(5)
    await subscriber.deliver(6, "frame 6 for the old audience")
    await subscriber.deliver(None, "chat for the old audience")
    subscriber.hold()
    subscriber.forget()  # judged otherwise: a snapshot of v 6 follows
    await subscriber.release(6)
    await subscriber.deliver(7, "frame 7")
    assert sent[3:] == ["frame 7"]
