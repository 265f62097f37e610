"""Stale version (issue 7, bad input): an order that says the version it was plotted at (`v`) is refused with
`order.stale_version` once the position changed after that version, and nothing changes."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from matches import referee, services
from matches.errors import MatchError
from matches.models import Match, Order
from tests.matches.lobby_duels import start_lobby_duel
from tests.matches.sockets import connect, receive, send

A_MOVE = {"unit": "A", "mode": "walk", "steps": ["F", "F"]}
B_MOVE = {"unit": "B", "mode": "walk", "steps": ["F"]}


@pytest.fixture
def started(alice: User, bob: User) -> Match:
    return start_lobby_duel(alice, bob)


def refused_as_stale(match: Match, user: User, order: dict, seen: int) -> MatchError:
    before = (Match.objects.get(pk=match.pk).version, Order.objects.count())
    with pytest.raises(MatchError) as error:
        services.order_submit(match_id=match.pk, user=user, order_json=order, seen=seen)
    assert (Match.objects.get(pk=match.pk).version, Order.objects.count()) == before
    assert error.value.code == "order.stale_version" and error.value.status == 409
    return error.value


@pytest.mark.django_db
def test_an_order_plotted_before_a_referees_correction_is_refused(started: Match, alice: User, ref: User) -> None:
    plotted_at = started.version
    assert services.order_plot(match_id=started.pk, user=alice, order_json=A_MOVE, seen=plotted_at)["type"] == "plotted"
    # The referee puts A's counter back where it belongs: "F", "F" from there is another path.
    referee.referee_override(match_id=started.pk, user=ref, unit="A", changes={"hex": "0915"}, reason="misplaced")

    error = refused_as_stale(started, alice, A_MOVE, plotted_at)
    assert error.params["v"] == plotted_at + 1
    answer = services.order_submit(match_id=started.pk, user=alice, order_json=A_MOVE, seen=error.params["v"])
    assert answer["type"] == "order_accepted"


@pytest.mark.django_db
def test_a_resolution_makes_older_orders_stale_but_a_submission_or_a_pause_does_not(
    started: Match, alice: User, bob: User, ref: User
) -> None:
    opened = started.version
    services.order_submit(match_id=started.pk, user=alice, order_json=A_MOVE, seen=opened)
    referee.referee_pause(match_id=started.pk, user=ref, reason="tea")
    referee.referee_resume(match_id=started.pk, user=ref, reason="back")
    services.order_submit(match_id=started.pk, user=bob, order_json=B_MOVE, seen=opened)  # resolves movement
    started.refresh_from_db()
    assert started.phase == "weapons"

    refused_as_stale(started, alice, {"unit": "A"}, opened)
    refused_as_stale(started, alice, {"unit": "A"}, started.version + 1)  # a version not reached yet
    assert services.order_submit(match_id=started.pk, user=alice, order_json={"unit": "A"}, seen=started.version)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_over_the_socket_v_is_checked_and_must_be_a_number(started: Match, alice: User, ref: User) -> None:
    socket = await connect(started, alice)
    plotted_at = (await receive(socket))["v"]
    await database_sync_to_async(referee.referee_override)(
        match_id=started.pk, user=ref, unit="A", changes={"facing": 1}, reason="misplaced"
    )
    assert (await receive(socket))["type"] == "overridden"

    error = await send(socket, {"type": "submit", "order": A_MOVE, "v": plotted_at})
    assert (error["type"], error["code"], error["params"]["v"]) == ("error", "order.stale_version", plotted_at + 1)
    malformed = await send(socket, {"type": "plot", "order": A_MOVE, "v": "latest"})
    assert malformed["code"] == "message.malformed"
    accepted = await send(socket, {"type": "plot", "order": A_MOVE, "v": plotted_at + 1})
    assert accepted["type"] == "plotted"
    await socket.disconnect()
