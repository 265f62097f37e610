"""A socket message over Daphne's 1 MiB limit (issue 18, item 9): the socket is closed with code 1009 (message
too big), which the client reconnects after, instead of the connection being dropped (1006, no reason).
Daphne refuses the message before the consumer sees it, so it cannot be an error frame."""

from __future__ import annotations

import asyncio

import pytest
from websockets.exceptions import ConnectionClosedError

from bench.live import Daphne, match_socket
from matches.models import Match
from tests.faults.conftest import Servers

MESSAGE_TOO_BIG = 1009


async def _send_too_much(server: Daphne, match: Match) -> int | None:
    async with await match_socket(server, match.pk, max_size=None) as socket:
        await socket.recv()  # the snapshot
        await socket.send('{"type": "chat", "text": "' + "x" * (1024 * 1024 + 1) + '"}')
        with pytest.raises(ConnectionClosedError) as closed:
            await asyncio.wait_for(socket.recv(), 10)
        return closed.value.rcvd.code if closed.value.rcvd is not None else None


@pytest.mark.django_db(transaction=True)
def test_a_message_over_a_mebibyte_closes_the_socket_with_its_code(servers: Servers, match: Match) -> None:
    with servers(1) as (_, [server]):
        assert asyncio.run(_send_too_much(server, match)) == MESSAGE_TOO_BIG
