"""Fan-out: one match, two scripted players, N spectators on Daphne, beside the bare websockets ceiling.

    python -m bench.bench_fanout [--sizes 100 500 1000] [--processes 1] [--rounds 30] [--rate 7]

For each N the match is played first (the frames and their moments are recorded), then the very same
frame texts are broadcast by bench/ceiling.py on the same schedule to the same number of sockets.
"""

from __future__ import annotations

import argparse

from .harness import report, setup_django
from .scenarios import ceiling_fanout, daphne_fanout

COLUMNS = [
    "server", "spectators", "failed_handshakes", "frames", "deliveries", "lost", "p50_ms", "p99_ms", "max_ms",
    "us_per_delivery", "ratio", "redis_cpu_s",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--processes", type=int, default=1, help="Daphne processes sharing the spectators")
    parser.add_argument("--rounds", type=int, default=30, help="phases played (3 frames each)")
    parser.add_argument("--rate", type=float, default=7.0, help="phases per second (7 gives 21 frames/s)")
    parser.add_argument("--workers", type=int, default=2, help="client processes holding the spectators")
    args = parser.parse_args()

    setup_django()
    rows = []
    for size in args.sizes:
        daphne, schedule = daphne_fanout(size, args.processes, args.rounds, args.rate, args.workers)
        ceiling = ceiling_fanout(size, schedule, args.workers)
        # CPU times tick in 10 ms steps: a tiny run can read 0 on the ceiling.
        daphne["ratio"] = round(daphne["us_per_delivery"] / ceiling["us_per_delivery"], 1) if ceiling["server_cpu_s"] else None
        rows += [ceiling, daphne]
    report(f"fanout-x{args.processes}-rate{args.rate:g}", COLUMNS, rows, {"settings": vars(args)})


if __name__ == "__main__":
    main()
