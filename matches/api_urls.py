from django.urls import path

from . import api

urlpatterns = [
    path("matches/", api.MatchListApi.as_view(), name="api-match-list"),
    path("matches/<int:match_id>/", api.MatchDetailApi.as_view(), name="api-match-detail"),
    path("matches/<int:match_id>/replay/", api.MatchReplayApi.as_view(), name="api-match-replay"),
]
