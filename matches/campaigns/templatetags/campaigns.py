"""Campaign pieces other apps' pages show: the home page's link to the campaigns and, on a campaign match's
page, who fights whom in which round."""

from __future__ import annotations

from typing import Any

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("campaigns/home_link.html")
def campaigns_link() -> dict[str, Any]:
    return {}


@register.inclusion_tag("campaigns/match_banner.html")
def campaign_fixture(match_id: int) -> dict[str, Any]:
    """The pilots (with their stables) and the round of a campaign match; nothing for any other match."""
    return {"fixture": selectors.match_fixture(match_id=match_id)}
