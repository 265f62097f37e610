"""However a match socket ends, it leaves the process's hub and the crowd (issue 18, item 5): a socket that
a server error killed was still counted as a spectator for good, and its hub subscription leaked. A socket
closing while a frame is on its way to it is no error either (item 9)."""

from __future__ import annotations

import json
import logging

import pytest
from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected

from matches import consumers, selectors
from matches.crowd import get_crowd
from matches.hub import get_hub, publish
from matches.models import Match
from tests.matches.sockets import connect, receive


def _fail(*args: object, **kwargs: object) -> None:
    raise RuntimeError("a bug")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
@pytest.mark.parametrize("where", ["snapshot", "error reply"])
async def test_a_socket_killed_by_a_server_error_leaves_the_hub_and_the_crowd(
    match: Match, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if where == "snapshot":
        monkeypatch.setattr(consumers, "frames_since", _fail)  # fails while the socket connects
    spectators = [await connect(match) for _ in range(3)]
    if where == "error reply":
        for socket in spectators:
            assert (await receive(socket))["type"] == "snapshot"
        monkeypatch.setattr(selectors, "version_seen", _fail)  # fails answering a bad message
        for socket in spectators:
            await socket.send_to(text_data=json.dumps({"type": "no such thing"}))

    for socket in spectators:
        with pytest.raises(RuntimeError):
            await socket.receive_output(timeout=5)  # the consumer died of the error

    assert get_hub().subscriber_count(match.pk) == 0
    assert get_crowd().local_spectators(match.pk) == 0
    assert await get_crowd().count(match.pk) == 0  # Redis's shared count too, when there is one


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_frame_meeting_a_closing_socket_is_dropped_without_a_traceback(
    match: Match, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Daphne refuses a send on a socket its client is closing (autobahn's Disconnected) until the
    disconnect reaches the consumer: a broadcast or an answer racing it is simply not sent."""
    socket = await connect(match)
    assert (await receive(socket))["type"] == "snapshot"

    async def closing(self: object, text_data: str | None = None, **kwargs: object) -> None:
        raise Disconnected("Attempt to send on a closed protocol")

    monkeypatch.setattr(consumers.MatchConsumer, "send", closing)
    await sync_to_async(publish)(match_id=match.pk, frames=[{"type": "submitted", "v": 1}])
    await socket.send_to(text_data=json.dumps({"type": "resync"}))
    await socket.send_to(text_data=json.dumps({"type": "no such thing"}))

    assert await socket.receive_nothing(timeout=0.5)  # nothing sent, and the consumer lives on
    assert get_hub().subscriber_count(match.pk) == 1
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []
    await socket.disconnect()
    assert get_hub().subscriber_count(match.pk) == 0
