"""The demo duel that ``make run`` serves: a 16×17 board with woods, a hill and water, two mechs."""

from __future__ import annotations

from rules.core.board import Board, HexTerrain
from rules.battletech.designs.design import shipped_design
from rules.battletech.state import GameState, equip
from rules.core.hexes import Hex
from rules.battletech.units import Unit

_TERRAIN = {
    "0405": (0, "woods:1"), "0406": (0, "woods:1"), "0505": (0, "woods:2"),
    "1008": (1, ""), "1108": (2, ""), "1109": (1, ""), "1007": (1, ""),
    "0712": (0, "water:1"), "0812": (0, "water:2"), "0813": (0, "water:1"),
    "1304": (0, "rough:1"), "0309": (0, "woods:1"),
}


def demo_board() -> Board:
    hexes = {Hex.parse(label): HexTerrain.parse(level, terrain) for label, (level, terrain) in _TERRAIN.items()}
    return Board(16, 17, hexes)


def demo_state() -> GameState:
    units = (
        Unit("A", Hex.parse("0816"), 0, side="alice", name="Wolverine WVR-6R", tons=55, walk=5, jump=5),
        Unit("B", Hex.parse("0802"), 3, side="bob", name="Shadow Hawk SHD-2H", tons=55, walk=5, jump=3),
    )
    return GameState(demo_board(), units)


# Shipped designs for the demo mechs. There is no Wolverine among them: the Phoenix Hawk, also a jumper,
# stands in for it.
DEMO_DESIGNS = {"A": "Phoenix Hawk PXH-1", "B": "Shadow Hawk SHD-2H"}


def demo_duel_state() -> GameState:
    """The demo duel ready to fight: both mechs carry their designs (armour, weapons, heat)."""
    return equip(demo_state(), {unit_id: shipped_design(name) for unit_id, name in DEMO_DESIGNS.items()})
