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
from dataclasses import replace
from collections.abc import Callable

from rules.core.board import Board
from rules.battletech.codec import state_from_json, state_to_json
from rules.battletech.combat.attacks import WeaponOrder
from rules.battletech.combat.resolve import resolve_weapon_attacks
from rules.battletech.designs.design import shipped_design
from rules.core.dice import Dice
from rules.battletech.state import GameState, equip
from rules.battletech.combat.heat import resolve_heat_phase
from rules.core.hexes import Hex
from rules.battletech.units import Unit


def position() -> GameState:
    units = (Unit("A", Hex.parse("0810"), 0, side="alice"), Unit("B", Hex.parse("0807"), 3, side="bob"))
    designs = {"A": shipped_design("Atlas AS7-D"), "B": shipped_design("BattleMaster BLR-1G")}
    return replace(equip(GameState(Board(16, 17), units), designs), phase="weapons")


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
