"""The designs a campaign's mechs are built to: those the rules ship, and MegaMek .mtf files uploaded into
the campaign (read by the rules' own parser, `rules.battletech.designs.mtf`); in a MEKATAC campaign, the
text's mekas."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.battletech.designs.design import Design, shipped_designs
from rules.battletech.designs.mtf import parse_mtf
from rules.rulesets.mekatac.designs import DESIGNS as MEKA_DESIGNS

from .campaign import MEKATAC, Campaign

# What a meka's size (2 to 12) weighs where the campaign reads tons (prices, arena classes): 20 t for size 2,
# 8 t more a size, so 100 t for size 12. A house rule: MEKATAC's mekas have sizes, not tons.
MEKA_TONS_BASE, MEKA_TONS_PER_SIZE = 20, 8


NAME_MAX = 100


class CampaignDesign(models.Model):
    """A design uploaded into one campaign: its .mtf text as uploaded, parsed again when a mech is built to it."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="designs",
                                 verbose_name=_("campaign"))
    name = models.CharField(_("name"), max_length=NAME_MAX, editable=False, help_text=_("Chassis and model, from the file."))
    tons = models.PositiveSmallIntegerField(_("tons"), editable=False)
    mtf = models.TextField(_("MegaMek .mtf"), editable=False)
    uploaded_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("uploaded design")
        verbose_name_plural = _("uploaded designs")
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="one_design_name_per_campaign")]

    def __str__(self) -> str:
        return f"{self.name} · {self.campaign}"

    def design(self) -> Design:
        return parse_mtf(self.mtf)


def campaign_design(campaign_id: int | None, name: str) -> Design | None:
    """The design named `name` a mech of the campaign may be built to (shipped or uploaded into it), or None."""
    shipped = shipped_designs().get(name)
    if shipped is not None or campaign_id is None:
        return shipped
    uploaded = CampaignDesign.objects.filter(campaign_id=campaign_id, name=name).first()
    return uploaded.design() if uploaded is not None else None


def mech_figures(campaign_id: int | None, name: str) -> tuple[str, int, int, int] | None:
    """(name, tons, walking MP, jumping MP) of the design `name` for a mech of the campaign, or None when the
    campaign has no such design: a BattleTech design's (shipped or uploaded); in a MEKATAC campaign a meka's
    walking MP and its size as tons (`MEKA_TONS_PER_SIZE`)."""
    campaign = Campaign.objects.filter(pk=campaign_id).only("ruleset").first() if campaign_id else None
    if campaign is not None and campaign.ruleset == MEKATAC:
        meka = MEKA_DESIGNS.get(name)
        if meka is None:
            return None
        return meka.name, MEKA_TONS_BASE + (meka.size - 2) * MEKA_TONS_PER_SIZE, meka.walk_mp, 0
    design = campaign_design(campaign_id, name)
    return None if design is None else (design.name, design.tons, design.walk, design.jump)


def design_choices(campaign_id: int | None = None) -> list[tuple[str, str]]:
    """The designs to choose from: the rules' and those uploaded into the campaign (into any campaign, each
    named with its campaign, when none is given: the mech's own check then keeps it to its campaign's)."""
    uploads = CampaignDesign.objects.select_related("campaign")
    uploaded = [(upload.name, upload.name if campaign_id else str(upload))
                for upload in (uploads.filter(campaign_id=campaign_id) if campaign_id else uploads)]
    mekas = [(name, f"{name} (MEKATAC)") for name in MEKA_DESIGNS]
    return [(name, name) for name in sorted(shipped_designs())] + uploaded + mekas
