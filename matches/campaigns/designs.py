"""A design uploaded into a campaign: a MegaMek .mtf file read by the rules' own parser; its refusals are the
parser's coded errors (`mtf.*`, `design.*`: which line and why), or `design_upload.*` for the file itself.
A campaign's mechs may then be built to it (`models.campaign_design`)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from matches.errors import MatchError
from rules.battletech.designs.design import shipped_designs
from rules.battletech.designs.mtf import parse_mtf
from rules.core.errors import RuleError

from .models import Campaign, CampaignDesign
from .models.designs import NAME_MAX

MTF_LIMIT = 64 * 1024  # bytes: the shipped files are 2 to 4 KiB


def design_upload(*, campaign_id: int, data: Any) -> CampaignDesign:
    """Adds the design of a .mtf file's bytes to a campaign, checked by the rules as a shipped design is."""
    if not isinstance(data, bytes) or len(data) > MTF_LIMIT:
        raise MatchError("design_upload.malformed", limit=MTF_LIMIT)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MatchError("design_upload.malformed", limit=MTF_LIMIT) from None
    if "\x00" in text:
        raise MatchError("design_upload.malformed", limit=MTF_LIMIT)
    try:
        design = parse_mtf(text)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from None
    with transaction.atomic():
        try:
            campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
        except Campaign.DoesNotExist:
            raise MatchError("campaign.not_found", id=campaign_id) from None
        if design.name in shipped_designs() or campaign.designs.filter(name=design.name).exists():
            raise MatchError("design_upload.taken", design=design.name)
        if len(design.name) > NAME_MAX:
            raise MatchError("design_upload.malformed", limit=MTF_LIMIT)
        return CampaignDesign.objects.create(campaign=campaign, name=design.name, tons=design.tons, mtf=text)
