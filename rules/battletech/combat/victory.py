"""End of turn and end of match: who is out, who won, and the victory points kept in the match result.

A mech is out of the fight when destroyed (head, centre torso, three engine hits, pilot killed), shut
down or surrendered. The match ends when one side has no mech left in the fight, or at the agreed turn
limit. Victory points: the Solaris VII texts count destroyed components (components of flooded
locations count as destroyed) and not undestroyed armour or structure, and give no values; we count one
point per destroyed component of the enemy's mechs, every component of a destroyed mech included.
"""

from __future__ import annotations

from dataclasses import replace

from rules.battletech.combat.attacks import CombatReport
from rules.battletech.combat.damage import CONSCIOUSNESS
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.battletech.state import GameState
from rules.core.state import MatchResult
from rules.core.reasons import Reason, joined
from rules.battletech.combat.status import MechStatus


def out_of_fight(status: MechStatus) -> str:
    """Why this mech no longer counts as fighting ("" while it does)."""
    if status.destroyed:
        return status.destroyed
    if status.surrendered:
        return Reason("victory.surrendered")
    if status.shutdown:
        return Reason("victory.shut_down")
    return ""


def destroyed_components(status: MechStatus) -> int:
    if status.destroyed:
        return len(status.design.components)
    return sum(1 for index in range(len(status.design.components)) if status.is_destroyed(index))


def victory_points(state: GameState) -> dict[str, int]:
    """Each side's points: the destroyed components of the other sides' mechs."""
    side_of = {unit_id: state.unit(unit_id).side for unit_id in state.mechs}
    return {
        side: sum(destroyed_components(status) for unit_id, status in state.mechs.items() if side_of[unit_id] != side)
        for side in sorted(set(side_of.values()))
    }


def check_victory(state: GameState, turn_over: bool = False, turn_limit: int = 0) -> MatchResult | None:
    """The match's result once one side has no mech left in the fight or, when a turn is over, once it reaches
    the agreed ``turn_limit`` (0: none); None while the fight goes on."""
    sides: dict[str, list[str]] = {}
    for unit_id, status in state.mechs.items():
        sides.setdefault(state.unit(unit_id).side, [])
        if not out_of_fight(status):
            sides[state.unit(unit_id).side].append(unit_id)
    if len(sides) < 2:
        return None
    standing = [side for side, fighting in sides.items() if fighting]
    if len(standing) > 1 and not (turn_over and turn_limit and state.turn >= turn_limit):
        return None  # checked after every phase: skip counting points while the fight goes on
    points = victory_points(state)
    beaten = joined([Reason("victory.beaten", unit=unit_id, why=out_of_fight(status))
                     for unit_id, status in sorted(state.mechs.items()) if out_of_fight(status)])
    if len(standing) == 1:
        return MatchResult(standing[0], Reason("victory.other_side_out", beaten=beaten), points, state.turn)
    if not standing:
        return MatchResult("", Reason("victory.everyone_out", beaten=beaten), points, state.turn)
    best = max(points.values())  # the turn limit is reached with both sides still fighting
    leaders = [side for side, score in points.items() if score == best]
    winner = leaders[0] if len(leaders) == 1 else ""
    return MatchResult(winner, Reason("victory.turn_limit", limit=turn_limit), points, state.turn)


def surrender(state: GameState, unit_id: str) -> GameState:
    """A player yields a mech: it is out of the fight, and the match ends if its side has no other."""
    status = state.mechs.get(unit_id)
    if status is None:
        state.unit(unit_id)  # raises UnknownUnit for an unknown id
        raise RuleError("unit.no_design", unit=unit_id)
    state = replace(state, mechs={**state.mechs, unit_id: replace(status, surrendered=True)})
    result = check_victory(state)
    return state if result is None else replace(state, result=result, phase="over")


def resolve_end_of_turn(state: GameState, dice: Dice, turn_limit: int = 0) -> tuple[GameState, CombatReport]:
    """TW end phase: an unconscious pilot rolls to wake (the consciousness number of its wounds); movement
    and fired weapons are forgotten; the agreed ``turn_limit`` (0: none) is checked; the next turn begins."""
    first = len(dice.rolls)
    mechs, reasons = dict(state.mechs), []
    for unit_id, status in sorted(state.mechs.items()):
        if not status.conscious and not status.destroyed:
            target = CONSCIOUSNESS[status.pilot_hits]
            roll = dice.roll_2d6(Reason("victory.wake_roll", unit=unit_id), target)
            outcome = "victory.awake" if roll.success else "victory.still_out"
            reasons.append(Reason(outcome, unit=unit_id, roll=roll.total, target=target))
            status = replace(status, conscious=bool(roll.success))
        mechs[unit_id] = replace(status, fired=frozenset())
    state = replace(state, mechs=mechs, motions={})
    result = check_victory(state, turn_over=True, turn_limit=turn_limit)
    if result is not None:
        return replace(state, result=result, phase="over"), CombatReport("end", reasons=(*reasons, result.reason),
                                                                         rolls=tuple(dice.rolls[first:]))
    return replace(state, turn=state.turn + 1), CombatReport("end", reasons=tuple(reasons), rolls=tuple(dice.rolls[first:]))
