"""The error codes of the BattleTech mechanics (units, initiative, the movement phase, line of sight, surrender)
and their English templates; codes are a public contract (docs/protocol.md, "Error codes")."""

from __future__ import annotations

from rules.core.errors import register
from rules.core.reasons import register as register_reasons

register({
    "unit.malformed": "unknown unit fields: %(fields)s",
    "unit.no_design": "%(unit)s has no mech design to surrender",
    "initiative.units": "initiative must list every unit exactly once (%(units)s)",
    "options.movement": "movement option must be one of %(rules)s",
    "order.duplicate": "%(unit)s has two orders",
    "los.unknown_rule": "unknown line-of-sight rule %(rule)r; known: %(known)s",
    "los.side": "%(why)s",
})

# What is wrong, for the codes that several refusals share (``%(why)s``).
register_reasons({
    "los.side_name": "side must be 'left' or 'right', not %(side)r",
    "los.side_choice": "a split line of sight passes on the left or right side, chosen by the controller or the "
                       "referee, not %(side)r by %(by)r",
})
