"""The split line of sight in a live match (issue 7; Solaris VII 'Si la LdV pasa exactamente entre dos
hexágonos': 'El objetivo seleccionará por cual de los dos pasará la LdV'): the target unit's player sets
its side, the referee decides for an absent player with a logged reason, and the attacks use it."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from matches import referee, services
from matches.errors import MatchError
from matches.los_sides import los_side_choose
from matches.models import Event, Match
from matches.replay import replay_log
from matches.selectors import PUBLIC, player_view, viewer_for
from tests.matches.duels import LARGE_LASER, duel_match
from tests.matches.lobby_duels import start_lobby_duel
from tests.matches.sockets import connect, receive, send

# A (alice) in 0102 facing south-east, B (bob) in 0302: the line runs exactly between 0201 (left, open) and
# 0202 (right, a level 3 hill that blocks it).
SPLIT = {"A": ("0102", 2), "B": ("0302", 5)}
FIRE = {"unit": "A", "target": "B", "weapons": [LARGE_LASER]}


@pytest.fixture
def split(alice: User, bob: User) -> Match:
    return duel_match(alice, bob, poses=SPLIT, hills={"0202": 3})


def _plot_fire(match: Match, alice: User) -> dict[str, Any]:
    return services.order_plot(match_id=match.pk, user=alice, order_json=FIRE)


@pytest.mark.django_db
def test_the_targets_player_opens_the_line_by_choosing_the_clear_side(split: Match, alice: User, bob: User) -> None:
    """Unless B's player chooses, the side worse for the attacker (the hill) applies: no line of sight."""
    with pytest.raises(MatchError) as error:
        _plot_fire(split, alice)
    assert error.value.code == "attack.no_los"
    reply = los_side_choose(match_id=split.pk, user=bob, unit="B", side="left")
    assert reply == {"type": "los_side_set", "v": split.version + 1, "unit": "B", "side": "left", "chooser": "controller"}
    [attack] = _plot_fire(split, alice)["attacks"]["attacks"]
    chosen = "split line of sight, left side: the target's controller chose the left side"
    assert any(chosen in m["reason"] for m in attack["to_hit"]["modifiers"])
    split.refresh_from_db()
    assert player_view(match=split, viewer=PUBLIC)["split_los"] == {"B": {"side": "left", "by": "controller"}}
    event = split.events.get(kind=Event.Kind.LOS_SIDE)
    # The state it left is logged (delayed spectators are shown it; no frame carries it: frames.FIELDS).
    assert event.payload == {"unit": "B", "side": "left", "chooser": "controller", "by": "bob", "state": split.state}
    # Cleared: back to the side worse for the attacker.
    los_side_choose(match_id=split.pk, user=bob, unit="B", side=None)
    with pytest.raises(MatchError):
        _plot_fire(split, alice)


@pytest.mark.django_db
def test_the_referee_decides_for_an_absent_player_with_a_logged_reason_even_while_paused(
    split: Match, alice: User, bob: User, ref: User
) -> None:
    with pytest.raises(MatchError) as error:
        los_side_choose(match_id=split.pk, user=ref, unit="B", side="left", reason=" ")
    assert error.value.code == "referee.reason"
    referee.referee_pause(match_id=split.pk, user=ref, reason="bob dropped")
    with pytest.raises(MatchError) as error:
        los_side_choose(match_id=split.pk, user=bob, unit="B", side="left")
    assert error.value.code == "los_side.wrong_status"
    los_side_choose(match_id=split.pk, user=ref, unit="B", side="left", reason="bob is away; left as he said")
    referee.referee_resume(match_id=split.pk, user=ref, reason="go on")
    [attack] = _plot_fire(split, alice)["attacks"]["attacks"]
    assert any("left side: the referee, deciding for the target's absent controller, chose the left side" in m["reason"]
               for m in attack["to_hit"]["modifiers"])
    split.refresh_from_db()
    judge = player_view(match=split, viewer=viewer_for(match=split, user=ref))
    logged = [frame for frame in judge["referee"]["log"] if frame["type"] == "los_side"]
    assert logged == [{"type": "los_side", "v": logged[0]["v"], "unit": "B", "side": "left", "chooser": "referee",
                       "by": "ref", "reason": "bob is away; left as he said"}]


@pytest.mark.django_db
@pytest.mark.parametrize(("who", "unit", "side", "code"), [
    ("carol", "B", "left", "los_side.not_yours"),  # a spectator
    ("alice", "B", "left", "los_side.not_yours"),  # the attacker
    ("bob", "Z", "left", "los_side.not_yours"),  # no such unit
    ("bob", "B", "up", "message.malformed"),
    ("bob", ["B"], "left", "message.malformed"),
    ("ref", "Z", "left", "unit.unknown"),
])
def test_bad_choices_get_a_code_and_change_nothing(
    split: Match, alice: User, bob: User, carol: User, ref: User, who: str, unit: Any, side: Any, code: str
) -> None:
    users = {"alice": alice, "bob": bob, "carol": carol, "ref": ref}
    with pytest.raises(MatchError) as error:
        los_side_choose(match_id=split.pk, user=users[who], unit=unit, side=side, reason="why not")
    assert error.value.code == code
    after = Match.objects.get(pk=split.pk)
    assert (after.version, after.state) == (split.version, split.state)


@pytest.mark.django_db
def test_choices_are_replayed_and_an_annulment_keeps_them(alice: User, bob: User, ref: User) -> None:
    match = start_lobby_duel(alice, bob)
    los_side_choose(match_id=match.pk, user=bob, unit="B", side="right")
    services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "A", "mode": "walk", "steps": ["F"]})
    los_side_choose(match_id=match.pk, user=alice, unit="A", side="left")  # while bob has not moved yet
    services.order_submit(match_id=match.pk, user=bob, order_json={"unit": "B", "mode": "walk", "steps": ["F"]})
    los_side_choose(match_id=match.pk, user=bob, unit="B", side="left")  # after the phase
    referee.referee_annul(match_id=match.pk, user=ref, reason="replay the movement")
    match.refresh_from_db()
    assert match.state["split_los"] == {"A": {"side": "left", "by": "controller"}, "B": {"side": "left", "by": "controller"}}
    assert replay_log(match).problems == []


@pytest.mark.django_db
def test_the_rest_endpoint_answers_the_player_view_or_a_coded_error(split: Match, bob: User, carol: User) -> None:
    client = Client()
    client.force_login(bob)
    answer = client.post(f"/api/matches/{split.pk}/los-side/", {"unit": "B", "side": "right"},
                         content_type="application/json")
    assert answer.status_code == 200 and answer.json()["split_los"] == {"B": {"side": "right", "by": "controller"}}
    client.force_login(carol)
    refused = client.post(f"/api/matches/{split.pk}/los-side/", {"unit": "B", "side": "left"},
                          content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (403, "los_side.not_yours")
    anonymous = Client().post(f"/api/matches/{split.pk}/los-side/", {"unit": "B"}, content_type="application/json")
    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "auth.required")
    assert Match.objects.get(pk=split.pk).state["split_los"] == {"B": {"side": "right", "by": "controller"}}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_over_the_socket_the_player_chooses_and_everyone_hears_of_it(alice: User, bob: User, carol: User) -> None:
    match = await database_sync_to_async(duel_match)(alice, bob, poses=SPLIT, hills={"0202": 3})
    b, watcher = await connect(match, bob), await connect(match, carol)
    for socket in (b, watcher):
        assert (await receive(socket))["type"] == "snapshot"
    reply = await send(b, {"type": "los_side", "unit": "B", "side": "left"})
    assert reply["type"] in ("los_side_set", "los_side")
    frames = {reply["type"]: reply, (other := await receive(b))["type"]: other}
    assert frames["los_side_set"]["side"] == "left"
    heard = await receive(watcher)
    assert (heard["type"], heard["unit"], heard["side"], heard["chooser"]) == ("los_side", "B", "left", "controller")
    refused = await send(watcher, {"type": "los_side", "unit": "B", "side": "right"})
    assert (refused["type"], refused["code"]) == ("error", "los_side.not_yours")
    malformed = await send(b, {"type": "los_side", "unit": "B", "side": 7})
    assert (malformed["type"], malformed["code"]) == ("error", "message.malformed")
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).state["split_los"]["B"]["side"] == "left"
    for socket in (b, watcher):
        await socket.disconnect()
