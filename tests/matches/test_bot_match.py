"""`manage.py bot_match` (issue 22): bot against bot through the real pipeline to the end of the match, the
result printed and the log replayed from the seed."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from matches.models import Event, Match

pytestmark = pytest.mark.django_db


def test_hard_against_easy_plays_to_the_end_and_verifies(capsys: Any) -> None:
    call_command("bot_match", "--ruleset", "solaris", "--seed", "7", "--levels", "hard,easy")
    out = capsys.readouterr().out
    match = Match.objects.get()
    assert match.status == Match.Status.FINISHED and match.seed == "bot-match:7"
    assert f"OK match {match.pk}" in out and "result" in out
    players = set(match.events.filter(kind=Event.Kind.SUBMITTED).values_list("payload__player", flat=True))
    assert players == {"computer-hard", "computer-easy"}


def test_one_level_on_both_sides_seats_two_users_and_the_turn_limit_stops_it(capsys: Any) -> None:
    call_command("bot_match", "--seed", "3", "--levels", "easy,easy", "--turns", "1")
    match = Match.objects.get()
    assert sorted(match.participants.values_list("user__username", flat=True)) == ["computer-easy", "computer-easy-2"]
    assert (match.status, match.turn) == (Match.Status.IN_PROGRESS, 2)
    assert "OK match" in capsys.readouterr().out


@pytest.mark.parametrize("levels", ["grandmaster,easy", "easy"])
def test_an_unknown_level_or_a_side_without_one_is_refused(levels: str) -> None:
    with pytest.raises(CommandError):
        call_command("bot_match", "--seed", "1", "--levels", levels)
    assert not Match.objects.exists()


def test_skirmish_bots_play_the_worked_example_through_the_pipeline(capsys: Any) -> None:
    call_command("bot_match", "--ruleset", "skirmish", "--seed", "2", "--levels", "easy,hard")
    match = Match.objects.get()
    assert match.status == Match.Status.FINISHED
    assert f"OK match {match.pk}" in capsys.readouterr().out
