"""matches/direct_writes.py: a frame goes to the socket at once when nothing is queued, and otherwise (or for
what the kernel did not take) through Twisted's buffer, in order (issue 10's broadcast send path)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from twisted.internet import main

from matches import direct_writes


@dataclass
class FakeConnection:
    """The parts of a Twisted TCP connection that `write_now` reads; the kernel takes `accepts` bytes."""

    accepts: int | None = None
    lost: bool = False
    TLS: bool = False
    connected: bool = True
    _writeDisconnected: bool = False
    dataBuffer: bytes = b""
    _tempDataBuffer: list[bytes] = field(default_factory=list)
    sent: list[bytes] = field(default_factory=list)

    def writeSomeData(self, data: bytes) -> int | Exception:
        if self.lost:
            return main.CONNECTION_LOST
        taken = data[: self.accepts]
        self.sent.append(taken)
        return len(taken)


@pytest.fixture
def buffered(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """What went through Twisted's buffered path instead."""
    queued: list[bytes] = []
    monkeypatch.setattr(direct_writes, "_buffered_write", lambda connection, data: queued.append(data))
    return queued


def test_a_frame_for_an_idle_socket_is_sent_at_once(buffered: list[bytes]) -> None:
    connection = FakeConnection()
    direct_writes.write_now(connection, b"frame")  # type: ignore[arg-type]
    assert (connection.sent, buffered) == ([b"frame"], [])


def test_what_the_kernel_did_not_take_is_buffered(buffered: list[bytes]) -> None:
    connection = FakeConnection(accepts=2)
    direct_writes.write_now(connection, b"frame")  # type: ignore[arg-type]
    assert (connection.sent, buffered) == ([b"fr"], [b"ame"])


@pytest.mark.parametrize(
    "connection",
    [
        FakeConnection(_tempDataBuffer=[b"earlier"]),  # queued bytes go first
        FakeConnection(dataBuffer=b"earlier"),
        FakeConnection(TLS=True),
        FakeConnection(connected=False),
        FakeConnection(_writeDisconnected=True),
    ],
)
def test_a_busy_tls_or_closed_socket_keeps_twisteds_path(connection: FakeConnection, buffered: list[bytes]) -> None:
    direct_writes.write_now(connection, b"frame")  # type: ignore[arg-type]
    assert (connection.sent, buffered) == ([], [b"frame"])


def test_a_lost_connection_is_left_to_twisted_to_report(buffered: list[bytes]) -> None:
    connection = FakeConnection(lost=True)
    direct_writes.write_now(connection, b"frame")  # type: ignore[arg-type]
    assert buffered == [b"frame"]
