"""Bad input (issue 7): "Nothing that a client sends can raise a traceback." Random JSON, shaped like the real
messages, goes to every service a websocket message reaches and to every REST endpoint that takes a body; each
answer is a result or a coded error, and an error leaves the match as it was."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from matches import chat, lobby, los_sides, queries, referee, services
from matches.errors import MatchError
from matches.models import ChatMessage, Event, Match, Order, Participant
from tests.matches.duels import duel_match
from tests.matches.lobby_duels import DUEL

pytestmark = pytest.mark.django_db

# The words the real messages use, so random values often get past the first checks.
WORDS = [
    "A", "B", "C", "walk", "run", "jump", "masc", "F", "B", "L", "R", "J", "0808", "0807", "9999", "0000", "left",
    "right", "punch", "kick", "charge", "dfa", "push", "RL", "LL", "RA", "LA", "Large Laser", "Medium Laser [LA]",
    "movement", "weapons", "physical", "pause", "resume", "annul", "override", "player", "spectator", "referee",
    "alice", "bob", "ref", "red", "blue", "solaris", "demo", "pm_by_pm", "dead_zone", "<b>hi</b>",
]
KEYS = [
    "unit", "mode", "steps", "to", "facing", "target", "weapons", "twist", "attack", "limb", "hex", "prone", "stuck",
    "type", "order", "turn", "phase", "options", "movement", "los", "turn_limit", "deadline_minutes",
    "spectator_delay", "spectator_delay_seconds", "red", "blue", "gunnery", "piloting",
]
SCALARS = (
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=False)
    | st.text(st.characters(exclude_characters="\x00"), max_size=12) | st.sampled_from(WORDS)
)


def json_values(scalars: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=5),
        max_leaves=12,
    )


# A socket message as the services get it: the socket's decoder has already refused any NUL character.
JSON = json_values(SCALARS)
# A REST body may carry anything JSON can, NUL characters too.
CLIENT_JSON = json_values(SCALARS | st.just("a\x00b"))
# What the socket lets through for `turn`, `v` and `phase` (anything else is `message.malformed` before a service).
TURNS = st.none() | st.integers(min_value=-(2**70), max_value=2**70)
PHASES = st.none() | st.sampled_from(["movement", "weapons", "physical", "heat", "end", "over", ""])
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def fingerprint(match_id: int) -> tuple[Any, ...]:
    match = Match.objects.get(pk=match_id)
    return (
        match.version, match.status, match.turn, match.phase, match.state, match.options,
        Order.objects.count(), Event.objects.count(), ChatMessage.objects.count(),
        sorted(Participant.objects.filter(match_id=match_id).values_list("user_id", "role", "side", "accepted")),
    )


def answers_or_refuses_cleanly(match_id: int, call: Callable[[], Any]) -> None:
    """Runs `call` in a savepoint that is rolled back, so each example starts from the same match."""
    with transaction.atomic():
        before = fingerprint(match_id)
        try:
            call()
        except MatchError as error:
            assert error.code and "." in error.code and error.message
            assert fingerprint(match_id) == before, error.code
        transaction.set_rollback(True)


@pytest.mark.parametrize("phase", ["movement", "weapons", "physical"])
@FUZZ
@given(kind=st.sampled_from(["plot", "submit", "reach", "los", "los_side", "chat"]), who=st.sampled_from(["alice", "bob", "carol", "ref"]),
       a=JSON, b=JSON, turn=TURNS, seen=TURNS, phase_sent=PHASES)
def test_every_socket_message_is_answered_or_refused_with_a_code(
    alice: User, bob: User, carol: User, ref: User, phase: str, kind: str, who: str, a: Any, b: Any,
    turn: int | None, seen: int | None, phase_sent: str | None,
) -> None:
    match = duel_match(alice, bob, phase=phase)
    user = {"alice": alice, "bob": bob, "carol": carol, "ref": ref}[who]
    calls: dict[str, Callable[[], Any]] = {
        "plot": lambda: services.order_plot(match_id=match.pk, user=user, order_json=a, turn=turn, phase=phase_sent,
                                          seen=seen),
        "submit": lambda: services.order_submit(match_id=match.pk, user=user, order_json=a, turn=turn, phase=phase_sent,
                                              seen=seen),
        "reach": lambda: queries.unit_reach(match_id=match.pk, user=user, unit_id=a, mode=b, turn=turn),
        "los": lambda: queries.sight_line(match_id=match.pk, user=user, source=a, target=b),
        "los_side": lambda: los_sides.los_side_choose(match_id=match.pk, user=user, unit=a, side=b, reason=phase_sent),
        "chat": lambda: chat.chat_post(match_id=match.pk, user=user, text=a, now=timezone.now()),
    }
    answers_or_refuses_cleanly(match.pk, calls[kind])


@FUZZ
@given(action=st.sampled_from(["pause", "resume", "annul", "override"]), unit=JSON, changes=JSON, reason=JSON)
def test_every_referee_action_is_done_or_refused_with_a_code(
    alice: User, bob: User, ref: User, action: str, unit: Any, changes: Any, reason: Any
) -> None:
    match = duel_match(alice, bob, phase="movement")
    if action == "override":
        call = lambda: referee.referee_override(match_id=match.pk, user=ref, unit=unit, changes=changes, reason=reason)  # noqa: E731
    else:
        call = lambda: getattr(referee, f"referee_{action}")(match_id=match.pk, user=ref, reason=reason)  # noqa: E731
    answers_or_refuses_cleanly(match.pk, call)


# Every REST endpoint that takes a body, with the body's field names.
ENDPOINTS = {
    "": ["designs", "title", "ruleset", "board", "options", "pilots"],
    "join/": ["role"],
    "leave/": [],
    "options/": ["options"],
    "accept/": ["accepted", "options"],
    "referee-seat/": ["username"],
    "referee/": ["action", "unit", "changes", "reason"],
    "los-side/": ["unit", "side", "reason"],
    "chat/": ["text"],
    "react/": ["window", "unit", "order"],
}
# A CSRF secret for the session client's cookie and header (Django takes any 32 letters and digits).
CSRF = "fuzzcsrf" * 4


def bodies() -> st.SearchStrategy[tuple[str, str]]:
    """(endpoint, raw body): a JSON object with the endpoint's fields, any JSON, or text that is not JSON."""
    def shaped(endpoint: str) -> st.SearchStrategy[tuple[str, str]]:
        fields = st.fixed_dictionaries({}, optional={name: CLIENT_JSON for name in ENDPOINTS[endpoint]})
        raw = fields.map(json.dumps) | CLIENT_JSON.map(json.dumps) | st.text(max_size=30) | st.sampled_from(
            ['{"options": NaN}', '{"text": ' + "[" * 5000 + "]" * 5000 + "}"]
        )
        return raw.map(lambda body: (endpoint, body))
    return st.sampled_from(sorted(ENDPOINTS)).flatmap(shaped)


class Refused(MatchError):
    """A REST error body, raised again as the service's refusal it answers."""

    def __init__(self, body: dict[str, Any]) -> None:
        Exception.__init__(self, body["message"])
        self.code, self.message = body["code"], body["message"]
        self.text = self.message


@pytest.mark.parametrize("status", ["open", "in_progress"])
@FUZZ
@given(request=bodies(), who=st.sampled_from(["alice", "bob", "ref", None]), by_token=st.booleans())
def test_every_rest_body_gets_an_answer_or_a_coded_error_never_a_500(
    alice: User, bob: User, ref: User, status: str, request: tuple[str, str], who: str | None, by_token: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Session-authenticated (the CSRF check on, which reads the body first) or token-authenticated; nothing
    logged as an error (no traceback)."""
    caplog.set_level(logging.WARNING)
    match = lobby.match_open(host=alice, designs=DUEL) if status == "open" else duel_match(alice, bob, phase="weapons")
    client = Client(raise_request_exception=False, enforce_csrf_checks=True)
    headers = {}
    if who is not None and by_token:
        headers["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user={'alice': alice, 'bob': bob, 'ref': ref}[who])[0].key}"
    elif who is not None:
        client.force_login({"alice": alice, "bob": bob, "ref": ref}[who])
        client.cookies["csrftoken"] = CSRF
        headers["HTTP_X_CSRFTOKEN"] = CSRF
    endpoint, body = request
    url = "/api/matches/" if endpoint == "" else f"/api/matches/{match.pk}/{endpoint}"

    def post() -> None:
        response = client.post(url, body, content_type="application/json", **headers)
        assert response.status_code < 500, response.content
        assert response["Content-Type"] == "application/json", response.content
        if response.status_code >= 400:
            coded = response.json()
            assert set(coded) >= {"code", "message"} and "." in coded["code"], coded
            raise Refused(coded)  # checked for "nothing changed" like a service's

    answers_or_refuses_cleanly(match.pk, post)
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []
