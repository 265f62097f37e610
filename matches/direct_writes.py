"""Daphne's sockets send a frame at once when nothing is queued for them (issue 10's broadcast profile).

Twisted's TCP transport buffers every write, registers the socket with the event loop for writing, sends on
the loop's next turn and unregisters the socket again: two `epoll_ctl` calls and a loop callback per socket
per frame, the largest part of Daphne's send path when one frame goes to 1,000 spectators (bench/README.md).
asyncio's own transports try the send first and buffer only what the kernel did not take; `install` makes
Twisted's plain TCP connections do the same. TLS connections (the reverse proxy terminates TLS) and sockets
with anything already queued keep Twisted's path, so bytes never overtake each other.
"""

from __future__ import annotations

from collections.abc import Callable

from twisted.internet import tcp

_buffered_write: Callable[[tcp.Connection, bytes], None] = tcp.Connection.write


def write_now(connection: tcp.Connection, data: bytes) -> None:
    if (
        not connection.TLS and connection.connected and not connection._writeDisconnected
        and not connection.dataBuffer and not connection._tempDataBuffer
    ):
        sent = connection.writeSomeData(data)
        # A lost connection comes back as a value, not raised: Twisted's buffered path then reports it as usual.
        data = data[sent:] if isinstance(sent, int) else data
        if not data:
            return
    _buffered_write(connection, data)


def install() -> None:
    """Called by project/asgi.py, so only the Daphne processes send this way (`ARBITRO_DIRECT_WRITES`)."""
    tcp.Connection.write = write_now  # type: ignore[method-assign, assignment]
