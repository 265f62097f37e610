"""The consumers' thread pools are started whole, each thread connected, before a server serves anyone
(matches/pools.py): their threads and connections are not a cost that the first traffic pays and that a
soak then reads as growth."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import psutil
import pytest
from django.conf import settings
from django.db import connection

from bench.live import daphne_processes, database_url
from matches.pools import start_pool


def _each_thread(executor: ThreadPoolExecutor, threads: int, task: object) -> list[tuple[int, object]]:
    """(thread id, `task()`) from `threads` tasks held until all run at once, so each is on its own thread."""
    together = threading.Barrier(threads)

    def held() -> tuple[int, object]:
        together.wait(5)
        return threading.get_ident(), task()  # type: ignore[operator]

    return [future.result(10) for future in [executor.submit(held) for _ in range(threads)]]


@pytest.mark.django_db(transaction=True)
def test_a_started_pool_has_all_its_threads_each_connected() -> None:
    executor = ThreadPoolExecutor(max_workers=3, thread_name_prefix="pool-test")
    try:
        assert start_pool(executor, 3) == 3
        # Every thread was started by start_pool: these tasks find them all, and each has its connection.
        seen = _each_thread(executor, 3, lambda: (threading.current_thread().name, connection.connection is not None))
        names = {name for _, (name, _connected) in seen}  # type: ignore[misc]
        assert len(names) == 3 and all(connected for _, (_name, connected) in seen)  # type: ignore[misc]
        assert {t.name for t in threading.enumerate() if t.name.startswith("pool-test")} == names
    finally:
        _each_thread(executor, 3, lambda: connection.close())
        executor.shutdown()


@pytest.mark.django_db(transaction=True)
def test_a_server_holds_its_pools_connections_before_any_request() -> None:
    database = database_url(connection.settings_dict)
    if database is None:
        pytest.skip("needs PostgreSQL (DATABASE_URL): a server process cannot see SQLite's test database")
    threads = settings.ARBITRO_ORDER_THREADS + settings.ARBITRO_READ_THREADS
    with daphne_processes(1, {"DATABASE_URL": database, "ARBITRO_DEADLINE_SWEEP_SECONDS": "0"}) as [server]:
        port = int(connection.settings_dict["PORT"] or 5432)
        held = [c for c in psutil.Process(server.pid).net_connections("tcp") if c.raddr and c.raddr.port == port]
    assert len(held) == threads, f"{len(held)} connections to PostgreSQL, {threads} pool threads"
