"""The ruleset protocol: everything the server and the referee command ask of a game, and nothing more.

A new game implements :class:`Ruleset` in its own package and registers it in :mod:`rules.rulesets`; the core
and the server never name its phases, its order kinds or its options. The server keeps the state opaque: it
decodes it with the ruleset's codec, hands it back to the ruleset, and stores what the codec writes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.options import OptionsSchema
from rules.core.phases import NO_ANSWERS, Json, Order, Outcome, Phase
from rules.core.playback import Answers, Reaction, ReactionWindow
from rules.core.state import State

S = TypeVar("S", bound=State)
R = TypeVar("R", bound=Outcome[Any])


class Ruleset(Protocol[S, R]):
    """One game. ``S`` is its state, ``R`` what resolving one of its phases gives (:class:`Outcome`)."""

    name: str
    # The options the players agree before the match: one validator for the lobby, campaigns, REST and scenarios.
    options: OptionsSchema

    @property
    def phases(self) -> tuple[Phase[S, Any, R], ...]:
        """The turn sequence, in order."""
        ...

    # ---- orders, dispatched by the state's current phase ----------------------------------------------

    def decode_order(self, state: S, data: Any) -> Order:
        """A client's order for the current phase; a coded refusal for anything else (a closed phase too)."""
        ...

    def encode_order(self, state: S, order: Order) -> Json:
        """An order of the current phase as :meth:`decode_order` reads it back (stored, echoed)."""
        ...

    def awaits(self, state: S) -> list[str]:
        """The units whose orders the current phase waits for (none once the match is over)."""
        ...

    def ends(self, state: S, ordered: Collection[str]) -> bool:
        """Whether the current phase resolves now that the units in ``ordered`` have given their orders."""
        ...

    def without_order(self, state: S) -> str:
        """What a unit that gives the current phase no order does (logged when a deadline passes)."""
        ...

    def check(self, state: S, order: Order) -> Json:
        """The "may I?" answer the server returns on a plot or a submit; a coded refusal when it may not."""
        ...

    def resolve_phase(self, state: S, orders: Sequence[Order], dice: Dice, answers: Answers = NO_ANSWERS) -> R:
        """The current phase resolved with ``orders``, then every following phase that waits for none. With
        ``answers`` (by reaction window key) the reactions given so far; an outcome whose ``pending`` is a
        window stopped there and is resolved again, from the start, once that window is answered."""
        ...

    # ---- reactions (a ruleset without any: rules.core.phases.NoReactions) ----------------------------
    # Whether any of its phases may stop for reactions (the server reads the answers given only then).
    reacts: bool

    def decode_reaction(self, state: S, window: ReactionWindow, unit: str, data: Any) -> Reaction:
        """``unit``'s answer to ``window``: its reaction order, or a pass (``data`` null); a coded refusal for
        anything it may not do."""
        ...

    def reaction_choices(self, state: S, window: ReactionWindow, unit: str) -> list[Json]:
        """What ``unit`` may answer ``window`` besides passing, as the client offers it (each with the order
        to send back)."""
        ...

    # ---- the state and reports as JSON (the server stores and sends only these) -------------------------

    def state_from_json(self, data: Json) -> S: ...

    def state_to_json(self, state: S) -> Json: ...

    def report_to_json(self, outcome: R) -> Json:
        """The playback of a resolution, as every viewer replays it."""
        ...

    def summary(self, timelines: Sequence[Json]) -> Json:
        """The end-of-match summary counted from the playbacks in force (``report_to_json``'s, in order): what
        the page shows when the match is over; ``{}`` when the game counts nothing."""
        ...

    # ---- what each viewer is shown ------------------------------------------------------------------

    def view(self, state: S, viewer_role: str, side: str | None) -> Json:
        """What a viewer may see ("player" of `side`, "spectator", "referee"): everything secret (hidden cards,
        mines, hidden units, plotted orders) is removed here and nowhere else."""
        ...

    def orders_view(self, orders: Sequence[tuple[str, Json]], viewer_role: str, side: str | None) -> list[Json]:
        """The stored orders of the open phase (each with its side) this viewer may see."""
        ...

    def timeline_view(self, timeline: Json, viewer_role: str, side: str | None) -> Json:
        """A logged playback (``report_to_json``'s, logged once for every viewer) as this viewer may see it, live, in
        the snapshot's last playback and in the match log (matches/frames.py). The default (TableRuleset) gives it
        unchanged; a game whose rulings may name what its view hides from some viewers filters them here (MEKATAC:
        the rulings that name a hidden meka)."""
        ...

    def example(self, options: Mapping[str, Any]) -> S:
        """A small game ready to play under ``options`` (as the schema validated them): what a match opens
        with when the host brings no position of their own, and what the ruleset contract suite plays."""
        ...

    # ---- the lobby: how a match of this game is set up --------------------------------------------------

    def setup_offer(self) -> Json:
        """What the host of a new match chooses besides the options, as the lobby's form and REST API offer it
        (rules.rulesets.setup: ``sides`` in seating order, ``choices`` by name, ``board`` whether a MegaMek
        board may be uploaded, ``guest_chooses_side``)."""
        ...

    def setup(self, options: Mapping[str, Any], choices: Mapping[str, Any], board: Board | None) -> S:
        """A lobby match's opening position under ``options`` (as the schema validated them) with the host's
        ``choices`` (each named by :meth:`setup_offer`) and uploaded ``board`` (None: the game's own); a coded
        refusal for a bad choice."""
        ...

    def designs(self) -> list[Json]:
        """The designs a lobby match of this game may field, as ``GET /api/designs/`` lists them: each with its
        ``name`` (Solaris adds its tons and movement points); none for a game whose host picks none
        (rules.rulesets.setup.OfferedDesigns: the names the set-up offers)."""
        ...

    # ---- the referee's corrections (rules.rulesets.referee) ----------------------------------------------

    def annulled(self, before: S, current: S) -> S:
        """The state a referee's annulment goes back to: ``before`` the annulled phase, keeping what the players
        chose since that the phase did not do (Solaris: the split line-of-sight sides)."""
        ...

    def overridden(self, state: S, unit: Any, changes: Any) -> S:
        """``state`` with a referee's correction of where and how ``unit`` stands; a coded refusal for a field
        the ruleset does not let a referee set, or a hex another unit holds."""
        ...

    # ---- standing choices (matches/los_sides.py; a game without any: NoChoices) -------------------------------
    # The choices a unit's controller (or the referee, for a controller who is absent) makes for it, which stand
    # until changed, by name, with the values each takes: Solaris's "los_side" ({"values": ["left", "right"]}, the
    # side of a line of sight that runs exactly between two hexes). What an annulment keeps of them: annulled.
    choices: Mapping[str, Json]

    def choose(self, state: S, name: str, unit: str, value: Any, by: str) -> S:
        """``state`` with ``unit``'s choice ``name`` (one of :attr:`choices`) set to ``value`` (one of its
        values; None clears it) by ``by`` ("controller" or "referee"); a coded refusal for a unit not there."""
        ...

    def with_options(self, state: S, options: Mapping[str, Any]) -> S:
        """``state`` under ``options`` (validated): the options the players agree in the lobby once it is set up."""
        ...

    def hints(self, state: S, role: str, side: str | None) -> Json:
        """What the browser needs to offer this viewer (``role`` player, spectator or referee; a player's
        ``side``) the current phase: its panels, each unit's choices and budgets, who may choose what. The
        rules work it out so the client never does again."""
        ...

    # ---- read-only questions about the position (matches/queries.py; a ruleset without any: NoQueries) -----
    # The questions this game answers, by name, with what each takes: "reach" ({"modes": [...]}, the movement
    # modes it knows), "los", "attack_options" (docs/protocol.md). The server checks who may ask and the
    # request's shape, and refuses any other question with query.not_offered.
    queries: Mapping[str, Json]

    def query(self, state: S, name: str, ask: Json) -> Json:
        """The answer to the question ``name`` (one of :attr:`queries`) about ``state``, the position the asker is
        shown, with the request's fields ``ask``; a coded refusal for a unit or hex that is not there."""
        ...


class NoQueries:
    """For a game that answers no question about its position: the server offers none."""

    queries: Mapping[str, Json] = {}

    def query(self, state: Any, name: str, ask: Json) -> Json:
        raise RuleError("query.not_offered", query=name)


class NoChoices:
    """For a game whose players make no standing choice for their units: the server offers none."""

    choices: Mapping[str, Json] = {}

    def choose(self, state: Any, name: str, unit: str, value: Any, by: str) -> Any:
        raise RuleError("choice.not_offered", choice=name)
