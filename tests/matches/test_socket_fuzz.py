"""Bad input through the real socket (issue 18, "a fuzz suite for every socket message type"): random text
sent to the match consumer as a player, a spectator, an anonymous visitor and the referee, shaped like every
message type and odd in every way the probes found (lone surrogates, non-ASCII digits, strings over the
limit, bodies nested thousands deep, wrong types, not JSON at all). Every message gets one answer, its reply
or a coded error that is not `server.error`; a refused message changes nothing; the socket stays open; and
nothing is logged as an error (no traceback)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.db import connections
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from matches.models import Match
from tests.matches.conftest import ALICE_ORDER
from tests.matches.sockets import connect, receive
from tests.matches.test_match_fuzz import KEYS, WORDS, fingerprint, json_values

# Each message type, the reply it gets when it is not refused, and the fields it reads (docs/protocol.md).
REPLIES = {
    "plot": "plotted", "submit": "order_accepted", "withdraw": "order_withdrawn", "reach": "reach", "los": "los",
    "los_side": "los_side_set", "react": "reaction_accepted", "chat": "chat_sent", "resync": "snapshot",
}
FIELDS = {
    "plot": ("order", "turn", "phase", "v"), "submit": ("order", "turn", "phase", "v"),
    "withdraw": ("unit", "turn", "phase"), "reach": ("unit", "mode", "turn"), "los": ("from", "to"),
    "los_side": ("unit", "side", "reason"), "react": ("window", "unit", "order"), "chat": ("text",), "resync": (),
}
ANSWERS = {*REPLIES.values(), "error"}
# Values the probes answered with a 500 or a traceback: lone surrogates, digits `isdigit()` takes and `int()`
# does not, and others beyond ASCII.
ODD = st.sampled_from(["\ud800", "a\udfffb", "²²", "0²08", "٠٨٠٨", "０８０８", "Ⅻ", "\u00a0", "\ufeff", "🂡"])
SCALARS = (
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(WORDS) | ODD | ODD.map(lambda odd: f"08{odd}")
)
VALUES = json_values(SCALARS)


def _shaped(kind: str) -> st.SearchStrategy[str]:
    """A message of `kind` with some of its fields (odd values, odd types), or with any keys at all."""
    fields = st.fixed_dictionaries({}, optional={name: VALUES for name in FIELDS.get(kind, ())})
    return st.builds(lambda body: json.dumps({**body, "type": kind}), fields | st.dictionaries(st.sampled_from(KEYS), VALUES))


def _nested(depth: int) -> str:
    return '{"type": "plot", "order": ' + "[" * depth + "]" * depth + "}"


MESSAGES = (
    st.sampled_from([*REPLIES, "nonsense", ""]).flatmap(_shaped)
    | st.integers(min_value=900, max_value=60_000).map(_nested)
    | st.integers(min_value=15_990, max_value=40_000).map(lambda size: json.dumps({"type": "chat", "text": "x" * size}))
    | st.just(json.dumps({"type": "submit", "order": ALICE_ORDER, "turn": "²"}))
    | VALUES.map(json.dumps)
    | st.text(min_size=1, max_size=40)  # (the test socket cannot send an empty text)
)


async def _answer(socket: Any) -> dict[str, Any]:
    """The answer to the message just sent; broadcasts it caused (`submitted`, `chat`) may come around it."""
    while True:
        frame = await receive(socket)
        if frame["type"] in ANSWERS:
            return frame


async def _exchange(match: Match, user: User | None, messages: list[str]) -> None:
    socket = await connect(match, user)
    try:
        await receive(socket)  # the snapshot
        for text in messages:
            before = await database_sync_to_async(fingerprint)(match.pk)
            await socket.send_to(text_data=text)
            answer = await _answer(socket)
            if answer["type"] == "error":
                assert answer["code"] != "server.error" and "." in answer["code"] and answer["message"], text[:200]
                assert await database_sync_to_async(fingerprint)(match.pk) == before, (answer["code"], text[:200])
        await socket.send_to(text_data='{"type": "resync"}')
        assert (await _answer(socket))["type"] == "snapshot"  # still open
    finally:
        await socket.disconnect()
        await database_sync_to_async(connections.close_all)()


@pytest.mark.django_db(transaction=True)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(who=st.sampled_from(["alice", "carol", "ref", None]), messages=st.lists(MESSAGES, min_size=1, max_size=4))
# What the probes sent (issue 18, item 7), always tried.
@example(who="alice", messages=[json.dumps({"type": "chat", "text": "\ud800"}), json.dumps({"type": "los", "from": "²²", "to": "A"})])
@example(who="ref", messages=[json.dumps({"type": "los_side", "unit": "B", "side": "left", "reason": "\udfff"}), _nested(50_000)])
def test_every_socket_message_gets_its_reply_or_a_coded_error_and_changes_nothing_when_refused(
    who: str | None, messages: list[str], match: Match, alice: User, carol: User, ref: User,
    caplog: pytest.LogCaptureFixture, settings: Any,
) -> None:
    settings.ARBITRO_SOCKET_RATE = (10_000, 10)  # the rate limit is tested on its own
    caplog.set_level(logging.WARNING)
    user = {"alice": alice, "carol": carol, "ref": ref, None: None}[who]
    asyncio.run(_exchange(match, user, messages))
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []
