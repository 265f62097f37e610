"""Spectator delay in seconds (issue 7: "an optional spectator delay (N phases or seconds)"): spectators of a
match with `spectator_delay_seconds` N see it as it stood N seconds ago, from the events logged at least N
seconds ago. The service tests move the log's times back instead of waiting; the socket test waits on frames."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from matches import chat, lobby, referee
from matches.campaigns.models import match_sides
from matches.campaigns.services import match_finish
from matches.delayed_release import released_since
from matches.errors import MatchError
from matches.models import Event, Match
from matches.replay import match_verify
from matches.selectors import PUBLIC, header_for, player_view, viewer_for
from matches.snapshots import encoded_frames_since, spectator_snapshot
from tests.matches.lobby_duels import DUEL, MOVES, resolve, start_lobby_duel, unit_hexes
from tests.matches.sockets import connect, receive

DELAY = 30


def start_delayed(alice: User, bob: User, seconds: int = DELAY) -> Match:
    return start_lobby_duel(alice, bob, {"spectator_delay_seconds": seconds})


def age(match: Match, upto: int, seconds: int = DELAY + 1) -> None:
    """Makes the log's events up to version `upto` `seconds` older (an update: events are never saved twice)."""
    for event in match.events.filter(version__lte=upto):
        Event.objects.filter(pk=event.pk).update(created_at=event.created_at - timedelta(seconds=seconds))


@pytest.mark.django_db
@pytest.mark.parametrize("seconds", [-1, 3601, 1.5, "30", True, None])
def test_a_delay_in_seconds_is_a_whole_number_from_0_to_an_hour(alice: User, seconds: Any) -> None:
    with pytest.raises(MatchError) as refused:
        lobby.match_open(host=alice, designs=DUEL, options={"spectator_delay_seconds": seconds})
    named = {name: refused.value.params[name] for name in ("option", "minimum", "maximum")}
    assert (refused.value.code, named) == ("options.invalid", {"option": "spectator_delay_seconds", "minimum": 0, "maximum": 3600})
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_match_delays_spectators_by_phases_or_by_seconds_not_both(alice: User) -> None:
    with pytest.raises(MatchError) as refused:
        lobby.match_open(host=alice, designs=DUEL, options={"spectator_delay": 1, "spectator_delay_seconds": 30})
    assert refused.value.code == "options.two_delays"
    match = lobby.match_open(host=alice, designs=DUEL, options={"spectator_delay_seconds": 30})
    with pytest.raises(MatchError) as refused:
        lobby.match_options_set(match_id=match.pk, user=alice, options={"spectator_delay": 2})
    assert refused.value.code == "options.two_delays"
    match.refresh_from_db()
    assert (match.options["spectator_delay"], match.options["spectator_delay_seconds"], match.version) == (0, 30, 1)


@pytest.mark.django_db
def test_the_lobby_form_refuses_seconds_that_are_no_number_with_a_coded_error(alice: User) -> None:
    client = Client()
    client.force_login(alice)
    response = client.post("/matches/new/", {**DUEL, "spectator_delay_seconds": "ten"})
    assert response.status_code == 400 and response.context["error"].code == "options.invalid"
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_spectators_see_the_events_logged_at_least_n_seconds_ago(alice: User, bob: User, carol: User) -> None:
    match = start_delayed(alice, bob)
    started = match.events.get(kind=Event.Kind.STARTED).version
    start_hexes = unit_hexes(player_view(match=match, viewer=PUBLIC))
    resolve(match, alice, bob, MOVES)
    moved = unit_hexes(player_view(match=match, viewer=viewer_for(match=match, user=alice)))
    assert moved != start_hexes
    # Everything was logged just now: spectators see the start, the players the live match.
    spectator = player_view(match=match, viewer=viewer_for(match=match, user=carol))
    assert (spectator["v"], unit_hexes(spectator), spectator["last_playback"]) == (started, start_hexes, None)
    assert player_view(match=match, viewer=viewer_for(match=match, user=bob))["v"] == match.version

    first_order = started + 1
    age(match, first_order)
    spectator = player_view(match=match, viewer=PUBLIC)
    assert (spectator["v"], unit_hexes(spectator)) == (first_order, start_hexes)
    missed = [json.loads(text) for _, text in encoded_frames_since(match=match, viewer=PUBLIC, version=started)]
    assert [(frame["type"], frame["v"]) for frame in missed] == [("submitted", first_order)]

    age(match, match.version)
    spectator = player_view(match=match, viewer=PUBLIC)
    assert (spectator["v"], unit_hexes(spectator), spectator["match"]["phase"]) == (match.version, moved, "weapons")
    assert "state" not in spectator["last_playback"]  # the stored state stays on the server
    assert match_verify(match).problems == []


@pytest.mark.django_db
def test_the_list_and_the_rest_view_show_a_delayed_spectator_the_match_n_seconds_ago(
    alice: User, bob: User, carol: User
) -> None:
    match = start_delayed(alice, bob)
    resolve(match, alice, bob, MOVES)
    watcher = Client()
    watcher.force_login(carol)

    def shown() -> tuple[Any, ...]:
        listed = [h for h in watcher.get("/api/matches/").json() if h["id"] == match.pk]
        rest = watcher.get(f"/api/matches/{match.pk}/").json()
        return rest["v"], rest["match"]["phase"], listed[0]["version"], listed[0]["phase"]

    started = match.events.get(kind=Event.Kind.STARTED).version
    assert shown() == (started, "movement", started, "movement")
    age(match, match.version)
    assert shown() == (match.version, "weapons", match.version, "weapons")


@pytest.mark.django_db
def test_a_pause_and_a_referees_corrections_reach_spectators_with_the_delay(
    alice: User, bob: User, carol: User
) -> None:
    ref = User.objects.create_user("ref", is_staff=True)
    match = start_delayed(alice, bob)
    before = unit_hexes(player_view(match=match, viewer=PUBLIC))
    referee.referee_pause(match_id=match.pk, user=ref, reason="a phone call")
    referee.referee_override(match_id=match.pk, user=ref, unit="A", changes={"hex": "0808"}, reason="misplaced")
    match.refresh_from_db()
    assert header_for(match=match, user=carol)["status"] == "in_progress"
    assert unit_hexes(player_view(match=match, viewer=PUBLIC)) == before
    assert '"status":"in_progress"' in spectator_snapshot(match)[1]
    age(match, match.version)  # the version is the same: the cached snapshot must not be served again
    assert header_for(match=match, user=carol)["status"] == "paused"
    assert unit_hexes(player_view(match=match, viewer=PUBLIC)) == {**before, "A": "0808"}
    assert '"status":"paused"' in spectator_snapshot(match)[1]


@pytest.mark.django_db
def test_an_annulment_is_shown_with_the_delay_as_the_position_it_went_back_to(
    alice: User, bob: User
) -> None:
    ref = User.objects.create_user("ref", is_staff=True)
    match = start_delayed(alice, bob)
    start_hexes = unit_hexes(player_view(match=match, viewer=PUBLIC))
    resolve(match, alice, bob, MOVES)
    age(match, match.version)
    moved = unit_hexes(player_view(match=match, viewer=PUBLIC))
    referee.referee_annul(match_id=match.pk, user=ref, reason="replayed")
    match.refresh_from_db()
    assert unit_hexes(player_view(match=match, viewer=PUBLIC)) == moved != start_hexes
    age(match, match.version)
    spectator = player_view(match=match, viewer=PUBLIC)
    assert (spectator["v"], unit_hexes(spectator), spectator["match"]["phase"]) == (match.version, start_hexes, "movement")


@pytest.mark.django_db
def test_the_end_of_the_match_shows_spectators_everything(alice: User, bob: User, carol: User) -> None:
    match = start_delayed(alice, bob)
    resolve(match, alice, bob, MOVES)
    sides = match_sides(match)
    match_finish(match_id=match.pk, winner_side=sides[0], sides={side: {"victory_points": 1} for side in sides})
    match.refresh_from_db()
    header = header_for(match=match, user=carol)
    assert (header["status"], header["version"], header["seed"]) == ("finished", match.version, match.seed)


@pytest.mark.django_db
def test_the_release_reads_from_the_log_what_is_due_and_when_the_next_event_is(alice: User, bob: User) -> None:
    match = start_delayed(alice, bob)
    started = match.events.get(kind=Event.Kind.STARTED).version
    resolve(match, alice, bob, MOVES)
    assert released_since(match.pk, None)[:2] == (started, [])
    shown, frames, due = released_since(match.pk, started)
    assert (shown, frames) == (started, [])
    assert due is not None and 0 < due <= DELAY
    age(match, started + 2)
    shown, frames, due = released_since(match.pk, started)
    assert shown == started + 2
    assert [(v, json.loads(text)["type"]) for v, text in frames] == [(started + 1, "submitted"), (started + 2, "submitted")]
    assert due is not None and 0 < due <= DELAY


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_delayed_spectator_socket_gets_each_frame_no_sooner_than_the_delay(
    alice: User, bob: User, carol: User
) -> None:
    """The spectator connects after the phase was logged, so its frames can only come from the stored log
    (as for a process started after a restart), each no sooner than one second after it was logged."""
    dave = await database_sync_to_async(User.objects.create_user)("dave")
    match = await database_sync_to_async(start_delayed)(alice, bob, 1)
    player = await connect(match, bob)
    await receive(player)
    await database_sync_to_async(resolve)(match, alice, bob, MOVES)
    assert [(await receive(player))["type"] for _ in range(3)] == ["submitted", "submitted", "playback"]
    watcher = await connect(match, carol)
    snapshot = await receive(watcher)
    logged = await database_sync_to_async(
        lambda: dict(match.events.filter(version__gt=snapshot["v"]).values_list("version", "created_at"))
    )()
    assert snapshot["v"] < match.version
    sent = await database_sync_to_async(chat.chat_post)(match_id=match.pk, user=dave, text="hola", now=timezone.now())
    chat_frame = await receive(watcher)  # the spectators' chat is live; its version is the one they are shown
    assert (chat_frame["type"], chat_frame["v"]) == ("chat", sent["v"])
    assert chat_frame["v"] <= match.version
    frames = []
    while not frames or frames[-1]["v"] < match.version:
        frame = await receive(watcher)
        assert timezone.now() >= logged[frame["v"]] + timedelta(seconds=1)
        frames.append(frame)
    assert [frame["v"] for frame in frames] == list(range(snapshot["v"] + 1, match.version + 1))
    assert frames[-1]["type"] == "playback" and "state" not in frames[-1]
    await watcher.disconnect()
    await player.disconnect()
