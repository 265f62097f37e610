"""The organiser's console: list pages, inlines, pilot cards and the actions that run a campaign.

Actions only call services; a refused action shows the service's coded message and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from matches.errors import MatchError

from . import pairings, results, selectors, services, upkeep
from .models import Arena, Campaign, Fixture, MatchResult, Mech, Pilot, Round, Season, SideResult, Stable


def _run_each(request: HttpRequest, queryset: QuerySet[Any], modeladmin: admin.ModelAdmin,
              action: Callable[[Any], str]) -> None:
    """Runs `action` on each selected object and reports each outcome; one refusal does not stop the rest."""
    for obj in queryset:
        try:
            modeladmin.message_user(request, f"{obj}: {action(obj)}", messages.SUCCESS)
        except MatchError as error:
            modeladmin.message_user(request, f"{error.message} [{error.code}]", messages.ERROR)


def _match_link(match_id: int | None) -> SafeString | str:
    if match_id is None:
        return "—"
    return format_html(
        '<a href="{}">match {}</a> (<a href="{}">admin</a>)',
        reverse("match-detail", args=[match_id]), match_id, reverse("admin:matches_match_change", args=[match_id]),
    )


class ArenaInline(admin.TabularInline):
    model = Arena
    extra = 0


class SeasonInline(admin.TabularInline):
    model = Season
    extra = 0
    show_change_link = True


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "ruleset", "status"]
    list_filter = ["status", "ruleset"]
    search_fields = ["name"]
    inlines = [ArenaInline, SeasonInline]
    fieldsets = [
        (None, {"fields": ["name", "ruleset", "status", "match_options"]}),
        ("Awards", {"fields": [
            "purses", "loser_purse_percent", "experience_win", "experience_draw", "experience_loss",
            "experience_per_kill", "fame_win", "fame_per_kill", "mekatac_skills",
        ]}),
        ("Between fights", {"fields": ["skill_costs", "wounds_healed_per_round", "repair_cost_per_point"]}),
    ]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    show_change_link = True


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["__str__", "campaign", "number", "name"]
    list_filter = ["campaign"]
    inlines = [RoundInline]


PAIRING_FIELDS = ["arena", "pilot_a", "pilot_b"]


class FixtureInline(admin.TabularInline):
    """Pairings can be edited by hand until the round's matches are created; then they are history."""

    model = Fixture
    extra = 0
    fields = [*PAIRING_FIELDS, "match_link", "applied_at"]
    readonly_fields = ["match_link", "applied_at"]

    def _planned(self, round_: Round | None) -> bool:
        return round_ is None or round_.status == Round.Status.PLANNED

    def get_readonly_fields(self, request: HttpRequest, obj: Round | None = None) -> list[str]:
        return self.readonly_fields if self._planned(obj) else self.fields

    def has_add_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        return self._planned(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        return self._planned(obj) and super().has_delete_permission(request, obj)

    @admin.display(description="match")
    def match_link(self, fixture: Fixture) -> SafeString | str:
        return _match_link(fixture.match_id)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "deadline"]
    list_filter = ["season__campaign", "status"]
    inlines = [FixtureInline]
    actions = ["generate_pairings", "create_matches", "apply_results", "advance"]

    @admin.action(description="Generate the pairings")
    def generate_pairings(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _run_each(request, queryset, self,
                  lambda r: f"{len(pairings.round_generate_pairings(round_id=r.pk))} fixture(s) paired.")

    @admin.action(description="Create the live matches")
    def create_matches(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _run_each(request, queryset, self,
                  lambda r: f"{len(services.round_create_matches(round_id=r.pk))} match(es) created.")

    @admin.action(description="Apply the finished matches' results")
    def apply_results(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        def apply(round_: Round) -> str:
            counts = results.round_apply_results(round_id=round_.pk)
            return (f"{counts['applied']} applied, {counts['already']} already applied, "
                    f"{counts['waiting']} waiting for their result.")

        _run_each(request, queryset, self, apply)

    @admin.action(description="Close and advance to the next round")
    def advance(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _run_each(request, queryset, self, lambda r: f"closed; {results.round_advance(round_id=r.pk)} is open.")


class PilotInline(admin.TabularInline):
    model = Pilot
    extra = 0
    fields = ["name", "callsign", "player", "gunnery", "piloting", "experience", "wounds", "status"]
    show_change_link = True


class MechInline(admin.TabularInline):
    model = Mech
    extra = 0
    fields = ["design", "tons", "walk", "jump", "pilot", "damage", "destroyed"]
    show_change_link = True

    def get_formset(self, request: HttpRequest, obj: Stable | None = None, **kwargs: Any) -> Any:
        """Offers only the stable's own pilots."""
        formset = super().get_formset(request, obj, **kwargs)
        formset.form.base_fields["pilot"].queryset = Pilot.objects.filter(stable=obj) if obj else Pilot.objects.none()
        return formset


@admin.register(Stable)
class StableAdmin(admin.ModelAdmin):
    list_display = ["name", "campaign", "faction", "money", "fame"]
    list_filter = ["campaign", "faction"]
    search_fields = ["name"]
    inlines = [PilotInline, MechInline]


@admin.register(Pilot)
class PilotAdmin(admin.ModelAdmin):
    list_display = ["name", "callsign", "stable", "status", "gunnery", "piloting", "experience", "wounds", "record"]
    list_filter = ["stable__campaign", "stable", "status"]
    search_fields = ["name", "callsign"]
    readonly_fields = ["record", "history"]
    actions = ["improve_gunnery", "improve_piloting"]

    def get_changelist_instance(self, request: HttpRequest) -> Any:
        """Counts the listed pilots' records in one pass rather than one query per row."""
        changelist = super().get_changelist_instance(request)
        records = selectors.pilot_records(pilot_ids=[pilot.pk for pilot in changelist.result_list])
        for pilot in changelist.result_list:
            pilot.counted_record = records[pilot.pk]
        return changelist

    @admin.display(description="record (W-D-L, kills, VP)")
    def record(self, pilot: Pilot) -> str:
        r = getattr(pilot, "counted_record", None) or selectors.pilot_records(pilot_ids=[pilot.pk])[pilot.pk]
        return f"{r['wins']}-{r['draws']}-{r['losses']}, {r['kills']} kills, {r['victory_points']} VP"

    @admin.display(description="history")
    def history(self, pilot: Pilot) -> SafeString | str:
        rows = selectors.pilot_history(pilot=pilot)
        if not rows:
            return "No fight applied yet."
        return format_html_join(
            "", "<p>S{} R{} at {}: {} vs {} ({} kills, {} VP), {}</p>",
            (
                (e["season"], e["round"], e["arena"], e["outcome"], e["opponent"], e["line"].kills,
                 e["line"].victory_points, _match_link(e["match_id"]))
                for e in rows
            ),
        )

    def _improve(self, request: HttpRequest, queryset: QuerySet[Pilot], skill: str) -> None:
        _run_each(request, queryset, self,
                  lambda p: f"{skill} improved for {upkeep.pilot_improve_skill(pilot_id=p.pk, skill=skill)} XP.")

    @admin.action(description="Improve gunnery (spends experience)")
    def improve_gunnery(self, request: HttpRequest, queryset: QuerySet[Pilot]) -> None:
        self._improve(request, queryset, "gunnery")

    @admin.action(description="Improve piloting (spends experience)")
    def improve_piloting(self, request: HttpRequest, queryset: QuerySet[Pilot]) -> None:
        self._improve(request, queryset, "piloting")


@admin.register(Mech)
class MechAdmin(admin.ModelAdmin):
    list_display = ["design", "stable", "pilot", "damage", "repair_state"]
    list_filter = ["stable__campaign", "stable", "destroyed"]
    search_fields = ["design"]
    actions = ["repair"]

    @admin.action(description="Repair (spends the stable's money)")
    def repair(self, request: HttpRequest, queryset: QuerySet[Mech]) -> None:
        _run_each(request, queryset, self, lambda m: f"repaired for {upkeep.mech_repair(mech_id=m.pk)} C-bills.")


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "arena", "match_link", "applied_at"]
    list_filter = ["round__season__campaign", "round"]
    search_fields = ["pilot_a__name", "pilot_b__name"]
    readonly_fields = ["mech_a", "mech_b", "match_link", "applied_at", "report_lines"]
    exclude = ["match"]
    actions = ["apply_result"]

    def get_readonly_fields(self, request: HttpRequest, obj: Fixture | None = None) -> list[str]:
        """Once its match exists a fixture is history: who fought where stays as it was."""
        if obj is not None and obj.match_id is not None:
            return ["round", *PAIRING_FIELDS, *self.readonly_fields]
        return self.readonly_fields

    def has_delete_permission(self, request: HttpRequest, obj: Fixture | None = None) -> bool:
        return (obj is None or obj.match_id is None) and super().has_delete_permission(request, obj)

    @admin.display(description="match")
    def match_link(self, fixture: Fixture) -> SafeString | str:
        return _match_link(fixture.match_id)

    @admin.display(description="what the result changed")
    def report_lines(self, fixture: Fixture) -> SafeString | str:
        return format_html_join("", "<p>{}</p>", ((line,) for line in fixture.report)) or "Not applied yet."

    @admin.action(description="Apply the result")
    def apply_result(self, request: HttpRequest, queryset: QuerySet[Fixture]) -> None:
        _run_each(request, queryset, self, lambda f: "applied." if results.fixture_apply_result(fixture_id=f.pk)
                  else "already applied: nothing changed.")


class SideResultInline(admin.TabularInline):
    """One line for each side of the duel."""

    model = SideResult
    extra = 0
    min_num = max_num = 2

    def get_formset(self, request: HttpRequest, obj: MatchResult | None = None, **kwargs: Any) -> Any:
        # The admin passes min_num and max_num to the formset but only enforces them if asked to.
        return super().get_formset(request, obj, validate_min=True, validate_max=True, **kwargs)


@admin.register(MatchResult)
class MatchResultAdmin(admin.ModelAdmin):
    list_display = ["match", "winner_side", "recorded_at"]
    raw_id_fields = ["match"]
    inlines = [SideResultInline]

    def has_change_permission(self, request: HttpRequest, obj: MatchResult | None = None) -> bool:
        """An applied result is history: editing it would no longer match what it changed."""
        applied = obj is not None and Fixture.objects.filter(match_id=obj.match_id, applied_at__isnull=False).exists()
        return not applied and super().has_change_permission(request, obj)
