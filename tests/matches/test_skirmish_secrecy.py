"""Hidden deployment stays hidden in every viewer's frames (issue 21, "the secrecy of hidden deployment in every
viewer's frames"): a troop in hidden deployment that a reaction window asks is named as asked, and as having
answered, only to its own side and the referee; the opponent, spectators and the snapshot's reaction panel of
the other side never see it, nor among the units a phase awaits."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from matches import reactions, services
from matches.frames import PUBLIC, REFEREE, Viewer, event_frame
from matches.models import Event, Match
from matches.pipeline import match_create
from matches.selectors import player_view
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
    window = last(ambush, Event.Kind.REACTION_WINDOW)
    assert window.payload["window"]["units"] == ["T", "Z"]
    asked = {name: event_frame(match=ambush, event=window, viewer=viewer)["window"]["units"]
             for name, viewer in (("alice", ALICE), ("bob", BOB), ("public", PUBLIC), ("referee", REFEREE))}
    assert asked == {"alice": ["Z"], "bob": ["T", "Z"], "public": ["Z"], "referee": ["T", "Z"]}
    assert player_view(match=ambush, viewer=ALICE)["reaction"]["window"]["units"] == ["Z"]

    key = window.payload["window"]["key"]
    reactions.react(match_id=ambush.pk, user=bob, window=key, unit="T", order=None)
    ambush.refresh_from_db()
    answered = last(ambush, Event.Kind.REACTED)
    assert "unit" not in event_frame(match=ambush, event=answered, viewer=ALICE)
    assert "unit" not in event_frame(match=ambush, event=answered, viewer=PUBLIC)
    assert event_frame(match=ambush, event=answered, viewer=BOB)["unit"] == "T"
    assert player_view(match=ambush, viewer=ALICE)["reaction"]["answered"] == []
    assert player_view(match=ambush, viewer=BOB)["reaction"]["answered"] == ["T"]

    # Z passes too: the order resolves and bob's active turn begins; T, still hidden, is awaited unseen by alice.
    reactions.react(match_id=ambush.pk, user=bob, window=key, unit="Z", order=None)
    ambush.refresh_from_db()
    playback = last(ambush, Event.Kind.PLAYBACK)
    assert event_frame(match=ambush, event=playback, viewer=ALICE)["view"]["awaits"] == ["Z"]
    assert event_frame(match=ambush, event=playback, viewer=BOB)["view"]["awaits"] == ["T", "Z"]
    public = event_frame(match=ambush, event=playback, viewer=PUBLIC)
    assert [unit["id"] for unit in public["view"]["units"]] == ["F", "Z"] and public["view"]["awaits"] == ["Z"]
    # T's pass leaves no trace in the play everyone watches.
    assert {event["unit"] for tick in public["timeline"]["ticks"] for event in tick} == {"F", "Z"}
