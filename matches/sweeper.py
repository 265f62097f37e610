"""The deadline sweeper: every Daphne process expires missed phase deadlines and reaction windows itself,
every `ARBITRO_DEADLINE_SWEEP_SECONDS`, so a match never waits for good on a player who walked away, with no
cron job (`make run` has none). `manage.py matches_expire_deadlines` is the same sweep, once.

Several processes sweeping the same database is safe: each expiry is a command through the pipeline, judged
again under the match's lock, so a deadline is expired once whoever gets there first.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime

from django.db import connections
from django.utils import timezone

from .deadlines import deadlines_expire
from .reactions import reactions_expire

log = logging.getLogger(__name__)


def sweep(now: datetime) -> tuple[list[int], list[int]]:
    """Expires what is due by `now`: the ids of the matches whose phase resolved at its deadline, then of
    those where a late reaction window was answered "pass"."""
    return deadlines_expire(now=now), reactions_expire(now=now)


def start(every: float) -> Callable[[], None]:
    """Sweeps every `every` seconds in a daemon thread; returns what stops it (and waits for it to end)."""
    stopping = threading.Event()
    thread = threading.Thread(target=_sweep_until, args=(every, stopping), name="deadline-sweeper", daemon=True)
    thread.start()

    def stop() -> None:
        stopping.set()
        thread.join()

    return stop


def _sweep_until(every: float, stop: threading.Event) -> None:
    while not stop.wait(every):
        try:
            sweep(timezone.now())
        except Exception as error:  # noqa: BLE001 - PostgreSQL or Redis away: the next sweep tries again.
            log.warning("deadline sweep failed, trying again in %s s: %r", every, error)
        finally:
            # A connection held between sweeps would be one more idle client per process for nothing.
            connections.close_all()
