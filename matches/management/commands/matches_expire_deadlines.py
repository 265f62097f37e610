"""`manage.py matches_expire_deadlines`: resolve every phase whose deadline has passed, and answer "pass" for
every unit a reaction window still waits on past its deadline (run it from cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.utils import timezone

from matches.deadlines import deadlines_expire
from matches.reactions import reactions_expire


class Command(BaseCommand):
    help = "Gives units without orders the rules' default where the phase deadline passed; passes for late reactions."

    def handle(self, *args: Any, **options: Any) -> None:
        now = timezone.now()
        resolved = deadlines_expire(now=now)
        self.stdout.write(f"{len(resolved)} phases resolved at their deadline: {resolved}")
        passed = reactions_expire(now=now)
        self.stdout.write(f"{len(passed)} reaction windows passed at their deadline: {passed}")
