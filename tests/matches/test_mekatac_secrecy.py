"""MEKATAC secrets in every viewer's frames (issue 20, "Secrecy"): the upgrade and strategy hands, the secret
minefield and a hidden meka ("Minas / Meka oculto: En una casilla, anotada en secreto") reach their own side and
the referee only, through the ruleset's view, in the published frames and the snapshots alike; the action hand
likewise (its size is public: the text does not hide it)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User

from matches import hub, queries, services
from matches.models import Match
from matches.selectors import player_view, viewer_for
from tests.matches.conftest import frame_for
from tests.matches.lobby_duels import open_over_rest

pytestmark = pytest.mark.django_db

MEKAS = {"a": ["Sharpshot", "Reaper"], "b": ["Tasmanian"]}
MINE, HIDDEN = "0511", "0303"  # side a's minefield in its half; where side b hides its Tasmanian in its own


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every item the services hand to the hub, each with all its audiences' variants (frame_for picks one)."""
    items: list[dict[str, Any]] = []

    def publish(*, match_id: int, frames: list[dict[str, Any]], stream: str = hub.PUBLIC_STREAM,
                versioned: bool = True) -> None:
        items.extend(frames)

    monkeypatch.setattr(hub, "publish", publish)
    return items


def test_hands_mines_and_a_hidden_meka_reach_only_their_side(
        alice: User, bob: User, carol: User, published: list[dict[str, Any]],
        django_capture_on_commit_callbacks: Any) -> None:
    match = _hidden_b1(alice, bob, django_capture_on_commit_callbacks)
    assert published
    for audience, sees in (("player:a", {MINE}), ("player:b", {HIDDEN}), ("spectator", set()),
                           ("referee", {MINE, HIDDEN})):
        sent = json.dumps(uncovered([frame for item in published if (frame := frame_for(item, audience)) is not None]))
        assert {MINE, HIDDEN} & {label for label in (MINE, HIDDEN) if f'"{label}"' in sent} == sees, audience
    for name, user, sees in (("bob", bob, {MINE}), ("alice", alice, {HIDDEN}), ("carol", carol, set()),
                             ("anonymous", AnonymousUser(), set())):
        view = player_view(match=match, viewer=viewer_for(match=match, user=user))
        snapshot = json.dumps(uncovered(view))
        assert {label for label in (MINE, HIDDEN) if f'"{label}"' in snapshot} == sees, name
        assert ("B1" in [unit["id"] for unit in view["units"]]) == (name == "alice"), name



def uncovered(data: Any) -> Any:
    """The frames less the hints' weapon ``cover``: it names every hex in a weapon's arc and range, read from the
    board and the viewer's own meka alone (``combat.weapon_cover``, tests/rules/mekatac/test_mekatac_cover.py), so
    a label in it says nothing of a mine or a hidden meka there."""
    if isinstance(data, dict):
        return {key: uncovered(value) for key, value in data.items() if key != "cover"}
    return [uncovered(item) for item in data] if isinstance(data, list) else data


def _hidden_b1(alice: User, bob: User, capture: Any, seed: str | None = None) -> Match:
    """A match in its movement phase after side a laid its minefield at MINE and side b hid its B1 at HIDDEN (the
    preparation and the initiative rolled from ``seed``, when given)."""
    with capture(execute=True):
        match = open_over_rest(alice, bob, {"ruleset": "mekatac", "designs": MEKAS,
                                            "options": {"turn_limit": 3, "decks": "on"}}, side="a")
    assert (match.status, match.phase) == (Match.Status.IN_PROGRESS, "preparation")
    # The hands as if dealt so: the two cards this match plays.
    match.state = {**match.state, "strategies": {"a": ["minas"], "b": ["meka_oculto"]}, "upgrades": {"a": [], "b": []}}
    match.seed = seed or match.seed
    match.save()
    with capture(execute=True):
        services.order_submit(match_id=match.pk, user=bob, order_json={"unit": "A1", "cards": [
            {"card": "minas", "hex": MINE}]})
        services.order_submit(match_id=match.pk, user=alice, order_json={"unit": "B1", "cards": [
            {"card": "meka_oculto", "meka": "B1", "hex": HIDDEN}]})
    match.refresh_from_db()
    assert match.phase == "movement"
    return match


def test_a_hidden_meka_is_not_named_in_the_awaited_units_nor_the_initiative_order(
        alice: User, bob: User, carol: User, published: list[dict[str, Any]],
        django_capture_on_commit_callbacks: Any) -> None:
    """'Meka oculto': once hidden, the meka's existence shows to no viewer who may not see it, so neither the
    units the movement phase awaits nor its initiative order and rolls name it to them (the ruleset's view)."""
    match = _hidden_b1(alice, bob, django_capture_on_commit_callbacks)
    for audience, named in (("player:a", False), ("player:b", True), ("spectator", False), ("referee", True)):
        views = [frame["view"] for item in published if (frame := frame_for(item, audience)) is not None
                 and frame.get("view", {}).get("phase") == "movement"]
        assert views and all(_names_b1(view) == named for view in views), audience
    for name, user, named in (("bob", bob, False), ("alice", alice, True), ("carol", carol, False)):
        assert _names_b1(player_view(match=match, viewer=viewer_for(match=match, user=user))) == named, name


def _names_b1(view: dict[str, Any]) -> bool:
    """Whether B1 is named in the view's initiative order, its rolls, its awaited units or its hints' order."""
    named = ["B1" in view["order"], "B1" in view["initiative"], "B1" in view["hints"]["order"],
             *(["B1" in view["awaits"]] if "awaits" in view else [])]
    assert len(set(named)) == 1, named
    return named[0]


def test_no_ruling_names_a_hidden_meka_to_a_viewer_not_shown_it(
        alice: User, bob: User, carol: User, published: list[dict[str, Any]],
        django_capture_on_commit_callbacks: Any) -> None:
    """'Meka oculto': the playbacks from the one that hides B1 on (the preparation's cards, the initiative rolls)
    name it (as an event's unit or target, in a ruling or a roll) to side b and the referee only, in the published
    frames, in the match log and in the snapshot's last playback; the other rulings of those phases reach everyone."""
    match = _hidden_b1(alice, bob, django_capture_on_commit_callbacks)
    for audience, named in (("player:a", False), ("player:b", True), ("spectator", False), ("referee", True)):
        frames = [frame for item in published if (frame := frame_for(item, audience)) is not None
                  and frame.get("type") == "playback"]
        events = _later_events(frame["timeline"] for frame in frames)
        assert {"preparation", "initiative"} <= {phase for phase, _ in events}, audience
        assert any(event["unit"] == "A1" and event["kind"] == "initiative" for _, event in events), audience
        assert any(_names("B1", event) for _, event in events) == named, audience
        assert all("hidden" not in frame["timeline"] for frame in frames), audience
    for name, user, named in (("bob", bob, False), ("alice", alice, True), ("carol", carol, False),
                              ("anonymous", AnonymousUser(), False)):
        log = queries.match_log(match_id=match.pk, user=user)
        events = _later_events(phase["timeline"] for phase in log["phases"])
        assert events and any(_names("B1", event) for _, event in events) == named, name
        last = player_view(match=match, viewer=viewer_for(match=match, user=user))["last_playback"]
        events = _later_events([last["timeline"]])
        assert events and any(_names("B1", event) for _, event in events) == named, name


def _later_events(timelines: Any) -> list[tuple[str, dict[str, Any]]]:
    """The events of the phases from the preparation on (before it, B1 stood in the open), with their phase."""
    found, later = [], False
    for timeline in timelines:
        for phase in timeline["phases"]:
            later = later or phase["phase"] == "preparation"
            if later:
                found += [(phase["phase"], event) for tick in phase["ticks"] for event in tick]
    return found


def _names(unit: str, event: dict[str, Any]) -> bool:
    said = [event.get("reason", ""), json.dumps(event.get("reason_code", {})),
            *(roll["reason"] for roll in event.get("rolls", ()))]
    return unit in (event["unit"], event.get("target")) or any(unit in text for text in said)


# Seeds under which the hidden B1 ties on initiative with a meka in the open: with A1, twice running (A1, B1 tie on
# 8, then on 7); and with both A1 and A2 (on 9), then with A2 alone (on 8).
TIED_WITH_B1 = {"mekatac-tie-13": ["A1, B1", "A1, B1"], "mekatac-tie-1373": ["A1, A2, B1", "A2, B1"]}


@pytest.mark.parametrize("seed", sorted(TIED_WITH_B1))
def test_an_initiative_tie_with_the_hidden_meka_shows_only_to_whom_sees_it(
        seed: str, alice: User, bob: User, carol: User, published: list[dict[str, Any]],
        django_capture_on_commit_callbacks: Any) -> None:
    """"Los empates se vuelven a tirar": had a meka in the open rolled again for a tie with the hidden B1, a viewer
    not shown B1 would see that something tied with it. Side b and the referee see every tie and re-roll; side a
    and the spectators only the ties of two mekas they see or more (named alone), and each meka they see rolls once
    more only for each such tie: as in a game without B1 (the order, the same rolls, leaves B1 out)."""
    match = _hidden_b1(alice, bob, django_capture_on_commit_callbacks, seed)
    for audience, sees_b1 in (("player:a", False), ("player:b", True), ("spectator", False), ("referee", True)):
        frames = [frame for item in published if (frame := frame_for(item, audience)) is not None
                  and frame.get("type") == "playback"]
        events = [event for phase, event in _later_events(frame["timeline"] for frame in frames)
                  if phase == "initiative"]
        ties = [event["reason_code"]["params"]["units"] for event in events if event["kind"] == "initiative_tie"]
        shown = TIED_WITH_B1[seed] if sees_b1 else [units.replace(", B1", "") for units in TIED_WITH_B1[seed]
                                                     if units.count(",") > 1]
        assert ties == shown, audience
        _rolls_as_told(events)
        assert all("tie" not in event for event in events), audience
    for name, user in (("bob", bob), ("carol", carol), ("anonymous", AnonymousUser())):
        log = queries.match_log(match_id=match.pk, user=user)
        events = [event for phase, event in _later_events(phase["timeline"] for phase in log["phases"])
                  if phase == "initiative"]
        _rolls_as_told(events)
        assert not any(_names("B1", event) for event in events), name


def _rolls_as_told(events: list[dict[str, Any]]) -> None:
    """Each meka named rolls its initiative once, and once more for each tie ruling that names it, where its last
    total was the tie's."""
    totals: dict[str, int] = {}
    for event in events:
        params = event["reason_code"]["params"]
        if event["kind"] == "initiative_tie":
            tied = params["units"].split(", ")
            assert len(tied) > 1 and all(totals.pop(unit) == params["total"] for unit in tied), event
        else:
            assert event["kind"] == "initiative" and event["unit"] not in totals, event
            totals[event["unit"]] = params["total"]


def test_a_side_is_submitted_once_it_owes_no_order_for_a_meka_the_viewer_is_shown(
        alice: User, bob: User, carol: User, published: list[dict[str, Any]],
        django_capture_on_commit_callbacks: Any) -> None:
    """The movement phase awaits one order per meka that acts (rules' ``awaits``): side a, with A1 and A2, has not
    given its orders after A1's alone, for anyone, in the snapshot and in the live frame (before: the client took
    one ``submitted`` frame for the whole side). Side b owes only its hidden B1 ('Meka oculto'): to side b and the
    referee it owes an order; to side a and the spectators, who are not shown B1, it owes none (its existence stays
    secret: the view's reading, frames.side_done)."""
    match = _hidden_b1(alice, bob, django_capture_on_commit_callbacks)
    viewers = (("bob", bob, "player:a"), ("alice", alice, "player:b"), ("carol", carol, "spectator"))

    def sides(user: User) -> dict[str, bool]:
        match.refresh_from_db()
        view = player_view(match=match, viewer=viewer_for(match=match, user=user))
        return {side["side"]: side["submitted"] for side in view["sides"]}

    for name, user, _ in viewers:
        assert sides(user) == {"a": False, "b": name != "alice"}, name
    for unit, done in (("A1", False), ("A2", True)):
        published.clear()
        with django_capture_on_commit_callbacks(execute=True):
            services.order_submit(match_id=match.pk, user=bob, order_json={"unit": unit, "steps": []})
        for name, user, audience in (*viewers, ("referee", None, "referee")):
            frame = next(frame for item in published if (frame := frame_for(item, audience)) is not None)
            assert (frame["type"], frame["side_submitted"]) == ("submitted", done), (unit, name)
            assert "owes" not in frame and "unit" not in frame, name
            if user is not None:
                assert sides(user) == {"a": done, "b": name != "alice"}, (unit, name)
