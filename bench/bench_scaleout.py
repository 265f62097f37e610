"""Scale-out: the same match and crowd on 1, 2 and 3 Daphne processes sharing Redis and PostgreSQL, and on
a channel layer sharded over several Redis servers.

    python -m bench.bench_scaleout [--spectators 1000] [--processes 1 2 3] [--rounds 30] [--redis-shards 1 2]

Alice and Bob sit on different processes when there are two or more, spectators are dealt round-robin,
and the players submit as fast as the server answers, so deliveries per second is what the processes
can push. Every frame must reach every socket (lost = 0). With `--redis-shards N` > 1 the benchmark starts
N - 1 more `redis-server`s of its own on free ports (nothing kept on disk), gives them to the servers as
`REDIS_SHARDS` (project/settings.py) and stops them when the row is done.
"""

from __future__ import annotations

import argparse
import os
from contextlib import ExitStack
from typing import Any

from .harness import report, setup_django
from .live import redis_server
from .scenarios import daphne_fanout

COLUMNS = [
    "server", "spectators", "failed_handshakes", "frames", "deliveries", "lost", "deliveries_per_s", "vs_one",
    "p50_ms", "p99_ms", "us_per_delivery", "redis_cpu_s",
]


def _sharded(shards: int, spectators: int, processes: int, rounds: int, workers: int) -> dict[str, Any]:
    """One row with the layer spread over `shards` Redis servers (the bench's own Redis and shards - 1 more)."""
    with ExitStack() as stack:
        extra = [stack.enter_context(redis_server()) for _ in range(shards - 1)]
        os.environ["REDIS_SHARDS"] = " ".join(server.url for server in extra)
        try:
            return daphne_fanout(spectators, processes, rounds, rate=0, workers=workers)[0]
        finally:
            del os.environ["REDIS_SHARDS"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--redis-shards", type=int, nargs="+", default=[1], help="Redis servers for the layer")
    args = parser.parse_args()

    setup_django()
    rows = [
        _sharded(shards, args.spectators, count, args.rounds, args.workers)
        for shards in args.redis_shards for count in args.processes
    ]
    for row in rows:
        row["vs_one"] = round(row["deliveries_per_s"] / rows[0]["deliveries_per_s"], 2)
    report("scaleout", COLUMNS, rows, {"settings": vars(args)})


if __name__ == "__main__":
    main()
