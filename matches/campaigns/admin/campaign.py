"""The campaign itself, its arenas and seasons, the result records and the log of decisions."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .. import designs, imports, pairings

from ..models import Arena, Campaign, CampaignDesign, CampaignLog, Fixture, MatchResult, Mech, Season, SideResult
from .common import CampaignForm, ConsoleAdmin, run_each, upload_page
from .rounds import RoundInline, report_html


DESIGN_HELP = _(
    "A MegaMek .mtf file (as MegaMek saves a BattleMech), read by the rules as the designs they ship: the "
    "campaign's mechs may then be built to it and bought. A refused file says which line and why.")


class ArenaInline(admin.TabularInline):
    model = Arena
    form = CampaignForm
    extra = 0


class SeasonInline(admin.TabularInline):
    model = Season
    form = CampaignForm
    extra = 0
    show_change_link = True


@admin.register(Campaign)
class CampaignAdmin(ConsoleAdmin):
    list_display = ["name", "ruleset", "status"]
    list_filter = ["status", "ruleset"]
    search_fields = ["name"]
    inlines = [ArenaInline, SeasonInline]
    readonly_fields = ["import_link", "design_link"]
    fieldsets = [
        (None, {"fields": ["name", "ruleset", "status", "match_options", "pairing", "stablemates_apart",
                           "weight_by_arena_class", "rosters", "import_link", "design_link"]}),
        (_("Awards"), {"fields": [
            "purses", "loser_purse_percent", "experience_win", "experience_draw", "experience_loss",
            "experience_per_kill", "fame_win", "fame_per_kill", "mekatac_skills",
        ]}),
        (_("Between fights"), {"fields": ["skill_costs", "wounds_healed_per_round", "repair_cost_per_point",
                                          "mech_price_per_ton", "sale_percent", "salvage_percent",
                                          "players_trade"]}),
    ]

    def get_urls(self) -> list[Any]:
        return [
            path("<int:campaign_id>/import/", self.admin_site.admin_view(self.import_view),
                 name="campaigns_campaign_import"),
            path("<int:campaign_id>/design/", self.admin_site.admin_view(self.design_view),
                 name="campaigns_campaign_design"),
            *super().get_urls(),
        ]

    @admin.display(description=_("designs"))
    def design_link(self, campaign: Campaign) -> SafeString | str:
        if campaign.pk is None:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("admin:campaigns_campaign_design", args=[campaign.pk]),
                           gettext("Upload a design (MegaMek .mtf)"))

    def design_view(self, request: HttpRequest, campaign_id: int) -> HttpResponse:
        campaign = get_object_or_404(Campaign, pk=campaign_id)
        if not self.has_change_permission(request, campaign):
            return HttpResponse(status=403)
        return upload_page(self, request, campaign, gettext("Upload a design into %(campaign)s") % {
            "campaign": campaign}, DESIGN_HELP, lambda data: gettext("%(design)s (%(tons)s t) uploaded.") % {
                "design": (made := designs.design_upload(campaign_id=campaign.pk, data=data)).name,
                "tons": made.tons}, limit=designs.MTF_LIMIT)

    @admin.display(description=_("stables and pilots from a file"))
    def import_link(self, campaign: Campaign) -> SafeString | str:
        if campaign.pk is None:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("admin:campaigns_campaign_import", args=[campaign.pk]),
                           gettext("Import stables and pilots (CSV)"))

    def import_view(self, request: HttpRequest, campaign_id: int) -> HttpResponse:
        campaign = get_object_or_404(Campaign, pk=campaign_id)
        if not self.has_change_permission(request, campaign):
            return HttpResponse(status=403)
        return upload_page(self, request, campaign, gettext("Import stables and pilots into %(campaign)s") % {"campaign": campaign},
                           imports.IMPORT_COLUMNS_HELP, lambda data: gettext(
                               "%(stables)s stables, %(pilots)s pilots and %(mechs)s mechs added.")
                           % imports.campaign_import(campaign_id=campaign.pk, data=data))


@admin.register(Season)
class SeasonAdmin(ConsoleAdmin):
    list_display = ["__str__", "campaign", "number", "name"]
    list_filter = ["campaign"]
    inlines = [RoundInline]
    actions = ["round_robin"]

    @admin.action(description=_("Schedule a round robin (every fit pilot meets every other once)"),
                  permissions=["change"])
    def round_robin(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        def schedule(season: Season) -> str:
            count = len(pairings.season_round_robin(season_id=season.pk))
            return ngettext("%(n)s round scheduled.", "%(n)s rounds scheduled.", count) % {"n": count}

        run_each(request, queryset, self, schedule)


class SideResultInline(admin.TabularInline):
    """One line for each side of the duel."""

    model = SideResult
    form = CampaignForm
    extra = 0
    min_num = max_num = 2

    def get_formset(self, request: HttpRequest, obj: MatchResult | None = None, **kwargs: Any) -> Any:
        # The admin passes min_num and max_num to the formset but only enforces them if asked to.
        return super().get_formset(request, obj, validate_min=True, validate_max=True, **kwargs)


def _applied(result: MatchResult | None) -> bool:
    return result is not None and Fixture.objects.filter(result=result).exists()


@admin.register(MatchResult)
class MatchResultAdmin(ConsoleAdmin):
    list_display = ["match", "winner_side", "decision", "recorded_at"]
    list_filter = ["decision"]
    raw_id_fields = ["match"]
    inlines = [SideResultInline]

    def has_change_permission(self, request: HttpRequest, obj: MatchResult | None = None) -> bool:
        """An applied result is history: editing it would no longer match what it changed (un-apply first)."""
        return not _applied(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: MatchResult | None = None) -> bool:
        """An applied result is un-applied from its fixture, never deleted (its fixture protects it)."""
        return not _applied(obj) and super().has_delete_permission(request, obj)


@admin.register(CampaignLog)
class CampaignLogAdmin(ConsoleAdmin):
    """Read-only: every decision is logged by the service that takes it."""

    list_display = ["at", "campaign", "round", "fixture", "action", "reason", "by"]
    list_filter = ["campaign", "action"]
    fields = readonly_fields = ("at", "campaign", "round", "fixture", "action", "reason", "by", "what_changed")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: CampaignLog | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: CampaignLog | None = None) -> bool:
        return False

    @admin.display(description=_("what changed"))
    def what_changed(self, entry: CampaignLog) -> Any:
        return report_html(entry.lines)


@admin.register(CampaignDesign)
class CampaignDesignAdmin(ConsoleAdmin):
    """Designs are uploaded from their campaign's page; one is deleted only while no mech is built to it."""

    list_display = ["name", "campaign", "tons", "uploaded_at"]
    list_filter = ["campaign"]
    fields = readonly_fields = ("name", "campaign", "tons", "uploaded_at", "mtf")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: CampaignDesign | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: CampaignDesign | None = None) -> bool:
        built = obj is not None and Mech.objects.filter(stable__campaign=obj.campaign_id, design=obj.name).exists()
        return not built and super().has_delete_permission(request, obj)
