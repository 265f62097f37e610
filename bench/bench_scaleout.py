"""Scale-out: the same match and crowd on 1, 2 and 3 Daphne processes sharing Redis and PostgreSQL.

    python -m bench.bench_scaleout [--spectators 1000] [--processes 1 2 3] [--rounds 30]

Alice and Bob sit on different processes when there are two or more, spectators are dealt round-robin,
and the players submit as fast as the server answers, so deliveries per second is what the processes
can push. Every frame must reach every socket (lost = 0).
"""

from __future__ import annotations

import argparse

from .harness import report, setup_django
from .scenarios import daphne_fanout

COLUMNS = [
    "server", "spectators", "failed_handshakes", "frames", "deliveries", "lost", "deliveries_per_s", "vs_one",
    "p50_ms", "p99_ms", "us_per_delivery", "redis_cpu_s",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    setup_django()
    rows = [daphne_fanout(args.spectators, count, args.rounds, rate=0, workers=args.workers)[0] for count in args.processes]
    for row in rows:
        row["vs_one"] = round(row["deliveries_per_s"] / rows[0]["deliveries_per_s"], 2)
    report("scaleout", COLUMNS, rows, {"settings": vars(args)})


if __name__ == "__main__":
    main()
