"""matches/store.py: the hand-written statements of a submit read and write exactly what the ORM would."""

from __future__ import annotations

import importlib
import threading

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction

from matches import bots, referee, services, store
from matches.models import Event, Match, Order, Participant
from matches.pipeline import match_create
from rules.rulesets.solaris.demo import demo_state
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER
from tests.matches.races import _wait_until_sessions_wait_for_a_lock

pytestmark = pytest.mark.django_db

migration = importlib.import_module("matches.migrations.0008_match_annulments")


def _fields(instance: object) -> dict[str, object]:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}  # type: ignore[attr-defined]


def test_the_seat_comes_with_the_match_as_the_orm_reads_them(match: Match, alice: User, carol: User) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    for for_update in (False, True):
        with transaction.atomic():
            seated = store.seat_with_match(match_id=match.pk, user_id=alice.pk, for_update=for_update)
        assert seated is not None
        # Every column, JSON and times included, converted as a queryset converts them.
        assert _fields(seated.match) == _fields(Match.objects.get(pk=match.pk))
        assert isinstance(seated.match.state, dict) and seated.match.version == 1
        orm_seat = Participant.objects.get(match=match, user=alice)
        assert (seated.seat.pk, seated.seat.match_id, seated.seat.user_id, seated.seat.role, seated.seat.side) == (
            orm_seat.pk, match.pk, alice.pk, orm_seat.role, orm_seat.side)
        assert seated.bots is (False if for_update else None)
        if for_update and connection.vendor == "postgresql":
            # The phase's orders came with it, as the ORM reads them.
            assert [_fields(order) for order in seated.orders or []] == [
                _fields(order) for order in Order.objects.filter(match=match)]
            assert len(seated.orders or []) == 1
        else:
            assert seated.orders is None
    assert store.seat_with_match(match_id=match.pk, user_id=carol.pk, for_update=False) is None


def test_the_locked_read_tells_whether_the_match_seats_a_bot(alice: User) -> None:
    assert store.BOT_PREFIX == bots.PREFIX  # told by the same names the bots' worker looks for
    against = match_create(state=demo_state(), players={"alice": alice, "bob": bots.bot_user("easy")})
    with transaction.atomic():
        seated = store.seat_with_match(match_id=against.pk, user_id=alice.pk, for_update=True)
    assert seated is not None and seated.bots is True


@pytest.mark.django_db(transaction=True)
def test_orders_read_before_a_wait_for_the_lock_are_not_kept(match: Match, alice: User, bob: User) -> None:
    """The orders come from the statement's snapshot, taken before the lock was granted: an order committed
    while the read waited is not in them, so they must not be used (the version tells); then `orders` is None
    and the submit reads them again."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (CI runs on it)")
    outcomes: list[object] = []
    lock_held = threading.Event()

    def submit_holding_the_lock() -> None:
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.pk)
            lock_held.set()
            _wait_until_sessions_wait_for_a_lock(1)
            services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
        connection.close()

    def locked_read() -> None:
        assert lock_held.wait(timeout=10)
        with transaction.atomic():
            outcomes.append(store.seat_with_match(match_id=match.pk, user_id=bob.pk, for_update=True))
        connection.close()

    threads = [threading.Thread(target=submit_holding_the_lock), threading.Thread(target=locked_read)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)

    [seated] = outcomes
    assert isinstance(seated, store.Seated) and seated.match.version == 1  # the locked row is the new one
    assert seated.orders is None  # its snapshot had no order: not kept
    with transaction.atomic():
        again = store.seat_with_match(match_id=match.pk, user_id=bob.pk, for_update=True)
    assert again is not None and [order.unit for order in again.orders or []] == ["A"]


def test_orders_inserted_and_read_back_as_the_orm_does(match: Match, alice: User, bob: User) -> None:
    given = [Order(match=match, turn=match.turn, phase=match.phase, unit=unit, side=side, order=order, submitted_by=user)
             for unit, side, order, user in (("A", "alice", ALICE_ORDER, alice), ("B", "bob", BOB_ORDER, bob))]
    store.insert(given)

    assert all(order.pk is not None and order.created_at is not None for order in given)
    stored = list(Order.objects.filter(match=match).order_by("id"))
    assert [_fields(order) for order in stored] == [_fields(order) for order in given]
    assert [_fields(order) for order in store.phase_orders(match)] == [_fields(order) for order in stored]
    match.turn += 1
    assert store.phase_orders(match) == []


def test_an_update_writes_only_the_columns_named(match: Match) -> None:
    before = Match.objects.get(pk=match.pk)
    match.version, match.title = 7, "not written"
    store.update(match, ["version", "updated_at"])

    after = Match.objects.get(pk=match.pk)
    assert (after.version, after.title) == (7, before.title)
    assert after.updated_at > before.updated_at
    Match.objects.filter(pk=match.pk).delete()
    with pytest.raises(DatabaseError):
        store.update(match, ["version"])


def test_one_write_saves_every_row_and_the_changed_columns(match: Match, alice: User) -> None:
    events = [Event(match=match, version=version, kind=Event.Kind.SUBMITTED, payload={"n": version})
              for version in (1, 2, 3)]
    order = Order(match=match, turn=1, phase="movement", unit="A", side="alice", order=ALICE_ORDER, submitted_by=alice)
    match.version, match.title = 3, "not written"
    store.write([order, *events], match, ["version", "updated_at"])

    assert [event.pk for event in events] == list(
        Event.objects.filter(match=match, version__gte=1).order_by("version").values_list("pk", flat=True))
    assert order.pk == Order.objects.get(match=match).pk
    assert [e.payload for e in Event.objects.filter(match=match, version__gte=1).order_by("version")] == [
        {"n": 1}, {"n": 2}, {"n": 3}]
    stored = Match.objects.get(pk=match.pk)
    assert (stored.version, stored.title) == (3, "Test duel")
    # A row that breaks a constraint fails the whole write: nothing of it is saved.
    again = Event(match=match, version=3, kind=Event.Kind.SUBMITTED, payload={})
    match.version = 4
    with pytest.raises(IntegrityError), transaction.atomic():
        store.write([again], match, ["version"])
    assert Match.objects.get(pk=match.pk).version == 3
    Match.objects.filter(pk=match.pk).delete()
    with pytest.raises(DatabaseError), transaction.atomic():
        store.write([], match, ["version"])


def test_a_match_never_annulled_resolves_without_counting_annulments(match: Match, alice: User, bob: User,
                                                                    ref: User) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)
    assert Match.objects.get(pk=match.pk).annulments == 0
    referee.referee_annul(match_id=match.pk, user=ref, reason="replay it")
    assert Match.objects.get(pk=match.pk).annulments == 1
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)
    playbacks = Event.objects.filter(match=match, kind=Event.Kind.PLAYBACK).order_by("version")
    assert [playback.payload["attempt"] for playback in playbacks] == [0, 1]


def test_migration_0008_counts_each_matchs_annulments(match: Match, alice: User, bob: User, ref: User) -> None:
    other = match_create(state=demo_state(), players={"alice": alice, "bob": bob}, title="never annulled")
    for _ in range(2):
        services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
        services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)
        referee.referee_annul(match_id=match.pk, user=ref, reason="again")
    Match.objects.update(annulments=0)  # as the column was added

    migration.count_annulments(apps, None)

    assert Match.objects.get(pk=match.pk).annulments == 2
    assert Match.objects.get(pk=other.pk).annulments == 0
