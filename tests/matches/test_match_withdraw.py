"""Taking back a submitted order before its phase resolves (issue 16, "a take back my order"): the order goes,
the withdrawal is logged without it, the side owes an order again, and a replay of the log agrees; a phase that
has resolved, a unit without an order, another side's unit and a half-played phase are coded refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User

from matches import services
from matches.errors import MatchError
from matches.frames import Viewer, event_frame
from matches.models import Event, Match, Order
from matches.pipeline import match_create
from matches.replay import match_verify
from matches.selectors import player_view, viewer_for
from rules.core.board import Board
from rules.rulesets import RULESETS
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER, fingerprint
from tests.matches.sockets import connect, frames_until
from tests.rulesets.sentry import SentryRuleset, SentryState, Trooper, hex_

pytestmark = pytest.mark.django_db


def _sides(match: Match, user: User) -> dict[str, bool]:
    snapshot = player_view(match=match, viewer=viewer_for(match=match, user=user))
    return {side["side"]: side["submitted"] for side in snapshot["sides"]}


def test_a_withdrawn_order_is_gone_and_logged_without_the_order(
    match: Match, alice: User, bob: User, published: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    with django_capture_on_commit_callbacks(execute=True):
        reply = services.order_withdraw(match_id=match.pk, user=alice, unit="A", turn=1, phase="movement")

    assert reply == {"type": "order_withdrawn", "v": 2, "unit": "A"}
    assert not Order.objects.exists()
    # Everyone hears that the side owes an order again; only its own side and the referee which order it was.
    assert published == [{"type": "withdrawn", "v": 2, "side": "alice", "player": "alice", "turn": 1,
                          "phase": "movement", "side_submitted": False}]
    withdrawn = match.events.get(kind=Event.Kind.WITHDRAWN)
    for viewer, order in ((Viewer("player", "alice"), ALICE_ORDER), (Viewer("player", "bob"), None),
                          (Viewer("referee"), ALICE_ORDER)):
        assert event_frame(match=match, event=withdrawn, viewer=viewer).get("order") == order
    assert _sides(match, bob) == {"alice": False, "bob": False}
    assert player_view(match=match, viewer=viewer_for(match=match, user=alice))["my_orders"] == []


def test_a_new_order_after_a_withdrawal_resolves_the_phase_and_the_log_verifies(
    match: Match, alice: User, bob: User
) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "A", "mode": "walk", "steps": ["F"]})
    services.order_withdraw(match_id=match.pk, user=alice, unit="A")
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)

    match.refresh_from_db()
    assert (match.turn, match.phase) == (2, "movement")
    playback = match.events.get(kind=Event.Kind.PLAYBACK).payload
    assert playback["timeline"]["final"]["A"]["hex"] == "0814"  # the second order, not the withdrawn one
    assert match_verify(match).problems == []


def test_a_resolved_phase_cannot_be_taken_back(match: Match, alice: User, bob: User) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)
    before = fingerprint(match)

    # The next phase is turn 2's movement: the order of turn 1 is out of reach, and this phase has none yet.
    for turn, phase, code in ((1, "movement", "order.phase_closed"), (1, None, "order.phase_closed"),
                              (None, "weapons", "order.phase_closed"), (None, "movement", "order.not_submitted")):
        with pytest.raises(MatchError) as caught:
            services.order_withdraw(match_id=match.pk, user=alice, unit="A", turn=turn, phase=phase)
        assert (caught.value.code, caught.value.status) == (code, 409)
    assert fingerprint(match) == before


def test_only_a_submitted_order_of_ones_own_unit_is_taken_back(match: Match, alice: User, carol: User) -> None:
    before = fingerprint(match)
    refusals = [
        (alice, "A", "order.not_submitted"), (alice, "B", "order.not_your_unit"), (alice, "Z", "order.not_your_unit"),
        (alice, ["A"], "message.malformed"), (carol, "A", "order.spectator"), (AnonymousUser(), "A", "order.spectator"),
    ]
    for user, unit, code in refusals:
        with pytest.raises(MatchError) as caught:
            services.order_withdraw(match_id=match.pk, user=user, unit=unit)
        assert caught.value.code == code, (user, unit)
    assert fingerprint(match) == before


def test_a_phase_stopped_at_a_reaction_window_keeps_its_orders(
    monkeypatch: pytest.MonkeyPatch, alice: User, bob: User
) -> None:
    monkeypatch.setitem(RULESETS, "sentry", SentryRuleset())
    state = SentryState(Board(12, 12), (Trooper("R", hex_("0510"), 0, side="alice"),
                                        Trooper("S", hex_("0606"), 0, side="bob", sentry=True)))
    duel = match_create(state=state, players={"alice": alice, "bob": bob}, ruleset="sentry")
    services.order_submit(match_id=duel.pk, user=alice, order_json={"unit": "R", "hexes": 6})
    before = fingerprint(duel)

    with pytest.raises(MatchError) as caught:
        services.order_withdraw(match_id=duel.pk, user=alice, unit="R")
    assert (caught.value.code, caught.value.status) == ("order.in_play", 409)
    assert fingerprint(duel) == before


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_withdraw_over_the_socket(match: Match, alice: User, close_worker_connections: None) -> None:
    socket = await connect(match, alice)
    try:
        await frames_until(socket, "snapshot")
        await socket.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_ORDER, "turn": 1}))
        await frames_until(socket, "order_accepted")
        await socket.send_to(text_data=json.dumps({"type": "withdraw", "unit": "A", "turn": 1, "phase": "movement"}))
        assert (await frames_until(socket, "order_withdrawn"))[-1]["unit"] == "A"
        await socket.send_to(text_data=json.dumps({"type": "withdraw", "unit": "A", "turn": 1}))
        assert (await frames_until(socket, "error"))[-1]["code"] == "order.not_submitted"
    finally:
        await socket.disconnect()
