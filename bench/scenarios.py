"""The measured scenarios; the bench_*.py scripts only pick sizes and print.

* `daphne_fanout`: one match, two scripted players, N spectators spread over K Daphne processes.
* `ceiling_fanout`: the same frames, at the same moments, through the bare websockets server (on uvloop).
* `concurrent_matches`: M matches whose players submit as fast as the server lets them (closed loop), or
  whose phases arrive at a given rate (open loop).

A frame's latency runs from its birth to its arrival at a socket, both on the wall clock of this one
machine: on Daphne its birth is the event's `created_at`, stamped inside the transaction that resolved
the phase (so commit, Redis and the hub are all counted); on the ceiling it is the publisher's send.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import connect

from .harness import (
    CpuMeter,
    MatchSeats,
    Player,
    Profiler,
    ceiling_server,
    create_matches,
    percentiles,
    redis_server_pids,
    rss_bytes,
    server_env,
    server_label,
)
from .live import Daphne, daphne_processes
from .spectators import Clients, Crowd, CrowdReport, Target, run

DRAIN_SECONDS = 15.0  # how long after the last publish a frame may still arrive before it counts as lost
JOIN_BATCH = 5  # matches whose players connect at the same time


@dataclass
class Step:
    """One publish: when it left the client and which versions it produced."""

    sent_at: float
    versions: list[int]


def _spectator_targets(servers: list[Daphne], match_id: int, count: int) -> list[Target]:
    return [
        Target(server.url(f"/ws/matches/{match_id}/"), f"http://127.0.0.1:{server.port}")
        for server in (servers[i % len(servers)] for i in range(count))
    ]


def _deliveries(sent: dict[int, float], reports: list[CrowdReport]) -> dict[str, Any]:
    """Latency of every delivery, frames lost, and deliveries per second from the first frame's birth to the
    last arrival. `sent` gives each broadcast version its birth time."""
    arrivals = [
        (version, at)
        for crowd in reports
        for per_socket in crowd.arrivals
        for version, at in per_socket.items()
        if version in sent
    ]
    latencies = [at - sent[version] for version, at in arrivals]
    sockets = sum(len(crowd.arrivals) for crowd in reports)
    # With resyncs, a frame the socket never got because a snapshot it asked for already holds it is covered.
    covered = sum(
        1
        for crowd in reports
        for per_socket, snapshots in zip(crowd.arrivals, crowd.resynced or [{}] * len(crowd.arrivals))
        for version in sent
        if version not in per_socket and version <= max(snapshots, default=-1)
    )
    # From the first publish to the last arrival: the busy span, whatever the publishing rate.
    span = max(at for _, at in arrivals) - min(sent.values()) if arrivals else 0.0
    return {
        "sockets": sockets,
        "frames": len(sent),
        "deliveries": len(latencies),
        "covered": covered,
        "lost": sockets * len(sent) - len(latencies) - covered,
        **percentiles(latencies),
        "deliveries_per_s": round(len(latencies) / span, 1) if span else 0.0,
    }


def _failure_reasons(reports: list[CrowdReport]) -> dict[str, int]:
    return dict(Counter(reason[:160] for crowd in reports for reason in crowd.failures))


def _clients_figures(clients: Clients, reports: list[CrowdReport], deliveries: int) -> dict[str, Any]:
    """How the crowd was made and what it cost its own processes, beside the server's figures."""
    cpu = sum(crowd.cpu_s for crowd in reports)
    return {
        "clients": clients.label(),
        "client_loops": sorted({crowd.loop for crowd in reports}),
        "client_cpu_s": round(cpu, 2),
        "client_us_per_delivery": _cpu_per_delivery(cpu, deliveries),
        "snapshots": sum(crowd.snapshots for crowd in reports),
    }


def _cpu_per_delivery(seconds: float, deliveries: int) -> float:
    return round(seconds / deliveries * 1e6, 1) if deliveries else float("nan")


def _frame_bytes(texts: Iterable[str]) -> dict[str, int]:
    """The largest frame of each type, in bytes, as the spectators got them."""
    sizes: dict[str, int] = {}
    for text in texts:
        kind = json.loads(text)["type"]
        sizes[kind] = max(sizes.get(kind, 0), len(text.encode()))
    return sizes


def _created_at(match_id: int, steps: list[Step]) -> dict[int, float]:
    """When each broadcast event was appended to the log, inside the transaction that made it."""
    from matches.models import Event

    versions = [version for step in steps for version in step.versions]
    events = Event.objects.filter(match_id=match_id, version__in=versions).values_list("version", "created_at")
    return {version: created_at.timestamp() for version, created_at in events}


async def _play_rounds(alice: Player, bob: Player, rounds: int, rate: float, version: int) -> list[Step]:
    """Both players submit, `rate` phases a second (0: as fast as the server answers)."""
    steps: list[Step] = []
    start = time.monotonic()
    for round_index in range(rounds):
        for side, player in (("alice", alice), ("bob", bob)):
            sent_at = time.time()
            new_version = await player.submit(side)
            steps.append(Step(sent_at, list(range(version + 1, new_version + 1))))
            version = new_version
        if rate:
            await asyncio.sleep(max(0.0, start + (round_index + 1) / rate - time.monotonic()))
    return steps


async def _daphne_fanout(
    servers: list[Daphne], seats: MatchSeats, spectators: int, rounds: int, rate: float, clients: Clients, batch: int
) -> tuple[dict[str, Any], list[Step], list[CrowdReport]]:
    alice = await Player.join(servers[0], seats, "alice")
    bob = await Player.join(servers[1 % len(servers)], seats, "bob")
    pids = [server.pid for server in servers]
    rss_before = sum(rss_bytes(pid) for pid in pids)
    connect_profiler = Profiler(pids, f"connect-{spectators}")
    connect_profiler.start()
    with Crowd(_spectator_targets(servers, seats.match_id, spectators), clients, batch) as crowd:
        connect_started = time.monotonic()
        subscribed, failed = await asyncio.to_thread(crowd.wait_subscribed)
        all_subscribed_s = time.monotonic() - connect_started
        connect_profiler.stop()
        rss_subscribed = sum(rss_bytes(pid) for pid in pids)
        server_cpu, redis_cpu = CpuMeter(pids), CpuMeter(redis_server_pids())
        profiler = Profiler(pids, f"broadcast-{spectators}")
        profiler.start()
        server_cpu.start()
        redis_cpu.start()
        steps = await _play_rounds(alice, bob, rounds, rate, version=0)
        last_version, drain = (steps[-1].versions[-1], DRAIN_SECONDS) if steps else (0, 0.0)
        await asyncio.to_thread(crowd.wait_delivered, last_version, drain)
        server_cpu.stop()
        redis_cpu.stop()
        profiler.stop()
        reports = await asyncio.to_thread(crowd.close)
    await asyncio.gather(alice.close(), bob.close())
    return (
        {
            "server": server_label(len(servers)),
            "spectators": spectators,
            "failed_handshakes": failed,
            "failure_reasons": _failure_reasons(reports),
            "subscribed": subscribed,
            "all_subscribed_s": round(all_subscribed_s, 2),
            "idle_socket_kb": round((rss_subscribed - rss_before) / max(subscribed, 1) / 1024, 1),
            "server_cpu_s": round(server_cpu.seconds, 2),
            "redis_cpu_s": round(redis_cpu.seconds, 2),
        },
        steps,
        reports,
    )


def daphne_fanout(
    spectators: int, processes: int = 1, rounds: int = 30, rate: float = 7.0, workers: int = Clients.workers,
    batch: int = 10, clients: Clients | None = None,
) -> tuple[dict[str, Any], list[tuple[float, list[str]]]]:
    """Returns the figures and the publish schedule (offset, frame texts) for the ceiling to replay.
    `clients` says how the spectators are made (else the default clients in `workers` processes)."""
    clients = clients or Clients(workers=workers)
    [seats] = create_matches(1)
    with daphne_processes(processes, server_env()) as servers:
        row, steps, reports = asyncio.run(
            _daphne_fanout(servers, seats, spectators, rounds, rate, clients, batch)
        )
    row.update(_deliveries(_created_at(seats.match_id, steps), reports))
    row["us_per_delivery"] = _cpu_per_delivery(row["server_cpu_s"], row["deliveries"])
    row.update(_clients_figures(clients, reports, row["deliveries"]))
    # A phase is what a viewer is there for: its frames, and the snapshot it asked for after it, if it asked.
    row["phases"] = rounds
    row["us_per_phase_spectator"] = round(row["server_cpu_s"] / (rounds * row["sockets"]) * 1e6, 1) if rounds and row["sockets"] else None
    texts = reports[0].texts if reports else {}
    row["frame_bytes"] = _frame_bytes(texts.values())
    schedule = [(s.sent_at - steps[0].sent_at, [texts[v] for v in s.versions if v in texts]) for s in steps]
    return row, schedule


async def _publish(port: int, schedule: list[tuple[float, list[str]]]) -> list[Step]:
    steps = []
    async with connect(f"ws://127.0.0.1:{port}/publish") as publisher:
        start = time.monotonic()
        for offset, texts in schedule:
            await asyncio.sleep(max(0.0, start + offset - time.monotonic()))
            steps.append(Step(time.time(), [json.loads(text)["v"] for text in texts]))
            await publisher.send(json.dumps(texts))
    return steps


def ceiling_fanout(
    spectators: int, schedule: list[tuple[float, list[str]]], workers: int = Clients.workers,
    clients: Clients | None = None, loop: str = "uvloop",
) -> dict[str, Any]:
    """`schedule` (offset, frame texts) broadcast by bench/ceiling.py on `loop` to `spectators` sockets."""
    clients = clients or Clients(workers=workers)
    if clients.resync:  # the bare server has no snapshot to answer with
        clients = Clients(clients.client, clients.loop, clients.workers)
    with ceiling_server(loop) as (port, pid):
        targets = [Target(f"ws://127.0.0.1:{port}/", f"http://127.0.0.1:{port}")] * spectators
        with Crowd(targets, clients) as crowd:
            subscribed, failed = crowd.wait_subscribed()
            cpu = CpuMeter([pid])
            cpu.start()
            steps = run(_publish(port, schedule), clients.loop)
            crowd.wait_delivered(steps[-1].versions[-1], DRAIN_SECONDS)
            cpu.stop()
            reports = crowd.close()
    result = _deliveries({version: step.sent_at for step in steps for version in step.versions}, reports)
    return {
        "server": f"websockets/{loop}",
        "spectators": spectators,
        "failed_handshakes": failed,
        "failure_reasons": _failure_reasons(reports),
        "subscribed": subscribed,
        **result,
        "server_cpu_s": round(cpu.seconds, 2),
        "us_per_delivery": _cpu_per_delivery(cpu.seconds, result["deliveries"]),
        **_clients_figures(clients, reports, result["deliveries"]),
    }


async def _duel(alice: Player, bob: Player, turns: int, deadline: float) -> tuple[list[float], int]:
    """Plays up to `turns` phases; returns each player's submit -> playback-start latencies and phases played."""
    latencies, version, played = [], 0, 0
    while played < turns and time.monotonic() < deadline:
        submitted_at = time.monotonic()
        versions = await asyncio.gather(alice.submit("alice"), bob.submit("bob"))
        arrivals = await asyncio.gather(alice.playback_after(version), bob.playback_after(version))
        latencies += [at - submitted_at for at in arrivals]
        version, played = max(versions), played + 1
    return latencies, played


async def _open_loop(pairs: list[tuple[Player, Player]], rate: float, deadline: float) -> list[tuple[list[float], int]]:
    """Phases arrive as a Poisson process of `rate` a second over all the matches (each arrival at a match
    chosen at random), until `deadline`. A phase's latency runs from its arrival, so one that finds its match
    still playing the one before waits, and the wait counts, as on a league night."""
    chance = random.Random(f"open-loop-{rate}")
    queues: list[asyncio.Queue[float | None]] = [asyncio.Queue() for _ in pairs]
    versions = [0] * len(pairs)

    async def match(index: int) -> tuple[list[float], int]:
        alice, bob = pairs[index]
        latencies: list[float] = []
        while (arrived := await queues[index].get()) is not None:
            submitted = await asyncio.gather(alice.submit("alice"), bob.submit("bob"))
            playbacks = await asyncio.gather(alice.playback_after(versions[index]), bob.playback_after(versions[index]))
            latencies += [at - arrived for at in playbacks]
            versions[index] = max(submitted)
        return latencies, len(latencies) // 2

    players = [asyncio.create_task(match(index)) for index in range(len(pairs))]
    at = time.monotonic()
    while (at := at + chance.expovariate(rate)) < deadline:
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        queues[chance.randrange(len(pairs))].put_nowait(at)
    for queue in queues:
        queue.put_nowait(None)
    return list(await asyncio.gather(*players))


async def _concurrent_matches(
    servers: list[Daphne], all_seats: list[MatchSeats], turns: int, seconds: float, rate: float
) -> dict[str, Any]:
    pids = [server.pid for server in servers]

    async def seat(index: int, seats: MatchSeats) -> tuple[Player, Player]:
        return (
            await Player.join(servers[index % len(servers)], seats, "alice"),
            await Player.join(servers[(index + 1) % len(servers)], seats, "bob"),
        )

    warm_up, *rest = all_seats
    pairs = [await seat(0, warm_up)]  # the first match loads what every match shares, outside the reading
    rss_before = sum(rss_bytes(pid) for pid in pids)
    # A few matches at a time: opening every socket at once is the storm benchmark's business, not this one's.
    for start in range(0, len(rest), JOIN_BATCH):
        batch = enumerate(rest[start:start + JOIN_BATCH], start=start + 1)
        pairs += await asyncio.gather(*(seat(i, s) for i, s in batch))
    cpu, profiler = CpuMeter(pids), Profiler(pids, f"matches-{len(all_seats)}")
    profiler.start()
    cpu.start()
    started = time.monotonic()
    if rate:
        duels = await _open_loop(pairs, rate, started + seconds)
    else:
        duels = await asyncio.gather(*(_duel(a, b, turns, started + seconds) for a, b in pairs))
    elapsed = time.monotonic() - started
    cpu.stop()
    profiler.stop()
    rss_after = sum(rss_bytes(pid) for pid in pids)
    await asyncio.gather(*(p.close() for pair in pairs for p in pair))
    resolutions = sum(played for _, played in duels)
    return {
        "server": server_label(len(servers)),
        "matches": len(all_seats),
        "arrivals_per_s": rate or "closed",
        "resolutions": resolutions,
        "resolutions_per_s": round(resolutions / elapsed, 1),
        **percentiles([latency for latencies, _ in duels for latency in latencies]),
        "server_cpu_s": round(cpu.seconds, 2),
        "ms_cpu_per_resolution": round(cpu.seconds / resolutions * 1000, 2) if resolutions else float("nan"),
        "active_match_kb": round((rss_after - rss_before) / max(len(rest), 1) / 1024, 1),
    }


def concurrent_matches(
    matches: int, processes: int = 1, turns: int = 20, seconds: float = 60.0, rate: float = 0.0
) -> dict[str, Any]:
    """`rate` 0: the closed loop (each match starts its next phase as soon as it has the last one's
    playback); otherwise phases arrive at `rate` a second over all the matches (`_open_loop`)."""
    all_seats = create_matches(matches)
    with daphne_processes(processes, server_env()) as servers:
        return asyncio.run(_concurrent_matches(servers, all_seats, turns, seconds, rate))
