"""Lobby duels for the tests: two shipped designs, alice hosting and bob joining, both accepting; orders that
resolve one of its phases, and where its units stand in a view."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from matches import lobby, services
from matches.models import Match
from tests.matches.sockets import client_as

DUEL = {"red": "Hunchback HBK-4G", "blue": "Jenner JR7-D"}
MOVES = {"A": {"unit": "A", "mode": "walk", "steps": ["F", "F"]}, "B": {"unit": "B", "mode": "walk", "steps": ["F"]}}
HOLD_FIRE = {"A": {"unit": "A"}, "B": {"unit": "B"}}


def start_lobby_duel(alice: User, bob: User, options: dict[str, Any] | None = None) -> Match:
    """A lobby duel that both players accepted, so it is under way (in its first movement phase)."""
    match = lobby.match_open(host=alice, designs=DUEL, **({"options": options} if options else {}))
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    for user in (alice, bob):
        match.refresh_from_db()
        lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)
    match.refresh_from_db()
    return match


def resolve(match: Match, alice: User, bob: User, orders: dict[str, Any]) -> None:
    """Both players submit (`MOVES` or `HOLD_FIRE`): the phase resolves."""
    services.order_submit(match_id=match.pk, user=alice, order_json=orders["A"])
    services.order_submit(match_id=match.pk, user=bob, order_json=orders["B"])
    match.refresh_from_db()


def unit_hexes(view: dict[str, Any]) -> dict[str, str]:
    """Each unit's hex in a player view."""
    return {unit["id"]: unit["hex"] for unit in view["units"]}


def open_over_rest(host: User, guest: User, body: dict[str, Any], side: str | None = None) -> Match:
    """A match opened over REST by `host`, joined by `guest` (on `side`), with both players accepting."""
    created = client_as(host).post("/api/matches/", body, content_type="application/json")
    assert created.status_code == 201, created.json()
    match_id = created.json()["match"]["id"]
    joined = client_as(guest).post(f"/api/matches/{match_id}/join/", {"role": "player", "side": side},
                                   content_type="application/json")
    assert joined.status_code == 200, joined.json()
    options = joined.json()["match"]["options"]
    for user in (host, guest):
        accepted = client_as(user).post(f"/api/matches/{match_id}/accept/", {"accepted": True, "options": options},
                                        content_type="application/json")
        assert accepted.status_code == 200, accepted.json()
    return Match.objects.get(pk=match_id)
