"""The lightest websocket client this venv can run: an asyncio protocol that speaks just enough RFC 6455 to
subscribe and read, for crowds of spectators that should cost the machine as little as possible.

Each socket is one `asyncio.Protocol`: no task, no queue and no coroutine per message. `data_received` stamps
the bytes with `time.time()` as the loop hands them over, cuts them into messages and passes each to a
callback with that stamp. Server frames are not masked, so reading one is slicing bytes; pings are answered
(Daphne closes a socket that does not answer its pings), fragments are joined, a close is echoed. What it
leaves out (extensions, subprotocols, checking the handshake's accept key) no benchmark server uses. On uvloop
(bench/spectators.py runs its workers there) the transport and its reads are C.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct
import time
from collections.abc import Callable
from urllib.parse import urlsplit

TEXT, BINARY, CLOSE, PING, PONG = 0x1, 0x2, 0x8, 0x9, 0xA
OnMessage = Callable[["RawSocket", bytes, float], None]


class HandshakeError(Exception):
    pass


def mask_frame(opcode: int, payload: bytes) -> bytes:
    """One client frame (FIN set), masked as RFC 6455 §5.3 requires of a client."""
    size = len(payload)
    if size < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
    key = os.urandom(4)
    repeated = (key * (size // 4 + 1))[:size]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(size, "big") if size else b""
    return header + key + masked


class RawSocket(asyncio.Protocol):
    """One client websocket; `opened` resolves when the server has switched protocols."""

    def __init__(self, path: str, host: str, origin: str, on_message: OnMessage) -> None:
        self.path, self.host, self.origin = path, host, origin
        self.on_message = on_message
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self._buffer = b""
        self._fragments: list[bytes] = []
        self._upgraded = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not an asyncio.Transport subclass
        assert self.transport is not None
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {self.origin}\r\n\r\n"
        )
        self.transport.write(request.encode())

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or HandshakeError("closed during the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    def data_received(self, data: bytes) -> None:
        now = time.time()
        buffer = self._buffer + data if self._buffer else data
        if not self._upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                self._buffer = buffer
                return
            status = buffer[:buffer.find(b"\r\n")]
            if not status.startswith(b"HTTP/1.1 101"):
                self.opened.set_exception(HandshakeError(status.decode(errors="replace")))
                assert self.transport is not None
                self.transport.close()
                return
            self._upgraded = True
            self.opened.set_result(None)
            buffer = buffer[end + 4:]
        self._buffer = self._frames(buffer, now)

    def _frames(self, buffer: bytes, now: float) -> bytes:
        """Hands every whole message in `buffer` on; returns what is left of the next one."""
        start, end = 0, len(buffer)
        while end - start >= 2:
            first, second = buffer[start], buffer[start + 1]
            size, at = second & 0x7F, start + 2
            if size == 126:
                if end - at < 2:
                    break
                size, at = struct.unpack_from("!H", buffer, at)[0], at + 2
            elif size == 127:
                if end - at < 8:
                    break
                size, at = struct.unpack_from("!Q", buffer, at)[0], at + 8
            if end - at < size:
                break
            self._frame(first, buffer[at:at + size], now)
            start = at + size
        return buffer[start:]

    def _frame(self, first: int, payload: bytes, now: float) -> None:
        opcode, final = first & 0x0F, first & 0x80
        if opcode >= CLOSE:  # control frames may come between a message's fragments
            if opcode == PING:
                self.send_frame(PONG, payload)
            elif opcode == CLOSE:
                self.send_frame(CLOSE, payload[:2])
                assert self.transport is not None
                self.transport.close()
            return
        if not final:
            self._fragments.append(payload)
            return
        if self._fragments:
            payload, self._fragments = b"".join([*self._fragments, payload]), []
        self.on_message(self, payload, now)

    def send_frame(self, opcode: int, payload: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(mask_frame(opcode, payload))

    def send_text(self, text: str) -> None:
        self.send_frame(TEXT, text.encode())

    async def close(self, timeout: float = 2.0) -> None:
        """The closing handshake (code 1000); the transport is dropped if the server does not answer in time."""
        self.send_frame(CLOSE, struct.pack("!H", 1000))
        try:
            await asyncio.wait_for(asyncio.shield(self.closed), timeout)
        except TimeoutError:
            if self.transport is not None:
                self.transport.abort()


async def open_raw(url: str, origin: str, on_message: OnMessage, timeout: float) -> RawSocket:
    """Connects to a ws:// `url` and returns once the server has accepted the upgrade."""
    parts = urlsplit(url)
    host, port = parts.hostname, parts.port
    assert parts.scheme == "ws" and host and port, url
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    loop = asyncio.get_running_loop()

    def protocol() -> RawSocket:
        return RawSocket(path or "/", parts.netloc, origin, on_message)

    async def opening() -> RawSocket:
        transport, socket = await loop.create_connection(protocol, host, port)
        try:
            await socket.opened
        except BaseException:  # refused, or out of time: no half-open socket left behind
            transport.abort()
            raise
        return socket

    return await asyncio.wait_for(opening(), timeout)
