"""The options Solaris VII players agree before the fight, and the rules they choose for the mechanics.

The referee "deberá dejar claro al inicio del combate qué regla va a usar durante todo el combate y los
jugadores deberán estar de acuerdo": the simultaneous-movement mode and the dead-zone line of sight (allowed
only by everyone's agreement: "en caso de omisión se utilizará SIEMPRE la regla estándar de LdV"), and a
turn limit after which victory points decide. The BattleTech mechanics never read these options: the phases
pass them in (:func:`agreed`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.battletech.combat.attacks import SightRule
from rules.battletech.combat.tohit import sight_rule
from rules.battletech.movement.simultaneous import MOVEMENT_RULES
from rules.battletech.sight.los import LOS_RULES
from rules.battletech.state import GameState
from rules.core.options import Choice, Count, OptionsSchema

# The most turns a limit may set (0: none).
MAX_TURN_LIMIT = 1000

OPTIONS = OptionsSchema(
    Choice("los", LOS_RULES, "standard", "Line of sight: the standard rule, or the dead zone (Maximum Tech)."),
    Choice("movement", MOVEMENT_RULES, "pm_by_pm",
           "Simultaneous movement: point by point (Solaris VII), or each whole move in initiative order."),
    Count("turn_limit", 0, MAX_TURN_LIMIT, "Turns before victory points decide (0: no limit)."),
)
# One attack strategy per line-of-sight rule.
SIGHT_RULES: dict[str, SightRule] = {rule: sight_rule(rule) for rule in LOS_RULES}


@dataclass(frozen=True, slots=True)
class Agreed:
    """A state's options, checked: the rules its match is played with."""

    los: str
    movement: str
    turn_limit: int

    @property
    def sight(self) -> SightRule:
        """The line-of-sight rule attacks are judged by."""
        return SIGHT_RULES[self.los]


def agreed(state: GameState) -> Agreed:
    """The options of ``state``'s match (the defaults for any it lacks)."""
    return Agreed(**OPTIONS.validate(state.options))
