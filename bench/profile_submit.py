"""What a resolution costs the server beside the rules: the two submits of a phase, in this one process.

    python -m bench.profile_submit [--phases 200] [--profile] [--top 25] [--watched]

Plays `--phases` phases of a demo duel through `services.order_submit` on a thread beside an event loop, as
a Daphne process's order thread does (the after-commit publish to Redis, on the loop, included), and prints the CPU time of this process per resolution,
the part of it spent in `rules/` (cProfile's cumulative time under the ruleset's calls, scaled to the
unprofiled CPU), the statements sent per resolution, and with `--profile` the heaviest functions. With
`--watched` the process's hub also reads the match's frames and hands them to three sockets (both players,
a spectator) that drop them: the publish's other half, in the process of the players' sockets. CPU time
moves little with the machine's load, unlike wall-clock time; the load average is printed beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import time
from typing import Any

from .harness import ORDERS, create_matches, report, setup_django

COLUMNS = ["phases", "ms_cpu_per_resolution", "ms_rules_per_resolution", "statements_per_resolution", "load"]


def _play(match_id: int, users: dict[str, Any], phases: int) -> None:
    from matches import services

    # Outside any transaction, as in Daphne: each submit commits and then publishes.
    for _ in range(phases):
        for side in ("alice", "bob"):
            services.order_submit(match_id=match_id, user=users[side], order_json=ORDERS[side])


def _on_order_thread(work: Any, *args: Any, watched: int | None = None) -> Any:
    """`work(*args)` on a thread of its own while this thread runs an event loop, as Daphne's order threads
    run the submits (matches/consumers.py): the after-commit publish is handed to that loop, whose Redis
    connections stay open, instead of a new loop per publish. `watched`: a match this process's hub
    subscribes to meanwhile, with a socket of each audience that drops what it is sent (`--watched`)."""
    from asgiref.sync import sync_to_async

    async def run() -> Any:
        from matches.hub import get_hub
        from matches.subscriber import Subscriber
        from matches.models import Match

        async def drop(_: Any = None) -> None:
            return None

        if watched:
            from channels.layers import channel_layers

            # channels_redis's receiving locks belong to the loop that first used them: a layer of this loop's own.
            channel_layers.backends.clear()
        match_id = watched or 0
        subscribers = [Subscriber(drop, catch_up=drop, audience=name) for name in WATCHERS] if watched else []
        for subscriber in subscribers:
            await get_hub().join(match_id, subscriber)
            await subscriber.release((await Match.objects.aget(pk=match_id)).version)
        try:
            return await sync_to_async(work, thread_sensitive=False)(*args)
        finally:
            for subscriber in subscribers:
                await get_hub().leave(match_id, subscriber)

    return asyncio.run(run())


# The audiences of a watched match's sockets: both players and a spectator, as the closed loop's.
WATCHERS = ("player:alice", "player:bob", "spectator")


def _users(match_id: int) -> dict[str, Any]:
    from matches.models import Participant

    seats = Participant.objects.filter(match_id=match_id).select_related("user")
    return {seat.user.username.rsplit("-", 1)[1]: seat.user for seat in seats}


def _statements(match_id: int, users: dict[str, Any]) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        _play(match_id, users, 1)
    if os.environ.get("BENCH_SHOW_SQL"):
        print("\n".join(query["sql"][:160] for query in captured.captured_queries))
    return len(captured.captured_queries)


def _rules_share(stats: pstats.Stats) -> float:
    """The fraction of the profiled time spent under `rules/` (outermost calls only, so nothing counts twice)."""
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = stats.total_tt  # type: ignore[attr-defined]
    rules = 0.0
    for (path, _, _), (_, _, _, cumulative, callers) in entries.items():
        if "/rules/" in path and not any("/rules/" in caller[0] for caller in callers):
            rules += cumulative
    return rules / total if total else 0.0


# Where the profiled CPU goes, by the file each function's own time is spent in (first match wins).
AREAS = [
    ("rules", "/rules/"), ("matches", "/matches/"), ("django orm", "/django/db/"), ("django", "/django/"),
    ("psycopg", "psycopg"), ("redis/channels", "redis"), ("asgiref", "asgiref"), ("json", "/json/"),
]


def areas(stats: pstats.Stats) -> dict[str, float]:
    """Each area's share of the profiled CPU (own time), other threads' CPU in lock waits counted as `waits`."""
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    shares: dict[str, float] = {}
    for (path, _, name), (_, _, own, _, _) in entries.items():
        area = "waits" if "acquire" in name else next((label for label, part in AREAS if part in path), "other")
        shares[area] = shares.get(area, 0.0) + own
    total = sum(shares.values()) or 1.0
    return {area: round(100 * own / total, 1) for area, own in sorted(shares.items(), key=lambda item: -item[1])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phases", type=int, default=200)
    parser.add_argument("--profile", action="store_true", help="also print cProfile's heaviest functions")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--watched", action="store_true",
                        help="this process's hub subscribes to the match, as the Daphne process of its players' sockets")
    args = parser.parse_args()

    setup_django()
    warm, timed, profiled = (seats.match_id for seats in create_matches(3))
    users = {match: _users(match) for match in (warm, timed, profiled)}
    _on_order_thread(_play, warm, users[warm], 3)  # imports, caches and the connection, outside the reading
    statements = _on_order_thread(_statements, warm, users[warm])
    load = os.getloadavg()
    started = time.process_time()
    _on_order_thread(_play, timed, users[timed], args.phases, watched=timed if args.watched else None)
    cpu_ms = (time.process_time() - started) * 1000 / args.phases
    profiler = cProfile.Profile(time.process_time)  # CPU time: waits on PostgreSQL and Redis are not the server's
    _on_order_thread(profiler.runcall, _play, profiled, users[profiled], args.phases,
                     watched=profiled if args.watched else None)
    stats = pstats.Stats(profiler)
    share = _rules_share(stats)
    row = {
        "phases": args.phases,
        "ms_cpu_per_resolution": round(cpu_ms, 2),
        "ms_rules_per_resolution": round(cpu_ms * share, 2),
        "statements_per_resolution": statements,
        "load": " ".join(f"{value:.1f}" for value in load),
    }
    shares = areas(stats)
    report("profile_submit", COLUMNS, [row], {"settings": vars(args), "areas_percent": shares})
    print("profiled CPU by area (%):", ", ".join(f"{area} {share}" for area, share in shares.items()))
    if args.profile:
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats(os.environ.get("BENCH_SORT", "cumulative")).print_stats(args.top)
        print(text.getvalue())


if __name__ == "__main__":
    main()
