"""The database failing under a command (issue 18): a coded `server.unavailable` (503), never a traceback,
on the REST API as on a socket, even when the database cannot say the version either."""

from __future__ import annotations

import json
import logging

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError

from matches import chat, selectors, services
from matches.models import Match
from tests.matches.conftest import ALICE_ORDER
from tests.matches.sockets import client_as, connect, receive


def _down(*args: object, **kwargs: object) -> None:
    raise OperationalError("terminating connection due to administrator command")


@pytest.mark.django_db
def test_a_rest_write_whose_database_fails_is_a_coded_503(match: Match, alice: User, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat, "chat_post", _down)
    response = client_as(alice).post(f"/api/matches/{match.pk}/chat/", {"text": "gg"}, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (503, "server.unavailable")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_socket_command_whose_database_fails_is_a_coded_error_without_a_traceback(
    match: Match, alice: User, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    socket = await connect(match, alice)
    assert (await receive(socket))["v"] == 0
    monkeypatch.setattr(services, "order_submit", _down)
    monkeypatch.setattr(selectors, "version_seen", _down)  # the whole database is down
    await socket.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_ORDER}))
    error = await receive(socket)
    assert (error["type"], error["code"], error["v"]) == ("error", "server.unavailable", 0)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR or record.exc_info]
    await socket.disconnect()
