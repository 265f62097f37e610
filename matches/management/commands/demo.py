"""`manage.py demo`: the demo users and two matches on the demo board, their mechs equipped to fight: alice
against bob, and alice against the computer (issue 22: a newcomer alone plays a whole duel, from the home
page's list). Safe to run again: a demo match still in progress (even one from before the designs) is kept as
it is, unless `--new` asks for new ones (a test that plays a duel of its own)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from matches import bots
from matches.campaigns.roles import organiser_grant
from matches.models import Match
from matches.pipeline import match_create
from rules.rulesets import DEFAULT_RULESET, get_ruleset

DEMO_TITLE = "Demo duel"
BOT_TITLE = "Demo duel against the computer"
# The computer's level in the demo: it plays bob's side.
BOT_LEVEL = "normal"
# Demo accounts only: the passwords are printed on purpose so anyone trying the app can log in.
DEMO_USERS = {
    "alice": ("alice-demo", False),
    "bob": ("bob-demo", False),
    "referee": ("referee-demo", True),
}


def _demo_duel() -> Any:
    """The default ruleset's example game (Solaris: the demo duel) under the default options."""
    ruleset = get_ruleset(DEFAULT_RULESET)
    return ruleset.example(ruleset.options.defaults)


class Command(BaseCommand):
    help = ("Creates the demo users (alice, bob, referee), a demo match between alice and bob and one between "
            "alice and the computer, where none is in progress.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--new", action="store_true", help="open new demo matches even if some are in progress")
        parser.add_argument("--seed", help="the dice's seed for the matches it opens (a test that expects its rolls)")

    def handle(self, *args: Any, **options: Any) -> None:
        users = {}
        for username, (password, staff) in DEMO_USERS.items():
            user, _ = get_user_model().objects.get_or_create(username=username)
            user.set_password(password)
            user.is_staff = staff
            user.save()
            users[username] = user
        organiser_grant(users["referee"])  # the demo referee runs the demo campaign from the admin

        new, seed = options["new"], options["seed"]
        match = self._match(DEMO_TITLE, {"alice": users["alice"], "bob": users["bob"]}, new, seed)
        against = self._match(BOT_TITLE, {"alice": users["alice"], "bob": bots.bot_user(BOT_LEVEL)}, new, seed)
        # The computer gives its first orders now, through the pipeline (then the server's bots worker does).
        bots.play_bots(against.pk)

        self.stdout.write("Demo logins (username / password):")
        for username, (password, staff) in DEMO_USERS.items():
            self.stdout.write(f"  {username} / {password}{'   (staff: sees as referee, organises campaigns)' if staff else ''}")
        self.stdout.write(f"Match page: /matches/{match.pk}/")
        self.stdout.write(f"Against the computer (log in as alice): /matches/{against.pk}/")

    def _match(self, title: str, players: dict[str, Any], new: bool, seed: str | None) -> Match:
        """The demo match called `title` still in progress, or a new one (always with `new`) on `seed`'s dice
        (a fresh seed when None)."""
        match = None if new else Match.objects.filter(title=title, status=Match.Status.IN_PROGRESS).first()
        if match is None:
            match = match_create(state=_demo_duel(), players=players, title=title, seed=seed)
            self.stdout.write(f"Created match {match.pk}: {title}")
        else:
            self.stdout.write(f"Match {match.pk} ({title}) is still open")
        return match
