"""Races for the row-lock tests: calls that all arrive while another transaction holds a row's lock."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from django.db import connection, transaction
from django.db.models import Model


def race_behind_row_lock(row: type[Model], pk: int, calls: list[Callable[[], Any]]) -> list[Any]:
    """Locks ``row`` ``pk`` in one thread, starts every call in a thread of its own, then releases the lock.
    Returns each call's result or the exception it raised (a thread must not swallow one)."""
    outcomes: list[Any] = []
    lock_held, release = threading.Event(), threading.Event()

    def hold_the_row_lock() -> None:
        with transaction.atomic():
            row.objects.select_for_update().get(pk=pk)  # type: ignore[attr-defined]
            lock_held.set()
            release.wait(timeout=10)
        connection.close()

    def run(call: Callable[[], Any]) -> None:
        try:
            outcomes.append(call())
        except BaseException as error:  # reported to the test
            outcomes.append(error)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_row_lock)
    holder.start()
    assert lock_held.wait(timeout=10)
    racers = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in racers:
        thread.start()
    _wait_until_sessions_wait_for_a_lock(len(calls))
    release.set()
    for thread in [holder, *racers]:
        thread.join(timeout=20)
    return outcomes


def _wait_until_sessions_wait_for_a_lock(count: int) -> None:
    """Returns once `count` sessions of this database wait for a lock, so every call truly arrives behind the
    held one (a thread merely started might reach the row after the release and prove nothing)."""
    with connection.cursor() as cursor:
        for _ in range(1000):
            cursor.execute("SELECT pg_stat_clear_snapshot()")  # a fresh view of the other sessions each time
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0] >= count:
                return
            time.sleep(0.01)
    raise AssertionError(f"{count} calls never all waited for the lock")
