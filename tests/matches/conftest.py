"""Fixtures for the match tests: the demo match with alice and bob seated, and a spectator."""

from __future__ import annotations

import os
import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.db import connections

from matches import consumers, crowd, hub, lobby, socket_reads
from matches.models import Event, Match, Order
from matches.pipeline import match_create
from rules.rulesets.solaris.demo import demo_state

# Orders for the demo mechs (walk 5 PM each), legal on the demo board.
ALICE_ORDER = {"unit": "A", "mode": "walk", "steps": ["F", "F", "R"]}
BOB_ORDER = {"unit": "B", "mode": "walk", "steps": ["F", "F"]}


def fingerprint(match: Match) -> tuple[Any, ...]:
    """What a refused command must leave as it was: the match row's play columns, the orders and the log."""
    match.refresh_from_db()
    return match.version, match.status, match.turn, match.phase, match.state, Order.objects.count(), Event.objects.count()


def frame_for(item: dict[str, Any], audience: str) -> dict[str, Any] | None:
    """The frame a socket of `audience` ("spectator", "referee", "player:alice") is written for one published
    item (None: it is not for that audience)."""
    variants = hub.variants_of(item)
    index = hub.variant_for(variants, audience)
    return None if index is None else variants[index][1]


def shared_part(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame less what differs by audience (frames.py): a submitted order, and in the position it carries
    the ammunition (its own side's) and the hints (what the phase offers this viewer)."""
    shared = {key: value for key, value in frame.items() if key != "order"}
    if "view" in frame:
        mechs = {unit: {key: value for key, value in mech.items() if key != "ammo"}
                 for unit, mech in frame["view"]["mechs"].items()}
        shared["view"] = {**{key: value for key, value in frame["view"].items() if key != "hints"}, "mechs": mechs}
    return shared


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every frame the services hand to the hub, in order, as a spectator is sent it."""
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(hub, "publish", lambda *, match_id, frames: sent.extend(
        frame for frame in (frame_for(item, "spectator") for item in frames) if frame is not None
    ))
    return sent


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _private_channel_prefix(settings: Any) -> None:
    """Other runs may share the Redis server: a prefix of our own keeps their frames out of our sockets."""
    for layer in settings.CHANNEL_LAYERS.values():
        if "redis" in layer["BACKEND"].lower():
            layer.setdefault("CONFIG", {})["prefix"] = f"arbitro-test-{os.getpid()}"
    settings.CHANNEL_LAYERS = settings.CHANNEL_LAYERS  # re-assigning tells Channels to rebuild its layers


@pytest.fixture(autouse=True)
def _quiet_crowd(monkeypatch: pytest.MonkeyPatch) -> None:
    """No timed `crowd` frames in the middle of other tests' frame sequences; test_match_crowd.py ticks fast."""
    monkeypatch.setattr(crowd, "TICK_SECONDS", 3600.0)


@pytest.fixture
def alice(db: None) -> User:
    return User.objects.create_user("alice", password="alice-pw")


@pytest.fixture
def bob(db: None) -> User:
    return User.objects.create_user("bob", password="bob-pw")


@pytest.fixture
def carol(db: None) -> User:
    """Logged in but not seated: a spectator."""
    return User.objects.create_user("carol", password="carol-pw")


@pytest.fixture
def dana(db: None) -> User:
    """A fourth user: the one the host seats as referee, or a spectator who is given a seat."""
    return User.objects.create_user("dana", password="dana-pw")


@pytest.fixture
def opened(alice: User, bob: User) -> Match:
    """The duel in the lobby: alice hosts it, bob has taken the other side."""
    from tests.matches.lobby_duels import DUEL  # not at the top: lobby_duels imports the sockets helpers

    match = lobby.match_open(host=alice, designs=DUEL)
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    match.refresh_from_db()
    return match


@pytest.fixture
def ref(db: None) -> User:
    """A staff user: referees any match without a seat."""
    return User.objects.create_user("ref", password="ref-pw", is_staff=True)


@pytest.fixture
def match(alice: User, bob: User) -> Match:
    return match_create(state=demo_state(), players={"alice": alice, "bob": bob}, title="Test duel")


@pytest_asyncio.fixture
async def close_worker_connections() -> AsyncIterator[None]:
    """Socket tests reach the database from asgiref's worker thread; its connection must not outlive the
    test, or pytest-django cannot drop the test database."""
    yield
    await database_sync_to_async(connections.close_all)()


@pytest.fixture(scope="session", autouse=True)
def _close_order_thread_connections(django_db_setup: None) -> Iterator[None]:
    """Plots and submits reach the database from the consumers' order threads, connects from their read
    threads; their connections must be closed before pytest-django drops the test database. Every thread of
    a pool takes one of these calls: none returns before all of them run at once."""
    yield
    for pool, threads in ((consumers.ORDER_THREADS, django_settings.ARBITRO_ORDER_THREADS),
                          (socket_reads.READ_THREADS, django_settings.ARBITRO_READ_THREADS)):
        everyone = threading.Barrier(threads)

        def close(everyone: threading.Barrier = everyone) -> None:
            everyone.wait(timeout=10)
            connections.close_all()

        for future in [pool.submit(close) for _ in range(threads)]:
            future.result()
