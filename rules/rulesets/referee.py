"""A referee's corrections every ruleset shares (the protocol's ``annulled`` and ``overridden``): what an
annulment keeps, and a unit set where it stands and how (a misplaced counter, a ruling made at the table).
Damage and everything else stays with the rules: a correction sets only the fields its ruleset names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from rules.core.errors import RuleError, register
from rules.core.reasons import Reason
from rules.core.reasons import register as register_reasons
from rules.core.state import Piece, State

register({
    "referee.bad_changes": "%(why)s",
    "referee.hex_occupied": "%(unit)s stands in %(hex)s: two units never share a hex (or a building's floor).",
})
register_reasons({
    "referee.changes": "Changes map hex (label), facing (0-5), prone or stuck to a value.",
    "referee.changes_where": "Changes map hex (label) or facing (0-5) to a value.",
    "referee.changes_unit": "`unit` is a unit id.",
    "referee.changes_facing": "Facing runs from 0 (N) to 5 (NW).",
})

S = TypeVar("S", bound=State)
# Where a unit stands: what a correction may set in every ruleset.
WHERE: Mapping[str, type] = {"hex": str, "facing": int}


def same_hex(state: State, unit: Piece, moved: Piece) -> bool:
    """The usual stacking test: ``unit`` holds the hex ``moved`` is set in."""
    return unit.hex == moved.hex


def overridden(state: S, unit: Any, changes: Any, fields: Mapping[str, type], allowed: Reason,
               holds: Callable[[S, Any, Any], bool] = same_hex) -> S:
    """``state`` with ``changes`` made to ``unit``: only ``fields`` (each of its type; ``allowed`` says which), a
    facing 0-5, a hex on the board no other unit holds (``holds``: the ruleset's stacking test)."""
    if not isinstance(changes, dict) or not changes or not all(
        name in fields and type(value) is fields[name] for name, value in changes.items()
    ):
        raise RuleError("referee.bad_changes", why=allowed, fields=list(fields))
    if not isinstance(unit, str):
        raise RuleError("referee.bad_changes", why=Reason("referee.changes_unit"))
    if not 0 <= changes.get("facing", 0) <= 5:
        raise RuleError("referee.bad_changes", why=Reason("referee.changes_facing"))
    hex_change = {"hex": state.board.hex(changes["hex"])} if "hex" in changes else {}
    changed = replace(state.unit(unit), **{**changes, **hex_change})
    occupant = next((u.id for u in state.units if u.id != changed.id and holds(state, u, changed)), None)
    if occupant is not None:
        raise RuleError("referee.hex_occupied", hex=changed.hex.label, unit=occupant)
    return replace(state, units=tuple(changed if u.id == changed.id else u for u in state.units))
