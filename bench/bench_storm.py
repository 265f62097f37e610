"""Connection storm: N spectator sockets opened at the same moment on one match, then one phase played.

    python -m bench.bench_storm [--sockets 1000] [--processes 1]

Counts failed handshakes (with their reasons in the JSON), the time until every socket is subscribed
(has its snapshot), and whether the next phase's frames then reach every socket.
"""

from __future__ import annotations

import argparse

from .harness import report, setup_django
from .scenarios import daphne_fanout

COLUMNS = ["server", "spectators", "failed_handshakes", "all_subscribed_s", "frames", "deliveries", "lost", "p99_ms"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="client processes opening the sockets")
    args = parser.parse_args()

    setup_django()
    # One batch per worker: every socket's handshake starts at once.
    row, _ = daphne_fanout(args.sockets, args.processes, rounds=1, rate=0, workers=args.workers, batch=args.sockets)
    report(f"storm-x{args.processes}", COLUMNS, [row], {"settings": vars(args)})


if __name__ == "__main__":
    main()
