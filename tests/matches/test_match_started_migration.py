"""Migration 0005 logs the start of the matches created before every match logged one (campaign matches):
from the match's state when nothing has changed it since, as unknown for a match already played."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User

from matches import lobby, referee, services
from matches.errors import MatchError
from matches.models import Event, Match
from matches.replay import match_verify
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER
from tests.matches.lobby_duels import DUEL, start_lobby_duel

pytestmark = pytest.mark.django_db

migration = importlib.import_module("matches.migrations.0005_started_events")


def _as_created_before(match: Match) -> Match:
    """The match as `match_create` left it before it logged the start."""
    match.events.filter(kind=Event.Kind.STARTED).delete()
    return match


def _started(match: Match) -> Event:
    return match.events.get(kind=Event.Kind.STARTED)


def test_an_unplayed_match_starts_from_its_state(match: Match, alice: User, bob: User) -> None:
    _as_created_before(match)
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)  # an order changes no state
    match.refresh_from_db()

    migration.log_the_start(apps, None)

    started = _started(match)
    assert (started.version, started.payload["state"], started.created_at) == (0, match.state, match.created_at)
    services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)
    match.refresh_from_db()
    assert match.phase == "movement" and match.turn == 2
    assert match_verify(match).problems == []


def test_a_played_match_is_marked_as_of_an_unknown_start(match: Match, alice: User, bob: User, ref: User) -> None:
    _as_created_before(match)
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)

    migration.log_the_start(apps, None)

    started = _started(match)
    assert started.version == 0 and started.payload["start"] == "unknown" and "state" not in started.payload
    match.refresh_from_db()
    assert match_verify(match).problems == ["the starting position was not logged: the match cannot be replayed"]
    version = match.version
    with pytest.raises(MatchError) as refused:
        referee.referee_annul(match_id=match.pk, user=ref, reason="try again")
    assert refused.value.code == "referee.nothing_to_annul"
    match.refresh_from_db()
    assert match.version == version


def test_lobby_matches_and_logged_starts_are_left_alone(match: Match) -> None:
    dana = User.objects.create_user("dana")
    others = (match, start_lobby_duel(dana, User.objects.create_user("erin")), lobby.match_open(host=dana, designs=DUEL))
    logs = {m.pk: list(m.events.values_list("version", "kind", "payload")) for m in others}

    migration.log_the_start(apps, None)

    assert {m.pk: list(m.events.values_list("version", "kind", "payload")) for m in others} == logs


def test_the_migration_reverses_to_the_log_it_found(match: Match) -> None:
    _as_created_before(match)
    migration.log_the_start(apps, None)
    migration.forget_the_start(apps, None)
    assert not match.events.exists()
