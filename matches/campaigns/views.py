"""Public pages: the campaigns, a campaign's standings, a stable's roster, a pilot's card and a round's
schedule (plain Django templates); the standings and the pilots as CSV; the logged-in player's own stables.
A roster the campaign keeps from the viewer (`rosters.visible_stables`) answers 404, as if it did not exist."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from matches.errors import MatchError

from . import economy, rosters, selectors
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
        "visible": set(rosters.visible_stables(campaign=campaign, user=request.user).values_list("pk", flat=True)),
    })


def my_stables_page(request: HttpRequest) -> HttpResponse:
    """The stables the logged-in player plays for, with everything they hold."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    return render(request, "campaigns/mine.html", {"stables": rosters.player_stables(user=request.user)})


def my_stable_trade(request: HttpRequest) -> HttpResponse:
    """A player's buy, sell or repair from their stable's page (POST), said on that page."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("campaign-mine"))
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    try:
        done = economy.player_trade(user=request.user, action=request.POST.get("action"),
                                    target=request.POST.get("target"), design=request.POST.get("design", ""))
    except MatchError as error:
        messages.error(request, error.text)
    else:
        messages.success(request, done)
    return redirect("campaign-mine")


def _visible(stable: Stable, request: HttpRequest) -> None:
    if not rosters.stable_visible(stable=stable, user=request.user):
        raise Http404


def stable_page(request: HttpRequest, stable_id: int) -> HttpResponse:
    stable = get_object_or_404(Stable.objects.select_related("campaign"), pk=stable_id)
    _visible(stable, request)
    roster = rosters.stable_roster(stable=stable)
    # A stable's purse and its mechs' damage are its own players' and the organisers' business.
    own = rosters.stable_is_own(stable=stable, user=request.user)
    return render(request, "campaigns/stable.html", {
        "stable": stable, "campaign": stable.campaign, "pilots": roster["pilots"], "own": own,
        "mechs": [{"mech": mech, "condition": rosters.mech_condition(mech) if own else []}
                  for mech in roster["mechs"]],
    })


def pilot_page(request: HttpRequest, pilot_id: int) -> HttpResponse:
    pilot = get_object_or_404(Pilot.objects.select_related("stable__campaign"), pk=pilot_id)
    _visible(pilot.stable, request)
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
        "byes": selectors.round_byes(round_=round_),
    })


def _csv(name: str, header: list[str], rows: list[list[Any]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows(rows)
    return response


def standings_csv(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The pilots' standings, one row each, best first (the columns are the standings API's keys)."""
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    keys = ["pilot", "callsign", "stable", "status", *selectors.RECORD_KEYS, "opponents_vp"]
    rows = [[row[key] for key in keys] for row in selectors.campaign_standings(campaign_id=campaign.pk)]
    return _csv(f"standings-{campaign.pk}.csv", ["rank", *keys], [[rank, *row] for rank, row in enumerate(rows, 1)])


def pilots_csv(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Every pilot's card: stable, status, skills, experience, fame, wounds, mech and record (of the stables
    whose rosters the viewer may read)."""
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    stables = rosters.visible_stables(campaign=campaign, user=request.user)
    pilots = list(Pilot.objects.filter(stable__in=stables).select_related("stable", "mech"))
    records = selectors.pilot_records(pilot_ids=[pilot.pk for pilot in pilots])
    keys = ["name", "callsign", "stable", "status", "gunnery", "piloting", "experience", "fame", "wounds", "mech"]
    rows = [[pilot.name, pilot.callsign, pilot.stable.name, pilot.status, pilot.gunnery, pilot.piloting,
             pilot.experience, pilot.fame, pilot.wounds, getattr(getattr(pilot, "mech", None), "design", ""),
             *(records[pilot.pk][key] for key in selectors.RECORD_KEYS)] for pilot in pilots]
    return _csv(f"pilots-{campaign.pk}.csv", [*keys, *selectors.RECORD_KEYS], rows)
