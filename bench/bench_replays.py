"""Replays at scale (issue 18, "Properties at scale"): bot-against-bot matches played through the server,
each then replayed from its event log, roll for roll, to the same final state.

    python -m bench.bench_replays [--matches 1000] [--turns 4] [--seconds 3600]

Each match is the demo duel (both mechs armed) with a fresh random seed, a turn limit of `--turns`, and two
computer players of different levels (matches/bots.py: their orders go through `order_submit`, so the log is
exactly a person's). Once the bots have played it out, `matches.replay.match_verify` (what `manage.py
verify_match` runs) re-resolves every phase from the seed and the logged orders; the match counts as
replayed when it reports no problem and the replayed final state hashes (SHA-256 of its canonical JSON) to
the stored one's. Bounded in count and in time (`--seconds`: it stops starting matches then). Not in CI:
a thousand matches take tens of minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import time
from dataclasses import replace
from typing import Any

from .harness import percentiles, report, setup_django

COLUMNS = ["matches", "finished", "replayed", "failed", "phases", "rolls", "play_s_p50", "verify_ms_p50", "verify_ms_p99"]


def state_hash(state: Any) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def play_one(levels: tuple[str, str], turns: int) -> int:
    """A bot duel played to its end (or the turn limit); its match id."""
    from matches import bots
    from matches.pipeline import match_create
    from rules.rulesets import DEFAULT_RULESET, get_ruleset
    from rules.rulesets.solaris.demo import demo_duel_state

    options = get_ruleset(DEFAULT_RULESET).options.validate({"turn_limit": turns})
    state = replace(demo_duel_state(), options=options)
    players = {side: bots.bot_user(level) for side, level in zip(("alice", "bob"), levels)}
    match = match_create(state=state, players=players, title=f"replay bench {'-'.join(levels)}")
    bots.schedule(match.pk)
    bots.settle()
    return match.pk


def verify_one(match_id: int) -> dict[str, Any]:
    from matches.models import Event, Match
    from matches.replay import match_verify
    from rules.rulesets import get_ruleset

    match = Match.objects.get(pk=match_id)
    started = time.perf_counter()
    replay = match_verify(match)
    verify_seconds = time.perf_counter() - started
    # Through JSON, as the database hands the stored state back (tuples become lists).
    replayed = None if replay.state is None else json.loads(json.dumps(get_ruleset(match.ruleset).state_to_json(replay.state)))
    same = replayed is not None and state_hash(replayed) == state_hash(match.state)
    return {
        "ok": not replay.problems and same, "problems": replay.problems[:3],
        "finished": match.status == Match.Status.FINISHED, "rolls": replay.rolls, "verify_seconds": verify_seconds,
        "phases": match.events.filter(kind=Event.Kind.PLAYBACK).count(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3600.0)
    args = parser.parse_args()
    setup_django()
    from rules.rulesets.bot import LEVELS

    pairings = itertools.cycle(itertools.permutations(LEVELS, 2))
    deadline = time.monotonic() + args.seconds
    results, play_seconds, failures = [], [], []
    for _ in range(args.matches):
        if time.monotonic() > deadline:
            break
        started = time.perf_counter()
        match_id = play_one(next(pairings), args.turns)
        play_seconds.append(time.perf_counter() - started)
        result = verify_one(match_id)
        results.append(result)
        if not result["ok"]:
            failures.append({"match": match_id, "problems": result["problems"]})
    verify = percentiles([r["verify_seconds"] for r in results])
    row = {
        "matches": len(results), "finished": sum(r["finished"] for r in results),
        "replayed": sum(r["ok"] for r in results), "failed": len(failures),
        "phases": sum(r["phases"] for r in results), "rolls": sum(r["rolls"] for r in results),
        "play_s_p50": percentiles(play_seconds)["p50_ms"] / 1000, "verify_ms_p50": verify["p50_ms"],
        "verify_ms_p99": verify["p99_ms"],
    }
    report("replays", COLUMNS, [row], {"settings": vars(args), "failures": failures[:20]})


if __name__ == "__main__":
    main()
