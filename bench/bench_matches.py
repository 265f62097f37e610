"""Concurrent matches: M duels, closed loop and open loop.

    python -m bench.bench_matches [--matches 50] [--processes 1] [--turns 20] [--seconds 60]
                                  [--rates 0 10 25 40]

Rate 0 is the closed loop: each phase both players submit at once, and the match starts its next phase as
soon as both have the playback (saturation: resolutions per second). A rate R > 0 is the open loop: phases
arrive as a Poisson process of R a second over all the matches, each at a match chosen at random, whether
or not the server keeps up (the latency a league night sees). Latency runs from the phase's start (closed)
or its arrival (open) to each player's playback frame. Also: server CPU per resolution. The last line says
between which rates the open loop's p99 crossed 150 ms.
"""

from __future__ import annotations

import argparse
from typing import Any

from .harness import report, setup_django
from .scenarios import concurrent_matches

COLUMNS = [
    "server", "matches", "arrivals_per_s", "resolutions", "resolutions_per_s", "p50_ms", "p99_ms", "max_ms",
    "ms_cpu_per_resolution",
]
GOAL_P99_MS = 150.0


def crossing(rows: list[dict[str, Any]]) -> str:
    """Between which open-loop rates p99 went past the goal."""
    open_rows = sorted((row for row in rows if row["arrivals_per_s"] != "closed"), key=lambda row: row["arrivals_per_s"])
    below = [row["arrivals_per_s"] for row in open_rows if row["p99_ms"] <= GOAL_P99_MS]
    above = [row["arrivals_per_s"] for row in open_rows if row["p99_ms"] > GOAL_P99_MS]
    return f"p99 <= {GOAL_P99_MS:g} ms up to {below[-1] if below else '-'} phases/s; above it from {above[0] if above else '-'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--processes", type=int, nargs="+", default=[1])
    parser.add_argument("--turns", type=int, default=20, help="phases per match at most (closed loop)")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop starting phases after this long")
    parser.add_argument("--rates", type=float, nargs="+", default=[0, 10, 25, 40], help="0: closed loop")
    args = parser.parse_args()

    setup_django()
    rows = [
        concurrent_matches(args.matches, count, args.turns, args.seconds, rate)
        for count in args.processes for rate in args.rates
    ]
    report("matches", COLUMNS, rows, {"settings": vars(args)})
    print(crossing(rows))


if __name__ == "__main__":
    main()
