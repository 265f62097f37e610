"""`manage.py matches_expire_deadlines`: resolve every phase whose deadline has passed, and answer "pass" for
every unit a reaction window still waits on past its deadline. Each Daphne process already does this every few
seconds (matches/sweeper.py); this is for a deployment that turns that off and runs cron instead."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.utils import timezone

from matches.sweeper import sweep


class Command(BaseCommand):
    help = "Gives units without orders the rules' default where the phase deadline passed; passes for late reactions."

    def handle(self, *args: Any, **options: Any) -> None:
        resolved, passed = sweep(timezone.now())
        self.stdout.write(f"{len(resolved)} phases resolved at their deadline: {resolved}")
        self.stdout.write(f"{len(passed)} reaction windows passed at their deadline: {passed}")
