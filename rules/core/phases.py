"""The phase machinery every ruleset shares: what an order is, what a phase is, and the turn sequence.

A ruleset declares its turn as a table of :class:`Phase` objects; :class:`PhaseTable` resolves the current
phase and then every following phase that waits for no orders, so the sequencing is written once here and
never again in a ruleset. Nothing here knows a phase name, an order kind or a game: those are the ruleset's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Any, Generic, NoReturn, Protocol, Self, TypeVar

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.playback import Answers, Reaction, ReactionWindow
from rules.core.reasons import Reason, reason_code, register
from rules.core.state import State

Json = dict[str, Any]
# The phase of a state whose match has ended: no phase follows it and no orders are taken.
OVER = "over"

# A phase's title as the match page's header says it: by default its name, a word the client translates (the
# rulesets' registry registers their phases' names as words; TableRuleset.titled).
register({"rules.phase_title": "%(phase)s"}, words=(OVER,))


class Order(Protocol):
    """An order is anything addressed to one unit; the phase that decoded it checks and resolves it."""

    @property
    def unit(self) -> str: ...


S = TypeVar("S", bound=State)
S_co = TypeVar("S_co", bound=State, covariant=True)


# No reaction given yet: what a phase is resolved with until a reaction window opens.
NO_ANSWERS: Answers = {}


class Outcome(Protocol[S_co]):
    """What resolving a phase gives: the state after it, and the ruleset's reports of what happened. When a
    reaction window stopped the phase (``pending``), the state and reports go only up to that tick and the
    phase is not over: it is resolved again, from its start, once the window is answered."""

    @property
    def state(self) -> S_co: ...

    @property
    def pending(self) -> ReactionWindow | None: ...

    def followed_by(self, later: Self) -> Self:
        """This outcome and a later phase's in one: the later state, the reports of both."""
        ...

    def moved_to(self, state: Any) -> Self:
        """The same reports, ending in ``state`` (the phase the sequence moved on to)."""
        ...


R = TypeVar("R", bound=Outcome[Any])
R_co = TypeVar("R_co", bound=Outcome[Any], covariant=True)
S_contra = TypeVar("S_contra", bound=State, contravariant=True)
OrderT = TypeVar("OrderT", bound=Order)


class Phase(Protocol[S_contra, OrderT, R_co]):
    """One entry of a ruleset's turn sequence: ``OrderT`` is the kind of order it takes (the order its own
    :meth:`decode_order` gives), ``R_co`` what resolving it gives."""

    name: str
    # False: the phase waits for nobody and resolves as soon as it begins.
    takes_orders: bool
    # What a unit that gives no order does (the phase resolves without it when its deadline passes).
    without_order: str

    def awaits(self, state: S_contra) -> list[str]:
        """The units whose orders the phase waits for (none: it resolves as soon as it begins)."""
        ...

    def ends(self, state: S_contra, ordered: Collection[str]) -> bool:
        """Whether the phase resolves now that the units in ``ordered`` have given their orders."""
        ...

    def resolve(self, state: S_contra, orders: Sequence[OrderT], dice: Dice, answers: Answers = NO_ANSWERS) -> R_co:
        """The phase played with ``orders`` and the reactions answered so far (``answers``, by window key)."""
        ...

    def decode_order(self, state: S_contra, data: Any) -> OrderT:
        """A client's order for this phase, refusing (a coded :class:`RuleError`) anything that is not one."""
        ...

    def encode_order(self, order: OrderT) -> Json:
        """The order as :meth:`decode_order` reads it back (the stored and echoed form)."""
        ...

    def check(self, state: S_contra, order: OrderT) -> Json:
        """The "may I?" answer: what the order would do, or a coded refusal; nothing is changed."""
        ...


def phase_closed(phase: str) -> RuleError:
    return RuleError("order.phase_closed", why=Reason("order.no_orders_now", phase=phase), phase=phase)


class OrderlessPhase(Generic[S, R]):
    """A phase that waits for no orders (initiative, heat, the end of a turn): any order for it is refused."""

    takes_orders = False
    without_order = ""

    def __init__(self, name: str, resolve: Callable[[S, Dice], R]) -> None:
        self.name = name
        self._resolve = resolve

    def awaits(self, state: S) -> list[str]:
        return []

    def ends(self, state: S, ordered: Collection[str]) -> bool:
        return True

    def resolve(self, state: S, orders: Sequence[Any], dice: Dice, answers: Answers = NO_ANSWERS) -> R:
        return self._resolve(state, dice)

    def decode_order(self, state: S, data: Any) -> NoReturn:
        raise phase_closed(self.name)

    def encode_order(self, order: Any) -> NoReturn:
        raise phase_closed(self.name)

    def check(self, state: S, order: Any) -> NoReturn:
        raise phase_closed(self.name)


def every_awaited_unit_ordered(awaited: Collection[str], ordered: Collection[str]) -> bool:
    """The usual end of an ordered phase: every unit it waits for has its order in."""
    return set(awaited) <= set(ordered)


class PhaseTable(Generic[S, R]):
    """A ruleset's turn sequence: its phases in order, the last one followed by the first of the next turn.
    Once a phase records the match's result the sequence goes to :data:`OVER`."""

    def __init__(self, phases: Sequence[Phase[S, Any, R]]) -> None:
        self.phases = tuple(phases)

    def phase(self, name: str) -> Phase[S, Any, R]:
        for phase in self.phases:
            if phase.name == name:
                return phase
        raise phase_closed(name)

    def awaits(self, state: S) -> list[str]:
        return [] if state.phase == OVER else self.phase(state.phase).awaits(state)

    def advance(self, state: S) -> S:
        """The state moved on to the next phase (or to :data:`OVER` once the match has ended)."""
        if state.phase == OVER or state.result is not None:
            return replace(state, phase=OVER)
        names = [phase.name for phase in self.phases]
        return replace(state, phase=names[(names.index(state.phase) + 1) % len(names)])

    def resolve(self, state: S, orders: Sequence[Order], dice: Dice, answers: Answers = NO_ANSWERS) -> R:
        """Resolve the current phase, then every following phase that waits for no orders: at most up to the
        next turn's first phase that takes orders, so a turn where nobody may order waits for the next call.
        A phase stopped by a reaction window stays the current phase, and nothing follows it yet."""
        turn = state.turn
        outcome = self.phase(state.phase).resolve(state, orders, dice, answers)
        if outcome.pending is not None:
            return outcome
        state = self.advance(outcome.state)
        while state.phase != OVER and not self.awaits(state):
            phase = self.phase(state.phase)
            if state.turn != turn and phase.takes_orders:
                break
            outcome = outcome.followed_by(phase.resolve(state, (), dice))
            state = self.advance(outcome.state)
        return outcome.moved_to(state)


class TableRuleset(Generic[S, R]):
    """The ruleset protocol's order and phase methods for a ruleset that declares its turn as ``table``: each one
    asks the state's current phase, so the ruleset writes none of the dispatching itself."""

    table: PhaseTable[S, R]

    @property
    def phases(self) -> tuple[Phase[S, Any, R], ...]:
        return self.table.phases

    def decode_order(self, state: S, data: Any) -> Order:
        order: Order = self.table.phase(state.phase).decode_order(state, data)
        return order

    def encode_order(self, state: S, order: Order) -> Json:
        return self.table.phase(state.phase).encode_order(order)

    def awaits(self, state: S) -> list[str]:
        return self.table.awaits(state)

    def ends(self, state: S, ordered: Collection[str]) -> bool:
        return self.table.phase(state.phase).ends(state, ordered)

    def without_order(self, state: S) -> str:
        return self.table.phase(state.phase).without_order

    def check(self, state: S, order: Order) -> Json:
        return self.table.phase(state.phase).check(state, order)

    def resolve_phase(self, state: S, orders: Sequence[Order], dice: Dice, answers: Answers = NO_ANSWERS) -> R:
        return self.table.resolve(state, orders, dice, answers)

    def phase_title(self, state: S) -> Reason:
        """The current phase's title for the page's header: its name, unless the ruleset says it otherwise
        (skirmish: "Order 3")."""
        return Reason("rules.phase_title", phase=state.phase)

    def titled(self, state: S, hints: Json) -> Json:
        """The phase's ``hints`` with its title (:meth:`phase_title`, coded) as ``phase_title``."""
        return {**hints, "phase_title": reason_code(self.phase_title(state))}

    def summary(self, timelines: Sequence[Json]) -> Json:
        """The end-of-match summary: nothing counted, unless the ruleset counts something (Solaris: shots,
        hits, damage dealt and taken)."""
        return {}

    def timeline_view(self, timeline: Json, viewer_role: str, side: str | None) -> Json:
        """A logged playback as this viewer may see it: as logged, unless the ruleset's rulings may name what its
        view hides from some viewers (MEKATAC: a hidden meka)."""
        return timeline


class NoReactions:
    """For a ruleset whose phases never open a reaction window: nothing is ever asked, so any reaction sent is
    refused."""

    reacts = False

    def decode_reaction(self, state: Any, window: ReactionWindow, unit: str, data: Any) -> Reaction:
        raise RuleError("reaction.not_asked", why=Reason("reaction.none_in_game"), unit=unit)

    def reaction_choices(self, state: Any, window: ReactionWindow, unit: str) -> list[Json]:
        return []
