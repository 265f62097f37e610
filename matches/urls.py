from django.urls import path

from . import lobby_views, views

urlpatterns = [
    path("", views.match_list_page, name="match-list"),
    path("matches/new/", lobby_views.match_new_page, name="match-new"),
    path("matches/<int:match_id>/", views.match_page, name="match-detail"),
    path("matches/<int:match_id>/lobby/", lobby_views.match_lobby_page, name="match-lobby"),
    path("matches/<int:match_id>/replay/", views.match_replay_page, name="match-replay"),
]
