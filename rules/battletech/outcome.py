"""What resolving a BattleTech phase gives: the state after it, the movement playback, the combat reports."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.battletech.combat.attacks import CombatReport
from rules.battletech.state import GameState
from rules.battletech.movement.result import MovementResult
from rules.core.playback import ReactionWindow


@dataclass(frozen=True, slots=True)
class PhaseResult:
    """The state after a phase (and the order-less phases that followed it) and what happened: the movement
    playback timeline, and a report per combat, heat or end phase. A :class:`rules.core.phases.Outcome`."""

    state: GameState
    movement: MovementResult | None = None
    reports: tuple[CombatReport, ...] = ()

    @property
    def pending(self) -> ReactionWindow | None:
        return None  # no BattleTech phase stops for reactions: Solaris VII has none

    def followed_by(self, later: PhaseResult) -> PhaseResult:
        return PhaseResult(later.state, self.movement or later.movement, self.reports + later.reports)

    def moved_to(self, state: GameState) -> PhaseResult:
        return replace(self, state=state)
