"""How a lobby match of any ruleset is set up: what its host may choose besides the options, and the checks
every ruleset shares (the protocol's ``setup_offer`` and ``setup``, rules.rulesets.base).

An offer is JSON, read by the lobby's form and REST API (docs/protocol.md, ``GET /api/rulesets/``)::

    {"sides": ["red", "blue"],             the sides in seating order (the host takes the first)
     "choices": {"designs": {"kind": "designs", "values": [NAME, ...], "minimum": 1, "maximum": 1},
                 "pilots": {"kind": "skills", "skills": {"gunnery": 4, ...}, "minimum": 0, "maximum": 8}},
     "board": true,                        whether the host may upload a MegaMek board
     "guest_chooses_side": false}          whether the player who joins picks the side (MEKATAC, DESPLIEGUE)

A ``designs`` choice gives each side ``minimum`` to ``maximum`` of the names in ``values`` (one name, not a
list, when the maximum is 1); a ``skills`` choice gives a side's pilot skills by name, each from ``minimum``
to ``maximum`` (left out: the default given).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from rules.core.board import Board
from rules.core.errors import RuleError, register
from rules.core.options import OptionsSchema
from rules.core.phases import Json

register({
    "setup.not_offered": "A %(ruleset)s match is set up without %(choice)r.",
    "setup.designs": "Give each side %(minimum)s to %(maximum)s design names (%(sides)s).",
})

S = TypeVar("S", covariant=True)


def offer(sides: Sequence[str], choices: Mapping[str, Json] | None = None, *, board: bool = False,
          guest_chooses_side: bool = False) -> Json:
    return {"sides": list(sides), "choices": dict(choices or {}), "board": board,
            "guest_chooses_side": guest_chooses_side}


def designs_choice(values: Sequence[str], minimum: int, maximum: int, needs: Mapping[str, str] | None = None) -> Json:
    """``needs``: the designs taken only with an option agreed, each with that option's name (MEKATAC's
    transformers, with ``transformers`` on), so the lobby can say so before it refuses one."""
    return {"kind": "designs", "values": sorted(values), "minimum": minimum, "maximum": maximum,
            **({"needs": dict(sorted(needs.items()))} if needs else {})}


def refuse_unoffered(ruleset: str, offered: Json, choices: Mapping[str, Any], board: Board | None) -> None:
    """A coded refusal for a choice (or an uploaded board) the ruleset's set-up does not take."""
    for name in choices:
        if name not in offered["choices"]:
            raise RuleError("setup.not_offered", ruleset=ruleset, choice=name)
    if board is not None and not offered["board"]:
        raise RuleError("setup.not_offered", ruleset=ruleset, choice="board")


def designs_by_side(raw: Any, sides: Sequence[str], choice: Json) -> dict[str, list[str]]:
    """Each side's design names from a ``designs`` choice's answer (``{side: [NAME, ...]}``); a coded
    refusal naming the rule otherwise. A name not among the ``values`` is left to the ruleset to refuse."""
    least, most = choice["minimum"], choice["maximum"]
    chosen = {side: [names] if isinstance(names, str) else names for side, names in raw.items()} \
        if isinstance(raw, dict) else None
    if chosen is None or set(chosen) != set(sides) or not all(
            isinstance(names, list) and least <= len(names) <= most and all(isinstance(n, str) for n in names)
            for names in chosen.values()):
        raise RuleError("setup.designs", minimum=least, maximum=most, sides=list(sides))
    return {side: list(chosen[side]) for side in sides}


class Example(Protocol[S]):
    name: str
    options: OptionsSchema

    def example(self, options: Mapping[str, Any]) -> S: ...


class Offering(Protocol):
    def setup_offer(self) -> Json: ...


class OfferedDesigns:
    """The designs of a ruleset that knows no more of them than their names: those its set-up offers."""

    def designs(self: Offering) -> list[Json]:
        offered = self.setup_offer()["choices"].values()
        names = {name for choice in offered if choice["kind"] == "designs" for name in choice["values"]}
        return [{"name": name} for name in sorted(names)]


class ExampleSetup(OfferedDesigns):
    """The set-up of a ruleset whose host chooses nothing but the options: its example position, whose
    sides are the match's (the skirmish ruleset's worked example, for now)."""

    def setup_offer(self: Example[Any]) -> Json:
        state = self.example(self.options.defaults)
        return offer(list(dict.fromkeys(unit.side for unit in state.units)))

    def setup(self: Example[S], options: Mapping[str, Any], choices: Mapping[str, Any], board: Board | None) -> S:
        refuse_unoffered(self.name, offer(()), choices, board)
        return self.example(options)
