"""Secret orders (issue 7): every frame the opponent and a spectator receive while a player plots and submits is
recorded, in each phase with orders (movement, weapons, physical), and none of them gives the order away."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from tests.matches.duels import duel_match
from tests.matches.sockets import connect, frames_until, receive, receive_by_type, send

pytestmark = [
    pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_worker_connections"),
]

# Alice's orders, one per phase: a turn in place, fire from both arms, a kick. Bob's do nothing.
ALICE = {
    "movement": {"unit": "A", "mode": "walk", "steps": ["R", "L"]},
    "weapons": {"unit": "A", "target": "B", "weapons": ["Large Laser", "Medium Laser [LA]"], "twist": 0},
    "physical": {"unit": "A", "target": "B", "attack": "kick", "limb": "RL"},
}
BOB = {"movement": {"unit": "B", "mode": "walk", "steps": []}, "weapons": {"unit": "B"}, "physical": {"unit": "B"}}


async def everything_received(socket: WebsocketCommunicator, until: str) -> list[dict[str, Any]]:
    """Frames up to the first of type `until` (waited for, however busy the machine), and any that follow at once."""
    frames = await frames_until(socket, until)
    while not await socket.receive_nothing(timeout=0.2):
        frames.append(await receive(socket))
    return frames


def without_version_and_flags(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot less what a submission may change in public: the version and each side's `submitted` flag."""
    return {**snapshot, "v": None, "match": {**snapshot["match"], "version": None},
            "sides": [{**side, "submitted": None} for side in snapshot["sides"]]}


async def test_no_plotted_or_submitted_order_reaches_the_opponent_or_a_spectator(
    alice: User, bob: User, carol: User
) -> None:
    match = await database_sync_to_async(duel_match)(alice, bob, phase="movement")
    a, b, spectator = await connect(match, alice), await connect(match, bob), await connect(match, carol)
    for socket in (a, b, spectator):
        await receive(socket)

    for phase in ("movement", "weapons", "physical"):
        before = {name: await send(s, {"type": "resync"}) for name, s in (("bob", b), ("spectator", spectator))}
        plotted = await send(a, {"type": "plot", "order": ALICE[phase], "turn": 1, "phase": phase})
        assert plotted["type"] == "plotted", plotted
        await a.send_to(text_data=json.dumps({"type": "submit", "order": ALICE[phase], "turn": 1, "phase": phase}))
        assert [f["type"] for f in await receive_by_type(a, 2)] == ["order_accepted", "submitted"]

        for name, socket in (("bob", b), ("spectator", spectator)):
            heard = await everything_received(socket, until="submitted")
            # The only word of alice's order: that her side submitted one (its last), for this turn and phase.
            assert heard == [{"type": "submitted", "v": heard[0]["v"], "side": "alice", "player": "alice",
                              "turn": 1, "phase": phase, "side_submitted": True}], (phase, name, heard)
            # A snapshot asked for now differs from the one before only in the version and the flags.
            now = await send(socket, {"type": "resync"})
            assert now["my_orders"] == [] and now["sides"][0]["submitted"] is True
            assert without_version_and_flags(now) == without_version_and_flags(before[name]), (phase, name)

        await b.send_to(text_data=json.dumps({"type": "submit", "order": BOB[phase], "turn": 1, "phase": phase}))
        for socket in (a, b, spectator):
            resolved = [frame for frame in await everything_received(socket, until="playback") if frame["type"] == "playback"]
            assert [frame["phase"] for frame in resolved] == [phase], (phase, resolved)
        if phase == "weapons":
            attacks = resolved[0]["timeline"]["combat"][0]["attacks"]
            assert {attack["unit"] for attack in attacks} == {"A"}  # revealed once resolved, to everyone
    for socket in (a, b, spectator):
        await socket.disconnect()
