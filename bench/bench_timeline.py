"""Movement-phase benchmark (issue 5 'Performance'): resolve one phase for 2, 8 and 32 units on a
32×34 board, in both agreed modes, median of repeated runs, and how the cost grows with units × PM.

Half the units come north up their column and half south down it, so every pair meets head on
(blocked steps, conflicts and, in classic mode, pairs settled PM by PM). Initiative is rolled.

    PYTHONPATH=. python3 bench/bench_timeline.py
"""

from __future__ import annotations

from bench_movement import median_ms  # the same timing as the movement benchmark
from rules.core.board import Board
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder
from rules.battletech.movement.simultaneous import resolve_movement
from rules.battletech.units import Unit


def duel_lines(units: int, walk: int) -> tuple[GameState, list[MoveOrder]]:
    """``units`` mechs in pairs facing each other down columns, each running its full run PM ahead."""
    run = walk * 3 // 2
    mechs, orders = [], []
    for index in range(units):
        column, south = index // 2 * 2, index % 2
        # Eight rows apart: with 6 PM or more each pair meets in the middle of its column.
        mechs.append(Unit(f"U{index:02d}", Hex(column, 12 if south else 20), 3 if south else 0, walk=walk, run=run))
        orders.append(MoveOrder(f"U{index:02d}", "run", ("F",) * run))
    return GameState(Board(32, 34), tuple(mechs)), orders


def main() -> None:
    for movement in ("pm_by_pm", "classic"):
        print(f"{movement}:")
        for units in (2, 8, 32):
            for walk in (4, 8):
                state, orders = duel_lines(units, walk)
                ms = median_ms(lambda: resolve_movement(state, orders, Dice("bench"), mode=movement), 15)
                work = units * (walk * 3 // 2)
                print(f"  {units:2d} units × {walk * 3 // 2:2d} PM: median {ms:7.2f} ms, {1000 * ms / work:6.1f} µs per unit-PM")


if __name__ == "__main__":
    main()
