"""Fan-out: one match, two scripted players, N spectators on Daphne, beside the bare websockets ceiling.

    python -m bench.bench_fanout [--sizes 100 500 1000] [--processes 1] [--rounds 30] [--rate 7]
        [--workers 4] [--client raw|websockets] [--client-loop uvloop|asyncio] [--ceiling-loop uvloop|asyncio]
        [--reference] [--resync] [--no-ceiling]

For each N the match is played first (the frames and their moments are recorded), then the very same
frame texts are broadcast by bench/ceiling.py (on uvloop) on the same schedule to the same number of
sockets. The spectators are bench/spectators.py's default clients (raw sockets on uvloop, `--workers`
processes) unless told otherwise. Per N it prints the product's and the ceiling's rows, with
`p99_ratio` = product p99 / ceiling p99 and `ratio` = product CPU per delivery / ceiling's, both of the same
run. `--reference` first runs, for each N, the bare broadcast alone (bench/bench_ceiling.py: no Daphne
process yet, frames of the product's sizes) and gives the ceiling's p99 against it (`vs_reference`).
`--resync`: every spectator asks for a snapshot after each playback, as the match page did before 8d60b94;
`us_per_phase_spectator` is the Daphne processes' CPU / (phases × spectators), frames and snapshots included,
and `covered` counts the frames a socket was not sent because a snapshot it had asked for already held them.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from .bench_ceiling import reference
from .harness import report, setup_django
from .scenarios import ceiling_fanout, daphne_fanout
from .spectators import add_arguments, from_arguments

COLUMNS = [
    "server", "clients", "spectators", "failed_handshakes", "frames", "deliveries", "covered", "lost", "p50_ms", "p99_ms",
    "max_ms", "p99_ratio", "vs_reference", "us_per_delivery", "ratio", "us_per_phase_spectator",
    "client_us_per_delivery", "snapshots", "redis_cpu_s", "load_1m",
]
# The ceiling's frames are the product's; a reference run before Daphne's takes these sizes (bench_ceiling's).
REFERENCE_FRAME_BYTES = (103, 3800)


def _ratio(numerator: Any, denominator: Any, digits: int = 2) -> float | None:
    # CPU times tick in 10 ms steps: a tiny run can read 0 on the ceiling.
    return round(numerator / denominator, digits) if numerator and denominator else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--processes", type=int, default=1, help="Daphne processes sharing the spectators")
    parser.add_argument("--rounds", type=int, default=30, help="phases played (3 frames each)")
    parser.add_argument("--rate", type=float, default=7.0, help="phases per second (7 gives 21 frames/s)")
    parser.add_argument("--ceiling-loop", choices=["uvloop", "asyncio"], default="uvloop", help="the ceiling's loop")
    parser.add_argument("--reference", action="store_true", help="the bare broadcast alone first, for each N")
    parser.add_argument("--resync", action="store_true", help="spectators ask for a snapshot after each playback")
    parser.add_argument("--no-ceiling", action="store_true", help="the product's rows only")
    add_arguments(parser)
    args = parser.parse_args()

    setup_django()
    clients = from_arguments(args, resync=args.resync)
    rows = []
    for size in args.sizes:
        alone = None
        if args.reference:
            alone = reference(size, args.rounds, args.rate, REFERENCE_FRAME_BYTES, clients, args.ceiling_loop)
            rows.append(alone)
        daphne, schedule = daphne_fanout(size, args.processes, args.rounds, args.rate, clients=clients)
        daphne["load_1m"] = round(os.getloadavg()[0], 2)
        if not args.no_ceiling:
            ceiling = ceiling_fanout(size, schedule, clients=clients, loop=args.ceiling_loop)
            ceiling["load_1m"] = round(os.getloadavg()[0], 2)
            ceiling["vs_reference"] = _ratio(ceiling["p99_ms"], alone and alone["p99_ms"])
            daphne["p99_ratio"] = _ratio(daphne["p99_ms"], ceiling["p99_ms"])
            daphne["ratio"] = _ratio(daphne["us_per_delivery"], ceiling["server_cpu_s"] and ceiling["us_per_delivery"], 1)
            rows.append(ceiling)
        rows.append(daphne)
    name = f"fanout-x{args.processes}-rate{args.rate:g}{'-resync' if args.resync else ''}"
    report(name, COLUMNS, rows, {"settings": vars(args)})


if __name__ == "__main__":
    main()
