"""What every ruleset offers the server: its phase table, order checks, who must order, and phase resolution."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

from rules.battletech.combat.attacks import CombatReport, PhysicalOrder, PlannedAttack, SightRule, WeaponOrder
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.battletech.movement.plan import MoveOrder, PathPlan
from rules.battletech.movement.result import MovementResult

Order: TypeAlias = MoveOrder | WeaponOrder | PhysicalOrder


@dataclass(frozen=True, slots=True)
class PhaseResult:
    """The state after a phase (and the order-less phases that followed it) and what happened: the movement
    playback timeline, and a report per combat, heat or end phase."""

    state: GameState
    movement: MovementResult | None = None
    reports: tuple[CombatReport, ...] = ()


@dataclass(frozen=True, slots=True)
class Phase:
    """One entry of a ruleset's turn sequence: the orders it waits for ("" for none: it resolves as soon as
    it begins), what ends it, and its resolver."""

    name: str
    orders: str
    ends: str
    resolve: Callable[[GameState, Sequence[Order], Dice], PhaseResult]


class Ruleset(Protocol):
    name: str
    sight: SightRule  # the line-of-sight rule attacks use

    @property
    def phases(self) -> tuple[Phase, ...]: ...

    def check_order(self, state: GameState, order: MoveOrder) -> PathPlan: ...

    def check_attack(self, state: GameState, order: WeaponOrder | PhysicalOrder) -> tuple[PlannedAttack, ...]: ...

    def units_to_order(self, state: GameState) -> list[str]: ...

    def resolve_phase(self, state: GameState, orders: Sequence[Order], dice: Dice) -> PhaseResult: ...

    # What a viewer may see ("player" of `side`, "spectator", "referee"): everything secret (hidden cards,
    # mines, hidden units, plotted orders) is removed here and nowhere else.
    def view(self, state: GameState, viewer_role: str, side: str | None) -> dict[str, Any]: ...

    def orders_view(
        self, orders: Sequence[tuple[str, dict[str, Any]]], viewer_role: str, side: str | None
    ) -> list[dict[str, Any]]: ...
