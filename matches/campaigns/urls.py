"""Included once at the site root: the public campaign pages and the standings API."""

from django.urls import path

from . import api, views

urlpatterns = [
    path("campaigns/", views.campaign_index_page, name="campaign-index"),
    path("campaigns/mine/", views.my_stables_page, name="campaign-mine"),
    path("campaigns/mine/trade/", views.my_stable_trade, name="campaign-mine-trade"),
    path("campaigns/<int:campaign_id>/", views.standings_page, name="campaign-standings"),
    path("campaigns/<int:campaign_id>/standings.csv", views.standings_csv, name="campaign-standings-csv"),
    path("campaigns/<int:campaign_id>/pilots.csv", views.pilots_csv, name="campaign-pilots-csv"),
    path("campaigns/stables/<int:stable_id>/", views.stable_page, name="campaign-stable"),
    path("campaigns/pilots/<int:pilot_id>/", views.pilot_page, name="campaign-pilot"),
    path("campaigns/rounds/<int:round_id>/", views.schedule_page, name="campaign-round"),
    path("api/campaigns/<int:campaign_id>/standings/", api.StandingsApi.as_view(), name="api-campaign-standings"),
]
