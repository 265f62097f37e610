"""Mines and hidden mekas in play ("BARAJA DE CARTAS DE ESTRATEGIA": "Minas / Meka oculto: En una casilla, anotada
en secreto"; "Las minas hacen 4D10 de daño al Meka que las pise"; "El Meka oculto se revela si mueve, si ataca o
si está en línea de visión de un Meka enemigo").

A mine goes off under the first meka that walks into its hex, either side's (a minefield does not know whose
meka it is; a meka flying or jumping over it does not tread on it: our reading of "pise"), and is gone. Both are
secret through the ruleset's view alone (rules.rulesets.mekatac.view), and a hidden meka's events keep its hex
out of the report while it stays hidden (rules.rulesets.mekatac.report).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.core.dice import Dice
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.damage import damage
from rules.rulesets.mekatac.sight import has_sight
from rules.rulesets.mekatac.state import MekaState
from rules.rulesets.mekatac.tables import MINE_DAMAGE

MOVES = frozenset({"step", "turn"})
ATTACKS = frozenset({"attack", "bomb"})


def tread(state: MekaState, events: Sequence[Event], dice: Dice) -> tuple[MekaState, list[Event]]:
    """The mines under the mekas that walked into their hex in these events."""
    fired: list[Event] = []
    for event in events:
        meka = state.unit(event.unit)
        if event.kind != "step" or meka.airborne or not meka.in_fight:
            continue
        for side, hexes in sorted(state.mines.items()):
            if event.to_hex.label in hexes:
                left = tuple(label for label in hexes if label != event.to_hex.label)
                state = replace(state, mines={**state.mines, side: left})
                roll = dice.roll(*MINE_DAMAGE, f"mine under {meka.id}")
                said = Reason("mekatac.mine", unit=meka.id, hex=event.to_hex.label, damage=roll.total)
                fired.append(Event(meka.id, "mine", event.to_hex, event.to_hex, meka.facing, reason=said,
                                   rolls=(roll,), damage=roll.total))
                state, hurt = damage(state, meka.id, roll.total, dice)
                fired += hurt
    return state, fired


def reveal(state: MekaState, events: Sequence[Event]) -> tuple[MekaState, list[Event]]:
    """Each hidden meka that moved or attacked in these events, or that an enemy meka now sees, is revealed."""
    shown: list[Event] = []
    for meka in sorted(state.units, key=lambda each: each.id):
        if not meka.hidden:
            continue
        acted = {event.kind for event in events if event.unit == meka.id}
        seer = next((other.id for other in sorted(state.units, key=lambda each: each.id)
                     if other.side != meka.side and other.in_fight and not other.hidden and has_sight(
                         state.board, other.hex, meka.hex, "fly" in (other.airborne, meka.airborne))), "")
        why = Reason("mekatac.why_moved") if acted & MOVES else Reason("mekatac.why_attacked") if acted & ATTACKS \
            else Reason("mekatac.why_seen", by=seer) if seer else ""
        if why:
            state = state.with_unit(replace(meka, hidden=False))
            shown.append(Event(meka.id, "revealed", meka.hex, meka.hex, meka.facing,
                               reason=Reason("mekatac.revealed", unit=meka.id, why=why)))
    return state, shown
