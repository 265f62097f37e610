"""REST API: thin DRF views over the selectors; every match body is a player view."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from . import replay, selectors
from .errors import MatchError
from .models import Match


class MatchListApi(APIView):
    def get(self, request: Request) -> Response:
        matches = Match.objects.exclude(status=Match.Status.ABORTED)
        return Response([selectors.match_header(match) for match in matches])


class MatchDetailApi(APIView):
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(match_id=match_id)
        viewer = selectors.viewer_for(match=match, user=request.user)
        return Response(selectors.player_view(match=match, viewer=viewer))


class MatchReplayApi(APIView):
    def get(self, request: Request, match_id: int) -> Response:
        return Response(replay.match_replay(match_id=match_id))


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Coded JSON errors (`{"code", "message"}`) for everything, DRF's own errors included."""
    if isinstance(exc, MatchError):
        return Response(exc.as_json(), status=exc.status)
    if isinstance(exc, Http404):
        return Response({"code": "not_found", "message": "Not found."}, status=404)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException):
        response.data = {"code": f"api.{exc.default_code}", "message": str(exc.detail)}
    return response
