"""Movement benchmark (issue 4 'Performance'): path validation and full reachability for a 6/9 mech
on a 32×34 mixed board, median of repeated runs, and how reachability grows with MP.

    python3 bench/bench_movement.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from rules.core.board import Board, HexTerrain
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, plan_path
from rules.battletech.movement.reach import reachable
from rules.battletech.units import Unit

TERRAINS = ["", "", "", "", "woods:1", "woods:2", "rough:1", "swamp:1", "water:1", "water:2", "pavement:1",
            "building:2;bldg_cf:40;bldg_elev:2"]


def mixed_board(seed: int = 7) -> Board:
    """A 32×34 board: about two hexes in three carry a level or a feature."""
    rng = random.Random(seed)
    hexes = {}
    for row in range(34):
        for col in range(32):
            level, terrain = rng.choice([0, 0, 0, 1, 2]), rng.choice(TERRAINS)
            if (level or terrain) and not (col == 15 and row in range(10, 17)):  # a clear lane for the path
                hexes[Hex(col, row)] = HexTerrain.parse(level, terrain)
    return Board(32, 34, hexes)


def median_ms(action: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    board = mixed_board()
    mech = Unit("A", Hex.parse("1617"), 0, walk=6, run=9, tons=55)
    lane = MoveOrder("A", "run", ("F",) * 6 + ("R", "L", "L"))  # 9 PM down the clear lane, skid-free
    print(f"path validation (9 steps, run): median {median_ms(lambda: plan_path(board, mech, lane), 2000):.3f} ms")
    for mode in ("walk", "run"):
        ms = median_ms(lambda: reachable(board, mech, mode), 30)
        print(f"reachability 6/9 mech, {mode}: median {ms:.2f} ms, {len(reachable(board, mech, mode))} (hex, facing) keys")
    print("growth with MP (walk mode, n PM):")
    for mp in (3, 6, 9, 12, 15, 18):
        fast = Unit("A", Hex.parse("1617"), 0, walk=mp, run=mp, tons=55)
        ms = median_ms(lambda: reachable(board, fast, "walk"), 10)
        print(f"  {mp:2d} PM: median {ms:7.2f} ms, {len(reachable(board, fast, 'walk')):5d} keys")


if __name__ == "__main__":
    main()
