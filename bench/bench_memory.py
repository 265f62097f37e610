"""Memory: resident memory of one Daphne process per idle spectator socket and per active match.

    python -m bench.bench_memory [--spectators 1000] [--matches 50]

Idle sockets: the growth of the server's RSS from before to after N spectators subscribed to one match
(no frame sent yet). Active matches: the growth after M more matches were joined by their two players
and played a few phases (their sockets included), divided by M. The first socket and the first match
are opened before the first reading, so what every socket or match shares is not counted.
"""

from __future__ import annotations

import argparse

from .harness import report, setup_django
from .scenarios import concurrent_matches, daphne_fanout

COLUMNS = ["measure", "count", "kb_each", "goal_kb"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=50)
    args = parser.parse_args()

    setup_django()
    idle, _ = daphne_fanout(args.spectators, processes=1, rounds=0)
    active = concurrent_matches(args.matches, processes=1, turns=3)
    rows = [
        {"measure": "idle spectator socket", "count": idle["subscribed"], "kb_each": idle["idle_socket_kb"], "goal_kb": 50},
        {"measure": "active match (2 players)", "count": args.matches - 1, "kb_each": active["active_match_kb"]},
    ]
    report("memory", COLUMNS, rows, {"settings": vars(args), "runs": {"idle": idle, "active": active}})


if __name__ == "__main__":
    main()
