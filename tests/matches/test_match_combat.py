"""Combat through the one pipeline (issue 6): a full scripted turn of the demo duel with weapon and physical
attacks, declared attacks kept secret until their phase resolves (issue 7), and the match's end."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.management import call_command

from matches import services
from matches.errors import MatchError
from matches.management.commands.demo import DEMO_TITLE
from matches.models import Event, Match, Order
from matches.pipeline import match_create
from matches.selectors import player_view, viewer_for
from matches.snapshots import encoded_frames_since
from rules.battletech import codec
from rules.rulesets.solaris.demo import demo_state
from rules.core.dice import Dice
from rules.rulesets import get_ruleset
from rules.rulesets.solaris.orders import move_order_from_json, weapon_order_from_json
from tests.matches.duels import duel_match

pytestmark = pytest.mark.django_db

STAND_STILL = {"A": {"unit": "A", "mode": "walk", "steps": []}, "B": {"unit": "B", "mode": "walk", "steps": []}}
ALICE_FIRE = {"unit": "A", "target": "B", "weapons": ["Large Laser", "Medium Laser [LA]"], "twist": 0}
BOB_FIRE = {"unit": "B", "target": "A", "weapons": ["Medium Laser", "SRM 2"], "twist": 0}
# The left arm fired, so alice kicks (TW: an arm that fired a weapon this turn cannot punch).
ALICE_KICK = {"unit": "A", "target": "B", "attack": "kick", "limb": "RL"}
BOB_NO_ATTACK = {"unit": "B", "target": "", "attack": "", "limb": ""}


def submit(match: Match, user: User, order: dict[str, Any], capture: Any) -> dict[str, Any]:
    with capture(execute=True):
        return services.order_submit(match_id=match.pk, user=user, order_json=order, turn=1, phase=match.phase)


def test_a_full_turn_of_fire_and_kicks_ends_the_match_at_its_turn_limit(
    alice: User, bob: User, carol: User, published: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    match = duel_match(alice, bob, phase="movement", turn_limit=1)
    capture = django_capture_on_commit_callbacks
    ruleset = get_ruleset("solaris")
    expected = codec.state_from_json(match.state)

    submit(match, alice, STAND_STILL["A"], capture)
    submit(match, bob, STAND_STILL["B"], capture)
    match.refresh_from_db()
    assert (match.turn, match.phase, published[-1]["type"]) == (1, "weapons", "playback")
    expected = ruleset.resolve_phase(
        expected, [move_order_from_json(STAND_STILL[u]) for u in "AB"], Dice(f"{match.seed}:1:movement")
    ).state

    # Plotting fire answers alice alone with each weapon's target number and modifiers; nothing is stored.
    before = (match.version, Order.objects.count(), len(published))
    plotted = services.order_plot(match_id=match.pk, user=alice, order_json=ALICE_FIRE, turn=1, phase="weapons")
    assert plotted["order"] == ALICE_FIRE
    attacks = plotted["attacks"]["attacks"]
    assert [a["attack"] for a in attacks] == ["Large Laser [RA]", "Medium Laser [LA]"]
    assert all(a["to_hit"]["target"] == sum(m["value"] for m in a["to_hit"]["modifiers"]) for a in attacks)
    match.refresh_from_db()
    assert (match.version, Order.objects.count(), len(published)) == before

    accepted = submit(match, alice, ALICE_FIRE, capture)
    assert accepted["attacks"]["attacks"] == attacks
    # Bob, carol and anonymous spectators learn only that alice has declared: not her target nor her weapons.
    assert published[-1] == {"type": "submitted", "v": match.version + 1, "side": "alice", "player": "alice",
                             "turn": 1, "phase": "weapons", "side_submitted": True}
    match.refresh_from_db()
    for user in (bob, carol, AnonymousUser()):
        viewer = viewer_for(match=match, user=user)
        assert player_view(match=match, viewer=viewer)["my_orders"] == []
        [(_, text)] = encoded_frames_since(match=match, viewer=viewer, version=match.version - 1)
        assert "order" not in json.loads(text)
    assert player_view(match=match, viewer=viewer_for(match=match, user=alice))["my_orders"] == [ALICE_FIRE]

    submit(match, bob, BOB_FIRE, capture)
    weapons = published[-1]
    assert (weapons["type"], weapons["turn"], weapons["phase"]) == ("playback", 1, "weapons")
    expected_weapons = ruleset.resolve_phase(
        expected, [weapon_order_from_json(ALICE_FIRE), weapon_order_from_json(BOB_FIRE)],
        Dice(f"{match.seed}:1:weapons"),
    )
    assert weapons["timeline"] == codec.report_to_json(expected_weapons)
    fired = [(a["unit"], a["attack"]) for a in weapons["timeline"]["combat"][0]["attacks"]]
    assert fired == [("A", "Large Laser [RA]"), ("A", "Medium Laser [LA]"), ("B", "Medium Laser [RA]"), ("B", "SRM 2 [HD]")]
    assert all("roll" in a and "damage" in a for a in weapons["timeline"]["combat"][0]["attacks"])

    match.refresh_from_db()
    assert match.phase == "physical"
    to_order = set(ruleset.awaits(codec.state_from_json(match.state)))
    assert to_order == {"A", "B"}, "this seed knocks nobody down in the weapons phase"
    submit(match, alice, ALICE_KICK, capture)
    submit(match, bob, BOB_NO_ATTACK, capture)

    # The physical attacks, the heat phase and the end of turn 1 come as one batched playback; the turn
    # limit then decides the match on victory points.
    playback, finished = published[-2:]
    reports = [report["phase"] for report in playback["timeline"]["combat"]]
    assert reports[0] == "physical" and "heat" in reports
    assert playback["timeline"]["combat"][0]["attacks"][0]["attack"] == "kick (RL)"
    match.refresh_from_db()
    result = match.state["result"]
    assert finished == {"type": "finished", "v": match.version, "result": result}
    assert result["reason"] == "turn limit 1 reached: victory points decide"
    assert set(result["victory_points"]) == {"alice", "bob"}
    assert (match.status, match.phase) == (Match.Status.FINISHED, "over")
    assert player_view(match=match, viewer=viewer_for(match=match, user=carol))["match"]["result"] == result

    with pytest.raises(MatchError) as error:
        services.order_submit(match_id=match.pk, user=alice, order_json=STAND_STILL["A"])
    assert error.value.code == "order.phase_closed"
    assert Event.objects.filter(match=match, kind="finished").count() == 1


def test_a_move_sent_after_movement_resolved_is_not_taken_as_holding_fire(
    alice: User, bob: User, published: list[dict[str, Any]]
) -> None:
    """A movement order must not read as a weapon order without weapons: refused by the phase it names, and
    without one, by its keys."""
    match = duel_match(alice, bob, phase="weapons")

    with pytest.raises(MatchError) as error:
        services.order_submit(match_id=match.pk, user=alice, order_json=STAND_STILL["A"], turn=1, phase="movement")

    assert error.value.code == "order.phase_closed"
    with pytest.raises(MatchError) as error:
        services.order_submit(match_id=match.pk, user=alice, order_json=STAND_STILL["A"], turn=1)
    assert error.value.code == "order.malformed"
    assert Order.objects.count() == 0 and published == []


def test_the_snapshot_shows_every_viewer_the_mechs_condition_and_weapons(alice: User, bob: User) -> None:
    match = duel_match(alice, bob)

    view = player_view(match=match, viewer=viewer_for(match=match, user=AnonymousUser()))

    assert view["mechs"]["A"]["design"] == "Phoenix Hawk PXH-1"
    large_laser = next(w for w in view["mechs"]["A"]["weapons"] if w["name"] == "Large Laser")
    assert large_laser["range"] == {"minimum": 0, "short": 5, "medium": 10, "long": 15, "underwater": [3, 6, 9]}
    assert (large_laser["fired"], large_laser["destroyed"]) == (False, False)
    assert view["mechs"]["B"]["active"] and view["match"]["result"] is None
    # Ammunition left: only the mech's own player and the referee see it (issue 16, the record sheet).
    assert not any("ammo" in mech for mech in view["mechs"].values())
    alices = player_view(match=match, viewer=viewer_for(match=match, user=alice))["mechs"]
    assert "ammo" in alices["A"] and "ammo" not in alices["B"]


def test_the_demo_match_is_equipped_to_fight() -> None:
    call_command("demo")
    call_command("demo")

    demo = Match.objects.get(title=DEMO_TITLE)
    designs = {unit_id: f"{m['design']['chassis']} {m['design']['model']}" for unit_id, m in demo.state["mechs"].items()}
    assert designs == {"A": "Phoenix Hawk PXH-1", "B": "Shadow Hawk SHD-2H"}
    assert [u["name"] for u in demo.state["units"]] == ["Phoenix Hawk PXH-1", "Shadow Hawk SHD-2H"]


def test_a_demo_match_from_before_the_designs_is_kept_and_still_moves(alice: User, bob: User) -> None:
    older = match_create(state=demo_state(), players={"alice": alice, "bob": bob}, title="Demo duel")

    call_command("demo")

    assert list(Match.objects.filter(title=DEMO_TITLE).values_list("pk", flat=True)) == [older.pk]
    services.order_submit(match_id=older.pk, user=alice, order_json=STAND_STILL["A"])
    services.order_submit(match_id=older.pk, user=bob, order_json=STAND_STILL["B"])
    older.refresh_from_db()
    assert (older.turn, older.phase, "mechs" in older.state) == (2, "movement", False)
