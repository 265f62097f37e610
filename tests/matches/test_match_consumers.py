"""The match websocket end to end through project.asgi (origin check, session auth, hub, services)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from matches.models import Event, Match
from project.asgi import application
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER, fingerprint, shared_part
from tests.matches.sockets import connect, receive, receive_by_type, send

pytestmark = [
    pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_worker_connections"),
]



async def test_connect_sends_the_viewers_snapshot(match: Match, alice: User) -> None:
    player, spectator = await connect(match, alice), await connect(match)

    mine, theirs = await receive(player), await receive(spectator)

    assert (mine["type"], mine["v"], mine["you"]) == ("snapshot", 0, {"role": "player", "side": "alice"})
    assert theirs["you"] == {"role": "spectator", "side": None}
    assert [u["id"] for u in theirs["units"]] == ["A", "B"]
    assert theirs["board"]["width"] == 16
    await player.disconnect()
    await spectator.disconnect()


async def test_a_duel_turn_plot_submit_and_one_playback_for_everyone(
    match: Match, alice: User, bob: User
) -> None:
    sockets = [await connect(match, alice), await connect(match, bob), await connect(match)]
    a, b, spectator = sockets
    for socket in sockets:
        assert (await receive(socket))["type"] == "snapshot"

    plotted = await send(a, {"type": "plot", "order": ALICE_ORDER, "turn": 1})
    assert (plotted["type"], plotted["v"], plotted["path"]["end"]) == ("plotted", 0, {"hex": "0814", "facing": 1})
    assert await b.receive_nothing() and await spectator.receive_nothing()

    await a.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_ORDER, "turn": 1}))
    # The broadcast and the submitter's own reply race each other; both must arrive.
    accepted, submitted = await receive_by_type(a, 2)
    assert (accepted["type"], accepted["v"], accepted["order"]) == ("order_accepted", 1, ALICE_ORDER)
    heard = {"type": "submitted", "v": 1, "side": "alice", "player": "alice", "turn": 1, "phase": "movement",
             "side_submitted": True}
    assert submitted == {**heard, "order": ALICE_ORDER}  # her own order, to her alone
    assert await receive(b) == heard and await receive(spectator) == heard  # not the order itself

    await b.send_to(text_data=json.dumps({"type": "submit", "order": BOB_ORDER}))
    assert [f["type"] for f in await receive_by_type(b, 3)] == ["order_accepted", "playback", "submitted"]
    playbacks = []
    for socket in (a, spectator):
        assert (await receive(socket))["v"] == 2
        playbacks.append(await receive(socket))
    assert all(shared_part(frame) == shared_part(playbacks[0]) for frame in playbacks)
    assert (await database_sync_to_async(Event.objects.get)(kind="playback")).payload["timeline"] == playbacks[0]["timeline"]
    assert (playbacks[0]["type"], playbacks[0]["v"], playbacks[0]["turn"]) == ("playback", 3, 1)
    assert playbacks[0]["timeline"]["final"]["A"]["hex"] == "0814"
    assert all([await socket.receive_nothing() for socket in sockets])
    for socket in sockets:
        await socket.disconnect()


async def test_reconnect_with_a_version_gets_only_the_missed_frames(match: Match, alice: User) -> None:
    a = await connect(match, alice)
    await receive(a)
    await a.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_ORDER}))
    await receive_by_type(a, 2)  # order_accepted and submitted, v 1

    behind = await connect(match, query="?v=0")
    assert await receive(behind) == {
        "type": "submitted", "v": 1, "side": "alice", "player": "alice", "turn": 1, "phase": "movement",
        "side_submitted": True
    }
    assert await behind.receive_nothing()
    up_to_date = await connect(match, query="?v=1")
    assert await up_to_date.receive_nothing()
    owner = await connect(match, alice, query="?v=0")
    assert (await receive(owner))["order"] == ALICE_ORDER  # the owner's own log shows its order
    for socket in (a, behind, up_to_date, owner):
        await socket.disconnect()


async def test_a_client_far_behind_or_asking_for_resync_gets_a_snapshot(match: Match, alice: User, settings: Any) -> None:
    settings.ARBITRO_MAX_CATCH_UP_EVENTS = 0
    a = await connect(match, alice)
    await receive(a)
    await a.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_ORDER}))
    await receive_by_type(a, 2)

    behind = await connect(match, query="?v=0")
    snapshot = await receive(behind)
    assert (snapshot["type"], snapshot["v"]) == ("snapshot", 1)
    assert [side["submitted"] for side in snapshot["sides"]] == [True, False]

    resync = await send(a, {"type": "resync"})
    assert (resync["type"], resync["v"], resync["my_orders"]) == ("snapshot", 1, [ALICE_ORDER])
    for socket in (a, behind):
        await socket.disconnect()


@pytest.mark.parametrize(
    ("who", "text", "code"),
    [
        ("bob", json.dumps({"type": "submit", "order": ALICE_ORDER}), "order.not_your_unit"),
        ("spectator", json.dumps({"type": "submit", "order": ALICE_ORDER}), "order.spectator"),
        ("carol", json.dumps({"type": "plot", "order": ALICE_ORDER}), "order.spectator"),
        ("alice", json.dumps({"type": "submit", "order": ALICE_ORDER, "turn": 0}), "order.phase_closed"),
        ("alice", json.dumps({"type": "submit", "order": {**ALICE_ORDER, "steps": ["F", "Q"]}}), "move.unknown_step"),
        ("alice", json.dumps({"type": "submit", "order": {**ALICE_ORDER, "steps": ["F"] * 6}}), "move.insufficient_mp"),
        ("alice", json.dumps({"type": "submit", "order": ALICE_ORDER, "turn": "one"}), "message.malformed"),
        ("alice", '{"type": "submit", "order": ', "message.malformed"),
        ("alice", json.dumps(["submit"]), "message.malformed"),
        ("alice", "x" * 20_000, "message.malformed"),
        ("alice", json.dumps({"type": "teleport"}), "message.unknown_type"),
    ],
)
async def test_bad_messages_get_an_error_frame_change_nothing_and_keep_the_socket(
    match: Match, alice: User, bob: User, carol: User, who: str, text: str, code: str
) -> None:
    user = {"alice": alice, "bob": bob, "carol": carol, "spectator": None}[who]
    socket, watcher = await connect(match, user), await connect(match)
    await receive(socket)
    await receive(watcher)
    before = await database_sync_to_async(fingerprint)(match)

    await socket.send_to(text_data=text)
    error = await receive(socket)

    assert (error["type"], error["code"], error["v"]) == ("error", code, 0)
    assert error["message"]
    assert await database_sync_to_async(fingerprint)(match) == before
    assert await watcher.receive_nothing()
    assert (await send(socket, {"type": "resync"}))["type"] == "snapshot"  # still open
    for s in (socket, watcher):
        await s.disconnect()


async def test_an_order_after_the_phase_resolved_is_refused(match: Match, alice: User, bob: User) -> None:
    a = await connect(match, alice)
    await receive(a)
    b = await connect(match, bob)
    await receive(b)
    await a.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_ORDER, "turn": 1}))
    await receive_by_type(a, 2)
    await b.send_to(text_data=json.dumps({"type": "submit", "order": BOB_ORDER, "turn": 1}))
    await receive_by_type(a, 2)  # bob's submitted, then the playback
    await receive_by_type(b, 4)
    before = await database_sync_to_async(fingerprint)(match)

    late = await send(a, {"type": "submit", "order": ALICE_ORDER, "turn": 1})

    assert (late["type"], late["code"], late["v"]) == ("error", "order.phase_closed", 3)
    assert await database_sync_to_async(fingerprint)(match) == before
    for socket in (a, b):
        await socket.disconnect()


async def test_an_unknown_match_gets_an_error_and_is_closed(match: Match) -> None:
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    socket = WebsocketCommunicator(application, "/ws/matches/999999/", headers=headers)
    assert (await socket.connect())[0]
    error = await receive(socket)
    assert (error["type"], error["code"], error["v"]) == ("error", "match.not_found", None)
    assert (await socket.receive_output(timeout=2))["type"] == "websocket.close"
    await socket.disconnect()


async def test_a_foreign_origin_is_refused(match: Match) -> None:
    socket = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[(b"origin", b"http://evil.example")])
    connected, _ = await socket.connect()
    assert not connected
    await socket.disconnect()


@pytest.mark.parametrize(
    ("origin", "host", "connects"),
    [
        (b"http://127.0.0.1:8000", b"127.0.0.1:8000", True),
        (b"http://127.0.0.1:9999", b"127.0.0.1:8000", False),  # another port of an allowed host: let in before
        (b"http://127.0.0.1", b"127.0.0.1:8000", False),
        (b"https://127.0.0.1:8000", b"127.0.0.1:8000", False),
        (b"http://localhost:5173", b"127.0.0.1:8000", True),  # in CSRF_TRUSTED_ORIGINS
        (b"http://evil.example", b"evil.example", False),  # a host not allowed
        (None, b"127.0.0.1:8000", False),
    ],
)
async def test_the_socket_origin_check_is_http_csrf_s_same_origin_rule(
    match: Match, settings: Any, origin: bytes | None, host: bytes, connects: bool
) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["http://localhost:5173"]
    headers = [(b"host", host)] + ([(b"origin", origin)] if origin is not None else [])
    socket = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected == connects
    await socket.disconnect()


async def test_a_sockets_messages_skip_the_hop_that_closes_stale_connections(
    match: Match, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Channels hops to the database thread before every message to close its stale connections; a socket's
    messages need not (MatchConsumer.dispatch): each of their database calls closes its own thread's."""
    import channels.consumer

    hops: list[None] = []

    async def counted() -> None:
        hops.append(None)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    socket = await connect(match, alice)
    assert (await receive(socket))["type"] == "snapshot"
    connecting = len(hops)
    assert (await send(socket, {"type": "resync"}))["type"] == "snapshot"
    assert (await send(socket, {"type": "plot", "order": ALICE_ORDER}))["type"] != "error"
    assert len(hops) == connecting
    await socket.disconnect()
