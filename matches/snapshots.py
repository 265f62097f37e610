"""Snapshots and catch-up frames, encoded; the spectators' snapshot built once per version.

Every spectator of a match at one version sees the same snapshot, so a storm of spectator sockets (or a
wave of resyncs, or of REST reads) would otherwise build and encode it once per request: about five queries
each, the bulk of a 1,000-socket storm's server CPU (bench/README.md). Each process keeps the newest one per
match instead. What a viewer may see is still decided by `selectors.player_view`, which builds the entry.
The key is the version the caller has just read from the match row, so a newer version is never served
stale: it misses and replaces the entry. Players and the referee see their own orders and panel and never
use it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from .hub import encode
from .models import Match, Participant
from .frames import PUBLIC, Viewer, frames_for
from .selectors import board_at, missed_events, player_view, spectator_horizon

# Matches whose snapshot a process keeps, least recently used dropped first; one entry per match.
MAX_MATCHES = 256

# (version, spectator delays, version shown) -> (version of the frame, its text). The delays are in the key
# because they decide which version a spectator may see: a delay changed without a version bump (the admin)
# must miss. A delay in seconds moves the version shown with the clock alone, so it is in the key too.
_Key = tuple[int, int, int, int | None]
_Entry = tuple[int, str]
_latest: OrderedDict[int, tuple[_Key, _Entry]] = OrderedDict()
_lock = threading.Lock()


def encoded_frames_since(*, match: Match, viewer: Viewer, version: int | None) -> list[tuple[int, str]]:
    """What a (re)connecting client that has seen `version` needs, as (version, text) pairs: the events it
    missed, or its snapshot (`selectors.missed_events` decides which)."""
    missed = missed_events(match=match, viewer=viewer, version=version)
    if missed is None:
        return [encoded_snapshot(match=match, viewer=viewer)]
    board = board_at(match, version) if missed and version is not None else None
    return [(frame["v"], encode(frame)) for frame in frames_for(match, missed, viewer, board)]


def encoded_snapshot(*, match: Match, viewer: Viewer) -> tuple[int, str]:
    """The viewer's full snapshot (`selectors.player_view`) and its version; a spectator's from the cache."""
    if viewer.role == Participant.Role.SPECTATOR:
        return spectator_snapshot(match)
    frame = player_view(match=match, viewer=viewer)
    return frame["v"], encode(frame)


def with_spectators(text: str, spectators: int) -> str:
    """An encoded snapshot with the crowd count, which is not part of the match (nor of the cached text)."""
    return f'{text[:-1]},"spectators":{spectators}}}'


def spectator_snapshot(match: Match) -> tuple[int, str]:
    """The spectators' snapshot of `match` as read (delayed to the spectator horizon if the match says so)."""
    seconds = match.options.get("spectator_delay_seconds", 0)
    key = (match.version, match.options.get("spectator_delay", 0), seconds, spectator_horizon(match) if seconds else None)
    with _lock:
        cached = _latest.get(match.pk)
        if cached is not None and cached[0] == key:
            _latest.move_to_end(match.pk)
            return cached[1]
    frame = player_view(match=match, viewer=PUBLIC)
    entry = (frame["v"], encode(frame))
    if seconds:
        key = key[:3] + (frame["v"],)  # the clock may have moved on while the snapshot was built
    with _lock:
        cached = _latest.get(match.pk)
        # A socket that read the row before a newer version was cached must not put the older one back.
        if cached is None or cached[0][0] <= key[0]:
            _latest[match.pk] = (key, entry)
            _latest.move_to_end(match.pk)
            if len(_latest) > MAX_MATCHES:
                _latest.popitem(last=False)
    return entry
