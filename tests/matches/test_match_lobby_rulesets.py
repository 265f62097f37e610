"""Every registered ruleset is opened from the lobby, set up as it offers (rules.rulesets.setup), and played
through the one pipeline (issue 14; the lobby set-up items of issues 20 and 21): a match is created over REST,
its guest joins (MEKATAC's guest choosing the side, "El otro elige que bando quiere jugar"), both accept, and
its first orders are submitted; MEKATAC's first phase, which awaits no orders, is resolved by the server."""

from __future__ import annotations

import json


import pytest
from django.contrib.auth.models import User

from matches import services
from matches.errors import MatchError
from matches.referee import referee_annul, referee_override
from matches.replay import replay_log
from matches.models import Event, Match
from rules.rulesets import RULESETS
from tests.matches.lobby_duels import DUEL, MOVES, open_over_rest
from tests.matches.sockets import client_as

pytestmark = pytest.mark.django_db

MEKAS = {"a": ["Sharpshot", "Reaper"], "b": ["Tasmanian"]}


def _kinds(match: Match) -> list[str]:
    return list(match.events.order_by("version").values_list("kind", flat=True))


def test_the_ruleset_list_offers_each_rulesets_set_up() -> None:
    listed = {entry["name"]: entry["setup"] for entry in client_as(None).get("/api/rulesets/").json()}
    assert set(listed) == set(RULESETS)
    assert listed["solaris"]["sides"] == ["red", "blue"] and listed["solaris"]["board"]
    assert listed["mekatac"]["guest_chooses_side"] and listed["mekatac"]["choices"]["designs"]["maximum"] == 4
    assert listed["skirmish"]["choices"] == {}


def test_a_solaris_duel_from_the_lobby_plays_its_first_moves(alice: User, bob: User) -> None:
    match = open_over_rest(alice, bob, {"designs": DUEL})
    assert (match.status, match.phase) == (Match.Status.IN_PROGRESS, "movement")
    services.order_submit(match_id=match.pk, user=alice, order_json=MOVES["A"])
    services.order_submit(match_id=match.pk, user=bob, order_json=MOVES["B"])
    assert Event.Kind.PLAYBACK in _kinds(match)


def test_a_mekatac_match_deploys_the_hosts_mekas_and_the_guest_chooses_the_side(alice: User, bob: User) -> None:
    # Bob takes side a, which the host held: alice moves to side b (and accepts again, as _open does).
    match = open_over_rest(alice, bob, {"ruleset": "mekatac", "designs": MEKAS, "options": {"turn_limit": 3}}, side="a")
    seats = {p.user.username: p.side for p in match.participants.all()}
    assert seats == {"alice": "b", "bob": "a"}
    # The card and initiative phases await no orders: the server resolved them at the start.
    assert (match.status, match.phase) == (Match.Status.IN_PROGRESS, "movement")
    assert _kinds(match)[-2:] == [Event.Kind.STARTED, Event.Kind.PLAYBACK]
    units = {u["id"]: (u["side"], u["hex"], u["design"]["name"]) for u in match.state["units"]}
    # Side a on the south edge (row 12), side b on the north edge (row 1), spread along it.
    assert units == {"A1": ("a", "0512", "Sharpshot"), "A2": ("a", "0912", "Reaper"), "B1": ("b", "0701", "Tasmanian")}
    assert match.state["options"]["turn_limit"] == 3
    for unit, user in (("A1", bob), ("A2", bob), ("B1", alice)):
        services.order_submit(match_id=match.pk, user=user, order_json={"unit": unit, "mode": "walk", "steps": ["F"]})
    assert _kinds(match)[-1] in (Event.Kind.PLAYBACK, Event.Kind.REACTION_WINDOW)


def test_a_referee_annulling_mekatacs_first_resolution_has_the_card_phase_played_again_at_once(
        alice: User, bob: User) -> None:
    match = open_over_rest(alice, bob, {"ruleset": "mekatac"})
    referee = User.objects.create_user("ref", is_staff=True)
    referee_annul(match_id=match.pk, user=referee, reason="the deal was misread")
    match.refresh_from_db()
    assert _kinds(match)[-2:] == [Event.Kind.ANNULLED, Event.Kind.PLAYBACK]
    replayed = match.events.filter(kind=Event.Kind.PLAYBACK).order_by("version").last()
    assert (match.phase, replayed.payload["attempt"]) == ("movement", 1)  # the next dice stream
    assert replay_log(match).problems == []


@pytest.mark.parametrize(("body", "unit", "hex_", "other"), [({"ruleset": "mekatac"}, "A1", "0610", "A2"),
                                                       ({"ruleset": "skirmish"}, "B", "0910", "Z")])
def test_a_referee_sets_a_unit_right_in_any_game_and_the_match_still_verifies(
        alice: User, bob: User, body: dict[str, object], unit: str, hex_: str, other: str) -> None:
    match = open_over_rest(alice, bob, body)
    referee = User.objects.create_user("ref", is_staff=True)
    referee_override(match_id=match.pk, user=referee, unit=unit, changes={"hex": hex_, "facing": 2}, reason="counter")
    match.refresh_from_db()
    moved = next(u for u in match.state["units"] if u["id"] == unit)
    assert (moved["hex"], moved["facing"]) == (hex_, 2)
    held = next(u["hex"] for u in match.state["units"] if u["id"] == other)
    for changes, code in (({"hex": held}, "referee.hex_occupied"), ({"prone": True}, "referee.bad_changes")):
        with pytest.raises(MatchError) as refused:
            referee_override(match_id=match.pk, user=referee, unit=unit, changes=changes, reason="counter")
        assert refused.value.code == code
    assert replay_log(match).problems == []


def test_a_guest_cannot_take_a_side_held_where_the_ruleset_does_not_let_them_choose(alice: User, bob: User) -> None:
    created = client_as(alice).post("/api/matches/", {"designs": DUEL}, content_type="application/json").json()
    match_id = created["match"]["id"]
    for side, code in (("red", "join.side_taken"), ("green", "join.side")):
        answer = client_as(bob).post(f"/api/matches/{match_id}/join/", {"role": "player", "side": side},
                                     content_type="application/json")
        assert answer.json()["code"] == code
    assert client_as(bob).post(f"/api/matches/{match_id}/join/", {"role": "player", "side": "blue"},
                               content_type="application/json").json()["you"] == {"role": "player", "side": "blue"}


def test_a_skirmish_match_opens_on_its_example_and_its_first_order_asks_for_a_reaction(
        alice: User, bob: User) -> None:
    match = open_over_rest(alice, bob, {"ruleset": "skirmish", "options": {"turns": 4}})
    assert {p.user.username: p.side for p in match.participants.all()} == {"alice": "angus", "bob": "yu"}
    assert match.state["turns"] == 4
    # The worked example's peek: the Fusilier steps out into partial cover, in the Zhanshi's line of fire.
    services.order_submit(match_id=match.pk, user=alice, order_json={
        "unit": "F", "skills": [{"skill": "move", "path": ["0508"]}]})
    window = match.events.get(kind=Event.Kind.REACTION_WINDOW).payload["window"]
    assert window["units"] == ["Z"]
    # Its reason goes out coded too, so each page says it in its own language (it went out in English only).
    assert window["reason_code"] == {"code": "skirmish.sighted", "params": {"unit": "F", "hex": "0508"}}
    assert client_as(bob).get(f"/api/matches/{match.pk}/").json()["reaction"]["window"]["reason_code"]["code"] == (
        "skirmish.sighted")


def test_the_new_match_page_offers_every_ruleset_and_opens_a_mekatac_match(alice: User) -> None:
    page = client_as(alice).get("/matches/new/?ruleset=mekatac").content.decode()
    assert all(f'<option value="{name}"' in page for name in RULESETS)
    assert 'data-ruleset="mekatac"' in page and 'name="turn_limit"' in page and 'name="movement"' not in page
    response = client_as(alice).post("/matches/new/", {"ruleset": "mekatac", "a": ["Sharpshot", ""], "b": "Reaper",
                                                       "turn_limit": "2"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert [u["design"]["name"] for u in match.state["units"]] == ["Sharpshot", "Reaper"]
    assert match.options["turn_limit"] == 2
    unknown = client_as(alice).get("/matches/new/?ruleset=chess")
    assert unknown.status_code == 400 and 'data-code="ruleset.unknown"' in unknown.content.decode()


@pytest.mark.parametrize(("body", "option", "value"), [({"designs": DUEL}, "los", "dead_zone"),
                                                       ({"ruleset": "mekatac"}, "turn_limit", "5"),
                                                       ({"ruleset": "skirmish"}, "turns", "6")])
def test_every_rulesets_pages_answer_and_its_lobby_form_sets_its_own_options(
        alice: User, bob: User, body: dict[str, object], option: str, value: str) -> None:
    created = client_as(alice).post("/api/matches/", body, content_type="application/json").json()
    match_id = created["match"]["id"]
    lobby_url = f"/matches/{match_id}/lobby/"
    page = client_as(alice).get(lobby_url).content.decode()
    assert f'name="{option}"' in page
    assert client_as(alice).post(lobby_url, {"action": "options", option: value}).status_code == 302
    assert str(Match.objects.get(pk=match_id).options[option]) == value
    client_as(bob).post(lobby_url, {"action": "player"})
    match = Match.objects.get(pk=match_id)
    for user in (alice, bob):
        client_as(user).post(lobby_url, {"action": "accept", "options": json.dumps(match.options)})
    assert Match.objects.get(pk=match_id).status == Match.Status.IN_PROGRESS
    for user in (alice, bob, None):
        for url in (f"/matches/{match_id}/", f"/api/matches/{match_id}/", f"/api/matches/{match_id}/log/", lobby_url):
            assert client_as(user).get(url).status_code == 200, url
