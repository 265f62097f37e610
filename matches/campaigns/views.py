"""Public pages: the campaigns, a campaign's standings, a stable's roster, a pilot's card and a round's
schedule (plain Django templates)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from . import selectors
from .models import Campaign, Pilot, Round, Stable


def campaign_index_page(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/index.html", {"campaigns": selectors.campaign_index()})


def standings_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    rounds = Round.objects.filter(season__campaign=campaign).select_related("season")
    return render(request, "campaigns/standings.html", {
        "campaign": campaign,
        "pilots": selectors.campaign_standings(campaign_id=campaign.pk),
        "stables": selectors.stable_standings(campaign_id=campaign.pk),
        "rounds": rounds,
    })


def stable_page(request: HttpRequest, stable_id: int) -> HttpResponse:
    stable = get_object_or_404(Stable.objects.select_related("campaign"), pk=stable_id)
    return render(request, "campaigns/stable.html", {
        "stable": stable, "campaign": stable.campaign, **selectors.stable_roster(stable=stable),
        # A stable's purse is its own players' and the organisers' business.
        "own": selectors.stable_is_viewers(stable=stable, user=request.user),
    })


def pilot_page(request: HttpRequest, pilot_id: int) -> HttpResponse:
    pilot = get_object_or_404(Pilot.objects.select_related("stable__campaign"), pk=pilot_id)
    return render(request, "campaigns/pilot.html", {
        "pilot": pilot,
        "record": selectors.pilot_records(pilot_ids=[pilot.pk])[pilot.pk],
        "history": selectors.pilot_history(pilot=pilot),
        "mech": getattr(pilot, "mech", None),
    })


def schedule_page(request: HttpRequest, round_id: int) -> HttpResponse:
    round_ = get_object_or_404(Round.objects.select_related("season__campaign"), pk=round_id)
    return render(request, "campaigns/schedule.html", {
        "round": round_, "campaign": round_.season.campaign, "schedule": selectors.round_schedule(round_=round_),
    })
