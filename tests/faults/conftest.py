"""Fixtures for the fault tests: real Daphne processes on the test database, and a Redis server of the test's
own that it may kill, both stopped by PID when the test ends (bench/live.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest
from django.db import connection

from bench.live import Daphne, RedisServer, daphne_processes, database_url, redis_server
from tests.matches.conftest import _fast_password_hashing, alice, bob, carol, match  # noqa: F401

Servers = Callable[[int], AbstractContextManager[tuple[RedisServer, list[Daphne]]]]


@pytest.fixture
def servers(transactional_db: None) -> Servers:
    """`with servers(n) as (redis, daphnes)`: a fresh redis-server and `n` Daphne processes on it and on the
    test database (committed data only: the test runs with transaction=True)."""
    database = database_url(connection.settings_dict)
    if database is None:
        pytest.fail("The fault tests need DATABASE_URL on PostgreSQL: other processes cannot see SQLite's test database.")

    @contextmanager
    def started(count: int) -> Iterator[tuple[RedisServer, list[Daphne]]]:
        with redis_server() as redis:
            with daphne_processes(count, {"DATABASE_URL": database, "REDIS_URL": redis.url}) as daphnes:
                yield redis, daphnes

    return started
