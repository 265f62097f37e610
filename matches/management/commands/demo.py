"""`manage.py demo`: the demo users and one match on the demo board, its mechs equipped to fight. Safe to
run again: a demo match still in progress (even one from before the designs) is kept as it is, unless `--new`
asks for another (a test that plays a duel of its own)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from matches.campaigns.roles import organiser_grant
from matches.models import Match
from matches.pipeline import match_create
from rules.rulesets import DEFAULT_RULESET, get_ruleset

DEMO_TITLE = "Demo duel"
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
    help = "Creates the demo users (alice, bob, referee) and an open demo match if there is none."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--new", action="store_true", help="open a new demo match even if one is in progress")

    def handle(self, *args: Any, **options: Any) -> None:
        users = {}
        for username, (password, staff) in DEMO_USERS.items():
            user, _ = get_user_model().objects.get_or_create(username=username)
            user.set_password(password)
            user.is_staff = staff
            user.save()
            users[username] = user
        organiser_grant(users["referee"])  # the demo referee runs the demo campaign from the admin

        match = None if options["new"] else Match.objects.filter(title=DEMO_TITLE, status=Match.Status.IN_PROGRESS).first()
        if match is None:
            match = match_create(
                state=_demo_duel(), players={"alice": users["alice"], "bob": users["bob"]}, title=DEMO_TITLE
            )
            self.stdout.write(f"Created match {match.pk}: {DEMO_TITLE}")
        else:
            self.stdout.write(f"Match {match.pk} ({DEMO_TITLE}) is still open")

        self.stdout.write("Demo logins (username / password):")
        for username, (password, staff) in DEMO_USERS.items():
            self.stdout.write(f"  {username} / {password}{'   (staff: sees as referee, organises campaigns)' if staff else ''}")
        self.stdout.write(f"Match page: /matches/{match.pk}/")
