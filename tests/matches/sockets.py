"""Helpers for the websocket tests: sockets through the whole ASGI stack (origin check, session auth); and
the logged-in HTTP client they take their session from."""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client

from matches.models import Match
from project.asgi import application


def client_as(user: User | None) -> Client:
    """A test client logged in as `user` (anonymous when None)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@database_sync_to_async
def session_cookie(user: User) -> str:
    return str(client_as(user).cookies["sessionid"].value)


async def connect(match: Match, user: User | None = None, query: str = "") -> WebsocketCommunicator:
    """An open socket on the match, as `user` (anonymous when None), from an allowed origin."""
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    if user is not None:
        headers.append((b"cookie", f"sessionid={await session_cookie(user)}".encode()))
    socket = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/{query}", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


async def receive(socket: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await socket.receive_from(timeout=5))


async def frames_until(socket: WebsocketCommunicator, kind: str) -> list[dict[str, Any]]:
    """The frames a socket receives up to and including the first of type `kind`."""
    frames = [await receive(socket)]
    while frames[-1]["type"] != kind:
        frames.append(await receive(socket))
    return frames


async def receive_by_type(socket: WebsocketCommunicator, count: int) -> list[dict[str, Any]]:
    """`count` frames sorted by type, for frames whose arrival order is not fixed."""
    frames = [await receive(socket) for _ in range(count)]
    return sorted(frames, key=lambda frame: frame["type"])


async def send(socket: WebsocketCommunicator, message: dict[str, Any]) -> dict[str, Any]:
    """Sends a message and returns the next frame (the reply, when nothing else is in flight)."""
    await socket.send_to(text_data=json.dumps(message))
    return await receive(socket)
