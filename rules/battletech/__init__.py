"""BattleTech mechanics: line of sight, movement, combat and designs, in topic packages."""

from rules.battletech import errors as errors  # registers the error codes of the mechanics
