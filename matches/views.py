"""HTML pages. The templates (matches/templates/) belong to the client; they get the player view's
header and role, and the client fetches everything else over the websocket."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from . import selectors
from .errors import MatchError
from .models import Match


def match_list_page(request: HttpRequest) -> HttpResponse:
    matches = Match.objects.exclude(status=Match.Status.ABORTED)
    return render(request, "matches/index.html", {"matches": [selectors.match_header(m) for m in matches]})


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    try:
        match = selectors.match_get(match_id=match_id)
    except MatchError:
        raise Http404("no such match") from None
    viewer = selectors.viewer_for(match=match, user=request.user)
    return render(
        request,
        "matches/match.html",
        {
            "match": selectors.match_header(match),
            "you": viewer.as_json(),
            "ws_path": f"/ws/matches/{match.pk}/",
        },
    )
