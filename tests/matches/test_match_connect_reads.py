"""A socket's connect reads on the consumers' read threads (issue 18, soak): one connect slow on PostgreSQL must
not hold up another socket's connect, nor its first message (Channels hands a socket its messages only after its
connect returns; in the soak's reconnection storm every connect queued on the process's one database thread)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from matches import selectors
from matches.models import Match
from project.asgi import application
from tests.matches.conftest import BOB_ORDER
from tests.matches.sockets import connect, receive, session_cookie

pytestmark = [
    pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_worker_connections"),
]


async def test_a_slow_connect_does_not_hold_up_another_sockets_connect_and_first_message(
    match: Match, alice: User, bob: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    bobs_cookie = await session_cookie(bob)  # taken before alice's read blocks anything
    released = threading.Event()
    alice_reading = threading.Event()
    read = selectors.match_and_viewer

    def slow_for_alice(*, match_id: int, user: Any) -> Any:
        if user.is_authenticated and user.get_username() == "alice":
            alice_reading.set()
            released.wait(timeout=10)  # PostgreSQL slow for her connect (a storm, a lock): held until we say
        return read(match_id=match_id, user=user)

    monkeypatch.setattr(selectors, "match_and_viewer", slow_for_alice)
    slow = await connect(match, alice)
    try:
        assert await asyncio.to_thread(alice_reading.wait, 5)
        started = time.monotonic()
        headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", f"sessionid={bobs_cookie}".encode())]
        other = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=headers)
        connected, _ = await other.connect(timeout=3)
        assert connected
        snapshot = await receive(other)
        assert (snapshot["type"], snapshot["you"]) == ("snapshot", {"role": "player", "side": "bob"})
        await other.send_to(text_data=json.dumps({"type": "plot", "order": BOB_ORDER, "turn": 1}))
        assert (await receive(other))["type"] == "plotted"
        assert time.monotonic() - started < 3  # answered while alice's connect still waits
        assert not released.is_set() and await slow.receive_nothing(timeout=0.1)
    finally:
        released.set()
    assert (await receive(slow))["you"] == {"role": "player", "side": "alice"}  # hers comes once it is read
    await other.disconnect()
    await slow.disconnect()
