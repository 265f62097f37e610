"""Movement in BattleTech."""

from rules.battletech.movement import reasons as reasons  # registers the package's reason codes
