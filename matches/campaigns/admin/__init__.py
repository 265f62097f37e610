"""The organiser's console: list pages, inlines, pilot cards and the actions that run a campaign.

Actions only call services; a refused action shows the service's message and changes nothing.
"""

from . import campaign, roster, rounds

__all__ = ["campaign", "roster", "rounds"]
