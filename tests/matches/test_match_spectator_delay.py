"""Spectator delay (issue 7): spectators of a match with `spectator_delay` N watch it N resolved phases late,
so nobody watching can pass a player what happened before their own screen shows it."""

from __future__ import annotations

import json
import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches import chat, referee
from matches.models import Event, Match
from matches.queries import sight_line
from matches.replay import match_verify
from matches.selectors import PUBLIC, player_view, viewer_for
from matches.snapshots import encoded_frames_since
from tests.matches.lobby_duels import HOLD_FIRE, MOVES, resolve, start_lobby_duel, unit_hexes
from tests.matches.sockets import connect, receive

def start_delayed(alice: User, bob: User) -> Match:
    return start_lobby_duel(alice, bob, {"spectator_delay": 1})


@pytest.mark.django_db
def test_spectators_see_the_match_one_phase_late(alice: User, bob: User, carol: User) -> None:
    match = start_delayed(alice, bob)
    started = match.events.get(kind=Event.Kind.STARTED).version
    start_hexes = unit_hexes(player_view(match=match, viewer=PUBLIC))
    resolve(match, alice, bob, MOVES)
    spectator = player_view(match=match, viewer=viewer_for(match=match, user=carol))
    assert (spectator["v"], unit_hexes(spectator), spectator["last_playback"]) == (started, start_hexes, None)
    moved = unit_hexes(player_view(match=match, viewer=viewer_for(match=match, user=alice)))
    assert moved != start_hexes

    resolve(match, alice, bob, HOLD_FIRE)  # the weapons phase: now the movement is old enough to be shown
    spectator = player_view(match=match, viewer=PUBLIC)
    assert (unit_hexes(spectator), spectator["match"]["phase"]) == (moved, "weapons")
    missed = [json.loads(text) for _, text in encoded_frames_since(match=match, viewer=PUBLIC, version=started)]
    assert [frame["type"] for frame in missed] == ["submitted", "submitted", "playback"]
    assert missed[-1]["v"] == spectator["v"] < match.version
    assert "state" not in missed[-1]  # the stored state stays on the server
    assert match_verify(match).problems == []


@pytest.mark.django_db
def test_players_and_undelayed_matches_are_live(alice: User, bob: User) -> None:
    match = start_delayed(alice, bob)
    resolve(match, alice, bob, MOVES)
    assert player_view(match=match, viewer=viewer_for(match=match, user=bob))["v"] == match.version
    Match.objects.filter(pk=match.pk).update(options={**match.options, "spectator_delay": 0})
    match.refresh_from_db()
    assert player_view(match=match, viewer=PUBLIC)["v"] == match.version



@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_a_delayed_spectator_socket_gets_each_phase_one_resolution_late(alice: User, bob: User,
                                                                             carol: User) -> None:
    match = await database_sync_to_async(start_delayed)(alice, bob)
    watcher, player = await connect(match, carol), await connect(match, bob)
    await receive(watcher), await receive(player)
    await database_sync_to_async(resolve)(match, alice, bob, MOVES)
    assert [(await receive(player))["type"] for _ in range(3)] == ["submitted", "submitted", "playback"]
    assert await watcher.receive_nothing(timeout=0.3)
    await database_sync_to_async(resolve)(match, alice, bob, HOLD_FIRE)
    late = [await receive(watcher) for _ in range(3)]
    assert [frame["type"] for frame in late] == ["submitted", "submitted", "playback"]
    assert late[-1]["phase"] == "movement"
    assert await watcher.receive_nothing(timeout=0.3)
    await watcher.disconnect()
    await player.disconnect()


@pytest.mark.django_db
def test_a_delayed_spectators_line_of_sight_uses_the_board_they_are_shown(alice: User, bob: User,
                                                                         carol: User) -> None:
    match = start_delayed(alice, bob)
    resolve(match, alice, bob, MOVES)
    seen = sight_line(match_id=match.pk, user=carol, source="A", target="B")
    live = sight_line(match_id=match.pk, user=alice, source="A", target="B")
    start = player_view(match=match, viewer=PUBLIC)
    assert seen["v"] == start["v"] < live["v"]
    assert seen["hexes"] != live["hexes"]  # the units have moved since the position the spectator sees


@pytest.mark.django_db
def test_an_annulled_phase_is_never_the_one_spectators_are_shown(alice: User, bob: User) -> None:
    ref = User.objects.create_user("ref", is_staff=True)
    match = start_delayed(alice, bob)
    started = match.events.get(kind=Event.Kind.STARTED).version
    resolve(match, alice, bob, MOVES)
    referee.referee_annul(match_id=match.pk, user=ref, reason="replayed")
    resolve(match, alice, bob, MOVES)
    assert player_view(match=match, viewer=PUBLIC)["v"] == started
    resolve(match, alice, bob, HOLD_FIRE)
    shown = player_view(match=match, viewer=PUBLIC)["last_playback"]
    assert shown["v"] == match.events.filter(kind=Event.Kind.PLAYBACK).order_by("version")[1].version


@pytest.mark.django_db
def test_the_match_list_and_page_show_a_delayed_spectator_the_delayed_turn_and_phase(alice: User, bob: User,
                                                                                    carol: User) -> None:
    match = start_delayed(alice, bob)
    started = match.events.get(kind=Event.Kind.STARTED).version
    resolve(match, alice, bob, MOVES)  # live: the weapons phase; spectators still see the start
    watcher, player = Client(), Client()
    watcher.force_login(carol)
    player.force_login(alice)
    shown = {"turn": 1, "phase": "movement", "version": started}
    live = {"turn": 1, "phase": "weapons", "version": match.version}

    def seen(header: dict) -> dict:
        return {key: header[key] for key in shown}

    for client, expected in ((watcher, shown), (Client(), shown), (player, live)):
        assert [seen(h) for h in client.get(reverse("api-match-list")).json()] == [expected]
        assert [seen(h) for h in client.get(reverse("match-list")).context["matches"]] == [expected]
        page = client.get(reverse("match-detail", args=[match.pk]))
        assert seen(page.context["match"]) == expected
        # The header shown before any script (its words are in the page's language, the phase code in data-phase).
        assert f'data-turn="{expected["turn"]}" data-phase="{expected["phase"]}">' in page.content.decode()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_an_error_frame_carries_the_version_a_delayed_spectator_is_shown(alice: User, bob: User,
                                                                              carol: User) -> None:
    match = await database_sync_to_async(start_delayed)(alice, bob)
    await database_sync_to_async(resolve)(match, alice, bob, MOVES)
    watcher = await connect(match, carol)
    snapshot = await receive(watcher)
    await watcher.send_to(text_data="not json")
    error = await receive(watcher)
    assert (error["type"], error["code"]) == ("error", "message.malformed")
    assert error["v"] == snapshot["v"] < match.version
    await watcher.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_chat_frames_carry_the_version_a_delayed_spectator_is_shown(alice: User, bob: User,
                                                                         carol: User) -> None:
    dave = await database_sync_to_async(User.objects.create_user)("dave")
    match = await database_sync_to_async(start_delayed)(alice, bob)
    await database_sync_to_async(resolve)(match, alice, bob, MOVES)
    watcher = await connect(match, carol)
    snapshot = await receive(watcher)
    sent = await database_sync_to_async(chat.chat_post)(match_id=match.pk, user=dave, text="hola", now=timezone.now())
    assert (await receive(watcher))["v"] == sent["v"] == snapshot["v"] < match.version
    history = await database_sync_to_async(chat.chat_history)(match=match, viewer=PUBLIC)
    assert [frame["v"] for frame in history] == [snapshot["v"]]
    await watcher.disconnect()
