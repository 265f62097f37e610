"""Fair dice that cannot be re-picked (issue 18, item 4): each resolution is played on the dice stream of the
number of annulments of its phase logged before it, and the log's versions run without a gap. A log tampered
with in any of these ways does not verify."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from matches import lobby, referee, services
from matches.models import Event, Match, phase_dice_seed
from matches.replay import match_verify, replay_log
from rules.core.dice import Dice
from rules.rulesets import get_ruleset
from tests.matches.lobby_duels import DUEL
from tests.matches.test_match_replay import ORDERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def annulled(alice: User, bob: User, ref: User) -> Match:
    """A one-turn lobby duel whose movement phase the referee annulled once and which was played to its end."""
    match = lobby.match_open(host=alice, designs=DUEL, options={"turn_limit": 1})
    lobby.match_join(match_id=match.pk, user=bob, role="player")
    for user in (alice, bob):
        match.refresh_from_db()
        lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)
    match.refresh_from_db()
    annul = True
    while match.status == Match.Status.IN_PROGRESS:
        for user, unit in ((alice, "A"), (bob, "B")):
            services.order_submit(match_id=match.pk, user=user, order_json=ORDERS[match.phase][unit])
        match.refresh_from_db()
        if annul:
            referee.referee_annul(match_id=match.pk, user=ref, reason="a disputed initiative roll")
            match.refresh_from_db()
            annul = False
    assert match.status == Match.Status.FINISHED and not match_verify(match).problems
    return match


def _events(match: Match, kind: str) -> list[Event]:
    return list(match.events.filter(kind=kind).order_by("version"))


def _renumber(match: Match, order: list[Event]) -> None:
    """Gives `order` the versions 1, 2, 3... (through a free range: versions are unique per match), and the
    match the last one, as someone rewriting the table would."""
    for shift, event in enumerate(order):
        Event.objects.filter(pk=event.pk).update(version=100_000 + shift)
    for version, event in enumerate(order, start=1):
        Event.objects.filter(pk=event.pk).update(version=version)
    Match.objects.filter(pk=match.pk).update(version=len(order))
    match.refresh_from_db()


def alter_a_roll(match: Match) -> str:
    playback = _events(match, Event.Kind.PLAYBACK)[1]  # the movement phase played again
    timeline = playback.payload["timeline"]
    timeline["rolls"][0]["dice"] = [7 - die for die in timeline["rolls"][0]["dice"]]
    Event.objects.filter(pk=playback.pk).update(payload={**playback.payload, "timeline": timeline})
    return "resolves differently"


def re_resolve_a_phase(match: Match) -> str:
    """The phase played again on the next dice stream, its playback rewritten to match, with no annulment:
    every roll and the final state still come out as logged."""
    playback = _events(match, Event.Kind.PLAYBACK)[1]
    ruleset = get_ruleset(match.ruleset)
    state, index = replay_log(match).before[0]
    phase = replay_log(match).phases[index]
    orders = [ruleset.decode_order(state, order) for order in phase["orders"]]
    dice = Dice(phase_dice_seed(match.seed, phase["turn"], phase["phase"], 2))
    result = ruleset.resolve_phase(state, orders, dice, {})
    assert ruleset.state_to_json(result.state) == ruleset.state_to_json(ruleset.state_from_json(phase["state"]))
    forged = {**playback.payload, "attempt": 2, "timeline": ruleset.report_to_json(result)}
    Event.objects.filter(pk=playback.pk).update(payload=forged)
    return "on dice stream 2, where the log has turn 1 movement after 1 annulments"


def move_the_annulment(match: Match) -> str:
    """The annulment moved to after the phase played again: that resolution is no longer backed by it."""
    events = list(match.events.order_by("version"))
    annulment = next(e for e in events if e.kind == Event.Kind.ANNULLED)
    replayed = _events(match, Event.Kind.PLAYBACK)[1]
    events.remove(annulment)
    events.insert(events.index(replayed) + 1, annulment)
    _renumber(match, events)
    return f"v{replayed.version - 1}: logged as turn 1 movement on dice stream 1"


def hide_the_annulment(match: Match) -> str:
    """The annulled resolution, its orders and the annulment dropped and the versions closed up: the log
    reads as a phase played once, on the dice stream it picked."""
    events = list(match.events.order_by("version"))
    annulment = next(e for e in events if e.kind == Event.Kind.ANNULLED)
    start = events.index(annulment) - 3  # submitted, submitted, playback, annulled
    assert [e.kind for e in events[start:start + 4]] == ["submitted", "submitted", "playback", "annulled"]
    kept = events[:start] + events[start + 4:]
    Event.objects.filter(pk__in=[e.pk for e in events[start:start + 4]]).delete()
    _renumber(match, kept)
    return "on dice stream 1, where the log has turn 1 movement after 0 annulments"


def drop_an_event(match: Match) -> str:
    accepted = _events(match, Event.Kind.ACCEPTED)[0]  # changes nothing the replay plays
    Event.objects.filter(pk=accepted.pk).delete()
    return "events were dropped or added"


@pytest.mark.parametrize(
    "tamper", [alter_a_roll, re_resolve_a_phase, move_the_annulment, hide_the_annulment, drop_an_event]
)
def test_a_tampered_log_does_not_verify(annulled: Match, tamper: Callable[[Match], str]) -> None:
    expected = tamper(annulled)
    annulled.refresh_from_db()
    problems = match_verify(annulled).problems
    assert any(expected in problem for problem in problems), problems
