"""What every ruleset offers the server: order checks, who must order, and phase resolution."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.dice import Dice
from rules.game import GameState
from rules.movement import MoveOrder, PathPlan
from rules.timeline import MovementResult


@dataclass(frozen=True, slots=True)
class PhaseResult:
    """The state after a phase and what happened in it (the playback timeline)."""

    state: GameState
    movement: MovementResult


class Ruleset(Protocol):
    name: str

    def check_order(self, state: GameState, order: MoveOrder) -> PathPlan: ...

    def units_to_order(self, state: GameState) -> list[str]: ...

    def resolve_phase(self, state: GameState, orders: Sequence[MoveOrder], dice: Dice) -> PhaseResult: ...
