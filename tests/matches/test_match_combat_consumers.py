"""Attack orders over the match websocket: plot answers the owner alone, a declaration reaches the others only
as "submitted", the batched playback reaches everyone alike (but for the ammunition left, which each side sees of
its own mechs only), and a refused attack is a coded error frame."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from tests.matches.conftest import fingerprint, shared_part
from tests.matches.duels import LARGE_LASER, duel_match
from tests.matches.sockets import connect, receive, receive_by_type, send

pytestmark = [
    pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_worker_connections"),
]

ALICE_FIRE = {"unit": "A", "target": "B", "weapons": ["Large Laser", "Medium Laser [RA]"], "twist": 0}
BOB_FIRE = {"unit": "B", "target": "A", "weapons": ["Medium Laser"], "twist": 0}


async def test_declared_fire_stays_secret_and_the_playback_reaches_everyone(alice: User, bob: User) -> None:
    match = await database_sync_to_async(duel_match)(alice, bob)
    sockets = [await connect(match, alice), await connect(match, bob), await connect(match)]
    a, b, spectator = sockets
    for socket in sockets:
        assert (await receive(socket))["mechs"]["A"]["design"] == "Phoenix Hawk PXH-1"

    plotted = await send(a, {"type": "plot", "order": ALICE_FIRE, "turn": 1, "phase": "weapons"})
    assert plotted["type"] == "plotted"
    assert [attack["attack"] for attack in plotted["attacks"]["attacks"]] == ["Large Laser [RA]", "Medium Laser [RA]"]
    modifiers = plotted["attacks"]["attacks"][0]["to_hit"]["modifiers"]
    assert any(m["value"] == 4 and m["reason"] == "gunnery skill 4" for m in modifiers)
    assert await b.receive_nothing() and await spectator.receive_nothing()

    await a.send_to(text_data=json.dumps({"type": "submit", "order": ALICE_FIRE, "turn": 1, "phase": "weapons"}))
    accepted, submitted = await receive_by_type(a, 2)
    assert (accepted["type"], accepted["order"]) == ("order_accepted", ALICE_FIRE)
    assert accepted["attacks"] == plotted["attacks"]
    heard = {"type": "submitted", "v": 1, "side": "alice", "player": "alice", "turn": 1, "phase": "weapons",
             "side_submitted": True}
    assert submitted == {**heard, "order": ALICE_FIRE}  # her own order, to her alone
    assert await receive(b) == heard and await receive(spectator) == heard  # no target, no weapons

    await b.send_to(text_data=json.dumps({"type": "submit", "order": BOB_FIRE, "turn": 1, "phase": "weapons"}))
    assert [f["type"] for f in await receive_by_type(b, 3)] == ["order_accepted", "playback", "submitted"]
    playbacks = []
    for socket in (a, spectator):
        await receive(socket)  # bob's submitted
        playbacks.append(await receive(socket))
    assert shared_part(playbacks[0]) == shared_part(playbacks[1])
    assert [("ammo" in mech) for mech in playbacks[0]["view"]["mechs"].values()] == [True, False]
    assert not any("ammo" in mech for mech in playbacks[1]["view"]["mechs"].values())
    attacks = playbacks[0]["timeline"]["combat"][0]["attacks"]
    assert [(x["unit"], x["attack"]) for x in attacks] == [
        ("A", "Large Laser [RA]"), ("A", "Medium Laser [RA]"), ("B", "Medium Laser [RA]"),
    ]
    assert all(x["roll"]["target"] == x["to_hit"]["target"] for x in attacks)
    for socket in sockets:
        await socket.disconnect()


@pytest.mark.parametrize(
    ("setup", "order", "code"),
    [
        ({"poses": {"A": ("0808", 0), "B": ("0809", 0)}}, ALICE_FIRE, "attack.out_of_arc"),
        ({"poses": {"A": ("0808", 0), "B": ("0803", 3)}, "hills": {"0806": 4}}, ALICE_FIRE, "attack.no_los"),
        ({"poses": {"A": ("0808", 0), "B": ("0803", 3)}},
         {"unit": "A", "target": "B", "weapons": ["Machine Gun"]}, "attack.out_of_range"),
        ({"a_status": {"fired": frozenset({LARGE_LASER})}}, ALICE_FIRE, "attack.already_fired"),
        ({"a_status": {"hit_slots": frozenset({("RA", 4)})}}, ALICE_FIRE, "attack.weapon_destroyed"),
        ({}, {"unit": "A", "target": "B", "weapons": ["Gauss Rifle"]}, "attack.unknown_weapon"),
        ({}, {"unit": "B", "target": "A", "weapons": ["Medium Laser"]}, "order.not_your_unit"),
        ({"phase": "physical"}, {"unit": "A", "target": "B", "attack": "headbutt"}, "attack.unknown_kind"),
        ({"phase": "physical"}, {"unit": "A", "target": "B", "attack": "punch", "limb": "RL"}, "attack.physical_not_allowed"),
    ],
)
async def test_a_refused_attack_is_a_coded_error_and_stores_nothing(
    alice: User, bob: User, setup: dict[str, Any], order: dict[str, Any], code: str
) -> None:
    """Total Warfare's weapon attack checks (line of sight, firing arc, range, each weapon once per turn, no
    destroyed weapon), as the rules library applies them; the socket reports them without changing anything."""
    match = await database_sync_to_async(duel_match)(alice, bob, **setup)
    socket, watcher = await connect(match, alice), await connect(match)
    await receive(socket)
    await receive(watcher)
    before = await database_sync_to_async(fingerprint)(match)

    for kind in ("plot", "submit"):
        error = await send(socket, {"type": kind, "order": order, "turn": 1})
        assert (error["type"], error["code"], error["v"]) == ("error", code, 0)
        assert error["message"]

    assert await database_sync_to_async(fingerprint)(match) == before
    assert await watcher.receive_nothing()
    for s in (socket, watcher):
        await s.disconnect()
