"""The position of the text's worked example, and the example game the ruleset offers (``example``).

A Fusilier (side "angus") stands against a wall behind a building (0606-0607, five levels), in total cover
from a Zhanshi (side "yu") in 0602 watching south. One hex out, in 0508, a low wall (0507, one level) hides its
foot from the Zhanshi: partial cover. Side "angus" also has a biker who may dismount; side "yu" a TAG in hidden
deployment, whose operator has an Escape System.
"""

from __future__ import annotations

from rules.core.board import board_from_cells
from rules.core.hexes import Hex
from rules.rulesets.skirmish.state import SkirmishState, pool_of
from rules.rulesets.skirmish.troops import PROFILES, Troop

BUILDING = "building:1;bldg_elev:5"
LOW_WALL = "building:1;bldg_elev:1"
CELLS = {"0606": {"terrain": BUILDING}, "0607": {"terrain": BUILDING}, "0507": {"terrain": LOW_WALL}}


def troop(unit_id: str, label: str, facing: int, side: str, profile: str, *, hidden: bool = False,
          other: str = "", escape: bool = False) -> Troop:
    """A troop at full wounds (and, with an ``other`` profile to mount or dismount to, that one too)."""
    return Troop(unit_id, Hex.parse(label), facing, side=side, profile=profile, wounds=PROFILES[profile].wounds,
                 hidden=hidden, other=other, other_wounds=PROFILES[other].wounds if other else 0, escape=escape)


def example_state() -> SkirmishState:
    units = (troop("F", "0608", 0, "angus", "infantry"), troop("B", "0911", 0, "angus", "bike", other="infantry"),
             troop("Z", "0602", 3, "yu", "infantry"), troop("T", "0201", 0, "yu", "tag", hidden=True, other="infantry", escape=True))
    state = SkirmishState(board_from_cells(12, 12, CELLS), units, sides=("angus", "yu"), active="angus")
    return SkirmishState(state.board, units, sides=state.sides, active="angus", pool=pool_of(state, "angus"))
