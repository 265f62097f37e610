"""HTML pages. The templates (matches/templates/) belong to the client; they get the player view's
header and role, and the client fetches everything else over the websocket."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from . import selectors
from .errors import MatchError
from .models import Match


def match_list_page(request: HttpRequest) -> HttpResponse:
    matches = Match.objects.exclude(status=Match.Status.ABORTED)
    return render(request, "matches/index.html", {"matches": [selectors.header_for(match=m, user=request.user) for m in matches]})


def match_or_404(match_id: int) -> Match:
    try:
        return selectors.match_get(match_id=match_id)
    except MatchError:
        raise Http404("no such match") from None


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = match_or_404(match_id)
    viewer = selectors.viewer_for(match=match, user=request.user)
    return render(
        request,
        "matches/match.html",
        {
            "match": selectors.match_header(selectors.match_as_seen(match, viewer)),
            "you": viewer.as_json(),
            "ws_path": f"/ws/matches/{match.pk}/",
        },
    )


def match_replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """The replay viewer of a finished match; the client reads `GET /api/matches/<id>/replay/`."""
    match = match_or_404(match_id)
    return render(
        request,
        "matches/replay.html",
        {
            "match": selectors.header_for(match=match, user=request.user),
            "replay_url": reverse("api-match-replay", args=[match.pk]),
        },
    )
