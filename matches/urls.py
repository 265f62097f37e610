from django.urls import path

from . import views

urlpatterns = [
    path("", views.match_list_page, name="match-list"),
    path("matches/<int:match_id>/", views.match_page, name="match-detail"),
    path("matches/<int:match_id>/replay/", views.match_replay_page, name="match-replay"),
]
