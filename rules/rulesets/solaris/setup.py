"""A Solaris lobby match: a duel, one shipped design per side, red starting on the south edge and blue on the
north edge, each pilot at the standard 4/5 unless the host gives their skills, on the demo board or an
uploaded MegaMek board."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from rules.battletech.designs.design import shipped_design, shipped_designs
from rules.battletech.state import GameState, equip
from rules.battletech.units import Unit
from rules.core.board import Board
from rules.core.errors import RuleError, register
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.reasons import Reason
from rules.core.reasons import register as register_reasons
from rules.rulesets.setup import designs_choice, offer, refuse_unoffered
from rules.rulesets.solaris.demo import demo_board

register({
    "units.malformed": "Give one shipped design name per side: %(sides)s.",
    "pilots.malformed": "%(why)s",
    "board.too_small": "A duel board is at least two hexes high.",
})
register_reasons({
    "pilots.skills": "A pilot is {\"gunnery\": 0-%(limit)s, \"piloting\": 0-%(limit)s}.",
    "pilots.per_side": "Pilots are given per side: %(sides)s.",
})

SIDES = ("red", "blue")
MAX_SKILL = 8  # gunnery and piloting skills run from 0 (the best) to 8
# The rules' standard pilot (gunnery 4, piloting 5), which a side gets unless the host gives its skills.
STANDARD_PILOT = {field.name: field.default for field in fields(Unit) if field.name in ("gunnery", "piloting")}


def duel_offer() -> Json:
    return offer(SIDES, {
        "designs": designs_choice(list(shipped_designs()), 1, 1),
        "pilots": {"kind": "skills", "skills": STANDARD_PILOT, "minimum": 0, "maximum": MAX_SKILL},
    }, board=True)


def shipped() -> list[Json]:
    """The shipped designs a duel may field, by name, with their tons and movement points."""
    return [{"name": d.name, "tons": d.tons, "walk": d.walk, "run": d.run, "jump": d.jump}
            for d in sorted(shipped_designs().values(), key=lambda d: d.name)]


def duel(options: Mapping[str, Any], choices: Mapping[str, Any], board: Board | None) -> GameState:
    """The duel the host chose; a coded refusal for a bad design, pilot or board."""
    refuse_unoffered("solaris", duel_offer(), choices, board)
    board = demo_board() if board is None else board
    designs, pilots = choices.get("designs"), choices.get("pilots")
    if not isinstance(designs, dict) or set(designs) != set(SIDES) or not all(isinstance(d, str) for d in designs.values()):
        raise RuleError("units.malformed", sides=list(SIDES))
    pilots = {} if pilots is None else pilots
    if not isinstance(pilots, dict) or set(pilots) - set(SIDES):
        raise RuleError("pilots.malformed", why=Reason("pilots.per_side", sides=", ".join(SIDES)))
    if board.height < 2:
        # Red starts on the south edge, blue on the north: on a board one hex high they would share a hex.
        raise RuleError("board.too_small", height=board.height)
    middle = board.width // 2
    units = (
        Unit("A", Hex(middle, board.height - 1), 0, side="red", **_pilot(pilots, "red")),
        Unit("B", Hex(middle, 0), 3, side="blue", **_pilot(pilots, "blue")),
    )
    state = equip(GameState(board, units), {"A": shipped_design(designs["red"]), "B": shipped_design(designs["blue"])})
    return replace(state, options=dict(options))


def _pilot(pilots: Mapping[str, Any], side: str) -> dict[str, Any]:
    """A side's pilot skills, `{"gunnery": G, "piloting": P}` (either may be left out: the standard 4/5)."""
    pilot = pilots.get(side, {})
    if not isinstance(pilot, dict) or set(pilot) - set(STANDARD_PILOT) or not all(
        type(skill) is int and 0 <= skill <= MAX_SKILL for skill in pilot.values()
    ):
        raise RuleError("pilots.malformed", why=Reason("pilots.skills", limit=MAX_SKILL), side=side)
    return pilot
