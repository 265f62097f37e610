"""The Solaris computer opponent's benchmark (issue "Play against the computer"), pure rules, no server:

- decision time per phase of each level (median and p99 over every phase of a few duels on a 32×34 board);
- the hard bot's win rate against the easy one and against a bot that plays random legal orders, over seeded
  duels on the demo board (goals: hard beats random in at least 95 % and easy in at least 70 % of the duels
  that have a winner);
- that every order any bot sent was one the rules accept (each goes through the rules' check first).

    python -m bench.bench_bot [--duels 200] [--turns 10] [--jobs 2]

A duel the turn limit ends is decided by the victory points (destroyed components); one with equal points
is a draw, and one without a result after the play loop's bound of resolutions is unfinished (counted apart):
the rate is given of the decided duels (wins / (wins + losses), the goal's) and of all duels (wins / duels).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.bench_movement import mixed_board
from rules.battletech.movement.reach import routes
from rules.battletech.state import GameState
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.rulesets import get_ruleset
from rules.rulesets.bot import LEVELS, Bot, play
from rules.rulesets.solaris.bot import SolarisBot

SOLARIS = get_ruleset("solaris")
RESULT = Path(__file__).resolve().parent / "results" / "bot.json"
GOALS = {"random": 0.95, "easy": 0.70}


class RandomBot:
    """Random legal orders: a walk or run to any end the rules' reach offers, a random set of its weapons at
    the nearest enemy (what the rules refuse is dropped), no physical attack. Its choices come from its dice."""

    def orders(self, state: GameState, side: str, dice: Dice) -> list[Json]:
        mine = [unit for unit in SOLARIS.awaits(state) if state.unit(unit).side == side]
        return [self._order(state, unit_id, dice) for unit_id in mine]

    def _order(self, state: GameState, unit_id: str, dice: Dice) -> Json:
        unit = state.unit(unit_id)
        enemy = next((other for other in state.units if other.side != unit.side), None)
        if state.phase == "movement":
            plots: list[Json] = [{"unit": unit_id, "mode": "walk", "steps": ["SU"] if unit.prone else []}]
            for mode in ("walk", "run"):
                plots += [{"unit": unit_id, "mode": mode, "steps": list(steps)}
                          for _end, steps in sorted(routes(state.board, unit, mode).items(), key=lambda i: i[0].label)]
            for _ in range(len(plots)):
                plot = plots[_pick(dice, len(plots))]
                if _accepted(state, plot):
                    return plot
            return {"unit": unit_id, "mode": "walk", "steps": []}  # stay as it is (prone with no MP to rise)
        if state.phase != "weapons" or enemy is None or unit_id not in state.mechs:
            return {"unit": unit_id}
        chosen = [str(index) for index, _ in state.mechs[unit_id].design.weapons if dice.roll(1, 6, "coin").total <= 3]
        volley: Json = {"unit": unit_id, "target": enemy.id, "weapons": chosen}
        return volley if _accepted(state, volley) else {"unit": unit_id, "target": enemy.id, "weapons": []}


def _pick(dice: Dice, count: int) -> int:
    """A uniform index below ``count`` (the dice have two sides at least)."""
    return dice.roll(1, count, "pick").total - 1 if count > 1 else 0


def _accepted(state: GameState, data: Json) -> bool:
    try:
        SOLARIS.check(state, SOLARIS.decode_order(state, data))
    except RuleError:
        return False
    return True


class Timed:
    """A bot whose every order is checked by the rules before it is sent, as the server's plot would, and whose
    decision time per phase is kept: wall-clock and this process's CPU time (which the other processes sharing
    the cores stretch far less)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.sent, self.refused = bot, 0, 0
        self.seconds: list[float] = []
        self.cpu: list[float] = []

    def orders(self, state: Any, side: str, dice: Dice) -> list[Json]:
        start, cpu = time.perf_counter(), time.process_time()
        orders = self.bot.orders(state, side, dice)
        self.seconds.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        self.sent += len(orders)
        self.refused += sum(not _accepted(state, data) for data in orders)
        return orders


def large_duel(turns: int) -> GameState:
    """The demo mechs six hexes apart on a 32×34 board where about two hexes in three carry terrain."""
    state: GameState = SOLARIS.example({"turn_limit": turns})
    units = (replace(state.unit("A"), hex=Hex(15, 16), facing=0), replace(state.unit("B"), hex=Hex(15, 10), facing=3))
    return replace(state, board=mixed_board(), units=units)


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def decision_times(turns: int) -> tuple[dict[str, dict[str, float]], int, int]:
    """Per level, the median and p99 milliseconds of a decision, from two duels against itself."""
    table: dict[str, dict[str, float]] = {}
    sent = refused = 0
    for level in LEVELS:
        bots = {"alice": Timed(SolarisBot(SOLARIS, level)), "bob": Timed(SolarisBot(SOLARIS, level))}
        for seed in ("large-1", "large-2"):
            play(SOLARIS, large_duel(turns), bots, f"{seed}-{level}")
        times = sorted(t * 1000 for bot in bots.values() for t in bot.seconds)
        cpu = sorted(t * 1000 for bot in bots.values() for t in bot.cpu)
        table[level] = {"decisions": len(times), "median_ms": round(statistics.median(times), 1),
                        "p99_ms": round(_p99(times), 1), "cpu_median_ms": round(statistics.median(cpu), 1),
                        "cpu_p99_ms": round(_p99(cpu), 1), "max_ms": round(times[-1], 1)}
        sent += sum(bot.sent for bot in bots.values())
        refused += sum(bot.refused for bot in bots.values())
    return table, sent, refused


def duel(opponent: str, number: int, turns: int) -> tuple[str, int, int]:
    """Duel ``number`` of the hard bot against ``opponent``: who won ("hard", "other", "" for a draw, "unfinished"
    when the play loop's bound ended it without a result), the orders sent and those the rules refused."""
    hard_side, other_side = ("alice", "bob") if number % 2 == 0 else ("bob", "alice")
    other: Bot = RandomBot() if opponent == "random" else SolarisBot(SOLARIS, opponent)
    bots = {hard_side: Timed(SolarisBot(SOLARIS, "hard")), other_side: Timed(other)}
    end = play(SOLARIS, SOLARIS.example({"turn_limit": turns}), bots, f"duel-{opponent}-{number}")
    winner = end.result.winner if end.result else None
    outcome = "hard" if winner == hard_side else "other" if winner == other_side else "" if end.result else "unfinished"
    return outcome, sum(bot.sent for bot in bots.values()), sum(bot.refused for bot in bots.values())


def _duel(job: tuple[str, int, int]) -> tuple[str, int, int]:
    return duel(*job)


def win_rate(opponent: str, duels: int, turns: int, jobs: int = 1) -> dict[str, Any]:
    """The hard bot against ``opponent`` ("easy" or "random") over ``duels`` seeded duels, sides alternating
    (``jobs`` processes share them out; each duel's seed is its number, so the outcome does not depend on it)."""
    work = [(opponent, number, turns) for number in range(duels)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            outcomes = pool.map(_duel, work, chunksize=1)
    else:
        outcomes = [_duel(job) for job in work]
    wins = sum(outcome == "hard" for outcome, _sent, _refused in outcomes)
    losses = sum(outcome == "other" for outcome, _sent, _refused in outcomes)
    unfinished = sum(outcome == "unfinished" for outcome, _sent, _refused in outcomes)
    draws = duels - wins - losses - unfinished
    sent = sum(sent for _outcome, sent, _refused in outcomes)
    refused = sum(refused for _outcome, _sent, refused in outcomes)
    decided = wins + losses
    rate = wins / decided if decided else 0.0
    return {"opponent": opponent, "duels": duels, "wins": wins, "losses": losses, "draws": draws,
            "unfinished": unfinished, "win_rate_of_decided": round(rate, 3), "win_rate_of_all": round(wins / duels, 3),
            "goal": GOALS[opponent], "met": rate >= GOALS[opponent],
            "orders_sent": sent, "orders_refused": refused}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duels", type=int, default=200)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1, help="processes that share the win-rate duels out")
    args = parser.parse_args()
    load, started = os.getloadavg(), time.time()
    times, sent, refused = decision_times(args.turns)
    print(f"{'level':<8}{'decisions':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}{'CPU median':>12}{'CPU p99':>9}"
          f"   (32x34 board, {args.turns} turns)")
    for level, row in times.items():
        print(f"{level:<8}{row['decisions']:>10}{row['median_ms']:>11}{row['p99_ms']:>9}{row['max_ms']:>9}"
              f"{row['cpu_median_ms']:>12}{row['cpu_p99_ms']:>9}")
    rates = [win_rate(opponent, args.duels, args.turns, args.jobs) for opponent in ("random", "easy")]
    print(f"{'hard vs':<8}{'won':>5}{'lost':>6}{'draws':>7}{'unfin.':>7}{'rate':>7}{'of all':>8}{'goal':>6}  met   "
          "refused orders")
    for row in rates:
        print(f"{row['opponent']:<8}{row['wins']:>5}{row['losses']:>6}{row['draws']:>7}{row['unfinished']:>7}"
              f"{row['win_rate_of_decided']:>7}{row['win_rate_of_all']:>8}"
              f"{row['goal']:>6}  {'yes' if row['met'] else 'NO':<5} {row['orders_refused']} of {row['orders_sent']}")
    refused += sum(row["orders_refused"] for row in rates)
    print(f"orders the rules refused: {refused} (of {sent + sum(row['orders_sent'] for row in rates)} sent)")
    print(f"wall time {time.time() - started:.0f} s, load average {load[0]:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    result = {"benchmark": "bot", "load_average_at_start": load, "load_average_at_end": os.getloadavg(),
              "cores": os.cpu_count(), "turns": args.turns, "jobs": args.jobs,
              "wall_seconds": round(time.time() - started), "decision_times": times, "win_rates": rates,
              "orders_refused": refused}
    RESULT.parent.mkdir(parents=True, exist_ok=True)
    RESULT.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
