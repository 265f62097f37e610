"""The Solaris VII duel ruleset (BattleTech with the Solaris VII referees' clarifications).

The turn sequence is the table :attr:`SolarisRuleset.phases` (:mod:`rules.rulesets.solaris.phases`):
initiative → movement → weapon attacks → physical attacks → heat → end of turn. Phases that wait for no
orders, or whose units have none to give, resolve as soon as they begin (:class:`rules.core.phases.PhaseTable`),
so a match without mech designs goes from movement to the next turn's movement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.battletech.outcome import PhaseResult
from rules.battletech.state import LOS_SIDES, GameState, choose_split_los
from rules.core.phases import Json, NoReactions, PhaseTable, TableRuleset
from rules.battletech import codec
from rules.core.board import Board
from rules.battletech.movement.buildings import occupies
from rules.core.reasons import Reason
from rules.rulesets import referee
from rules.rulesets.solaris import hints
from rules.rulesets.solaris import setup as duel_setup
from rules.rulesets.solaris import queries as questions
from rules.rulesets.solaris.demo import demo_duel_state
from rules.rulesets.solaris import view as viewer_filter
from rules.rulesets.solaris.options import OPTIONS, agreed
from rules.rulesets.solaris.phases import END, HEAT, INITIATIVE, MovementPhase, PhysicalPhase, WeaponsPhase
from rules.rulesets.solaris.summary import summary


# What a referee may set on a mech: where it stands and how (damage stays with the rules).
OVERRIDABLE = {**referee.WHERE, "prone": bool, "stuck": bool}


class SolarisRuleset(TableRuleset[GameState, PhaseResult], NoReactions):
    name = "solaris"
    options = OPTIONS
    table = PhaseTable[GameState, PhaseResult]((INITIATIVE, MovementPhase(), WeaponsPhase(), PhysicalPhase(), HEAT, END))
    queries = questions.OFFERED
    # The split line of sight (Solaris VII 'Si la LdV pasa exactamente entre dos hexágonos': 'El objetivo
    # seleccionará por cual de los dos pasará la LdV'): the target's controller chooses the side for the unit once,
    # and every attack on it uses that side until the choice is changed or cleared.
    choices: Mapping[str, Json] = {"los_side": {"values": list(LOS_SIDES)}}

    def los_rule(self, state: GameState) -> str:
        """The line-of-sight rule the players agreed (the referee's queries judge by it too)."""
        return agreed(state).los

    def movement_mode(self, state: GameState) -> str:
        """The simultaneous-movement mode the players agreed."""
        return agreed(state).movement

    def state_from_json(self, data: Json) -> GameState:
        # The options normalised: a state stored before an option existed gets its default.
        state = codec.state_from_json(data)
        return replace(state, options=OPTIONS.validate(state.options))

    def state_to_json(self, state: GameState) -> Json:
        return codec.state_to_json(state)

    def report_to_json(self, outcome: PhaseResult) -> Json:
        return codec.report_to_json(outcome)

    def view(self, state: GameState, viewer_role: str, side: str | None) -> Json:
        return viewer_filter.view(state, viewer_role, side)

    def summary(self, timelines: Sequence[Json]) -> Json:
        return summary(timelines)

    def orders_view(self, orders: Sequence[tuple[str, Json]], viewer_role: str, side: str | None) -> list[Json]:
        return viewer_filter.orders_view(orders, viewer_role, side)

    def example(self, options: Mapping[str, Any]) -> GameState:
        """The demo duel (a Phoenix Hawk against a Shadow Hawk on the demo board) under ``options``."""
        return replace(demo_duel_state(), options=OPTIONS.validate(options))

    def setup_offer(self) -> Json:
        return duel_setup.duel_offer()

    def setup(self, options: Mapping[str, Any], choices: Mapping[str, Any], board: Board | None) -> GameState:
        """A duel of the designs the host chose (rules.rulesets.solaris.setup)."""
        return duel_setup.duel(options, choices, board)

    def designs(self) -> list[Json]:
        return duel_setup.shipped()

    def choose(self, state: GameState, name: str, unit: str, value: Any, by: str) -> GameState:
        """The split line of sight's side, the one choice offered."""
        return choose_split_los(state, unit, value, by)

    def annulled(self, before: GameState, current: GameState) -> GameState:
        """``before``, with the split-LOS sides standing now: the players' standing choices, not something the
        annulled phase did."""
        return replace(before, split_los=current.split_los)

    def overridden(self, state: GameState, unit: Any, changes: Any) -> GameState:
        """Stacking: one place per hex, one per floor inside a building (``occupies``); a correction cannot set a
        floor: the unit keeps its elevation."""
        return referee.overridden(state, unit, changes, OVERRIDABLE, Reason("referee.changes"),
                                  lambda state, other, moved: occupies(state.board, other, moved.hex, moved.elevation))

    def with_options(self, state: GameState, options: Mapping[str, Any]) -> GameState:
        return replace(state, options=OPTIONS.validate(options))

    def hints(self, state: GameState, role: str, side: str | None) -> Json:
        return self.titled(state, hints.hints(state, self.awaits(state), role, side))

    def query(self, state: GameState, name: str, ask: Json) -> Json:
        return questions.ANSWERS[name](self, state, ask)
