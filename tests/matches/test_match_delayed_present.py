"""Delayed spectators never learn the present (issue 18, item 3): the sides' `submitted` flags are those of
the version they are shown, not of the live orders, and no reply to any message they send, nor any REST view
they read, names the live phase or version."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from matches import services
from matches.models import Match
from matches.selectors import PUBLIC, player_view, viewer_for
from tests.matches.lobby_duels import HOLD_FIRE, MOVES, resolve, start_lobby_duel
from tests.matches.test_match_viewer_filter import walk
from tests.matches.sockets import client_as, connect, receive, send

# Every message type a socket takes, each as a spectator might send it.
MESSAGES = [
    {"type": "plot", "order": MOVES["A"], "phase": "movement"},
    {"type": "submit", "order": HOLD_FIRE["A"]},
    {"type": "withdraw", "unit": "A", "phase": "movement"},
    {"type": "reach", "unit": "A", "mode": "walk"},
    {"type": "los", "from": "A", "to": "B"},
    {"type": "los_side", "unit": "B", "side": "left"},
    {"type": "react", "window": "w", "unit": "A", "order": {}},
    {"type": "chat", "text": "hi"},
    {"type": "resync"},
    {"type": "nonsense"},
]


def _submitted(view: dict[str, Any]) -> dict[str, bool]:
    return {side["side"]: side["submitted"] for side in view["sides"]}


@pytest.mark.django_db
@pytest.mark.parametrize("delay", [{"spectator_delay": 1}, {"spectator_delay_seconds": 600}])
def test_a_delayed_spectator_sees_the_submitted_flags_of_the_version_shown(
    delay: dict[str, int], alice: User, bob: User, carol: User
) -> None:
    match = start_lobby_duel(alice, bob, delay)
    resolve(match, alice, bob, MOVES)
    services.order_submit(match_id=match.pk, user=alice, order_json=HOLD_FIRE["A"])  # live: red has fired
    match.refresh_from_db()
    assert _submitted(player_view(match=match, viewer=viewer_for(match=match, user=bob))) == {"red": True, "blue": False}
    for viewer in (PUBLIC, viewer_for(match=match, user=carol)):
        shown = player_view(match=match, viewer=viewer)
        assert (shown["match"]["phase"], _submitted(shown)) == ("movement", {"red": False, "blue": False})
    body = client_as(carol).get(f"/api/matches/{match.pk}/").json()
    assert _submitted(body) == {"red": False, "blue": False}


@pytest.mark.django_db
def test_the_flags_count_the_orders_given_less_those_taken_back(alice: User, bob: User) -> None:
    match = start_lobby_duel(alice, bob, {"spectator_delay_seconds": 600})
    services.order_submit(match_id=match.pk, user=alice, order_json=MOVES["A"])
    match.refresh_from_db()
    assert _submitted(player_view(match=match, viewer=PUBLIC)) == {"red": False, "blue": False}
    live = viewer_for(match=match, user=bob)
    assert _submitted(player_view(match=match, viewer=live)) == {"red": True, "blue": False}
    services.order_withdraw(match_id=match.pk, user=alice, unit="A")
    match.refresh_from_db()
    assert _submitted(player_view(match=match, viewer=live)) == {"red": False, "blue": False}


@database_sync_to_async
def _delayed_match(alice: User, bob: User) -> Match:
    match = start_lobby_duel(alice, bob, {"spectator_delay": 1})
    resolve(match, alice, bob, MOVES)
    resolve(match, alice, bob, HOLD_FIRE)  # live: the physical phase; shown: the weapons phase
    services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "A"})
    match.refresh_from_db()
    return match


def _no_present(body: Any, shown: int, live: Match, where: str) -> None:
    """Nothing in a frame or REST body newer than the version shown, nor the live phase's name."""
    assert all(found.get("v", 0) <= shown and found.get("version", 0) <= shown for found in walk(body)), where
    assert live.phase not in json.dumps(body), where


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
@pytest.mark.parametrize("anonymous", [False, True])
async def test_no_reply_to_a_delayed_spectator_names_the_live_phase(
    anonymous: bool, alice: User, bob: User, carol: User
) -> None:
    match = await _delayed_match(alice, bob)
    watcher = await connect(match, None if anonymous else carol)
    snapshot = await receive(watcher)
    assert (snapshot["match"]["phase"], _submitted(snapshot)) == ("weapons", {"red": False, "blue": False})
    _no_present(snapshot, snapshot["v"], match, "snapshot")
    for message in MESSAGES:
        _no_present(await send(watcher, message), snapshot["v"], match, message["type"])
    client = await database_sync_to_async(client_as)(None if anonymous else carol)
    for path in ("", "log/", "chat/", "replay/", "attack-options/?unit=A&target=B"):
        response = await database_sync_to_async(client.get)(f"/api/matches/{match.pk}/{path}")
        _no_present(response.json(), snapshot["v"], match, path)
    await watcher.disconnect()

