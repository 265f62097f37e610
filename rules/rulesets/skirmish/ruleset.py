"""The skirmish ruleset: order-based movement with reactions (AROs) at the step where line of fire opens.

The server's side of it: the order phase table (:mod:`phase`), the state codec (:mod:`state`), the reactions a
window asks for, what each viewer sees (a troop in hidden deployment only by its own side and the referee),
and the hints the browser draws the order panel from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any
from rules.core.board import board_to_json
from rules.core.errors import RuleError
from rules.core.options import Count, OptionsSchema
from rules.core.reasons import Reason
from rules.core.phases import Json, TableRuleset
from rules.core.playback import Reaction, ReactionWindow
from rules.core.reasons import reason_code
from rules.core.timeline import Event
from rules.rulesets.skirmish import state as codec
from rules.rulesets.skirmish.example import example_state
from rules.rulesets.skirmish import queries as questions
from rules.rulesets.skirmish.ambush import first_sighting, fresh_sighting, skill_end
from rules.rulesets.skirmish.lof import sight
from rules.rulesets.skirmish.phase import OrderPhase, OrderTable, Outcome
from rules.rulesets.skirmish.play import may_react
from rules.rulesets.skirmish.state import ORDER_PHASE, SkirmishState, find
from rules.rulesets import referee
from rules.rulesets.setup import ExampleSetup
from rules.rulesets.base import NoChoices
from rules.rulesets.skirmish.troops import ENGAGED, IMMOBILISED, POSSESSED, PROFILES, PRONE, Troop

PLAYER, REFEREE = "player", "referee"
OPTIONS = OptionsSchema(Count("turns", 3, 10, "game turns before the troops put out of action are counted", minimum=1))


class ReactAttack:
    """A reaction order: BS Attack on the active troop whose step opened the window."""

    def __init__(self, unit: str, target: str) -> None:
        self.unit, self.target = unit, target


def sees_side(role: str, side: str | None, owner: str) -> bool:
    return role == REFEREE or (role == PLAYER and side == owner)


class SkirmishRuleset(ExampleSetup, NoChoices, TableRuleset[SkirmishState, Outcome]):
    name = "skirmish"
    reacts = True
    options = OPTIONS
    queries = questions.OFFERED
    table = OrderTable((OrderPhase(),))

    # ---- reactions --------------------------------------------------------------------------------------

    def decode_reaction(self, state: SkirmishState, window: ReactionWindow, unit: str, data: Any) -> Reaction:
        """A pass (null) or ``{"attack": trigger}``, from a troop the window asks: one that had no line of fire
        at the window's step, or had its own window earlier in the order, is refused with the rule's code. A
        troop in hidden deployment asked at a skill's end (:mod:`ambush`) is refused likewise when it gained no
        line of fire during the skill, or gained it during an earlier one."""
        watcher = find(state, unit)
        trigger = _trigger(state, window)
        if unit not in window.units:
            code = "skirmish.reaction_closed" if may_react(state, watcher, trigger) else "skirmish.reaction_no_lof"
            raise RuleError(code, unit=unit, trigger=trigger.id)
        if data is None:
            return Reaction(unit)
        if data != {"attack": trigger.id}:
            raise RuleError("skirmish.reaction_malformed", trigger=trigger.id)
        end = skill_end(window.key)
        if end is not None and watcher.hidden and fresh_sighting(state.board, watcher, end) is None:
            earlier = first_sighting(state.board, watcher, end.trail) is not None
            raise RuleError("skirmish.reaction_closed" if earlier else "skirmish.reaction_no_lof",
                            unit=unit, trigger=trigger.id)
        return Reaction(unit, ReactAttack(unit, trigger.id))

    def reaction_choices(self, state: SkirmishState, window: ReactionWindow, unit: str) -> list[Json]:
        """A BS Attack on the active troop where the window's step put it; for a hidden troop asked at a skill's
        end, where its line of fire opened during the skill (none when it did not: it may only pass)."""
        if unit not in window.units:
            return []
        watcher, trigger = find(state, unit), _trigger(state, window)
        end = skill_end(window.key)
        if end is not None and watcher.hidden:
            seen = fresh_sighting(state.board, watcher, end)
            if seen is None:
                return []
            aim, cover = seen.hex, seen.cover
        else:
            aim, cover = trigger.hex, sight(state.board, watcher.hex, watcher.height, trigger.hex, trigger.height).cover
        return [{"label": "BS Attack", "target": trigger.id, "hex": aim.label, "cover": cover,
                 "order": {"attack": trigger.id}}]

    # ---- codec and reports ------------------------------------------------------------------------------

    def state_from_json(self, data: Json) -> SkirmishState:
        return codec.state_from_json(data)

    def state_to_json(self, state: SkirmishState) -> Json:
        return codec.state_to_json(state)

    def report_to_json(self, outcome: Outcome) -> Json:
        return {"phases": list(outcome.phases),
                "ticks": [[event_to_json(event) for event in tick] for tick in outcome.ticks]}

    # ---- viewers ----------------------------------------------------------------------------------------

    def view(self, state: SkirmishState, viewer_role: str, side: str | None) -> Json:
        """Everything but the troops in hidden deployment of a side the viewer does not see."""
        shown = [unit for unit in state.units if not unit.hidden or sees_side(viewer_role, side, unit.side)]
        return {"turn": state.turn, "phase": state.phase, "active": state.active, "pool": state.pool,
                "sides": list(state.sides), "board": board_to_json(state.board),
                "units": [_shown(unit) for unit in shown],
                "profiles": {name: {"mov": list(p.mov), "bs": p.bs, "arm": p.arm, "wounds": p.wounds,
                                    "silhouette": p.silhouette, "height": p.height, "mount": p.mount}
                             for name, p in PROFILES.items()}}

    def orders_view(self, orders: Sequence[tuple[str, Json]], viewer_role: str, side: str | None) -> list[Json]:
        return [order for owner, order in orders if sees_side(viewer_role, side, owner)]

    def example(self, options: Mapping[str, Any]) -> SkirmishState:
        return replace(example_state(), turns=options["turns"])

    def query(self, state: SkirmishState, name: str, ask: Json) -> Json:
        return questions.line_of_fire(state, ask)

    def annulled(self, before: SkirmishState, current: SkirmishState) -> SkirmishState:
        return before

    def overridden(self, state: SkirmishState, unit: Any, changes: Any) -> SkirmishState:
        return referee.overridden(state, unit, changes, referee.WHERE, Reason("referee.changes_where"))

    def with_options(self, state: SkirmishState, options: Mapping[str, Any]) -> SkirmishState:
        return replace(state, turns=OPTIONS.validate(options)["turns"])

    def hints(self, state: SkirmishState, role: str, side: str | None) -> Json:
        """The order panel for the active player: its pool, and for each troop that may take an order its MOV,
        whether it may move, and the visible enemies it has a line of fire to from where it stands."""
        mine = [unit for unit in state.units if role == PLAYER and unit.side == side]
        awaited = set(self.awaits(state))
        return self.titled(state, {"phase": state.phase, "panels": ["order"] if awaited & {u.id for u in mine} else [],
                                   "pool": state.pool if side == state.active else 0,
                                   "units": {unit.id: _unit_hints(state, unit, unit.id in awaited) for unit in mine}})

    def phase_title(self, state: SkirmishState) -> Reason:
        """An order's phase is titled by its number in the game turn: "Order 3" for ``order-3``."""
        number = state.phase.removeprefix(f"{ORDER_PHASE}-")
        return Reason("skirmish.phase_order", number=int(number)) if number.isdigit() else super().phase_title(state)


def _shown(troop: Troop) -> Json:
    """A troop as the browser draws it: its state, a name (in English, and coded: ``name_code``) and kind for the
    board's marker, and its states (hidden deployment among them, which only its own side and the referee see)
    as the words under it."""
    markers = [state for state in troop.states if state != PRONE] + (["hidden"] if troop.hidden else [])
    name = troop_name(troop)
    return {**codec.troop_to_json(troop), "kind": "troop", "name": name, "name_code": reason_code(name),
            "prone": troop.has(PRONE), "markers": markers}


def troop_name(troop: Troop) -> Reason:
    """A troop's name as a coded reason: its id and its profile's word ("Z (infantry)"), which every page says
    in its own language ("Z (infantería)"): the client renders ``name_code``, the lobby page its words."""
    return Reason("skirmish.troop_name", unit=troop.id, profile=troop.profile)


def _unit_hints(state: SkirmishState, troop: Troop, orders: bool) -> Json:
    data: Json = {"orders": orders}
    if orders:
        data["mov"] = list(troop.stats.mov)
        data["may_move"] = not (troop.has(ENGAGED) or troop.has(IMMOBILISED))
        if data["may_move"] and not troop.has(POSSESSED) and (troop.may_mount or troop.mounted):
            # With its first skill the troop may change to its other profile (mount: True mounts it).
            data["remount"] = {"mount": troop.may_mount, "to": troop.other, "mov": list(PROFILES[troop.other].mov)}
        data["targets"] = [enemy.id for enemy in state.enemies(troop.side) if not enemy.hidden and not enemy.out
                           and sight(state.board, troop.hex, troop.height, enemy.hex, enemy.height).open]
    return data


def _trigger(state: SkirmishState, window: ReactionWindow) -> Troop:
    """The active troop where it stood when the window opened (its key names the hex)."""
    parts = window.key.split(":")
    return replace(find(state, window.trigger), hex=state.board.hex(parts[2] if len(parts) > 2 else window.key))


def event_to_json(event: Event) -> Json:
    return {"unit": event.unit, "kind": event.kind, "from": event.from_hex.label, "to": event.to_hex.label,
            "facing": event.facing, "target": event.target, "reason": event.reason,
            "reason_code": reason_code(event.reason),
            "rolls": [{"dice": list(roll.dice), "sides": roll.sides, "reason": roll.reason} for roll in event.rolls]}

