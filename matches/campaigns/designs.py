"""The designs a campaign's mechs may be built to: those the rules ship."""

from __future__ import annotations

from rules.battletech.designs.design import Design, shipped_designs

from .models import Campaign


def campaign_design(campaign: Campaign, name: str) -> Design | None:
    """The design named `name` a mech of `campaign` may be built to, or None."""
    return shipped_designs().get(name)
