"""The spectators' snapshot, built and encoded once per match and version in each process (issue 10's
connection storm): shared by every spectator at that version, never stale, never a player's or referee's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from matches import selectors, snapshots
from matches.hub import encode
from matches.models import Match
from matches.selectors import PUBLIC, player_view, spectator_horizon, viewer_for
from matches.services import order_submit
from tests.matches.conftest import ALICE_ORDER
from tests.matches.lobby_duels import start_lobby_duel

PUBLIC_USER = AnonymousUser()


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The versions of the spectator snapshots actually built (cache misses, or not cached at all)."""
    built: list[int] = []

    def counting_player_view(**kwargs: Any) -> dict[str, Any]:
        frame = player_view(**kwargs)
        if kwargs["viewer"].role == "spectator":
            built.append(frame["v"])
        return frame

    # Both names: a spectator's snapshot built anywhere but through the cache must show up here too.
    monkeypatch.setattr(snapshots, "player_view", counting_player_view)
    monkeypatch.setattr(selectors, "player_view", counting_player_view)
    return built


def _connect_frames(match_id: int, user: Any) -> list[tuple[int, str]]:
    """What a socket connecting without a version gets: the match row read afresh, as the consumer does."""
    match = Match.objects.get(pk=match_id)
    return snapshots.encoded_frames_since(match=match, viewer=viewer_for(match=match, user=user), version=None)


@pytest.mark.django_db
def test_two_spectators_at_one_version_share_one_encoded_snapshot(match: Match, carol: User, builds: list[int]) -> None:
    anonymous = _connect_frames(match.pk, PUBLIC_USER)
    logged_in = _connect_frames(match.pk, carol)
    assert anonymous == logged_in == [(match.version, encode(player_view(match=match, viewer=PUBLIC)))]
    assert builds == [match.version]


@pytest.mark.django_db
def test_a_new_version_is_built_afresh_and_an_old_read_does_not_replace_it(
    match: Match, alice: User, builds: list[int]
) -> None:
    stale_read = Match.objects.get(pk=match.pk)
    _connect_frames(match.pk, PUBLIC_USER)
    order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    [(version, text)] = _connect_frames(match.pk, PUBLIC_USER)
    assert version == stale_read.version + 1
    assert any(side["submitted"] for side in json.loads(text)["sides"])
    # A socket that read the row before the submit still gets its own version, built for it alone...
    assert snapshots.spectator_snapshot(stale_read)[0] == stale_read.version
    # ...and the newer snapshot stays cached for everyone after it.
    assert _connect_frames(match.pk, PUBLIC_USER) == [(version, text)]
    assert builds == [stale_read.version, version, stale_read.version]


@pytest.mark.django_db
def test_players_and_the_referee_bypass_the_cache(match: Match, alice: User, carol: User, builds: list[int]) -> None:
    order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    referee = User.objects.create_user("ref", password="ref-pw", is_staff=True)
    spectator_text = _connect_frames(match.pk, carol)[0][1]
    for user, role in ((alice, "player"), (referee, "referee")):
        [(_, text)] = _connect_frames(match.pk, user)
        frame = json.loads(text)
        assert text != spectator_text and frame["you"]["role"] == role
        assert frame["my_orders"]  # alice's submitted order, which a spectator must never see
    assert json.loads(spectator_text)["my_orders"] == []
    assert builds == [1]  # the spectators' snapshot, built once


@pytest.mark.django_db
def test_delayed_spectators_get_the_horizon_and_a_delay_change_misses(alice: User, bob: User) -> None:
    match = start_lobby_duel(alice, bob, {"spectator_delay": 1})
    order_submit(match_id=match.pk, user=alice, order_json={"unit": "A", "mode": "walk", "steps": ["F"]})
    order_submit(match_id=match.pk, user=bob, order_json={"unit": "B", "mode": "walk", "steps": ["F"]})
    match.refresh_from_db()
    horizon = spectator_horizon(match)
    assert horizon is not None and horizon < match.version
    assert _connect_frames(match.pk, PUBLIC_USER)[0][0] == horizon
    # The delay changed without a version bump (the admin): spectators now watch live, not the cached past.
    Match.objects.filter(pk=match.pk).update(options={**match.options, "spectator_delay": 0})
    assert _connect_frames(match.pk, PUBLIC_USER)[0][0] == match.version


def _reconnect_frames(match_id: int, user: Any, version: int) -> list[tuple[int, str]]:
    """What a socket reconnecting with `?v=version` gets."""
    match = Match.objects.get(pk=match_id)
    return snapshots.encoded_frames_since(match=match, viewer=viewer_for(match=match, user=user), version=version)


@pytest.mark.django_db
def test_a_spectator_too_far_behind_gets_the_cached_snapshot_and_one_within_reach_its_missed_events(
    match: Match, alice: User, carol: User, builds: list[int], settings: Any
) -> None:
    order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    settings.ARBITRO_MAX_CATCH_UP_EVENTS = 0
    fresh = _connect_frames(match.pk, PUBLIC_USER)
    assert _reconnect_frames(match.pk, carol, 0) == _reconnect_frames(match.pk, PUBLIC_USER, 0) == fresh
    # Too far ahead (a reset database) is a snapshot as well.
    assert _reconnect_frames(match.pk, PUBLIC_USER, 99) == fresh
    settings.ARBITRO_MAX_CATCH_UP_EVENTS = 10
    [(version, text)] = _reconnect_frames(match.pk, PUBLIC_USER, 0)
    assert (version, json.loads(text)["type"]) == (1, "submitted") and "order" not in json.loads(text)
    # The owner's snapshot is built for her, with her order, and never cached.
    settings.ARBITRO_MAX_CATCH_UP_EVENTS = 0
    [(_, owner_text)] = _reconnect_frames(match.pk, alice, 0)
    assert json.loads(owner_text)["my_orders"] == [ALICE_ORDER]
    assert builds == [1]


@pytest.mark.django_db
def test_the_rest_detail_serves_spectators_the_cached_snapshot_until_the_version_moves(
    client: Client, match: Match, alice: User, carol: User, builds: list[int]
) -> None:
    url = f"/api/matches/{match.pk}/"
    anonymous = client.get(url)
    client.force_login(carol)
    logged_in = client.get(url)
    assert anonymous.status_code == logged_in.status_code == 200
    assert anonymous["Content-Type"] == "application/json"
    # The very text a spectator's socket gets (with the crowd count), built once for both.
    cached = snapshots.with_spectators(_connect_frames(match.pk, PUBLIC_USER)[0][1], 0)
    assert anonymous.content.decode() == logged_in.content.decode() == cached
    assert builds == [0]

    order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    after = client.get(url).json()
    assert after["v"] == 1 and [side["submitted"] for side in after["sides"]] == [True, False]
    client.force_login(alice)
    assert client.get(url).json()["my_orders"] == [ALICE_ORDER]
    assert builds == [0, 1]
