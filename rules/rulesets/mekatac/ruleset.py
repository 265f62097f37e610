"""The MEKATAC ruleset: the protocol of :mod:`rules.rulesets.base` over the package's phase table.

The turn (:mod:`rules.rulesets.mekatac.phases`) is cards → initiative → movement → end; the movement phase
stops for reaction windows whenever a meka's step gives an enemy a legal shot at it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rules.core.board import Board, HexTerrain
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.options import Choice, Count, OptionsSchema
from rules.core.phases import Json, TableRuleset
from rules.core.playback import Reaction, ReactionWindow
from rules.rulesets.mekatac import state as codec
from rules.core.reasons import Reason
from rules.rulesets.mekatac.combat import is_melee, label, refusal
from rules.rulesets.mekatac.designs import shipped
from rules.rulesets.mekatac.movement import offered_in
from rules.rulesets.mekatac.orders import Fire, reaction_from_json
from rules.rulesets.mekatac.phases import CARDS, END, INITIATIVE, PREPARATION, MekaOutcome, MekaTable, MovementPhase
from rules.rulesets.mekatac import queries as questions
from rules.rulesets.mekatac.report import report_to_json, timeline_view
from rules.rulesets import referee
from rules.rulesets.mekatac.setup import scenario, scenario_offer
from rules.rulesets.setup import OfferedDesigns
from rules.rulesets.base import NoChoices
from rules.rulesets.mekatac.state import MekaState, new_meka
from rules.rulesets.mekatac.view import hints, orders_view, view

OPTIONS = OptionsSchema(
    Count("turn_limit", 0, 1000, "Turns after which the side with more mekas able to fight wins (0: no limit)."),
    Choice("decks", ("off", "on"), "off", "The upgrade and strategy decks: each player draws 4 of each and plays "
                                          "them before the first initiative roll."),
    Choice("transformers", ("off", "on"), "off", "Transformers may change mode (a turn to transform)."),
)

# The example game: two mekas a side across a 12×12 board with a wood and a hill between them.
_EXAMPLE_TERRAIN = {"0606": (0, "woods:1"), "0706": (0, "woods:2"), "0407": (1, ""), "0507": (2, "")}
_EXAMPLE_MEKAS = (("A1", "0611", 0, "a", "Sharpshot"), ("A2", "0811", 0, "a", "Reaper"),
                  ("B1", "0602", 3, "b", "Tasmanian"), ("B2", "0802", 3, "b", "Gunslinger"))


class MekatacRuleset(OfferedDesigns, NoChoices, TableRuleset[MekaState, MekaOutcome]):
    name = "mekatac"
    reacts = True
    options = OPTIONS
    queries = questions.OFFERED
    table = MekaTable((CARDS, PREPARATION, INITIATIVE, MovementPhase(), END))

    def decode_reaction(self, state: MekaState, window: ReactionWindow, unit: str, data: Any) -> Reaction:
        """A pass, a hold, or a volley of weapons the window offered (each once, at most one melee attack)."""
        if unit not in window.units:
            raise RuleError("reaction.not_asked", why=Reason("mekatac.not_asked", unit=unit), unit=unit)
        answer = reaction_from_json(data)
        if not isinstance(answer, Fire):
            return Reaction(unit, answer)
        offered, meka = offered_in(window.key), state.unit(unit)
        for index, weapon in enumerate(answer.weapons):
            if weapon not in offered or weapon in answer.weapons[:index]:
                raise RuleError("reaction.weapon", unit=unit, weapon=weapon)
        if sum(is_melee(meka, weapon) for weapon in answer.weapons) > 1:
            raise refusal("mekatac.refuse_melee_used", unit=unit)
        return Reaction(unit, answer)

    def reaction_choices(self, state: MekaState, window: ReactionWindow, unit: str) -> list[Json]:
        meka, offered = state.unit(unit), offered_in(window.key)
        ranged = [weapon for weapon in offered if not is_melee(meka, weapon)]
        choices = [{"label": label(meka, weapon), "target": window.trigger, "order": {"weapons": [weapon]}}
                   for weapon in offered]
        if len(ranged) > 1:
            choices.append({"label": "all", "target": window.trigger, "order": {"weapons": ranged}})
        return [*choices, {"label": "hold", "target": window.trigger, "order": {"hold": True}}]

    def state_from_json(self, data: Json) -> MekaState:
        state = codec.state_from_json(data)
        return replace(state, options=OPTIONS.validate(state.options))

    def state_to_json(self, state: MekaState) -> Json:
        return codec.state_to_json(state)

    def report_to_json(self, outcome: MekaOutcome) -> Json:
        return report_to_json(outcome)

    def timeline_view(self, timeline: Json, viewer_role: str, side: str | None) -> Json:
        """A logged playback as one viewer may see it: no ruling names a hidden meka to a viewer not shown it."""
        return timeline_view(timeline, viewer_role, side)

    def view(self, state: MekaState, viewer_role: str, side: str | None) -> Json:
        return view(state, viewer_role, side)

    def orders_view(self, orders: Sequence[tuple[str, Json]], viewer_role: str, side: str | None) -> list[Json]:
        return orders_view(orders, viewer_role, side)

    def example(self, options: Mapping[str, Any]) -> MekaState:
        """Sharpshot and Reaper (side a) against Tasmanian and Gunslinger (side b), before the first card phase."""
        hexes = {Hex.parse(label): HexTerrain.parse(level, terrain) for label, (level, terrain) in _EXAMPLE_TERRAIN.items()}
        mekas = tuple(new_meka(unit, Hex.parse(at), facing, side, shipped(design))
                      for unit, at, facing, side, design in _EXAMPLE_MEKAS)
        return MekaState(Board(12, 12, hexes), mekas, options=OPTIONS.validate(options))

    def query(self, state: MekaState, name: str, ask: Json) -> Json:
        return questions.ANSWERS[name](state, ask)

    def setup_offer(self) -> Json:
        return scenario_offer()

    def setup(self, options: Mapping[str, Any], choices: Mapping[str, Any], board: Board | None) -> MekaState:
        return scenario(self.example(options), choices, board)

    def annulled(self, before: MekaState, current: MekaState) -> MekaState:
        return before

    def overridden(self, state: MekaState, unit: Any, changes: Any) -> MekaState:
        return referee.overridden(state, unit, changes, referee.WHERE, Reason("referee.changes_where"))

    def with_options(self, state: MekaState, options: Mapping[str, Any]) -> MekaState:
        return replace(state, options=OPTIONS.validate(options))

    def hints(self, state: MekaState, role: str, side: str | None) -> Json:
        return self.titled(state, hints(state, self.awaits(state), role, side))
