"""The options Solaris VII players agree before the fight.

The referee "deberá dejar claro al inicio del combate qué regla va a usar durante todo el combate y los
jugadores deberán estar de acuerdo": the simultaneous-movement mode and the dead-zone line of sight (allowed
only by everyone's agreement: "en caso de omisión se utilizará SIEMPRE la regla estándar de LdV"), and a
turn limit after which victory points decide.
"""

from __future__ import annotations

from rules.battletech.state import LOS_RULES, MOVEMENT_RULES
from rules.core.options import Choice, Count, OptionsSchema

# The most turns a limit may set (0: none).
MAX_TURN_LIMIT = 1000

OPTIONS = OptionsSchema(
    Choice("los", LOS_RULES, "standard", "Line of sight: the standard rule, or the dead zone (Maximum Tech)."),
    Choice("movement", MOVEMENT_RULES, "pm_by_pm",
           "Simultaneous movement: point by point (Solaris VII), or each whole move in initiative order."),
    Count("turn_limit", 0, MAX_TURN_LIMIT, "Turns before victory points decide (0: no limit)."),
)
