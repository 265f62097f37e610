"""Stale orders: an order made on a position the server has since changed.

A movement order's steps are relative to where the unit stands ("F", "L"...), so an order plotted before a
referee's correction would mean another path afterwards. A client that sends the version it plotted at (`v`)
has its order refused when the position changed after that version: a start, a resolution, an annulment or a
correction. Another player's submission, a chat line or a pause do not make it stale.
"""

from __future__ import annotations

from .errors import MatchError
from .models import Event, Match

POSITION_CHANGES = (Event.Kind.STARTED, Event.Kind.PLAYBACK, Event.Kind.ANNULLED, Event.Kind.OVERRIDDEN)


def check_position_seen(match: Match, seen: int | None) -> None:
    """Refuses an order plotted at version `seen` (None: the client did not say) on a position that has changed."""
    if seen is None or seen == match.version:  # nothing has happened since: no query needed
        return
    if seen > match.version or match.events.filter(version__gt=seen, kind__in=POSITION_CHANGES).exists():
        raise MatchError("order.stale_version", seen=seen, v=match.version)
