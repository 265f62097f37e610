"""Line of sight in BattleTech."""

from rules.battletech.sight import reasons as reasons  # registers the package's reason codes
