"""Lobby duels for the tests: two shipped designs, alice hosting and bob joining, both accepting."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from matches import lobby
from matches.models import Match

DUEL = {"red": "Hunchback HBK-4G", "blue": "Jenner JR7-D"}


def start_lobby_duel(alice: User, bob: User, options: dict[str, Any] | None = None) -> Match:
    """A lobby duel that both players accepted, so it is under way (in its first movement phase)."""
    match = lobby.match_open(host=alice, designs=DUEL, **({"options": options} if options else {}))
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    for user in (alice, bob):
        match.refresh_from_db()
        lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)
    match.refresh_from_db()
    return match
