"""A MEKATAC match starts in its card phase, which awaits no orders: the server resolves it (and the
initiative after it) in the command that starts the match, through the one pipeline, so the sockets watching
the lobby see the start and the resolution, and the match waits for the mekas' moves, not for nobody."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from matches import lobby
from matches.models import Match
from tests.matches.sockets import connect, frames_until, receive

pytestmark = [
    pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_worker_connections"),
]


def _seat_and_accept_alice(host: User, guest: User) -> Match:
    match = lobby.match_open(host=host, ruleset="mekatac")
    lobby.match_join(match_id=match.pk, user=guest, role="player")
    match.refresh_from_db()
    lobby.match_accept(match_id=match.pk, user=host, accepted=True, options=match.options)
    return match


async def test_the_card_phase_resolves_at_the_start_without_orders(alice: User, bob: User) -> None:
    match = await database_sync_to_async(_seat_and_accept_alice)(alice, bob)
    player, spectator = await connect(match, alice), await connect(match)
    for socket in (player, spectator):
        snapshot = await receive(socket)
        assert (snapshot["type"], snapshot["match"]["phase"]) == ("snapshot", "cards")

    await database_sync_to_async(lobby.match_accept)(match_id=match.pk, user=bob, accepted=True,
                                                     options=match.options)
    for socket in (player, spectator):
        frames = await frames_until(socket, "playback")
        assert [frame["type"] for frame in frames][-2:] == ["started", "playback"]
        assert [report["phase"] for report in frames[-1]["timeline"]["phases"]][:2] == ["cards", "initiative"]
    await database_sync_to_async(match.refresh_from_db)()
    assert (match.status, match.phase) == (Match.Status.IN_PROGRESS, "movement")
    # Alice's hand was dealt by the card phase: three action cards, hers alone to see.
    assert len(match.state["hands"]["a"]) == 3
    await player.disconnect()
    await spectator.disconnect()
