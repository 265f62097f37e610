"""Concurrent matches: M duels whose two scripted players submit as fast as the server lets them.

    python -m bench.bench_matches [--matches 50] [--processes 1] [--turns 20] [--seconds 60]

Each phase both players submit at once; the latency runs from that moment to each player's playback
frame (playback start). Also: resolutions per second and server CPU per resolution.
"""

from __future__ import annotations

import argparse

from .harness import report, setup_django
from .scenarios import concurrent_matches

COLUMNS = ["server", "matches", "resolutions", "resolutions_per_s", "p50_ms", "p99_ms", "max_ms", "ms_cpu_per_resolution"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--processes", type=int, nargs="+", default=[1])
    parser.add_argument("--turns", type=int, default=20, help="phases per match at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop starting phases after this long")
    args = parser.parse_args()

    setup_django()
    rows = [concurrent_matches(args.matches, count, args.turns, args.seconds) for count in args.processes]
    report("matches", COLUMNS, rows, {"settings": vars(args)})


if __name__ == "__main__":
    main()
