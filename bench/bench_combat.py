"""Combat resolution speed (pure rules, no server): how long the referee takes for one weapon phase in
which two heavily armed mechs fire everything, for the heat phase after it, and for the state's JSON
round trip that the server does after every phase.

    python -m bench.bench_combat [--rounds 300]

Each round starts from the same position with a new seed, so hits, criticals and falls vary.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from rules.board import Board
from rules.codec import state_from_json, state_to_json
from rules.combat import WeaponOrder, resolve_weapon_attacks
from rules.designs import shipped_design
from rules.dice import Dice
from rules.game import GameState
from rules.heat import resolve_heat_phase
from rules.hexes import Hex
from rules.status import MechStatus
from rules.units import Unit


def position() -> GameState:
    def mech(unit_id: str, label: str, facing: int, name: str) -> Unit:
        design = shipped_design(name)
        return Unit(unit_id, Hex.parse(label), facing, side=unit_id, tons=design.tons, walk=design.walk)

    units = (mech("A", "0810", 0, "Atlas AS7-D"), mech("B", "0807", 3, "BattleMaster BLR-1G"))
    mechs = {u.id: MechStatus.fresh(shipped_design(n)) for u, n in zip(units, ("Atlas AS7-D", "BattleMaster BLR-1G"))}
    return GameState(Board(16, 17), units, phase="weapons", mechs=mechs)


ORDERS = [
    WeaponOrder("A", "B", ("AC/20", "LRM 20", "SRM 6", "Medium Laser", "Medium Laser")),
    WeaponOrder("B", "A", ("PPC", "SRM 6", "Medium Laser", "Medium Laser", "Medium Laser", "Medium Laser")),
]


def timed(rounds: int, action: Callable[[int], object]) -> list[float]:
    times = []
    for seed in range(rounds):
        start = time.perf_counter()
        action(seed)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    state = position()
    after, _ = resolve_weapon_attacks(state, ORDERS, Dice("warm-up"))
    rows = {
        "weapon phase (11 weapons)": timed(args.rounds, lambda s: resolve_weapon_attacks(state, ORDERS, Dice(str(s)))),
        "heat phase": timed(args.rounds, lambda s: resolve_heat_phase(after, Dice(str(s)))),
        "state JSON round trip": timed(args.rounds, lambda s: state_from_json(state_to_json(after))),
    }
    print(f"{'step':<28}{'p50 ms':>10}{'p99 ms':>10}{'max ms':>10}")
    for name, times in rows.items():
        p99 = statistics.quantiles(times, n=100)[98]
        print(f"{name:<28}{statistics.median(times):>10.3f}{p99:>10.3f}{max(times):>10.3f}")


if __name__ == "__main__":
    main()
