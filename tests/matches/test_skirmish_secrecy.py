"""Hidden deployment stays hidden in every viewer's frames (issue 21, "the secrecy of hidden deployment in every
viewer's frames"): a troop in hidden deployment that a reaction window asks is named as asked, and as having
answered, only to its own side and the referee; the opponent, spectators and the snapshot's reaction panel of
the other side never see it, nor among the units a phase awaits."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from django.contrib.auth.models import User

from matches import reactions, services
from matches.frames import PUBLIC, REFEREE, Viewer, event_frame
from matches.models import Event, Match
from matches.pipeline import match_create
from matches.selectors import open_window, player_view
from rules.core.board import Board
from rules.rulesets.skirmish.example import troop
from rules.rulesets.skirmish.state import SkirmishState, pool_of

ALICE, BOB = Viewer(role="player", side="a"), Viewer(role="player", side="b")


@pytest.fixture
def ambush(alice: User, bob: User) -> Match:
    """F (alice's) in 0606; T (bob's, hidden) and Z (bob's, in plain sight) both watch it from 0602 and 0610."""
    units = (troop("F", "0606", 0, "a", "infantry"), troop("T", "0602", 3, "b", "infantry", hidden=True),
             troop("Z", "0610", 0, "b", "infantry"))
    state = SkirmishState(Board(12, 12), units, sides=("a", "b"), active="a")
    state = SkirmishState(state.board, units, sides=state.sides, active="a", pool=pool_of(state, "a"))
    return match_create(state=state, players={"a": alice, "b": bob}, ruleset="skirmish", title="Ambush")


def last(match: Match, kind: str) -> Event:
    return match.events.filter(kind=kind).order_by("-version").first()


def test_a_hidden_troop_asked_to_react_is_named_to_its_own_side_and_the_referee_only(
        ambush: Match, alice: User, bob: User) -> None:
    services.order_submit(match_id=ambush.pk, user=alice, order_json={"unit": "F", "skills": [
        {"skill": "move", "path": ["0605"]}]})
    ambush.refresh_from_db()
    # Z, seen by everyone, is asked where its line of fire opens; then T, hidden, at the end of the skill.
    reactions.react(match_id=ambush.pk, user=bob, window=last(ambush, Event.Kind.REACTION_WINDOW).payload["window"]["key"],
                    unit="Z", order=None)
    ambush.refresh_from_db()
    window = last(ambush, Event.Kind.REACTION_WINDOW)
    assert window.payload["window"]["units"] == ["T"]
    asked = {name: event_frame(match=ambush, event=window, viewer=viewer)["window"]["units"]
             for name, viewer in (("alice", ALICE), ("bob", BOB), ("public", PUBLIC), ("referee", REFEREE))}
    assert asked == {"alice": [], "bob": ["T"], "public": [], "referee": ["T"]}
    assert player_view(match=ambush, viewer=ALICE)["reaction"]["window"]["units"] == []

    key = window.payload["window"]["key"]
    reactions.react(match_id=ambush.pk, user=bob, window=key, unit="T", order=None)
    ambush.refresh_from_db()
    answered = last(ambush, Event.Kind.REACTED)
    assert "unit" not in event_frame(match=ambush, event=answered, viewer=ALICE)
    assert "unit" not in event_frame(match=ambush, event=answered, viewer=PUBLIC)
    assert event_frame(match=ambush, event=answered, viewer=BOB)["unit"] == "T"

    # The order resolves and bob's active turn begins; T, still hidden, is awaited unseen by alice.
    playback = last(ambush, Event.Kind.PLAYBACK)
    assert event_frame(match=ambush, event=playback, viewer=ALICE)["view"]["awaits"] == ["Z"]
    assert event_frame(match=ambush, event=playback, viewer=BOB)["view"]["awaits"] == ["T", "Z"]
    public = event_frame(match=ambush, event=playback, viewer=PUBLIC)
    assert [unit["id"] for unit in public["view"]["units"]] == ["F", "Z"] and public["view"]["awaits"] == ["Z"]
    # T's pass leaves no trace in the play everyone watches.
    assert {event["unit"] for tick in public["timeline"]["ticks"] for event in tick} == {"F", "Z"}


def _frames_of_an_order(match: Match, alice: User, bob: User) -> dict[str, list[dict[str, Any]]]:
    """alice's order played to its end, bob passing every window as it opens: each viewer's frames of every
    event it logged, with each window's deadline as seconds after its event (the rest of a frame as sent)."""
    first = match.version
    services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "F", "skills": [
        {"skill": "move", "path": ["0605", "0604"]}, {"skill": "move", "path": ["0504"]}]})
    match.refresh_from_db()
    while (window := open_window(match)) is not None:
        payload = window.payload
        asked = payload["window"]["units"]
        answered = set(match.events.filter(kind=Event.Kind.REACTED, payload__window=payload["window"]["key"])
                       .values_list("payload__unit", flat=True))
        unit = next(unit for unit in asked if unit not in answered)
        reactions.react(match_id=match.pk, user=bob, window=payload["window"]["key"], unit=unit, order=None)
        match.refresh_from_db()
    frames: dict[str, list[dict[str, Any]]] = {"alice": [], "public": [], "bob": []}
    for event in match.events.filter(version__gt=first).order_by("version"):
        for name, viewer in (("alice", ALICE), ("public", PUBLIC), ("bob", BOB)):
            frame = event_frame(match=match, event=event, viewer=viewer)
            if "deadline" in frame:
                frame["deadline"] = round((datetime.fromisoformat(frame["deadline"]) - event.created_at).total_seconds())
            frames[name].append(frame)
    return frames


def test_the_other_sides_frames_are_the_same_whether_a_hidden_troop_sees_or_not(alice: User, bob: User) -> None:
    # A window asking only a troop in hidden deployment at the step where its line of fire opened made the match
    # wait for bob exactly when T could see F: alice learnt it was there, and from the window's step, where.
    # T is asked at the end of every skill instead (rules/rulesets/skirmish/ambush.py, docs/skirmish.md).
    def match(t_facing: int) -> Match:
        units = (troop("F", "0606", 0, "a", "infantry"), troop("T", "0602", t_facing, "b", "infantry", hidden=True),
                 troop("Z", "0110", 0, "b", "infantry"))
        state = SkirmishState(Board(12, 12), units, sides=("a", "b"), active="a")
        state = SkirmishState(state.board, units, sides=state.sides, active="a", pool=pool_of(state, "a"))
        return match_create(state=state, players={"a": alice, "b": bob}, ruleset="skirmish", title=f"T faces {t_facing}")

    seen = _frames_of_an_order(match(3), alice, bob)  # T faces F: its line of fire opens during the first Move
    unseen = _frames_of_an_order(match(0), alice, bob)  # T faces away: no line of fire at any step
    kinds = [frame["type"] for frame in seen["alice"]]
    # Z (seen) where its line of fire opens, and T at the end of each of the two Moves.
    assert kinds.count(Event.Kind.REACTION_WINDOW) == 3 and kinds[-1] == Event.Kind.PLAYBACK
    assert seen["alice"] == unseen["alice"] and seen["public"] == unseen["public"]
    # bob's own frames tell the two apart only in what T may do (his snapshot): the same kinds, in the same order.
    assert [frame["type"] for frame in seen["bob"]] == [frame["type"] for frame in unseen["bob"]]


def test_a_side_that_gave_the_order_the_phase_takes_is_submitted_while_its_reactions_are_played(
        alice: User, bob: User) -> None:
    """An order phase takes one order of the active player's pool ("any order may be spent on any of its troops":
    rules.rulesets.skirmish.state), not one per troop the phase awaits: once alice gave it, her side is shown as
    submitted to everyone while bob's reaction window is open (before: she still owed one for her other troop)."""
    units = (troop("F", "0606", 0, "a", "infantry"), troop("G", "0111", 0, "a", "infantry"),
             troop("T", "0602", 3, "b", "infantry", hidden=True), troop("Z", "0610", 0, "b", "infantry"))
    state = SkirmishState(Board(12, 12), units, sides=("a", "b"), active="a")
    state = SkirmishState(state.board, units, sides=state.sides, active="a", pool=pool_of(state, "a"))
    match = match_create(state=state, players={"a": alice, "b": bob}, ruleset="skirmish", title="Ambush")

    def flags(viewer: Viewer) -> dict[str, bool]:
        match.refresh_from_db()
        return {side["side"]: side["submitted"] for side in player_view(match=match, viewer=viewer)["sides"]}

    assert {name: flags(viewer) for name, viewer in (("alice", ALICE), ("bob", BOB))} == {
        "alice": {"a": False, "b": True}, "bob": {"a": False, "b": True}}
    services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "F", "skills": [
        {"skill": "move", "path": ["0605"]}]})
    match.refresh_from_db()
    assert open_window(match) is not None
    for viewer in (ALICE, BOB, PUBLIC, REFEREE):
        assert flags(viewer) == {"a": True, "b": True}, viewer
