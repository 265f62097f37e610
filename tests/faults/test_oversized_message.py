"""A socket message over Daphne's 1 MiB limit (issue 18, item 9): it is answered with the coded error a message
over the consumer's 16,000 characters gets, then the socket is closed with code 1009 (message too big), which
the client reconnects after, instead of the connection being dropped (1006, no reason). Daphne refuses the
message before the consumer sees it (the rest of it is never read), so the socket cannot stay open."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosedError

from bench.live import Daphne, match_socket
from matches.models import Match
from tests.faults.conftest import Servers

MESSAGE_TOO_BIG = 1009


async def _send(server: Daphne, match: Match, size: int) -> tuple[dict[str, Any], int | None]:
    """The answer to a chat message `size` characters long, and the code the socket was then closed with."""
    async with await match_socket(server, match.pk, max_size=None) as socket:
        await socket.recv()  # the snapshot
        await socket.send('{"type": "chat", "text": "' + "x" * size + '"}')
        answers = []
        try:
            while True:
                frame = json.loads(await asyncio.wait_for(socket.recv(), 3))
                if frame["type"] != "crowd":  # the count, sent a tick after connecting
                    answers.append(frame)
        except ConnectionClosedError as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
        except TimeoutError:
            code = None
        [answer] = answers
        return answer, code


@pytest.mark.django_db(transaction=True)
def test_a_message_over_a_mebibyte_gets_the_coded_error_and_closes_with_its_code(servers: Servers, match: Match) -> None:
    with servers(1) as (_, [server]):
        long, kept_open = asyncio.run(_send(server, match, 20_000))
        too_big, closed = asyncio.run(_send(server, match, 1024 * 1024 + 1))
    assert (kept_open, closed) == (None, MESSAGE_TOO_BIG)
    assert long["type"] == too_big["type"] == "error"
    assert {key: long[key] for key in ("code", "params")} == {key: too_big[key] for key in ("code", "params")}
