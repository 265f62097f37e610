"""Soak (issue 18): many matches watched by many spectators for minutes, on real Daphne processes, PostgreSQL
and a Redis server of its own that is killed (SIGKILL, nothing kept) and started again once halfway through.

    python -m bench.bench_soak [--matches 50] [--spectators 20] [--seconds 600] [--processes 2]

Not in CI, bounded in time (`--seconds`, then at most `SETTLE_SECONDS` for the last frames). Every player and
spectator is a client that behaves as the browser does (bench/viewers.py: events applied in version order,
each once; a hole asks for a resync; any close reconnects with `?v=N`, to any process). Each match's two
players play phase after phase (the harness's turning-in-place orders); a player whose socket closed sends
its order again, as a person would plot again, so `order.already_submitted` then only says the first was
stored. Measured and reported (goals from the issue):

- errors: every other error frame a player got, and every traceback in the servers' logs (goal 0);
- frozen matches: a match one of whose clients has not reached its last version once the time is up and
  the last frames had `SETTLE_SECONDS` to arrive (goal 0): a client that missed a frame resyncs, so one
  that reached the last version lost nothing; frames a client got twice (goal 0); reconnects and resyncs;
- how long a submit waited for its answer (p50, p99, max; a socket's first message waits for its connect);
- memory: the servers' resident memory at the end (goal: under 10% growth) against three readings: just after
  every client connected (`rss_growth_connected_pct`, before any phase was played); once every match had
  resolved its first phase (`rss_growth_warm_pct`: each path of a phase has run once); a quarter of the run
  after the restart, once its reconnection storm is over (`rss_growth_after_storm_pct`: what still grows then
  is a leak; what the storm added and kept is the allocator's high-water mark). The readings every
  `--sample` seconds, and each server's threads at the three points, are in the result.

Clients reconnect with the browser's jittered backoff (`--seed`); the matches settle all at once.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import time
from collections import Counter
from typing import Any

import psutil

from .harness import ORDERS, MatchSeats, create_matches, report, rss_bytes, setup_django
from .live import Daphne, RedisServer, daphne_processes, redis_server
from .viewers import Viewer

COLUMNS = ["matches", "spectators", "seconds", "phases", "errors", "tracebacks", "frozen", "duplicates", "reconnects",
           "resyncs", "submit_p99_s", "submit_max_s", "rss_growth_connected_pct", "rss_growth_warm_pct",
           "rss_growth_after_storm_pct"]
SETTLE_SECONDS = 60.0
# Clients connected at a time (the storm benchmark is the one that opens them all at once).
JOIN_BATCH = 20


async def _timed(player: Viewer, order: dict[str, Any], waits: list[float]) -> dict[str, Any]:
    """The submit's answer; the seconds it took (sent again after a close included) go into `waits`."""
    began = time.monotonic()
    answer = await player.submit(order)
    waits.append(time.monotonic() - began)
    return answer


def _percentile(values: list[float], share: float) -> float:
    ranked = sorted(values)
    return round(ranked[min(len(ranked) - 1, int(share * len(ranked)))], 2) if ranked else 0.0


async def _play(
    players: dict[str, Viewer], until: float, pace: float, errors: list[dict[str, Any]], waits: list[float],
    first: asyncio.Event,
) -> int:
    """Phase after phase, one every `pace` seconds at most, until `until`; the phases this match resolved.
    `first` is set once the first is over (or counted stalled)."""
    phases = 0
    while time.monotonic() < until:
        began = time.monotonic()
        before = min(player.version or 0 for player in players.values())
        answers = await asyncio.gather(*(_timed(player, ORDERS[side], waits) for side, player in players.items()))
        errors += [a for a in answers if a["type"] == "error" and a["code"] != "order.already_submitted"]
        # Two `submitted` events and the playback: the phase is over for a player who has all three.
        try:
            await asyncio.gather(*(p.wait_until(lambda p=p: (p.version or 0) >= before + 3) for p in players.values()))
        except AssertionError as stalled:  # a phase not over in `viewers.WAIT_SECONDS`: counted, play goes on
            errors.append({"type": "stalled", "code": "soak.stalled", "message": str(stalled)})
        phases += 1
        first.set()
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - began)))
    first.set()
    return phases


async def _settled(clients: list[Viewer], version: int) -> bool:
    """Whether every client of a match reaches its last version within `SETTLE_SECONDS` (all matches at once)."""
    try:
        await asyncio.gather(*(c.wait_until(lambda c=c: c.version == version, SETTLE_SECONDS) for c in clients))
    except AssertionError:
        return False
    return True


def _traceback_end(part: str) -> str:
    """A traceback's last lines, where the error is (up to the next log record)."""
    body = re.split(r"\n(?=\d{4}-\d\d-\d\d )", part, maxsplit=1)[0]
    return body[-1500:]


def _warnings(servers: list[Daphne]) -> dict[str, int]:
    lines = [line.split(" WARNING ", 1)[1] for server in servers for line in server.log_tail(10**9).splitlines()
             if " WARNING " in line]
    counted = Counter(re.sub(r"\d+", "N", line)[:120] for line in lines)
    return dict(counted.most_common(20))


def _rss(servers: list[Daphne]) -> int:
    return sum(rss_bytes(server.pid) for server in servers)


def _threads(servers: list[Daphne]) -> list[int]:
    """Each server's threads (the pools' among them: started whole at start, or as traffic needs them)."""
    return [psutil.Process(server.pid).num_threads() for server in servers]


def _mb(rss: int) -> float:
    return round(rss / 2**20, 1)


def _growth(before: int, after: int) -> float:
    return round((after - before) / before * 100, 1)


async def _sample(servers: list[Daphne], started: float, every: float, timeline: list[tuple[float, int]]) -> None:
    while True:
        timeline.append((time.monotonic() - started, _rss(servers)))
        await asyncio.sleep(every)


def _rotated(servers: list[Daphne], start: int) -> list[Daphne]:
    """The servers a client tries in turn, from its own: clients are spread over the processes."""
    start %= len(servers)
    return servers[start:] + servers[:start]


async def _joined(viewers: list[Viewer]) -> None:
    for start in range(0, len(viewers), JOIN_BATCH):
        await asyncio.gather(*(viewer.__aenter__() for viewer in viewers[start:start + JOIN_BATCH]))


async def _soak(
    servers: list[Daphne], redis: RedisServer, seats: list[MatchSeats], args: argparse.Namespace
) -> dict[str, Any]:
    from matches.models import Match

    rng = random.Random(args.seed)  # the browsers' reconnect jitter, the same from run to run
    players = [{side: Viewer(_rotated(servers, i + n), s.match_id, cookie, random.Random(rng.random()))
                for n, (side, cookie) in enumerate(sorted(s.cookies.items()))} for i, s in enumerate(seats)]
    crowds = [[Viewer(_rotated(servers, k), s.match_id, rng=random.Random(rng.random())) for k in range(args.spectators)]
              for s in seats]
    everyone = [v for match in players for v in match.values()] + [v for crowd in crowds for v in crowd]
    await _joined(everyone)
    started = time.monotonic()
    threads = {"connected": _threads(servers)}
    timeline: list[tuple[float, int]] = []  # (seconds since every client connected, the servers' RSS in bytes)
    sampler = asyncio.create_task(_sample(servers, started, args.sample, timeline))
    errors: list[dict[str, Any]] = []
    waits: list[float] = []  # seconds each submit took to be answered
    firsts = [asyncio.Event() for _ in players]
    games = [asyncio.create_task(_play(match, started + args.seconds, args.pace, errors, waits, first))
             for match, first in zip(players, firsts)]
    # Warm: every match has resolved its first phase (every code path of a phase has run once).
    try:
        await asyncio.wait_for(asyncio.gather(*(first.wait() for first in firsts)), args.seconds)
    except TimeoutError:
        pass  # some match never got through a phase (its errors say why): read as the time is up
    warm_after, rss_warm, threads["warm"] = time.monotonic() - started, _rss(servers), _threads(servers)
    rss_restarts = []
    for restart in range(1, args.restarts + 1):  # evenly spaced: once, halfway, by default
        await asyncio.sleep(max(0.0, started + args.seconds * restart / (args.restarts + 1) - time.monotonic()))
        rss_restarts.append(_mb(_rss(servers)))
        redis.kill()
        redis.start()
    phases = sum(await asyncio.gather(*games))
    sampler.cancel()
    rss_after, threads["end"] = _rss(servers), _threads(servers)
    versions = dict(await asyncio.to_thread(lambda: list(Match.objects.filter(
        pk__in=[s.match_id for s in seats]).values_list("pk", "version"))))
    settled = await asyncio.gather(*(_settled([*match.values(), *crowd], versions[seat.match_id])
                                     for seat, match, crowd in zip(seats, players, crowds)))
    frozen = settled.count(False)
    for viewer in everyone:
        await viewer.__aexit__(None, None, None)
    rss_before = timeline[0][1]
    # Halfway from the last restart to the end (3/4 of the run with one restart).
    calm = args.seconds * (args.restarts + 0.5) / (args.restarts + 1)
    rss_calm = next((rss for t, rss in timeline if t >= calm), rss_after)
    return {
        "phases": phases, "errors": len(errors), "first_errors": errors[:5], "frozen": frozen,
        "resyncs": sum(v.snapshots - 1 for v in everyone),
        "duplicates": sum(v.duplicates for v in everyone), "reconnects": sum(len(v.closes) for v in everyone),
        # How long a submit waited for its answer: the reconnection storm's submits wait on their connect.
        "submit_p50_s": _percentile(waits, 0.5), "submit_p99_s": _percentile(waits, 0.99),
        "submit_max_s": _percentile(waits, 1.0),
        # The end against just after every client connected, before any phase (the measure of every run
        # before 1 Dec 2026 21:00 UTC, then named rss_growth_pct).
        "rss_growth_connected_pct": _growth(rss_before, rss_after),
        # The end against once every match had resolved its first phase (`warm_after_s` after connecting).
        "rss_growth_warm_pct": _growth(rss_warm, rss_after),
        # Against halfway from the last restart to the end, its reconnection storm over: what still grows.
        "rss_growth_after_storm_pct": _growth(rss_calm, rss_after),
        "rss_mb": {"connected": _mb(rss_before), "warm": _mb(rss_warm), "before_restarts": rss_restarts,
                   "after_storm": _mb(rss_calm), "end": _mb(rss_after)},
        "warm_after_s": round(warm_after, 1), "threads": threads,
        "rss_timeline_mb": [(round(t), _mb(rss)) for t, rss in timeline],
        "tracebacks": sum(server.log_tail(10**9).count("Traceback") for server in servers),
        # What the servers warned of, counted by message with its numbers blanked (the logs are temporary files).
        "warnings": _warnings(servers),
        # The logs are temporary files: the first tracebacks are kept in the result.
        "traceback_samples": [_traceback_end(part) for server in servers
                              for part in server.log_tail(10**9).split("Traceback")[1:4]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--restarts", type=int, default=1, help="times Redis is killed and started again")
    parser.add_argument("--sample", type=float, default=10.0, help="seconds between two readings of the servers' RSS")
    parser.add_argument("--seed", type=int, default=18, help="of the clients' reconnect jitter")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds a match's phase takes at least")
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    from .live import database_url

    seats = create_matches(args.matches)
    with redis_server() as redis, daphne_processes(
        args.processes, {"DATABASE_URL": database_url(connection.settings_dict) or "", "REDIS_URL": redis.url}
    ) as servers:
        result = asyncio.run(_soak(servers, redis, seats, args))
    row = {"matches": args.matches, "spectators": args.spectators * args.matches, "seconds": args.seconds, **result}
    report("soak", COLUMNS, [row], {"settings": vars(args), "first_errors": result["first_errors"],
                                    "traceback_samples": result["traceback_samples"]})


if __name__ == "__main__":
    main()
