"""A broadcast frame is framed once for all the sockets it goes to, not once per socket (issue 19's fan-out).

The hub hands the same `str` to every local socket of an audience (hub.py `_fan_out`). Sent the ASGI way, each
socket's copy goes through Channels, Daphne's `handle_reply` and `serverSend` (which encodes it to UTF-8 again)
and autobahn's `sendMessage` (which frames it again and builds its debug-log text whatever the log level):
about a third of Daphne's loop when one frame goes to 1,000 spectators (bench/README.md, fourth round).
`SocketSends` writes such a frame as an autobahn prepared message instead: the encoding and the frame are made
once per text (`_prepared`, keyed by the text object, which it keeps alive so the key stays its own) and each
socket only writes the bytes (straight to its transport when autobahn has nothing queued for it). Both paths
write at once in the calling task, so a socket's frames keep their order whichever path each took.

Only a socket served by Daphne is sent this way, and only while Daphne would send on it (the connection known,
not disconnected, the websocket open); anything else (a test's `WebsocketCommunicator`, a socket not yet
accepted or closing) goes the ASGI way, which does what Daphne does then (a closed socket raises `Disconnected`
there, which the consumer ignores). Daphne negotiates no compression; if a socket had it, autobahn's
`sendPreparedMessage` compresses the payload for that socket itself.
"""

from __future__ import annotations

import functools
from typing import Any

from autobahn.websocket.protocol import PreparedMessage
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol

# Texts framed lately, by `id`: a frame's variants (one per audience) go out interleaved, a few at a time.
_PREPARED_KEPT = 16
_prepared: dict[int, tuple[str, PreparedMessage]] = {}


def _prepared_for(text: str) -> PreparedMessage:
    kept = _prepared.get(id(text))
    if kept is not None and kept[0] is text:
        return kept[1]
    # A server's frames are not masked (RFC 6455 §5.1): the factory's `prepareMessage` with no factory at hand.
    prepared = PreparedMessage(text.encode("utf8"), isBinary=False, applyMask=False, doNotCompress=False)
    if len(_prepared) >= _PREPARED_KEPT:
        del _prepared[next(iter(_prepared))]  # the oldest
    _prepared[id(text)] = (text, prepared)
    return prepared


class SocketSends:
    """One socket's sender of shared frames. `send` is the ASGI send the consumer was called with."""

    def __init__(self, send: Any) -> None:
        self._server: Server | None = None
        self._protocol: WebSocketProtocol | None = None
        # Daphne calls its application with `send=partial(self.handle_reply, protocol)` (daphne/server.py).
        if (
            isinstance(send, functools.partial) and len(send.args) == 1 and not send.keywords
            and getattr(send.func, "__func__", None) is Server.handle_reply
            and isinstance(send.args[0], WebSocketProtocol)
        ):
            self._server, self._protocol = send.func.__self__, send.args[0]  # type: ignore[attr-defined]

    @property
    def prepared(self) -> bool:
        """Whether the socket is Daphne's, so that `send_shared` may send on it directly."""
        return self._protocol is not None

    def send_shared(self, text: str) -> bool:
        """Sends `text` as a prepared message if Daphne would send it now; False: send it the ASGI way."""
        protocol, server = self._protocol, self._server
        if protocol is None or server is None or protocol.state != WebSocketProtocol.STATE_OPEN:
            return False
        connection = server.connections.get(protocol)
        if connection is None or connection.get("disconnected", None):
            return False
        prepared = _prepared_for(text)
        if protocol._perMessageCompress is None and not protocol.send_queue and not protocol.logOctets:
            # What autobahn's `sendData` does then, without the debug-log text it builds for every write
            # whatever the level (half the cost of `sendPreparedMessage`) and its traffic counters, which no one
            # reads here.
            protocol.transport.write(prepared.payloadHybi)
        else:
            protocol.sendPreparedMessage(prepared)  # compressed, or behind bytes autobahn queued: its own way
        return True
