"""The move pipeline in matches/services.py: storage, secrecy, resolution, and bad orders changing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import hub, services
from matches.errors import MatchError
from matches.models import Event, Match, Order
from matches.selectors import player_view, viewer_for
from rules.battletech import codec
from rules.core.dice import Dice
from rules.rulesets import get_ruleset
from rules.rulesets.solaris.orders import move_order_from_json
from tests.matches.conftest import ALICE_ORDER, BOB_ORDER, fingerprint
from tests.matches.races import race_behind_row_lock

pytestmark = pytest.mark.django_db


def test_submit_stores_the_order_and_bumps_the_version(match: Match, alice: User) -> None:
    reply = services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)

    assert reply["type"] == "order_accepted"
    assert reply["v"] == 1
    assert reply["path"]["end"] == {"hex": "0814", "facing": 1}
    stored = Order.objects.get()
    assert (stored.turn, stored.phase, stored.unit, stored.side, stored.order) == (1, "movement", "A", "alice", ALICE_ORDER)
    match.refresh_from_db()
    assert match.version == 1
    assert list(match.events.values_list("version", "kind")) == [(0, "started"), (1, "submitted")]


def test_plot_answers_a_path_and_stores_nothing(match: Match, alice: User) -> None:
    before = fingerprint(match)

    reply = services.order_plot(match_id=match.pk, user=alice, order_json={"unit": "A", "mode": "run", "steps": ["F"]})

    assert reply["type"] == "plotted"
    assert reply["path"]["mode"] == "run"
    assert reply["path"]["end"]["hex"] == "0815"
    assert fingerprint(match) == before


def test_a_submitted_order_stays_secret_until_the_phase_resolves(
    match: Match, alice: User, bob: User, carol: User, published: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    others = (bob, carol, AnonymousUser())
    before = [player_view(match=match, viewer=viewer_for(match=match, user=user)) for user in others]

    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    match.refresh_from_db()

    assert published == [{"type": "submitted", "v": 1, "side": "alice", "player": "alice", "turn": 1, "phase": "movement",
                          "side_submitted": True}]
    # The opponent and spectators learn that alice submitted, and nothing else changes in what they see.
    for user, earlier in zip(others, before):
        view = player_view(match=match, viewer=viewer_for(match=match, user=user))
        expected_sides = [{**side, "submitted": side["side"] == "alice"} for side in earlier["sides"]]
        assert view == {**earlier, "v": 1, "match": {**earlier["match"], "version": 1}, "sides": expected_sides}
    alice_view = player_view(match=match, viewer=viewer_for(match=match, user=alice))
    assert alice_view["my_orders"] == [ALICE_ORDER]
    referee = User.objects.create_user("ref", is_staff=True)
    assert player_view(match=match, viewer=viewer_for(match=match, user=referee))["my_orders"] == [ALICE_ORDER]


def test_the_last_order_resolves_the_phase_once_with_the_match_dice(
    match: Match, alice: User, bob: User, published: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    initial = codec.state_from_json(match.state)
    with django_capture_on_commit_callbacks(execute=True):
        services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
        reply = services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)

    match.refresh_from_db()
    assert reply["v"] == 3
    assert (match.version, match.turn, match.phase) == (3, 2, "movement")
    assert [f["type"] for f in published] == ["submitted", "submitted", "playback"]
    playback = published[-1]
    assert (playback["v"], playback["turn"], playback["phase"]) == (3, 1, "movement")
    # The same seed and orders give the same timeline: the resolution can be replayed and checked.
    replay = get_ruleset("solaris").resolve_phase(
        initial, [move_order_from_json(ALICE_ORDER), move_order_from_json(BOB_ORDER)], Dice(f"{match.seed}:1:movement")
    )
    assert playback["timeline"] == codec.report_to_json(replay)
    units = {u["id"]: (u["hex"], u["facing"]) for u in match.state["units"]}
    assert units == {"A": ("0814", 1), "B": ("0804", 3)}
    assert Event.objects.filter(kind="playback").count() == 1


def _statements(captured: CaptureQueriesContext) -> list[str]:
    """The SQL a call sent, less the savepoints of the test's own transaction (a real request has none)."""
    sql = [q["sql"] for q in captured.captured_queries]
    return [statement.split(" ")[0] for statement in sql if not statement.startswith(("SAVEPOINT", "RELEASE"))]


def test_a_resolving_submit_costs_a_fixed_handful_of_queries(
    match: Match, alice: User, bob: User, published: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    """Submits queue for one database thread per process, so their queries are the concurrent-matches
    throughput (bench/README.md); this pins them so they cannot silently grow back."""
    with CaptureQueriesContext(connection) as everything:
        with django_capture_on_commit_callbacks(execute=True):
            with CaptureQueriesContext(connection) as first:
                services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
            with CaptureQueriesContext(connection) as last:
                services.order_submit(match_id=match.pk, user=bob, order_json=BOB_ORDER)

    # The seat with the locked match row, whether the match seats a bot and (PostgreSQL) the phase's orders in
    # one query; then the new order, its event and the match's version in one (data-modifying CTEs).
    postgresql = connection.vendor == "postgresql"
    reads, writes = (["SELECT"], ["WITH"]) if postgresql else (["SELECT", "SELECT"], ["INSERT", "INSERT", "UPDATE"])
    assert _statements(first) == [*reads, *writes]
    # The same: a match never annulled resolves on its phase's first dice stream without counting annulments;
    # the order's event and the playback in one INSERT.
    assert _statements(last) == [*reads, *writes]
    # Nothing after the commits: the bots' check came with the locked row.
    assert len(_statements(everything)) == 2 * (len(reads) + len(writes))
    assert [f["type"] for f in published] == ["submitted", "submitted", "playback"]
    match.refresh_from_db()
    assert list(match.events.values_list("version", "kind")) == [
        (0, "started"), (1, "submitted"), (2, "submitted"), (3, "playback")
    ]
    # Only a resolution writes the rules state back.
    update = 'UPDATE "matches_match" SET'
    first_update, last_update = (
        [q["sql"].partition(update)[2] for q in c.captured_queries if update in q["sql"]] for c in (first, last)
    )
    assert '"state"' not in first_update[0] and '"state"' in last_update[0]


def test_a_plot_reads_the_seat_with_the_match_in_one_query(match: Match, alice: User, carol: User) -> None:
    """A player plots a step at a time (one message per click), on the same database thread as the submits."""
    with CaptureQueriesContext(connection) as plot:
        services.order_plot(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    assert _statements(plot) == ["SELECT"]
    # Without a seat: the seat that is not there, then the match (refused, as a spectator).
    with CaptureQueriesContext(connection) as spectator, pytest.raises(MatchError):
        services.order_plot(match_id=match.pk, user=carol, order_json=ALICE_ORDER)
    assert _statements(spectator) == ["SELECT", "SELECT"]
    # A client that says the version it plotted at costs nothing more while that is the current version.
    with CaptureQueriesContext(connection) as current:
        services.order_plot(match_id=match.pk, user=alice, order_json=ALICE_ORDER, seen=match.version)
    assert _statements(current) == ["SELECT"]


def test_a_failed_broadcast_does_not_undo_the_committed_order(
    match: Match, alice: User, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """Clients that miss a broadcast catch up through the version; the order itself must stand."""

    def redis_down(**_: Any) -> None:
        raise ConnectionError("channel layer unreachable")

    monkeypatch.setattr(hub, "publish", redis_down)
    with django_capture_on_commit_callbacks(execute=True):
        reply = services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)

    assert reply["type"] == "order_accepted"
    assert Order.objects.filter(match=match, unit="A").exists()


@pytest.mark.parametrize(
    ("who", "order", "turn", "code"),
    [
        ("bob", ALICE_ORDER, None, "order.not_your_unit"),
        ("alice", {"unit": "Z", "mode": "walk", "steps": []}, None, "order.not_your_unit"),
        ("carol", ALICE_ORDER, None, "order.spectator"),
        ("anonymous", ALICE_ORDER, None, "order.spectator"),
        ("alice", ALICE_ORDER, 0, "order.phase_closed"),
        ("alice", {"unit": "A", "mode": "walk", "steps": ["F", "X"]}, None, "move.unknown_step"),
        ("alice", {"unit": "A", "mode": "walk", "steps": ["F"] * 6}, None, "move.insufficient_mp"),
        ("alice", {"unit": "A", "mode": "fly", "steps": ["F"]}, None, "order.malformed"),
        ("alice", ["F", "F"], None, "order.malformed"),
        ("alice", None, None, "order.malformed"),
    ],
)
def test_a_bad_order_gets_a_coded_error_and_changes_nothing(
    match: Match, alice: User, bob: User, carol: User, who: str, order: Any, turn: int | None, code: str
) -> None:
    user = {"alice": alice, "bob": bob, "carol": carol, "anonymous": AnonymousUser()}[who]
    before = fingerprint(match)

    for service in (services.order_plot, services.order_submit):
        with pytest.raises(MatchError) as caught:
            service(match_id=match.pk, user=user, order_json=order, turn=turn)
        assert caught.value.code == code

    assert fingerprint(match) == before


def test_a_second_order_for_the_same_unit_is_refused(match: Match, alice: User) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    before = fingerprint(match)

    with pytest.raises(MatchError) as caught:
        services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "A", "mode": "walk", "steps": []})

    assert caught.value.code == "order.already_submitted"
    assert fingerprint(match) == before


def test_orders_for_a_finished_match_are_refused(match: Match, alice: User) -> None:
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    with pytest.raises(MatchError) as caught:
        services.order_submit(match_id=match.pk, user=alice, order_json=ALICE_ORDER)
    assert caught.value.code == "order.phase_closed"


@pytest.mark.parametrize("service", [services.order_plot, services.order_submit])
def test_an_unknown_match_is_a_coded_404(match: Match, alice: User, service: Any) -> None:
    """alice is seated in another match: that seat must not stand for this one."""
    with pytest.raises(MatchError) as caught:
        service(match_id=999_999, user=alice, order_json=ALICE_ORDER)
    assert (caught.value.code, caught.value.status) == ("match.not_found", 404)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs on it)")
def test_two_racing_final_submissions_resolve_exactly_once(match: Match, alice: User, bob: User) -> None:
    """Both players' orders arrive while the row is locked; they must queue, and one of them resolves."""
    def submit(user: User, order: dict[str, Any]) -> Any:
        return lambda: services.order_submit(match_id=match.pk, user=user, order_json=order)

    outcomes = race_behind_row_lock(Match, match.pk, [submit(alice, ALICE_ORDER), submit(bob, BOB_ORDER)])

    assert not [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
    match.refresh_from_db()
    assert (match.version, match.turn) == (3, 2)
    assert list(match.events.values_list("version", "kind")) == [
        (0, "started"), (1, "submitted"), (2, "submitted"), (3, "playback")
    ]
