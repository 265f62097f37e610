"""`manage.py campaign_demo`: a small campaign for the demo players, paired and live. Safe to run again."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.urls import reverse

from matches.campaigns import pairings, services
from matches.campaigns.models import Arena, Campaign, Mech, Pilot, Round, Season, Stable

DEMO_CAMPAIGN = "Demo season"
# (stable, faction, pilot, callsign, demo account, mech design, tons, walk, jump): the demo duel's shipped
# designs, so both mechs fight.
DEMO_ROSTER = [
    ("Lyran Lions", "Imperio Terráqueo", "Jaime Gray", "Wolf", "alice", "Phoenix Hawk PXH-1", 45, 6, 6),
    ("Davion Blades", "Federación Colonial", "Ana Stone", "Hawk", "bob", "Shadow Hawk SHD-2H", 55, 5, 3),
]


class Command(BaseCommand):
    help = "Creates the demo users (via `demo`) and a campaign whose first round is paired and live."

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("demo", stdout=self.stdout)
        campaign, created = Campaign.objects.get_or_create(name=DEMO_CAMPAIGN)
        if created:
            Arena.objects.create(campaign=campaign, name="Steiner Coliseum", arena_class=3)
            round_ = Round.objects.create(season=Season.objects.create(campaign=campaign, number=1), number=1)
            users = get_user_model().objects
            for stable_name, faction, name, callsign, username, design, tons, walk, jump in DEMO_ROSTER:
                stable = Stable.objects.create(campaign=campaign, name=stable_name, faction=faction, money=50_000)
                pilot = Pilot.objects.create(
                    stable=stable, name=name, callsign=callsign, player=users.get(username=username)
                )
                Mech.objects.create(stable=stable, design=design, tons=tons, walk=walk, jump=jump, pilot=pilot)
            pairings.round_generate_pairings(round_id=round_.pk)
            services.round_create_matches(round_id=round_.pk)
            self.stdout.write(f"Created the campaign {DEMO_CAMPAIGN!r} with round 1 live")
        else:
            self.stdout.write(f"The campaign {DEMO_CAMPAIGN!r} is already there")
        self.stdout.write(f"Standings: {reverse('campaign-standings', args=[campaign.pk])}   admin: /admin/campaigns/")
