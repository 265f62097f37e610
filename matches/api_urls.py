from typing import Any

from django.http import HttpRequest, JsonResponse
from django.urls import path, re_path
from django.views.decorators.csrf import csrf_exempt

from . import api
from .errors import MatchError


@csrf_exempt  # a POST to it changes nothing, and must get the same coded 404 (not the CSRF check's HTML 403)
def _no_such_endpoint(request: HttpRequest, **kwargs: Any) -> JsonResponse:
    """Any other path under /api/ (`/api/matches/x/` too): the API's coded 404, not Django's HTML page."""
    error = MatchError("api.not_found")
    return JsonResponse(error.as_json(), status=error.status)


urlpatterns = [
    path("matches/", api.MatchListApi.as_view(), name="api-match-list"),
    path("matches/<int:match_id>/", api.MatchDetailApi.as_view(), name="api-match-detail"),
    path("matches/<int:match_id>/replay/", api.MatchReplayApi.as_view(), name="api-match-replay"),
    path("matches/<int:match_id>/log/", api.MatchLogApi.as_view(), name="api-match-log"),
    path("matches/<int:match_id>/attack-options/", api.MatchAttackOptionsApi.as_view(), name="api-match-attack-options"),
    path("matches/<int:match_id>/join/", api.MatchJoinApi.as_view(), name="api-match-join"),
    path("matches/<int:match_id>/leave/", api.MatchLeaveApi.as_view(), name="api-match-leave"),
    path("matches/<int:match_id>/options/", api.MatchOptionsApi.as_view(), name="api-match-options"),
    path("matches/<int:match_id>/accept/", api.MatchAcceptApi.as_view(), name="api-match-accept"),
    path("matches/<int:match_id>/referee-seat/", api.MatchRefereeSeatApi.as_view(), name="api-match-referee-seat"),
    path("matches/<int:match_id>/referee/", api.MatchRefereeApi.as_view(), name="api-match-referee"),
    path("matches/<int:match_id>/los-side/", api.MatchLosSideApi.as_view(), name="api-match-los-side"),
    path("matches/<int:match_id>/react/", api.MatchReactApi.as_view(), name="api-match-react"),
    path("matches/<int:match_id>/rematch/", api.MatchRematchApi.as_view(), name="api-match-rematch"),
    path("matches/<int:match_id>/chat/", api.MatchChatApi.as_view(), name="api-match-chat"),
    path("designs/", api.DesignListApi.as_view(), name="api-design-list"),
    path("boards/", api.BoardListApi.as_view(), name="api-board-list"),
    path("rulesets/", api.RulesetListApi.as_view(), name="api-ruleset-list"),
    re_path(r"", _no_such_endpoint),  # last: only what nothing above matched
]
