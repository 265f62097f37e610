"""Campaign pieces other apps' pages show: the home page's link to the campaigns and, on a campaign match's
page, who fights whom in which round."""

from __future__ import annotations

from typing import Any

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("campaigns/home_link.html", takes_context=True)
def campaigns_link(context: dict[str, Any]) -> dict[str, Any]:
    """The campaigns index, and the player's own stables when logged in."""
    request = context.get("request")
    return {"logged_in": bool(request is not None and request.user.is_authenticated)}


@register.inclusion_tag("campaigns/match_banner.html")
def campaign_fixture(match_id: int) -> dict[str, Any]:
    """The pilots (with their stables) and the round of a campaign match; nothing for any other match."""
    return {"fixture": selectors.match_fixture(match_id=match_id)}
