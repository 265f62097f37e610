"""Combat in BattleTech."""

from rules.battletech.combat import reasons as reasons  # registers the package's reason codes
