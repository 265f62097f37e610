"""Who moves first: the initiative roll of a movement phase.

Solaris VII ("Problemas planteados por el movimiento simultáneo"): "cada Mech tira 2D6; el que saca
una puntuación más alta, se considera ganador. En caso de empate se repite la tirada hasta que los
números de los dados sean distintos." With more than two mechs every tied group rerolls among itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.dice import Dice, Roll
from rules.core.errors import RuleError
from rules.core.reasons import Reason


@dataclass(frozen=True, slots=True)
class Initiative:
    order: tuple[str, ...]  # loser first, winner last: the order in which units move and enter hexes
    rolls: tuple[Roll, ...]

    @property
    def reason(self) -> str:
        return Reason("initiative.rolled" if self.rolls else "initiative.given", order=", ".join(self.order))

    def rank(self) -> dict[str, int]:
        """Unit id → position in the move order (0 moves first)."""
        return {unit_id: index for index, unit_id in enumerate(self.order)}


def roll_initiative(unit_ids: Sequence[str], dice: Dice) -> Initiative:
    """2D6 per unit, higher wins; units with equal totals reroll among themselves until they differ."""
    rolls: list[Roll] = []
    pending = [sorted(unit_ids)]
    ranked: list[str] = []
    while pending:
        group = pending.pop(0)
        if len(group) == 1:
            ranked.append(group[0])
            continue
        by_total: dict[int, list[str]] = {}
        for unit_id in group:
            roll = dice.roll_2d6(Reason("initiative.roll", unit=unit_id))
            rolls.append(roll)
            by_total.setdefault(roll.total, []).append(unit_id)
        # Lower totals move first, so the groups are resolved from the lowest total up.
        pending = [by_total[total] for total in sorted(by_total)] + pending
    return Initiative(tuple(ranked), tuple(rolls))


def given_initiative(order: Sequence[str], unit_ids: Sequence[str]) -> Initiative:
    """An initiative fixed by the caller (loser first), for scenarios that replay a known roll."""
    if sorted(order) != sorted(unit_ids):
        raise RuleError(
            "initiative.units", units=sorted(unit_ids), order=list(order),
        )
    return Initiative(tuple(order), ())
