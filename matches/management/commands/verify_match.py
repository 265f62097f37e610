"""`manage.py verify_match <id>`: replays a match from its seed and logged orders and checks every roll."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from matches.models import Match
from matches.replay import match_verify


class Command(BaseCommand):
    help = "Replays a match's event log from its seed and orders; checks the seed hash, every roll and the final state."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        match = Match.objects.filter(pk=options["match_id"]).first()
        if match is None:
            raise CommandError(f"there is no match {options['match_id']}")
        if match.status != Match.Status.FINISHED:
            # The seed stays secret until the end; verifying earlier would print what it reveals.
            raise CommandError(f"match {match.pk} is {match.status}: its seed is revealed when it finishes")
        replay = match_verify(match)
        for problem in replay.problems:
            self.stderr.write(f"FAIL {problem}")
        if replay.problems:
            raise CommandError(f"match {match.pk} does not verify ({len(replay.problems)} problems)")
        self.stdout.write(
            f"OK match {match.pk}: seed {match.seed} matches hash {match.seed_hash}; "
            f"{len(replay.phases)} phases and {replay.rolls} rolls replayed, final state identical"
        )
