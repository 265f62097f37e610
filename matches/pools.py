"""The consumers' thread pools started whole when a server process starts, each thread with its database
connection open (project/asgi.py, `ARBITRO_START_POOLS`).

A `ThreadPoolExecutor` starts a thread only when a task finds none idle, and each of these threads opens its
own PostgreSQL connection on its first call: left to themselves, the pools grow with the first bursts of
traffic, whose callers then wait for a thread to start and a connection to log in. Started here, that cost
is paid once, before the process serves anyone, and the process holds the same threads and connections from
then on (what they cost in memory, about 0.2 MB per process, is in its size from the start: bench/README.md,
soak).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor, wait

from django.db import DatabaseError, connection

log = logging.getLogger(__name__)

# How long a process start waits for its pools; a database that does not answer does not stop the server
# (each thread connects again on its first call, as without the warm-up).
START_SECONDS = 10.0


def start_pool(executor: ThreadPoolExecutor, threads: int, timeout: float = START_SECONDS) -> int:
    """Starts `threads` threads in `executor` and opens each one's database connection; returns how many
    connected within `timeout`. Each start task waits for all the others, so no thread takes two of them
    and the executor has to start one thread per task."""
    everyone = threading.Barrier(threads)

    def connect() -> bool:
        try:
            everyone.wait(timeout)
        except threading.BrokenBarrierError:
            pass  # a pool smaller than asked: whichever threads it has still connect
        try:
            connection.ensure_connection()
        except DatabaseError as error:
            log.warning("pools: a thread could not connect to the database at start (%r); it will on its first call", error)
            return False
        return True

    started = [executor.submit(connect) for _ in range(threads)]
    done, _ = wait(started, timeout=timeout + 1.0)
    return sum(1 for future in done if future.exception() is None and future.result())
