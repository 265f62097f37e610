"""The end of a MEKATAC match: a side with no meka able to fight has lost (the text names no other victory), and
under an agreed turn limit the side with more mekas able to fight when it is reached wins (a draw on a tie)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.reasons import Reason
from rules.core.state import MatchResult
from rules.rulesets.mekatac.state import MekaState


def fighting(state: MekaState) -> dict[str, int]:
    """Each side's mekas able to fight (not destroyed, the pilot alive)."""
    return {side: sum(meka.in_fight for meka in state.units if meka.side == side) for side in state.sides}


def decided(state: MekaState) -> MekaState:
    """The state with its result recorded the moment a side has no meka able to fight (a draw when none has)."""
    if state.result is not None:
        return state
    counts = fighting(state)
    beaten = sorted(side for side, count in counts.items() if count == 0)
    if not beaten:
        return state
    standing = [side for side, count in counts.items() if count > 0]
    winner = standing[0] if len(standing) == 1 else ""
    return replace(state, result=MatchResult(winner, Reason("mekatac.victory", side=beaten[0]), counts, state.turn))


def at_turn_limit(state: MekaState, limit: int) -> MekaState:
    """At the end of turn ``limit`` (0: none) the side with more mekas able to fight wins."""
    if state.result is not None or not limit or state.turn < limit:
        return state
    counts = fighting(state)
    best = max(counts.values(), default=0)
    leaders = [side for side, count in counts.items() if count == best]
    winner = leaders[0] if len(leaders) == 1 else ""
    return replace(state, result=MatchResult(winner, Reason("mekatac.turn_limit"), counts, state.turn))
