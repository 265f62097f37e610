"""The read-only `reach` and `los` requests and the match log (docs/protocol.md): who may ask, what they answer,
and that asking changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from matches import referee, services
from matches.errors import MatchError
from matches.models import Match
from matches.queries import attack_options, match_log, sight_line, unit_reach
from matches.pipeline import match_create
from rules.core.board import Board
from rules.rulesets import RULESETS
from tests.matches.duels import duel_match
from tests.matches.sockets import connect, receive, send
from tests.rulesets.sentry import SentryRuleset, SentryState, Trooper, hex_


def test_reach_lists_each_hex_once_at_its_cheapest(match: Match, alice: User) -> None:
    """The demo Wolverine in 0816 facing north walks 5 PM: one step ahead costs 1 PM ('Mover hacia
    delante': 1 PM per clear hex); woods cost more ('Bosque ligero' +1) and nothing lies beyond 5 PM."""
    reply = unit_reach(match_id=match.pk, user=alice, unit_id="A", mode="walk", turn=1)

    assert (reply["type"], reply["v"], reply["unit"], reply["mode"]) == ("reach", 0, "A", "walk")
    assert reply["hexes"]["0816"] == 0
    assert reply["hexes"]["0815"] == 1
    assert reply["hexes"]["0817"] == 1  # backwards, also 1 PM
    assert max(reply["hexes"].values()) == 5
    assert "0811" not in reply["hexes"]  # six hexes ahead is past the walking budget


def test_reach_gives_the_cheapest_path_to_each_hex_and_a_prone_mech_stands_up_first(match: Match, alice: User) -> None:
    """Plotting by destination (issue 16): the client plots the server's path to a clicked shaded hex."""
    reply = unit_reach(match_id=match.pk, user=alice, unit_id="A", mode="walk", turn=1)
    assert set(reply["paths"]) == set(reply["hexes"]) - {"0816"}
    assert reply["paths"]["0815"] == ["F"] and reply["paths"]["0817"] == ["B"]
    assert all(len(steps) <= 5 for steps in reply["paths"].values())

    match.state["units"][0]["prone"] = True  # A, fallen
    match.save()
    prone = unit_reach(match_id=match.pk, user=alice, unit_id="A", mode="walk", turn=1)
    assert prone["paths"]["0815"] == ["SU", "F"]
    assert prone["hexes"]["0815"] == 3  # standing up costs 2 PM (standard BattleTech), the step 1
    assert max(prone["hexes"].values()) == 5 and "0812" not in prone["hexes"]
    assert unit_reach(match_id=match.pk, user=alice, unit_id="A", mode="jump", turn=1)["paths"] == {}


def test_running_reaches_further_than_walking(match: Match, alice: User) -> None:
    walk = unit_reach(match_id=match.pk, user=alice, unit_id="A", mode="walk")["hexes"]
    run = unit_reach(match_id=match.pk, user=alice, unit_id="A", mode="run")["hexes"]

    assert set(walk) < set(run)
    assert max(run.values()) == 8  # run = ceil(1.5 × 5)


@pytest.mark.parametrize(
    ("who", "unit", "mode", "turn", "code"),
    [
        ("carol", "A", "walk", None, "order.spectator"),
        ("anonymous", "A", "walk", None, "order.spectator"),
        ("bob", "A", "walk", None, "order.not_your_unit"),
        ("alice", "Z", "walk", None, "order.not_your_unit"),
        ("alice", "A", "walk", 2, "order.phase_closed"),
        ("alice", "A", "fly", None, "message.malformed"),
        ("alice", 7, "walk", None, "message.malformed"),
    ],
)
def test_reach_is_for_the_units_own_player_in_the_current_phase(
    match: Match, alice: User, bob: User, carol: User, who: str, unit: Any, mode: Any, turn: int | None, code: str
) -> None:
    user = {"alice": alice, "bob": bob, "carol": carol, "anonymous": AnonymousUser()}[who]

    with pytest.raises(MatchError) as raised:
        unit_reach(match_id=match.pk, user=user, unit_id=unit, mode=mode, turn=turn)

    assert raised.value.code == code


def test_los_between_units_is_clear_across_open_ground(match: Match) -> None:
    reply = sight_line(match_id=match.pk, user=AnonymousUser(), source="A", target="B")

    assert (reply["type"], reply["from"], reply["to"], reply["los"], reply["modifier"]) == ("los", "A", "B", True, 0)
    assert reply["hexes"][0] == "0815" and reply["hexes"][-1] == "0803"
    assert "Terreno interviniente" in reply["reasons"][-1]


def test_los_blocked_by_woods_names_the_hexes_and_the_rule(match: Match, carol: User) -> None:
    """'Bosques dispersos', 'Bosques densos': 1 heavy with 1+ light woods hex between blocks the line."""
    reply = sight_line(match_id=match.pk, user=carol, source="A", target="0403")

    assert reply["los"] is False
    assert {"0405", "0505"} <= set(reply["hexes"])
    assert any("block the line" in reason for reason in reply["reasons"])


def test_los_from_a_bare_hex_looks_as_a_standing_mech_and_sums_the_woods(match: Match) -> None:
    """'Efectos del terreno interviniente': each light woods hex between adds +1."""
    reply = sight_line(match_id=match.pk, user=AnonymousUser(), source="0407", target="0403")

    assert (reply["los"], reply["modifier"], reply["hexes"]) == (True, 2, ["0406", "0405", "0404"])
    assert reply["reasons"][0].startswith("Looking from hex 0407 as a standing BattleMech")


@pytest.mark.parametrize(
    ("source", "target", "code"),
    [("A", "Z", "unit.unknown"), ("A", "9999", "board.off_board"), ("A", None, "message.malformed"),
     ("0000", "B", "board.invalid_hex")],
)
def test_a_bad_los_request_gets_a_coded_error(match: Match, source: Any, target: Any, code: str) -> None:
    with pytest.raises(MatchError) as raised:
        sight_line(match_id=match.pk, user=AnonymousUser(), source=source, target=target)

    assert raised.value.code == code


def test_a_game_that_offers_no_question_refuses_each(alice: User, bob: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """The questions are the ruleset's (Ruleset.queries): the Sentry test game offers none, so reach, los and
    attack options are refused with query.not_offered (409) naming the question, before anything is read."""
    monkeypatch.setitem(RULESETS, "sentry", SentryRuleset())
    state = SentryState(Board(12, 12), (Trooper("R", hex_("0510"), 0, side="alice"),
                                        Trooper("S", hex_("0606"), 0, side="bob", sentry=True)))
    match = match_create(state=state, players={"alice": alice, "bob": bob}, ruleset="sentry")
    asked = {
        "reach": lambda: unit_reach(match_id=match.pk, user=alice, unit_id="R", mode="walk"),
        "los": lambda: sight_line(match_id=match.pk, user=alice, source="R", target="S"),
        "attack_options": lambda: attack_options(match_id=match.pk, user=alice, unit_id="R", target="S"),
    }
    for name, ask in asked.items():
        with pytest.raises(MatchError) as raised:
            ask()
        assert (raised.value.code, raised.value.status, raised.value.params["query"]) == ("query.not_offered", 409, name)
        assert raised.value.message == f"This game has no {name!r} query."


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_worker_connections")
async def test_the_socket_answers_reach_and_los_to_the_asker_only(match: Match, alice: User) -> None:
    player, watcher = await connect(match, alice), await connect(match)
    await receive(player)
    await receive(watcher)

    reach = await send(player, {"type": "reach", "unit": "A", "mode": "walk", "turn": 1})
    los = await send(watcher, {"type": "los", "from": "A", "to": "0403"})
    refused = await send(watcher, {"type": "reach", "unit": "A", "mode": "walk"})

    assert (reach["type"], reach["hexes"]["0815"]) == ("reach", 1)
    assert (los["type"], los["los"]) == ("los", False)
    assert (refused["type"], refused["code"]) == ("error", "order.spectator")
    assert await player.receive_nothing()
    for socket in (player, watcher):
        await socket.disconnect()


def test_the_log_keeps_every_resolved_phase_for_the_whole_match(alice: User, bob: User, carol: User, ref: User) -> None:
    """Issue 16, the match log: every phase of every turn so far, as its playback frame went out, to anyone (a
    spectator of a match delayed by one phase only up to their horizon); an annulled phase says so."""
    duel = duel_match(alice, bob, phase="movement")
    # Its start is logged (version 0, as for every match created under way): the delay counts resolutions from it.
    Match.objects.filter(pk=duel.pk).update(options={"spectator_delay": 1})
    duel.refresh_from_db()
    assert match_log(match_id=duel.pk, user=alice) == {"v": duel.version, "phases": []}
    for user, unit in ((alice, "A"), (bob, "B")):
        services.order_submit(match_id=duel.pk, user=user, order_json={"unit": unit, "mode": "walk", "steps": []})
    for user, unit in ((alice, "A"), (bob, "B")):
        services.order_submit(match_id=duel.pk, user=user, order_json={"unit": unit})

    log = match_log(match_id=duel.pk, user=alice)
    assert [(p["type"], p["turn"], p["phase"]) for p in log["phases"]] == [
        ("playback", 1, "movement"), ("playback", 1, "weapons")]
    assert all("timeline" in p and "state" not in p for p in log["phases"])
    assert [p["phase"] for p in match_log(match_id=duel.pk, user=carol)["phases"]] == ["movement"]

    referee.referee_annul(match_id=duel.pk, user=ref, reason="a misclick")
    annulled = match_log(match_id=duel.pk, user=bob)["phases"]
    assert annulled[-1]["annulled"] == "a misclick" and "annulled" not in annulled[0]
    # The same over REST, during the match (the replay waits for its end); the delayed spectator's horizon went
    # back to the start with the annulment.
    player = Client()
    player.force_login(alice)
    assert player.get(f"/api/matches/{duel.pk}/log/").json()["phases"] == annulled
    assert Client().get(f"/api/matches/{duel.pk}/log/").json()["phases"] == []
    assert Client().get("/api/matches/999999/log/").json()["code"] == "match.not_found"


def test_attack_options_check_each_weapon_alone_and_name_why_one_cannot_fire(alice: User, bob: User) -> None:
    """Issue 16: the attack panel greys out, before anything is declared, each weapon that cannot bear or reach,
    with the rule's code; the others carry their target number. A's Phoenix Hawk faces north in 0808, B is right
    behind it in 0809: no weapon covers the rear arc (TW firing arcs)."""
    behind = duel_match(alice, bob, poses={"A": ("0808", 0), "B": ("0809", 3)})
    options = attack_options(match_id=behind.pk, user=alice, unit_id="A", target="B")
    weapons = {o["choice"]: o for o in options["options"]}
    assert set(weapons) == {"26", "27", "32", "33", "34"}  # the Phoenix Hawk's lasers and machine guns
    assert {o["error"]["code"] for o in weapons.values()} == {"attack.out_of_arc"}
    assert all(o["legal"] is False and o["error"]["params"]["weapon"] == choice for choice, o in weapons.items())

    facing = duel_match(alice, bob)  # face to face, adjacent
    options = attack_options(match_id=facing.pk, user=alice, unit_id="A", target="B", twist=0)["options"]
    assert all(o["legal"] and o["to_hit"]["target"] >= 2 for o in options)
    with pytest.raises(MatchError) as refused:
        attack_options(match_id=facing.pk, user=bob, unit_id="A", target="B")
    assert refused.value.code == "order.not_your_unit"
    with pytest.raises(MatchError) as malformed:
        attack_options(match_id=facing.pk, user=alice, unit_id="A", target="B", twist=2)
    assert malformed.value.code == "message.malformed"


def test_attack_options_of_the_physical_phase_say_which_attacks_the_rules_allow(alice: User, bob: User) -> None:
    """Face to face and adjacent after standing still: punches and kicks can be made; a charge cannot (TW: a charge is
    made by entering the target's hex in the movement phase), nor death from above (it needs a jump)."""
    duel = duel_match(alice, bob, phase="physical")
    options = {o["choice"]: o for o in attack_options(match_id=duel.pk, user=alice, unit_id="A", target="B")["options"]}
    assert list(options) == ["punch:RA", "punch:LA", "kick:RL", "kick:LL", "push:", "charge:", "dfa:"]
    assert options["punch:RA"]["legal"] and options["kick:LL"]["legal"]
    assert not options["charge:"]["legal"] and not options["dfa:"]["legal"]
    assert options["dfa:"]["error"]["code"].startswith("attack.")
    # Over REST, for the unit's own player.
    player = Client()
    player.force_login(alice)
    answer = player.get(f"/api/matches/{duel.pk}/attack-options/?unit=A&target=B").json()
    assert [o["choice"] for o in answer["options"]] == list(options)
    assert Client().get(f"/api/matches/{duel.pk}/attack-options/?unit=A&target=B").json()["code"] == "order.spectator"
