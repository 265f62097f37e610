"""matches/prepared_sends.py: a broadcast frame goes to a Daphne socket as one prepared message, the same bytes
the ASGI path writes, and only while Daphne itself would send on the socket; any other socket keeps the ASGI path."""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from daphne.server import Server
from daphne.ws_protocol import WebSocketFactory, WebSocketProtocol
from twisted.internet.testing import StringTransport

from matches import prepared_sends
from matches.prepared_sends import SocketSends

TEXTS = [
    '{"type":"crowd","n":3}',  # a short frame: its length in the second byte
    '{"type":"playback","who":"Ün"}' + " " * 300,  # 16-bit length, and a character UTF-8 spells in two bytes
    '{"type":"snapshot"}' + "x" * 70_000,  # 64-bit length
]


@pytest.fixture
def server() -> Iterator[Server]:
    made = Server(application=None, endpoints=["tcp:port=0"])
    made.connections = {}  # what `Server.run` starts with
    yield made


def _open_socket(server: Server) -> tuple[WebSocketProtocol, StringTransport]:
    """A Daphne websocket past its handshake, writing into `transport`."""
    protocol = WebSocketFactory(server, server="test").buildProtocol(("127.0.0.1", 1))
    transport = StringTransport()
    protocol.makeConnection(transport)
    protocol.client_addr = ("127.0.0.1", 1)  # set by Daphne's `onConnect`, read by its send
    protocol.state = WebSocketProtocol.STATE_OPEN
    server.connections[protocol] = {"connected": time.time()}
    transport.clear()
    return protocol, transport


@pytest.mark.asyncio
@pytest.mark.parametrize("text", TEXTS)
async def test_a_daphne_socket_is_sent_the_same_bytes_as_one_prepared_message(server: Server, text: str) -> None:
    (asgi_socket, asgi_wire), (prepared_socket, prepared_wire) = _open_socket(server), _open_socket(server)
    await server.handle_reply(asgi_socket, {"type": "websocket.send", "text": text})
    sends = SocketSends(partial(server.handle_reply, prepared_socket))

    assert sends.prepared and sends.send_shared(text)
    assert prepared_wire.value() == asgi_wire.value() != b""


def test_a_text_is_framed_once_for_every_socket(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    framed: list[bytes] = []
    real = prepared_sends.PreparedMessage

    def counting(payload: bytes, **options: Any) -> Any:
        framed.append(payload)
        return real(payload, **options)

    monkeypatch.setattr(prepared_sends, "PreparedMessage", counting)
    sockets = [_open_socket(server) for _ in range(3)]
    text = "".join(['{"type":"submitted",', '"v":7}'])  # a text object of its own, not an interned constant

    for protocol, _ in sockets:
        assert SocketSends(partial(server.handle_reply, protocol)).send_shared(text)

    assert framed == [text.encode()]
    assert len({wire.value() for _, wire in sockets}) == 1


def _disconnected(server: Server, protocol: WebSocketProtocol) -> None:
    server.connections[protocol]["disconnected"] = time.time()


def _unknown(server: Server, protocol: WebSocketProtocol) -> None:
    del server.connections[protocol]


def _closing(server: Server, protocol: WebSocketProtocol) -> None:
    protocol.state = WebSocketProtocol.STATE_CLOSING


@pytest.mark.parametrize("gone", [_disconnected, _unknown, _closing])
def test_a_socket_daphne_would_not_send_on_is_left_to_the_asgi_path(server: Server, gone: Any) -> None:
    protocol, wire = _open_socket(server)
    gone(server, protocol)

    assert not SocketSends(partial(server.handle_reply, protocol)).send_shared(TEXTS[0])
    assert wire.value() == b""


async def _asgi_send(message: dict[str, Any]) -> None:
    raise AssertionError("not called by SocketSends")


def test_a_socket_not_served_by_daphne_keeps_the_asgi_path(server: Server) -> None:
    protocol, wire = _open_socket(server)
    for send in (_asgi_send, partial(_asgi_send), partial(server.check_headers_type, protocol)):
        sends = SocketSends(send)
        assert not sends.prepared and not sends.send_shared(TEXTS[0])
    assert wire.value() == b""


def test_a_frame_waits_behind_what_autobahn_queued_for_the_socket(server: Server) -> None:
    protocol, wire = _open_socket(server)
    protocol.send_queue.append((b"earlier", True))  # a `sync` write waiting for the reactor's next turn
    protocol.triggered = True  # its turn is scheduled already

    assert SocketSends(partial(server.handle_reply, protocol)).send_shared(TEXTS[0])
    assert wire.value() == b""
    assert [data for data, _ in protocol.send_queue] == [b"earlier", b"\x81\x16" + TEXTS[0].encode()]
