"""Reaction windows on the server, end to end on the Sentry test game (tests/rulesets/sentry.py): issue "Three
rulesets on one core", "a pending-reaction state in the match, its own socket messages and deadline, the same
pipeline". The runner's side (alice) runs; the sentry's side (bob) is asked the moment the runner comes next
to the sentry, answers over the socket, REST or by letting the deadline pass, and the phase then resolves."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import reactions, services
from matches.errors import MatchError
from matches.models import Event, Match, ReactionAnswer
from matches.pipeline import match_create
from matches.replay import match_verify
from matches.frames import PUBLIC, Viewer, event_frame
from matches.selectors import player_view
from rules.core.board import Board
from rules.rulesets import RULESETS
from tests.matches.conftest import fingerprint
from tests.matches.sockets import client_as, connect, frames_until, receive, send
from tests.rulesets.sentry import SentryRuleset, SentryState, Trooper, hex_

RUN = {"unit": "R", "hexes": 6}
SENTRY = SentryRuleset()


@pytest.fixture(autouse=True)
def _sentry_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test game is a ruleset only while these tests run."""
    monkeypatch.setitem(RULESETS, "sentry", SENTRY)


@pytest.fixture
def duel(alice: User, bob: User) -> Match:
    """R (alice's runner) in 0510 facing north; S (bob's sentry) in 0606: R comes next to S at its third step."""
    state = SentryState(Board(12, 12), (Trooper("R", hex_("0510"), 0, side="alice"),
                                        Trooper("S", hex_("0606"), 0, side="bob", sentry=True)))
    return match_create(state=state, players={"alice": alice, "bob": bob}, ruleset="sentry", title="Sentry duel")


def last(match: Match, kind: str) -> Event:
    return match.events.filter(kind=kind).order_by("-version").first()


def window_key(match: Match) -> str:
    return last(match, Event.Kind.REACTION_WINDOW).payload["window"]["key"]


def test_the_last_order_stops_the_phase_at_the_window_and_logs_it(duel: Match, alice: User, bob: User) -> None:
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)

    duel.refresh_from_db()
    window = last(duel, Event.Kind.REACTION_WINDOW).payload
    assert window["window"] == {"key": "3:R:S", "tick": 3, "trigger": "R", "units": ["S"], "reason": "R ran next to S",
                                "reason_code": {"code": None, "params": {}}}  # the test game's reason has no code
    assert len(window["timeline"]["ticks"]) == 3  # the play so far, everyone watches it
    # The phase stays open and its state unchanged until the window is answered.
    assert (duel.turn, duel.phase) == (1, "run") and SENTRY.state_from_json(duel.state).unit("R").hex.label == "0510"
    assert not duel.events.filter(kind=Event.Kind.PLAYBACK).exists()


def test_the_asked_player_sees_the_window_and_its_choices_others_only_the_window(duel: Match, alice: User,
                                                                                 bob: User) -> None:
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    duel.refresh_from_db()

    asked = player_view(match=duel, viewer=Viewer("player", "bob", bob.pk))["reaction"]
    runner = player_view(match=duel, viewer=Viewer("player", "alice", alice.pk))["reaction"]
    assert asked["choices"] == {"S": [{"label": "shoot", "target": "R", "order": {"shoot": "R"}}]}
    assert asked["answered"] == [] and asked["window"]["key"] == "3:R:S" and asked["deadline"]
    assert runner["choices"] == {} and runner["window"] == asked["window"]
    assert player_view(match=duel, viewer=PUBLIC)["reaction"]["choices"] == {}


def test_a_pass_resolves_the_phase_from_its_start_and_the_runner_runs_on(duel: Match, alice: User, bob: User) -> None:
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    reply = reactions.react(match_id=duel.pk, user=bob, window="3:R:S", unit="S", order=None)

    duel.refresh_from_db()
    assert reply["type"] == "reaction_accepted" and reply["window"] == "3:R:S"
    playback = last(duel, Event.Kind.PLAYBACK).payload
    assert [event["kind"] for event in playback["timeline"]["ticks"][2]] == ["step", "pass"]
    assert SENTRY.state_from_json(duel.state).unit("R").hex.label == "0504"
    assert (duel.turn, duel.phase) == (2, "run")
    assert player_view(match=duel, viewer=PUBLIC)["reaction"] is None


def test_a_shot_is_rolled_at_its_tick_and_the_match_can_be_verified(duel: Match, alice: User, bob: User) -> None:
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    reactions.react(match_id=duel.pk, user=bob, window="3:R:S", unit="S", order={"shoot": "R"})

    duel.refresh_from_db()
    shot = last(duel, Event.Kind.PLAYBACK).payload["timeline"]["ticks"][2][-1]
    assert shot["kind"] == "shot" and shot["rolls"][0]["sides"] == 10
    replayed = match_verify(duel)
    assert [problem for problem in replayed.problems if "no start" not in problem] == []


def test_the_answer_stays_secret_until_the_phase_resolves(duel: Match, alice: User, bob: User) -> None:
    second = Trooper("T", hex_("0406"), 0, side="bob", sentry=True)
    state = SENTRY.state_from_json(duel.state)
    duel.state = SENTRY.state_to_json(SentryState(state.board, (*state.units, second)))
    duel.save()
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    reactions.react(match_id=duel.pk, user=bob, window="3:R:S", unit="S", order=None)
    assert window_key(duel) == "3:R:T"  # the second sentry is asked next, at the same tick
    reactions.react(match_id=duel.pk, user=bob, window="3:R:T", unit="T", order={"shoot": "R"})

    answer = last(duel, Event.Kind.REACTED)
    assert "order" not in event_frame(match=duel, event=answer, viewer=PUBLIC)
    assert "order" not in event_frame(match=duel, event=answer, viewer=Viewer("player", "alice", alice.pk))
    assert event_frame(match=duel, event=answer, viewer=Viewer("player", "bob", bob.pk))["order"] == {"shoot": "R"}


@pytest.mark.parametrize("who, window, unit, order, code", [
    ("alice", "3:R:S", "S", None, "reaction.not_yours"),
    ("bob", "3:R:S", "R", None, "reaction.not_yours"),
    ("bob", "3:R:S", "nobody", None, "reaction.not_yours"),
    ("bob", "1:R:S", "S", None, "reaction.not_asked"),
    ("bob", "3:R:S", "S", {"shoot": "S"}, "reaction.malformed"),
    ("carol", "3:R:S", "S", None, "order.spectator"),
])
def test_a_reaction_the_window_does_not_take_is_refused_with_a_code_and_changes_nothing(
        duel: Match, alice: User, bob: User, carol: User, who: str, window: str, unit: str, order: Any,
        code: str) -> None:
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    before = fingerprint(duel)
    user = {"alice": alice, "bob": bob, "carol": carol}[who]

    with pytest.raises(MatchError) as refused:
        reactions.react(match_id=duel.pk, user=user, window=window, unit=unit, order=order)

    assert refused.value.code == code
    assert fingerprint(duel) == before and not ReactionAnswer.objects.exists()


def test_an_answer_given_twice_or_without_a_window_is_refused(duel: Match, alice: User, bob: User) -> None:
    with pytest.raises(MatchError) as early:
        reactions.react(match_id=duel.pk, user=bob, window="3:R:S", unit="S", order=None)
    assert early.value.code == "reaction.not_asked"
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    reactions.react(match_id=duel.pk, user=bob, window="3:R:S", unit="S", order=None)
    with pytest.raises(MatchError) as twice:
        reactions.react(match_id=duel.pk, user=bob, window="3:R:S", unit="S", order=None)
    assert twice.value.code == "reaction.not_asked"  # the window closed with the answer


def test_a_window_past_its_deadline_passes_for_the_silent_units(duel: Match, alice: User, bob: User,
                                                                settings: Any) -> None:
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    deadline = datetime.fromisoformat(last(duel, Event.Kind.REACTION_WINDOW).payload["deadline"])

    assert reactions.reactions_expire(now=deadline - timedelta(seconds=1)) == []
    assert reactions.reactions_expire(now=deadline) == [duel.pk]

    duel.refresh_from_db()
    answer = last(duel, Event.Kind.REACTED).payload
    assert answer["order"] is None and answer["expired"] and answer["unit"] == "S"
    assert (duel.turn, duel.phase) == (2, "run")
    assert reactions.reactions_expire(now=deadline + timedelta(hours=1)) == []


async def frames_with(socket: Any, *kinds: str) -> dict[str, dict[str, Any]]:
    """The socket's frames until one of each of `kinds` has come (a reply and broadcasts interleave), by type."""
    seen: dict[str, dict[str, Any]] = {}
    while not set(kinds) <= set(seen):
        frame = await receive(socket)
        seen.setdefault(frame["type"], frame)
    return seen


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_window_and_the_answer_travel_over_the_sockets(duel: Match, alice: User, bob: User,
                                                                  close_worker_connections: None) -> None:
    runner, sentry, spectator = await connect(duel, alice), await connect(duel, bob), await connect(duel)
    try:
        for socket in (runner, sentry, spectator):
            await frames_until(socket, "snapshot")
        await runner.send_to(text_data=json.dumps({"type": "submit", "order": RUN}))
        windows = [(await frames_with(runner, "order_accepted", "reaction_window"))["reaction_window"],
                   *[(await frames_with(socket, "reaction_window"))["reaction_window"] for socket in (sentry, spectator)]]
        for window in windows:
            assert window["window"]["key"] == "3:R:S" and len(window["timeline"]["ticks"]) == 3

        await sentry.send_to(text_data=json.dumps({"type": "react", "window": "3:R:S", "unit": "S", "order": None}))
        assert (await frames_with(sentry, "reaction_accepted", "playback"))["reaction_accepted"]["unit"] == "S"
        for socket in (runner, spectator):
            reacted = (await frames_with(socket, "reacted", "playback"))["reacted"]
            assert reacted["unit"] == "S" and "order" not in reacted
        refused = await send(spectator, {"type": "react", "window": "3:R:S", "unit": "S", "order": None})
        assert refused["type"] == "error" and refused["code"] == "order.spectator"
    finally:
        for socket in (runner, sentry, spectator):
            await socket.disconnect()


def test_the_rest_endpoint_takes_an_answer_and_answers_the_viewers_snapshot(duel: Match, alice: User,
                                                                            bob: User) -> None:
    services.order_submit(match_id=duel.pk, user=alice, order_json=RUN)
    response = client_as(bob).post(f"/api/matches/{duel.pk}/react/", {"window": "3:R:S", "unit": "S", "order": None},
                                   content_type="application/json")
    assert response.status_code == 200 and response.json()["reaction"] is None
    wrong = client_as(bob).post(f"/api/matches/{duel.pk}/react/", {"window": 3, "unit": "S"},
                                content_type="application/json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "message.malformed"
