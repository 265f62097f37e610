"""Secrecy as a property (issue 18, "Properties at scale"): lobby duels played through many phases by random
orders, withdrawals, chat and referee actions, watched by both players, a spectator, an anonymous visitor and
the seated referee, live and with spectators delayed by phases and by seconds. Whatever reaches a viewer
(every snapshot after every command, every frame of its stream, its catch-up frames) passes the one viewer
filter's checks (test_match_viewer_filter.py: no rules state, no order or ammunition but the viewer's own, all
of them for the referee), and a delayed spectator never gets a frame or a snapshot newer than their horizon.

`make test` plays a few duels per delay; `ARBITRO_PROPERTY_EXAMPLES=100 pytest --timeout=0 THIS_FILE` plays that
many per delay (many minutes: past pytest-timeout's 300 s per test)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import chat, hub, lobby, referee, services
from matches.delayed_release import released_since
from matches.errors import MatchError
from matches.frames import audience
from matches.models import Match
from matches.selectors import player_view, spectator_horizon
from matches.snapshots import encoded_frames_since
from tests.matches.conftest import frame_for
from tests.matches.test_match_viewer_filter import Watch, check_event_frame

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("ARBITRO_PROPERTY_EXAMPLES", "3"))
DELAYS = {"live": {}, "phases": {"spectator_delay": 1}, "seconds": {"spectator_delay_seconds": 600}}
UNITS = {"alice": ("A", "B"), "bob": ("B", "A")}  # each player's unit and its enemy
ACTIONS = st.tuples(
    st.sampled_from(["phase"] * 6 + ["order"] * 3 + ["withdraw", "chat", "pause", "resume", "resume", "annul", "override"]),
    st.sampled_from(["alice", "bob", "carol", "dana"]), st.integers(min_value=0, max_value=2**16),
)


def order_for(phase: str, unit: str, enemy: str, pick: int) -> dict[str, Any]:
    """A random order of the phase for `unit`, often a refused one."""
    if phase == "movement":
        steps = [["F", "L", "R", "B"][pick >> (2 * i) & 3] for i in range(pick % 5)]
        return {"unit": unit, "mode": ["walk", "run"][pick >> 12 & 1], "steps": steps}
    if phase == "weapons":
        return {"unit": unit, "target": enemy, "weapons": [i for i in range(6) if pick >> i & 1]}
    attack, limb = [("kick", "RL"), ("punch", "RA"), ("punch", "LA"), ("charge", None)][pick % 4]
    return {"unit": unit, "target": enemy, "attack": attack, **({"limb": limb} if limb else {})}


def act(watch: Watch, kind: str, who: str, pick: int) -> None:
    """One random command as `who` (a player's order falls back to the phase's plainest one when refused);
    `phase`: both players order, which resolves the phase unless the match is paused."""
    if kind == "phase":
        for player in UNITS:
            act(watch, "order", player, pick)
        return
    user, phase = watch.users[who], watch.match.phase
    commands = {
        "withdraw": lambda: watch.do(services.order_withdraw, user=user, unit=UNITS.get(who, ("A",))[0]),
        "chat": lambda: watch.do(chat.chat_post, user=user, text=f"line {pick}", now=timezone.now()),
        "pause": lambda: watch.do(referee.referee_pause, user=user, reason="a ruling"),
        "resume": lambda: watch.do(referee.referee_resume, user=user, reason="play on"),
        "annul": lambda: watch.do(referee.referee_annul, user=user, reason="a misclick"),
        "override": lambda: watch.do(referee.referee_override, user=user, unit="AB"[pick & 1],
                                     changes={"facing": pick % 6}, reason="the counter"),
    }
    if kind != "order":
        attempts = [commands[kind]]
    elif who in UNITS:
        unit, enemy = UNITS[who]
        attempts = [lambda order=order: watch.do(services.order_submit, user=user, order_json=order, phase=phase)
                    for order in (order_for(phase, unit, enemy, pick), {"unit": unit, "mode": "walk", "steps": []},
                                  {"unit": unit})]
    else:
        attempts = [lambda: watch.do(services.order_submit, user=user, order_json={"unit": "A"})]
    for attempt in attempts:
        try:
            attempt()
            return
        except MatchError:
            continue


def check_delayed(watch: Watch, delay: str, since: int) -> None:
    """A delayed spectator's snapshot, and every frame the delayed streams were handed since the `since`-th,
    are as of the horizon (an annulment can move it back, below frames released before)."""
    match = watch.match
    horizon = spectator_horizon(match)
    if delay == "live" or horizon is None:
        return
    assert player_view(match=match, viewer=watch.viewers()["carol"])["v"] == horizon
    for stream, item in watch.published[since:]:
        frame = frame_for(item, "spectator")
        if stream == hub.DELAYED_STREAM and frame is not None and frame["type"] not in ("chat", hub.LOGGED, hub.REJUDGE):
            assert frame["v"] <= horizon, (frame["type"], frame["v"], horizon)
    _, released, _ = released_since(match.pk, horizon)
    assert released == []


@pytest.mark.parametrize("delay", DELAYS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(actions=st.lists(ACTIONS, min_size=10, max_size=40))
def test_nobody_sees_a_secret_and_delayed_spectators_never_see_the_present(
    delay: str, actions: list[tuple[str, str, int]], alice: User, bob: User, carol: User,
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any, settings: Any,
) -> None:
    settings.ARBITRO_MAX_CATCH_UP_EVENTS = 1000
    settings.ARBITRO_CHAT_RATE = (1000, 60)
    dana = User.objects.get_or_create(username="dana")[0]
    users = {"alice": alice, "bob": bob, "carol": carol, "anonymous": AnonymousUser(), "dana": dana}
    watch = Watch(users, {"turn_limit": 3, **DELAYS[delay]}, monkeypatch, django_capture_on_commit_callbacks)
    watch.do(lobby.match_join, user=bob, role="player")
    watch.do(lobby.match_referee_seat, user=alice, username="dana")
    for user in (alice, bob):
        watch.do(lobby.match_accept, user=user, accepted=True, options=watch.match.options)
    for kind, who, pick in actions:
        since = len(watch.published)
        act(watch, kind, who, pick)
        check_delayed(watch, delay, since)
    match: Match = watch.match
    for name, viewer in watch.viewers().items():
        mine = hub.PUBLIC_STREAM if viewer.role != "spectator" or delay == "live" else hub.DELAYED_STREAM
        for stream, item in watch.published:
            sent = frame_for(item, audience(viewer))
            if stream == mine and sent is not None and sent["type"] not in ("chat", hub.LOGGED, hub.REJUDGE):
                check_event_frame(match, sent, viewer, f"{name}'s frame on {mine}")
        for version, text in encoded_frames_since(match=match, viewer=viewer, version=1):
            check_event_frame(match, json.loads(text), viewer, f"{name}'s catch-up frame v{version}")
