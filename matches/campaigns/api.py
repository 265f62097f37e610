"""REST: a campaign's standings (pilots and stables), read-only and public."""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import selectors


class StandingsApi(APIView):
    def get(self, request: Request, campaign_id: int) -> Response:
        campaign = selectors.campaign_get(campaign_id=campaign_id)
        return Response({
            "campaign": {"id": campaign.pk, "name": campaign.name, "status": campaign.status},
            "pilots": selectors.campaign_standings(campaign_id=campaign.pk),
            "stables": selectors.stable_standings(campaign_id=campaign.pk),
        })
