"""Play against the computer from the lobby (issue 22): the host picks the bot's level and their own side, over
REST and on the new-match page; the bot user takes the other side and accepts through the one pipeline, the
host's acceptance is their choice of the options, and the match starts; the bot then gives its orders as any
player does, so a person's order over the socket resolves the phase."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from matches import bots
from matches.models import Event, Match, Participant
from tests.matches.lobby_duels import DUEL
from tests.matches.sockets import client_as, connect, frames_until, receive

OPEN = {"designs": DUEL, "title": "Against the computer", "bot": "easy", "side": "blue"}


def _open(user: User, **changes: Any) -> Any:
    return client_as(user).post("/api/matches/", {**OPEN, **changes}, content_type="application/json")


@pytest.mark.django_db(transaction=True)
def test_the_host_opens_a_match_against_the_computer_over_rest_and_it_starts(alice: User) -> None:
    try:
        created = _open(alice)
        assert created.status_code == 201
        view = created.json()
        assert (view["match"]["status"], view["you"]) == ("in_progress", {"role": "player", "side": "blue"})
        match = Match.objects.get(pk=view["match"]["id"])
        seats = {seat.side: seat.user.get_username() for seat in Participant.objects.filter(match=match)}
        assert seats == {"red": "computer-easy", "blue": "alice"}
        kinds = [(event.kind, event.payload.get("player")) for event in match.events.order_by("version")]
        assert kinds[1:5] == [(Event.Kind.JOINED, "computer-easy"), (Event.Kind.ACCEPTED, "computer-easy"),
                             (Event.Kind.ACCEPTED, "alice"), (Event.Kind.STARTED, None)]
        bots.settle()
        # The bot gave the first phase's order as a player does: checked, stored and logged.
        submitted = match.events.get(kind=Event.Kind.SUBMITTED)
        assert (submitted.payload["player"], submitted.payload["side"], submitted.payload["phase"]) == (
            "computer-easy", "red", "movement")
    finally:
        bots.settle()


@pytest.mark.django_db
@pytest.mark.parametrize(("changes", "code"), [
    ({"bot": "grandmaster"}, "bot.unknown_level"),
    ({"bot": ["easy"]}, "bot.unknown_level"),
    ({"side": "green"}, "join.side"),
])
def test_a_bad_level_ruleset_or_side_is_a_coded_refusal_and_opens_nothing(
        alice: User, changes: dict[str, Any], code: str) -> None:
    answer = _open(alice, **changes)
    assert (answer.status_code, answer.json()["code"]) == (400, code)
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_the_rulesets_name_their_bot_levels(alice: User) -> None:
    rulesets = {ruleset["name"]: ruleset for ruleset in client_as(alice).get("/api/rulesets/").json()}
    assert rulesets["solaris"]["bots"] == ["easy", "normal", "hard"]


@pytest.mark.django_db(transaction=True)
def test_the_new_match_page_offers_the_computer_and_opens_its_board(alice: User) -> None:
    page = client_as(alice)
    form = page.get("/matches/new/").content.decode()
    assert 'name="bot"' in form and 'value="hard"' in form and 'name="side"' in form
    try:
        answer = page.post("/matches/new/", {"ruleset": "solaris", "red": DUEL["red"], "blue": DUEL["blue"],
                                             "bot": "hard", "side": "red"})
        match = Match.objects.get()
        assert answer.status_code == 302 and answer["Location"] == f"/matches/{match.pk}/"
        assert match.status == Match.Status.IN_PROGRESS
        assert Participant.objects.get(match=match, side="blue").user.get_username() == "computer-hard"
    finally:
        bots.settle()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_person_moves_over_the_socket_and_the_phase_resolves_with_the_bots_order(alice: User) -> None:
    created = await database_sync_to_async(_open)(alice)
    match = await database_sync_to_async(Match.objects.get)(pk=created.json()["match"]["id"])
    try:
        socket = await connect(match, alice)
        assert (await receive(socket))["type"] == "snapshot"
        await socket.send_to(text_data=json.dumps({"type": "submit", "turn": 1, "phase": "movement",
                                                   "order": {"unit": "B", "mode": "walk", "steps": ["F"]}}))
        frames = await frames_until(socket, "playback")
        assert {"submitted", "playback"} <= {frame["type"] for frame in frames}
        await database_sync_to_async(match.refresh_from_db)()
        assert (match.turn, match.phase) == (1, "weapons")
        await socket.disconnect()
    finally:
        await database_sync_to_async(bots.settle)()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("ruleset", ["mekatac", "skirmish"])
def test_every_ruleset_opens_against_its_computer_and_the_bot_plays(alice: User, ruleset: str) -> None:
    try:
        created = client_as(alice).post("/api/matches/", {"ruleset": ruleset, "bot": "normal"},
                                        content_type="application/json")
        assert created.status_code == 201 and created.json()["match"]["status"] == "in_progress"
        match = Match.objects.get(pk=created.json()["match"]["id"])
        bots.settle()
        assert Participant.objects.get(match=match, user__username="computer-normal").side != created.json()["you"]["side"]
        submitted = {e.payload["player"] for e in match.events.filter(kind=Event.Kind.SUBMITTED)}
        # MEKATAC's cards are resolved at the start and every meka then owes its move: the bot has given its
        # own; the skirmish example opens on the host's side's order (the bot waits for its turn).
        assert submitted == ({"computer-normal"} if ruleset == "mekatac" else set())
    finally:
        bots.settle()
