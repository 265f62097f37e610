"""`manage.py bot_match --ruleset solaris --seed N [--levels hard,easy] [--turns T]`: a whole match between
bots through the real pipeline (issue 22), for soak and reliability tests that want many different real games.

The ruleset's example game is seated with one bot user per side (the levels in side order) and played by
`bots.play_out`: every order is submitted, checked, stored and logged as a person's would be, and every
reaction window is answered. At the end the result is printed and the log is replayed from the seed
(`verify_match`'s check); a log that does not verify fails the command."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from matches import bots
from matches.errors import MatchError
from matches.pipeline import match_create
from matches.replay import match_verify
from rules.core.errors import RuleError
from rules.rulesets import DEFAULT_RULESET, get_bot, get_ruleset


class Command(BaseCommand):
    help = "Plays a whole match between bots through the server's pipeline, prints the result and verifies the log."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--ruleset", default=DEFAULT_RULESET)
        parser.add_argument("--seed", type=int, required=True, help="the match's dice seed (bot-match:N)")
        parser.add_argument("--levels", default="hard,easy", help="each side's bot level, in side order")
        parser.add_argument("--turns", type=int, default=60, help="stop after this turn if the match goes on")

    def handle(self, *args: Any, **options: Any) -> None:
        name, levels = options["ruleset"], options["levels"].split(",")
        try:
            ruleset = get_ruleset(name)
            if any(get_bot(name, level) is None for level in levels):
                raise MatchError("bot.unknown_level", level=options["levels"])
            state = ruleset.example(ruleset.options.defaults)
            sides = sorted({unit.side for unit in state.units})
            if len(levels) != len(sides):
                raise CommandError(f"give one level per side: {', '.join(sides)}")
            # A level played on two sides takes a second user ("computer-hard-2").
            players = {side: bots.bot_user(level, levels[:index].count(level))
                       for index, (side, level) in enumerate(zip(sides, levels))}
        except (MatchError, RuleError) as refused:
            raise CommandError(str(refused)) from refused
        match = match_create(state=state, players=players, ruleset=name, seed=f"bot-match:{options['seed']}",
                             title=f"Bots {options['levels']} (seed {options['seed']})")
        match = bots.play_out(match_id=match.pk, turns=options["turns"])
        result = match.state.get("result")
        self.stdout.write(f"match {match.pk}: {match.status} at turn {match.turn} ({match.phase}); result {result}")
        problems = match_verify(match).problems
        for problem in problems:
            self.stderr.write(f"FAIL {problem}")
        if problems:
            raise CommandError(f"match {match.pk} does not verify ({len(problems)} problems)")
        self.stdout.write(f"OK match {match.pk}: the log replays from the seed to the same state")
