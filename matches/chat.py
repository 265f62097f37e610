"""Match chat: the players' room (players and the referee) and the spectators' room (spectators and the
referee) are kept apart, so nobody watching can tell a player what the other side is doing.

Messages are their own model, not match events: they change nothing in the match, so they carry the
current version without bumping it and travel unversioned on the match's streams (posted through the
pipeline all the same: `pipeline.Step.send`), addressed to the audiences that read their room (`readers`), so
the hub writes them to no other socket.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.models import User, AnonymousUser
from django.utils.html import escape

from . import hub
from .errors import MatchError
from .models import ChatMessage, Match, Participant
from .pipeline import Command, Right, Step, is_logged_in, run_command
from .selectors import PUBLIC, Viewer, match_as_seen, spectators_delayed

MAX_CHAT_CHARS = 500
HISTORY_LENGTH = 50


def rooms_of(viewer: Viewer) -> list[str]:
    """The rooms a viewer reads; players and spectators post to their own, the referee to the players'."""
    if viewer.role == Participant.Role.REFEREE:
        return [ChatMessage.Room.PLAYERS, ChatMessage.Room.SPECTATORS]
    if viewer.role == Participant.Role.PLAYER:
        return [ChatMessage.Room.PLAYERS]
    return [ChatMessage.Room.SPECTATORS]


def readers(room: str) -> list[str]:
    """The audiences (roles) that read `room`: `rooms_of` the other way round."""
    return [role for role in Participant.Role.values if room in rooms_of(Viewer(role=role))]


def chat_frame(message: ChatMessage, version: int) -> dict[str, Any]:
    # Escaped here, once, so no client can be handed markup by another user.
    return {
        "type": "chat", "v": version, "id": message.pk, "room": message.room,
        "player": escape(message.user.get_username()), "text": escape(message.text),
        "at": message.created_at.isoformat(),
    }


def chat_post(*, match_id: int, user: User | AnonymousUser, text: Any, now: datetime) -> dict[str, Any]:
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHAT_CHARS:
        raise MatchError("chat.malformed", limit=MAX_CHAT_CHARS)
    return run_command(match_id=match_id, user=user, command=ChatPost(text.strip(), now))


@dataclass(frozen=True)
class ChatPost(Command[dict[str, Any]]):
    """Posts to the viewer's room; at most `ARBITRO_CHAT_RATE` messages per user in its window. The match
    row lock serialises a user's posts, so the rate limit cannot be raced past."""

    text: str
    now: datetime
    right: ClassVar[Right] = Right(is_logged_in, "chat.anonymous")

    def apply(self, step: Step) -> dict[str, Any]:
        match, user = step.match, step.user
        count, seconds = settings.ARBITRO_CHAT_RATE
        recent = ChatMessage.objects.filter(
            match=match, user_id=user.pk, created_at__gt=self.now - timedelta(seconds=seconds)
        )
        if recent.count() >= count:
            raise MatchError("chat.rate_limited", count=count, seconds=seconds)
        message = ChatMessage.objects.create(
            match=match, user=user, room=rooms_of(step.viewer)[0], text=self.text, created_at=self.now
        )
        to = readers(message.room)
        step.send(hub.PUBLIC_STREAM, hub.addressed([(to, chat_frame(message, match.version))]))
        # Delayed spectators chat live too: their room is not delayed, only the match is, so their frames
        # carry the version they are shown, never the live one.
        if spectators_delayed(match):
            step.send(hub.DELAYED_STREAM, hub.addressed([(to, chat_frame(message, match_as_seen(match, PUBLIC).version))]))
        return chat_frame(message, match_as_seen(match, step.viewer).version)


def chat_history(*, match: Match, viewer: Viewer, after: datetime | None = None) -> list[dict[str, Any]]:
    """The last messages of the rooms the viewer reads (those posted after `after`), oldest first."""
    messages = ChatMessage.objects.filter(match=match, room__in=rooms_of(viewer)).select_related("user")
    if after is not None:
        messages = messages.filter(created_at__gt=after)
    latest = list(messages.order_by("-id")[:HISTORY_LENGTH])
    version = match_as_seen(match, viewer).version
    return [chat_frame(message, version) for message in reversed(latest)]
