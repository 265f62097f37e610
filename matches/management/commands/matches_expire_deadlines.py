"""`manage.py matches_expire_deadlines`: resolve every phase whose deadline has passed (run it from cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.utils import timezone

from matches.deadlines import deadlines_expire


class Command(BaseCommand):
    help = "Gives units without orders the default (stand still / hold fire) where the phase deadline passed."

    def handle(self, *args: Any, **options: Any) -> None:
        resolved = deadlines_expire(now=timezone.now())
        self.stdout.write(f"{len(resolved)} phases resolved at their deadline: {resolved}")
