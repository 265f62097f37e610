"""Small skirmish positions and a driver that plays one order to its end, answering each reaction window."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.board import board_from_cells
from rules.core.dice import Dice
from rules.core.playback import Reaction, ReactionWindow
from rules.rulesets.skirmish import SkirmishRuleset
from rules.rulesets.skirmish.example import troop
from rules.rulesets.skirmish.phase import Outcome
from rules.rulesets.skirmish.state import SkirmishState, pool_of
from rules.rulesets.skirmish.troops import Troop

RULESET = SkirmishRuleset()
WALL = "building:1;bldg_elev:%d"
# answers a window: {asked unit: reaction data (None: pass)}
Answerer = Callable[[ReactionWindow], Mapping[str, Any]]

__all__ = ["RULESET", "troop", "position", "wall", "move", "order", "play", "everyone_attacks", "everyone_passes"]


def wall(height: int) -> dict[str, str]:
    return {"terrain": WALL % height}


def position(*troops: Troop, cells: Mapping[str, Any] | None = None, active: str = "a") -> SkirmishState:
    board = board_from_cells(12, 12, dict(cells or {}))
    state = SkirmishState(board, tuple(troops), sides=("a", "b"), active=active)
    return SkirmishState(board, tuple(troops), sides=("a", "b"), active=active, pool=pool_of(state, active))


def move(*path: str, **extra: Any) -> dict[str, Any]:
    return {"skill": "move", "path": list(path), **extra}


def order(unit: str, *skills: dict[str, Any]) -> dict[str, Any]:
    return {"unit": unit, "skills": list(skills)}


def everyone_passes(window: ReactionWindow) -> Mapping[str, Any]:
    return {unit: None for unit in window.units}


def everyone_attacks(window: ReactionWindow) -> Mapping[str, Any]:
    return {unit: {"attack": window.trigger} for unit in window.units}


def play(state: SkirmishState, data: dict[str, Any] | None, answer: Answerer = everyone_passes, seed: str = "test",
         ) -> tuple[Outcome, list[ReactionWindow]]:
    """The order ``data`` (None: no order) played to its end; every window it opened, in order."""
    orders = [] if data is None else [RULESET.decode_order(state, data)]
    answers: dict[str, dict[str, Reaction]] = {}
    windows: list[ReactionWindow] = []
    outcome = RULESET.resolve_phase(state, orders, Dice(seed), answers)
    while outcome.pending is not None:
        window = outcome.pending
        windows.append(window)
        # An attack by a troop the window offers none (a hidden troop asked at a skill's end with no line of
        # fire during it: ambush.py) is its pass.
        answers[window.key] = {unit: RULESET.decode_reaction(
            state, window, unit, reply if RULESET.reaction_choices(state, window, unit) else None)
            for unit, reply in answer(window).items()}
        outcome = RULESET.resolve_phase(state, orders, Dice(seed), answers)
    return outcome, windows


def events(outcome: Outcome, kind: str) -> list[Any]:
    return [event for tick in outcome.ticks for event in tick if event.kind == kind]
