"""The referee role (issue 7): pause and resume, annul the last phase, set a unit's state; all logged."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import User

from matches import referee, services
from matches.errors import MatchError
from matches.models import Event, Match, Order, Participant
from matches.replay import replay_log
from rules.core.errors import RuleError
from rules.rulesets.solaris import SolarisRuleset
from rules.core.board import board_from_cells
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.units import Unit
from matches.selectors import player_view, viewer_for
from tests.matches.lobby_duels import start_lobby_duel

MOVES = {"A": {"unit": "A", "mode": "walk", "steps": ["F", "F"]}, "B": {"unit": "B", "mode": "walk", "steps": ["F"]}}


@pytest.fixture
def started(alice: User, bob: User) -> Match:
    return start_lobby_duel(alice, bob)


def _move_both(match: Match, alice: User, bob: User) -> None:
    services.order_submit(match_id=match.pk, user=alice, order_json=MOVES["A"])
    services.order_submit(match_id=match.pk, user=bob, order_json=MOVES["B"])


def test_a_paused_match_takes_no_orders_until_resumed(started: Match, ref: User, alice: User) -> None:
    referee.referee_pause(match_id=started.pk, user=ref, reason="alice's connection")
    with pytest.raises(MatchError) as error:
        services.order_submit(match_id=started.pk, user=alice, order_json=MOVES["A"])
    assert error.value.code == "order.phase_closed"
    referee.referee_resume(match_id=started.pk, user=ref, reason="back")
    services.order_submit(match_id=started.pk, user=alice, order_json=MOVES["A"])
    kinds = list(started.events.values_list("kind", flat=True))
    assert kinds[-3:] == [Event.Kind.PAUSED, Event.Kind.RESUMED, Event.Kind.SUBMITTED]
    assert started.events.get(kind=Event.Kind.PAUSED).payload == {"by": "ref", "reason": "alice's connection"}


def test_only_the_referee_may_and_always_with_a_reason(started: Match, ref: User, alice: User) -> None:
    with pytest.raises(MatchError) as error:
        referee.referee_pause(match_id=started.pk, user=alice, reason="I am losing")
    assert error.value.code == "referee.only"
    with pytest.raises(MatchError) as error:
        referee.referee_pause(match_id=started.pk, user=ref, reason="  ")
    assert error.value.code == "referee.reason"
    with pytest.raises(MatchError) as error:
        referee.referee_resume(match_id=started.pk, user=ref, reason="not paused")
    assert error.value.code == "referee.wrong_status"
    assert Match.objects.get(pk=started.pk).version == started.version


def test_annul_restores_the_state_before_the_last_phase_and_rerolls(started: Match, ref: User, alice: User,
                                                                     bob: User) -> None:
    before = started.state
    with pytest.raises(MatchError) as error:
        referee.referee_annul(match_id=started.pk, user=ref, reason="nothing yet")
    assert error.value.code == "referee.nothing_to_annul"
    _move_both(started, alice, bob)
    referee.referee_annul(match_id=started.pk, user=ref, reason="bob misclicked")
    started.refresh_from_db()
    assert (started.state, started.phase) == (before, "movement")
    assert not Order.objects.filter(match=started).exists()
    _move_both(started, alice, bob)  # the same orders are taken again
    playbacks = started.events.filter(kind=Event.Kind.PLAYBACK).order_by("version")
    assert [p.payload["attempt"] for p in playbacks] == [0, 1]
    replay = replay_log(Match.objects.get(pk=started.pk))
    assert replay.problems == []
    assert replay.phases[0]["annulled"] == "bob misclicked" and "annulled" not in replay.phases[1]


def test_override_moves_a_unit_and_is_replayed(started: Match, ref: User) -> None:
    referee.referee_override(match_id=started.pk, user=ref, unit="B", changes={"hex": "0505", "facing": 2},
                             reason="counter misplaced")
    started.refresh_from_db()
    unit = next(u for u in started.state["units"] if u["id"] == "B")
    assert (unit["hex"], unit["facing"]) == ("0505", 2)
    assert replay_log(started).problems == []


def test_override_onto_a_hex_another_unit_holds_is_refused_and_changes_nothing(started: Match, ref: User) -> None:
    """Stacking (Total Warfare): two mechs never share a hex, so the referee cannot set B down on A."""
    a_hex = next(u["hex"] for u in started.state["units"] if u["id"] == "A")
    with pytest.raises(MatchError) as error:
        referee.referee_override(match_id=started.pk, user=ref, unit="B", changes={"hex": a_hex}, reason="stack them")
    assert (error.value.code, error.value.status, error.value.params) == ("referee.hex_occupied", 409,
                                                                         {"hex": a_hex, "unit": "A"})
    after = Match.objects.get(pk=started.pk)
    assert (after.state, after.version) == (started.state, started.version)
    assert not after.events.filter(kind=Event.Kind.OVERRIDDEN).exists()
    # Setting a unit down in its own hex (to turn it, say) is no stacking.
    referee.referee_override(match_id=started.pk, user=ref, unit="A", changes={"hex": a_hex, "facing": 1}, reason="turn")


@pytest.mark.parametrize(
    ("unit", "changes", "code"),
    [
        ("B", {"armor": 99}, "referee.bad_changes"),
        ("B", {"facing": 9}, "referee.bad_changes"),
        ("B", {"prone": 1}, "referee.bad_changes"),
        ("Z", {"facing": 1}, "unit.unknown"),
        ("B", {"hex": "9999"}, "board.off_board"),
    ],
)
def test_bad_overrides_change_nothing(started: Match, ref: User, unit: str, changes: dict, code: str) -> None:
    with pytest.raises(MatchError) as error:
        referee.referee_override(match_id=started.pk, user=ref, unit=unit, changes=changes, reason="test")
    assert error.value.code == code
    assert Match.objects.get(pk=started.pk).state == started.state


def test_a_seated_referee_is_a_referee(started: Match, carol: User) -> None:
    Participant.objects.create(match=started, user=carol, role=Participant.Role.REFEREE)
    assert player_view(match=started, viewer=viewer_for(match=started, user=carol))["you"]["role"] == "referee"


def test_override_into_a_building_hex_held_only_on_another_floor_is_allowed() -> None:
    """Solaris VII 'Combate entre edificios': "Es posible que varias unidades ocupen el mismo hexágono si están en
    niveles diferentes del mismo edificio". B (on the ground) may be set down under A on the first floor, not
    beside A on A's own floor."""
    town = board_from_cells(16, 17, {"0505": {"terrain": "building:3;bldg_cf:90;bldg_elev:3"}})
    upstairs = GameState(town, (Unit("A", Hex.parse("0505"), 0, elevation=1), Unit("B", Hex.parse("0510"), 0)))
    assert SolarisRuleset().overridden(upstairs, "B", {"hex": "0505"}).unit("B").hex.label == "0505"
    downstairs = replace(upstairs, units=(replace(upstairs.unit("A"), elevation=0), upstairs.unit("B")))
    with pytest.raises(RuleError) as error:
        SolarisRuleset().overridden(downstairs, "B", {"hex": "0505"})
    assert error.value.code == "referee.hex_occupied"
