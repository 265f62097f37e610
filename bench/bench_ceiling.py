"""The reference (issue 19): the bare uvloop broadcast measured alone, with no product process, database or
Redis work in the run, to tell what the fan-out harness's own ceiling row should come close to.

    python -m bench.bench_ceiling [--sizes 100 500 1000] [--rounds 30] [--rate 7] [--workers 4]
                                  [--client raw|websockets] [--client-loop uvloop|asyncio] [--ceiling-loop ...]

bench/ceiling.py broadcasts frames shaped like a duel's, on a duel's schedule: each phase is alice's
`submitted`, then a few milliseconds later bob's `submitted` with the phase's `playback`, `--rate` phases a
second; their sizes (`--frame-bytes`) are the product's spectator frames' (bench_fanout writes them in its
JSON as `frame_bytes`). The latency runs from the publisher's send to a socket's receipt, as the harness's
ceiling row does. Different client setups (`--client`, `--client-loop`, `--workers`) tell which client
measures the server rather than itself.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from .harness import report
from .scenarios import ceiling_fanout
from .spectators import Clients, add_arguments, from_arguments

COLUMNS = [
    "server", "clients", "spectators", "frames", "lost", "p50_ms", "p99_ms", "max_ms", "us_per_delivery",
    "client_us_per_delivery", "load_1m",
]
BOB_AFTER_ALICE_S = 0.012  # in a duel bob's submit follows alice's answer (9 to 20 ms in the harness)


def _frame(kind: str, version: int, size: int) -> str:
    """A frame of `size` bytes that starts as the hub's do."""
    head = json.dumps({"type": kind, "v": version, "side": "alice" if version % 3 == 1 else "bob"}, separators=(",", ":"))
    return f'{head[:-1]},"pad":"{"x" * max(0, size - len(head) - 9)}"}}'


def duel_schedule(rounds: int, rate: float, submitted_bytes: int, playback_bytes: int) -> list[tuple[float, list[str]]]:
    """(offset, frame texts) of `rounds` phases at `rate` a second (0: 10 a second)."""
    schedule, version, period = [], 0, 1 / (rate or 10.0)
    for index in range(rounds):
        schedule.append((index * period, [_frame("submitted", version + 1, submitted_bytes)]))
        schedule.append((index * period + BOB_AFTER_ALICE_S,
                         [_frame("submitted", version + 2, submitted_bytes), _frame("playback", version + 3, playback_bytes)]))
        version += 3
    return schedule


def reference(size: int, rounds: int, rate: float, frame_bytes: tuple[int, int], clients: Clients, loop: str) -> dict[str, Any]:
    """One row: the bare broadcast alone to `size` sockets."""
    row = ceiling_fanout(size, duel_schedule(rounds, rate, *frame_bytes), clients=clients, loop=loop)
    row["server"] = f"reference {row['server']}"
    row["load_1m"] = round(os.getloadavg()[0], 2)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--rounds", type=int, default=30, help="phases broadcast (3 frames each)")
    parser.add_argument("--rate", type=float, default=7.0, help="phases per second")
    parser.add_argument("--frame-bytes", type=int, nargs=2, default=[103, 3800], metavar=("SUBMITTED", "PLAYBACK"))
    parser.add_argument("--ceiling-loop", choices=["uvloop", "asyncio"], default="uvloop", help="the server's loop")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each size, one after the other")
    add_arguments(parser)
    args = parser.parse_args()

    clients = from_arguments(args)
    rows = [
        reference(size, args.rounds, args.rate, (args.frame_bytes[0], args.frame_bytes[1]), clients, args.ceiling_loop)
        for size in args.sizes for _ in range(args.repeat)
    ]
    report(f"ceiling-{clients.client}-{clients.loop}-x{clients.workers}", COLUMNS, rows, {"settings": vars(args)})


if __name__ == "__main__":
    main()
