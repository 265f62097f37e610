"""What a match socket reads from the database (consumers.py): where its viewer listens, the frames it needs
when it connects, resyncs or catches up, and the chat it may read once judged again; each on the read threads.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from . import chat, selectors, snapshots
from .frames import Viewer, audience
from .hub import encode, per_event_loop
from .models import Participant

# A socket's connect and its judging again read here (the login, its stream, its snapshot or catch-up), not on
# the process's one database thread: in a reconnection storm every socket's connect queued there behind every
# other's, and a socket's messages wait for its connect (bench/README.md, soak). Read-only ORM calls, each
# thread with its own connection; nothing here relies on a request thread's state.
READ_THREADS = ThreadPoolExecutor(max_workers=settings.ARBITRO_READ_THREADS, thread_name_prefix="reads")


def on_read_threads(function: Any) -> Any:
    """`function` (a read) as a coroutine run on READ_THREADS."""
    return database_sync_to_async(function, thread_sensitive=False, executor=READ_THREADS)


# Where a viewer's socket listens: its stream (live, or delayed for spectators), its audience (whose variant of
# a frame it is sent: frames.py), and whether it is counted in the crowd (a spectator).
Judged = tuple[str, str, bool]


def judged(match: Any, viewer: Any) -> Judged:
    spectator = viewer.role == Participant.Role.SPECTATOR
    return selectors.viewer_stream(match, viewer), audience(viewer), spectator


@on_read_threads
def streams(match_id: int, user: Any) -> Judged:
    return judged(*selectors.match_and_viewer(match_id=match_id, user=user))


@on_read_threads
def frames_since(
    match_id: int, user: Any, version: int | None, chat_after: datetime | None = None
) -> tuple[Judged, list[tuple[int, str]], list[str]]:
    """The frames a socket that has seen `version` needs, where the viewer they were judged for listens, and
    with `chat_after` the chat lines of its rooms posted since then."""
    match, viewer = selectors.match_and_viewer(match_id=match_id, user=user)
    frames = snapshots.encoded_frames_since(match=match, viewer=viewer, version=version)
    lines = [] if chat_after is None else [encode(line) for line in chat.chat_history(match=match, viewer=viewer, after=chat_after)]
    return judged(match, viewer), frames, lines


# The catch-up reads of anonymous sockets under way in this process (event loop), by match, stream, version and
# chat time. After a Redis restart every socket of a stream is told to catch up at once, and the anonymous
# spectators of a match that have seen one version would all read the same.
_shared_reads: Callable[[], dict[tuple[Any, ...], asyncio.Future[Any]]] = per_event_loop(dict)


async def caught_up_frames(
    match_id: int, user: Any, version: int | None, chat_after: datetime, stream: str
) -> tuple[Judged, list[tuple[int, str]], list[str]]:
    """`frames_since` for a socket of `stream` catching up in place: an anonymous viewer is any spectator, so
    the anonymous sockets of the stream that have seen `version`, told to catch up together, share one read
    (it began after they were told: the stream was back in its group). A logged-in viewer reads its own: a
    seat or a role may have made it someone else."""
    if user.is_authenticated:
        return await frames_since(match_id, user, version, chat_after)
    reads = _shared_reads()
    key = (match_id, stream, version, chat_after)
    read = reads.get(key)
    if read is None:
        read = reads[key] = asyncio.ensure_future(frames_since(match_id, user, version, chat_after))
        read.add_done_callback(lambda done: reads.pop(key) if reads.get(key) is done else None)
    result: tuple[Judged, list[tuple[int, str]], list[str]] = await asyncio.shield(read)
    return result


@on_read_threads
def chat_now_readable(match_id: int, user: Any, rooms_before: list[str]) -> list[str]:
    """The encoded history of the chat rooms the viewer reads now and did not before (judged again: seated as a
    player or the referee), which its client never loaded."""
    match, viewer = selectors.match_and_viewer(match_id=match_id, user=user)
    new_rooms = [room for room in chat.rooms_of(viewer) if room not in rooms_before]
    if not new_rooms:
        return []
    return [encode(frame) for frame in chat.chat_history(match=match, viewer=viewer) if frame["room"] in new_rooms]


def rooms_heard(audience_heard: str) -> list[str]:
    """The chat rooms a socket of this audience (frames.audience) reads."""
    role = audience_heard.split(":")[0]
    return chat.rooms_of(Viewer(role=role))
