"""What the browser needs to offer a viewer the current Solaris phase, worked out by the rules.

The client draws panels and controls from this and computes none of it again: which panels the phase shows,
which of the viewer's units give an order now, each one's movement modes with their MP budgets, whether it
must stand up first, whom it may attack, and the units whose split-line-of-sight side the viewer may choose.
"""

from __future__ import annotations

from rules.battletech.movement.plan import budget
from rules.battletech.state import GameState
from rules.battletech.units import Unit
from rules.core.phases import Json

# The panels each phase shows; a phase not listed shows none.
PANELS = {"movement": ("plot",), "weapons": ("attack",), "physical": ("attack",)}


def hints(state: GameState, awaited: list[str], role: str, side: str | None) -> Json:
    """``awaited``: the units the current phase waits for. A player gets hints for the units of their side;
    the referee chooses split-LOS sides for every unit (for a controller who is away), a spectator for none."""
    mine = [unit for unit in state.units if role == "player" and unit.side == side]
    choosers = state.units if role == "referee" else mine
    return {
        "phase": state.phase,
        "panels": list(PANELS.get(state.phase, ())),
        "units": {unit.id: _unit_hints(state, unit, unit.id in awaited) for unit in mine},
        "split_los": [unit.id for unit in choosers],
    }


def _unit_hints(state: GameState, unit: Unit, orders: bool) -> Json:
    data: Json = {"orders": orders}
    if orders and state.phase == "movement":
        data["modes"] = {mode: {"mp": budget(unit, mode), "plain": _plain(unit, mode)} for mode in _modes(unit)}
        data["stand_up"] = unit.prone
    elif orders and state.phase in ("weapons", "physical"):
        data["targets"] = [other.id for other in state.units if other.side != unit.side
                           and not (other.id in state.mechs and state.mechs[other.id].destroyed)]
    return data


def _modes(unit: Unit) -> list[str]:
    """Walking and running always; jumping with jump jets; MASC when the mech carries it."""
    return ["walk", "run", *(["jump"] if unit.jump > 0 else []), *(["masc"] if unit.masc else [])]


def _plain(unit: Unit, mode: str) -> int:
    """Up to how many MP the mode needs no faster gait than walking (running, with MASC): past it the map
    marks the reach as needing to run."""
    return unit.run if mode == "masc" else budget(unit, mode) if mode == "jump" else unit.walk
