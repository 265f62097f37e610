"""Rounds and their fixtures: pairings checked across the whole page, the round's actions, and a fixture's
decisions (void, un-apply, declare a result, a forfeit or a no-show)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from matches.errors import MatchError

from .. import decisions, pairings, results, selectors, services
from ..models import Bye, CampaignLog, Fixture, MatchResult, Pilot, Round
from ..report import said
from .common import (
    CampaignForm, ConsoleAdmin, ExtensionForm, Labelled, match_link, offer_only, run_each, with_reason,
)

PAIRING_FIELDS = ["arena", "pilot_a", "pilot_b"]
STANDING = {
    "voided": _("voided"), "applied": _("applied"), "planned": _("planned"), "to_apply": _("finished, to apply"),
    "overdue": _("overdue"), "live": _("live"),
}
GONE = (Pilot.Status.DEAD, Pilot.Status.RETIRED)


def living_pilots(round_: Round | None) -> QuerySet[Pilot]:
    """The pilots a fixture of this round may pair: its campaign's, neither dead nor retired."""
    pilots = Pilot.objects.exclude(status__in=GONE).select_related("stable__campaign")
    return pilots.filter(stable__campaign=round_.season.campaign_id) if round_ is not None else pilots


class FixtureFormSet(BaseInlineFormSet):
    """The round page's fixtures, checked together: a pilot fights once a round, new rows included."""

    def clean(self) -> None:
        super().clean()
        seen: set[int] = set()
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or data.get("DELETE") or form.instance.voided_at is not None:
                continue
            for field in ("pilot_a", "pilot_b"):
                # A read-only row (its match exists) has its pilots on the instance, not in the form.
                pilot = data.get(field) or (getattr(form.instance, field) if getattr(form.instance, f"{field}_id")
                                            else None)
                if pilot is None:
                    continue
                if pilot.pk in seen:
                    form.add_error(field if field in form.fields else None,
                                   gettext("%(pilot)s is in another fixture of this round.") % {"pilot": pilot})
                seen.add(pilot.pk)


class FixtureColumns:
    """The columns a fixture shows in its list, its page and its round's page."""

    @admin.display(description=_("match"))
    def match_link(self, fixture: Fixture) -> SafeString | str:
        return match_link(fixture.match_id)

    @admin.display(description=_("standing"))
    def standing(self, fixture: Fixture) -> str:
        return str(STANDING[selectors.fixture_standing(fixture)]) if fixture.pk else "—"


class FixtureInline(FixtureColumns, Labelled, admin.TabularInline):
    """Pairings can be edited by hand until the round's matches are created; then they are history."""

    model = Fixture
    form = CampaignForm
    formset = FixtureFormSet
    extra = 0
    readonly_fields = ("match_link", "standing", "applied_at")
    fields = (*PAIRING_FIELDS, *readonly_fields)
    show_change_link = True

    def _planned(self, round_: Round | None) -> bool:
        return round_ is None or round_.status == Round.Status.PLANNED

    def get_readonly_fields(self, request: HttpRequest, obj: Round | None = None) -> tuple[str, ...]:
        return (*self.readonly_fields,) if self._planned(obj) else (*PAIRING_FIELDS, *self.readonly_fields)

    def has_add_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        return self._planned(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        return self._planned(obj) and super().has_delete_permission(request, obj)

    def get_formset(self, request: HttpRequest, obj: Round | None = None, **kwargs: Any) -> Any:
        """Offers the round's campaign's living pilots and its arenas."""
        formset = super().get_formset(request, obj, **kwargs)
        fields = formset.form.base_fields
        for name in ("pilot_a", "pilot_b"):
            offer_only(fields, name, living_pilots(obj))
        if obj is not None:
            offer_only(fields, "arena", obj.season.campaign.arenas.all())
        return formset

class LogInline(admin.TabularInline):
    """The decisions taken on this round or fixture, with their reasons (read-only)."""

    model = CampaignLog
    extra = 0
    fields = readonly_fields = ("at", "action", "reason", "by", "what_changed")
    can_delete = False
    verbose_name_plural = _("decisions")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("what changed"))
    def what_changed(self, entry: CampaignLog) -> SafeString | str:
        return report_html(entry.lines)


def report_html(lines: list[Any]) -> SafeString | str:
    return format_html_join("", "<p>{}</p>", ((said(entry),) for entry in lines)) or "—"


class RoundInline(admin.TabularInline):
    model = Round
    form = CampaignForm
    extra = 0
    show_change_link = True


class ByeInline(admin.TabularInline):
    """The pilots left without an opponent (read-only: the pairings record them)."""

    model = Bye
    extra = 0
    fields = readonly_fields = ("pilot",)
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RoundLogInline(LogInline):
    fk_name = "round"


@admin.register(Round)
class RoundAdmin(ConsoleAdmin):
    list_display = ["__str__", "status", "deadline", "overdue"]
    list_filter = ["season__campaign", "status"]
    inlines = [FixtureInline, ByeInline, RoundLogInline]
    actions = ["generate_pairings", "create_matches", "apply_results", "advance", "forfeit_overdue", "extend",
               "void"]

    readonly_fields = ["sheet_link"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Round]:
        return super().get_queryset(request).select_related("season__campaign")

    def get_urls(self) -> list[Any]:
        sheet = self.admin_site.admin_view(self.sheet_view)
        return [path("<int:round_id>/sheet/", sheet, name="campaigns_round_sheet"), *super().get_urls()]

    @admin.display(description=_("pairing sheet"))
    def sheet_link(self, round_: Round) -> SafeString | str:
        if round_.pk is None:
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("admin:campaigns_round_sheet", args=[round_.pk]),
                           gettext("Printable pairing sheet"))

    def sheet_view(self, request: HttpRequest, round_id: int) -> HttpResponse:
        """The round's pairings on one printable page: stable, pilot, mech and player per side, the arena,
        the deadline and the byes."""
        round_ = get_object_or_404(Round.objects.select_related("season__campaign"), pk=round_id)
        if not self.has_view_permission(request, round_):
            return HttpResponse(status=403)
        return TemplateResponse(request, "admin/campaigns/sheet.html", {
            "round": round_, "campaign": round_.season.campaign, "rows": selectors.round_sheet(round_=round_),
            "byes": selectors.round_byes(round_=round_),
        })

    @admin.display(description=_("overdue fixtures"))
    def overdue(self, round_: Round) -> int:
        return len(selectors.fixtures_overdue(round_=round_))

    @admin.action(description=_("Generate the pairings"), permissions=["change"])
    def generate_pairings(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        def pair(round_: Round) -> str:
            count = len(pairings.round_generate_pairings(round_id=round_.pk))
            return ngettext("%(n)s fixture paired.", "%(n)s fixtures paired.", count) % {"n": count}

        run_each(request, queryset, self, pair)

    @admin.action(description=_("Create the live matches"), permissions=["change"])
    def create_matches(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        def create(round_: Round) -> str:
            count = len(services.round_create_matches(round_id=round_.pk))
            return ngettext("%(n)s match created.", "%(n)s matches created.", count) % {"n": count}

        run_each(request, queryset, self, create)

    @admin.action(description=_("Apply the finished matches' results"), permissions=["change"])
    def apply_results(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        run_each(request, queryset, self, lambda r: gettext(
            "%(applied)s applied, %(already)s already applied, %(waiting)s waiting for their result.")
            % results.round_apply_results(round_id=r.pk))

    @admin.action(description=_("Close and advance to the next round"), permissions=["change"])
    def advance(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        run_each(request, queryset, self, lambda r: gettext("closed; %(next)s is open.")
                 % {"next": results.round_advance(round_id=r.pk)})

    @admin.action(description=_("Forfeit the overdue fixtures (the side awaited loses)"), permissions=["change"])
    def forfeit_overdue(self, request: HttpRequest, queryset: QuerySet[Round]) -> TemplateResponse | None:
        return with_reason(self, request, queryset, gettext("Forfeit the overdue fixtures"), lambda r, data: gettext(
            "%(forfeited)s forfeited; %(undecided)s waiting on both sides or neither, for the referee to decide.")
            % decisions.round_forfeit_overdue(round_id=r.pk, reason=data["reason"], by=request.user))

    @admin.action(description=_("Extend the deadline"), permissions=["change"])
    def extend(self, request: HttpRequest, queryset: QuerySet[Round]) -> TemplateResponse | None:
        return with_reason(self, request, queryset, gettext("Extend the deadline"), lambda r, data: gettext(
            "the deadline is now %(deadline)s.") % {"deadline": decisions.round_extend(
                round_id=r.pk, days=data["days"], reason=data["reason"], by=request.user).deadline}, ExtensionForm)

    @admin.action(description=_("Void the round"), permissions=["change"])
    def void(self, request: HttpRequest, queryset: QuerySet[Round]) -> TemplateResponse | None:
        return with_reason(self, request, queryset, gettext("Void the round"), lambda r, data: " ".join(
            [gettext("voided."), *decisions.round_void(round_id=r.pk, reason=data["reason"], by=request.user)]))


class FixtureLogInline(LogInline):
    fk_name = "fixture"


class DecideForm(forms.Form):
    """A referee's result for a live match; the lines count only for a declared result."""

    decision = forms.ChoiceField(label=_("decision"), choices=[
        (choice, label) for choice, label in MatchResult.Decision.choices if choice])
    winner_side = forms.ChoiceField(label=_("winner"), required=False, choices=[
        ("a", _("side a")), ("b", _("side b")), ("", _("nobody (a declared draw)"))])
    reason = forms.CharField(label=_("reason"), max_length=decisions.REASON_MAX, widget=forms.Textarea({"rows": 3}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for side in ("a", "b"):
            self.fields[f"{side}_kills"] = forms.IntegerField(label=_("kills"), min_value=0, initial=0)
            self.fields[f"{side}_damage_taken"] = forms.IntegerField(label=_("damage taken"), min_value=0, initial=0)
            self.fields[f"{side}_wounds"] = forms.IntegerField(label=_("wounds"), min_value=0, max_value=6, initial=0)
            self.fields[f"{side}_mech_destroyed"] = forms.BooleanField(label=_("mech destroyed"), required=False)
            self.fields[f"{side}_victory_points"] = forms.IntegerField(label=_("victory points"), initial=0)

    def sides(self) -> dict[str, dict[str, Any]]:
        return {side: {name: self.cleaned_data[f"{side}_{name}"] for name in services.RESULT_FIELDS}
                for side in ("a", "b")}


@admin.register(Fixture)
class FixtureAdmin(FixtureColumns, ConsoleAdmin):
    list_display = ["__str__", "round", "arena", "match_link", "standing", "applied_at"]
    list_filter = ["round__season__campaign", "round"]
    search_fields = ["pilot_a__name", "pilot_b__name"]
    readonly_fields = ["mech_a", "mech_b", "match_link", "standing", "applied_at", "report_lines", "decide_link"]
    exclude = ["match", "result"]
    inlines = [FixtureLogInline]
    actions = ["apply_result", "unapply", "void"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fixture]:
        return super().get_queryset(request).select_related(
            "round__season__campaign", "arena", "pilot_a", "pilot_b", "match")

    def get_readonly_fields(self, request: HttpRequest, obj: Fixture | None = None) -> list[str]:
        """Once its match exists (or it is voided) a fixture is history: who fought where stays as it was."""
        if obj is not None and (obj.match_id is not None or obj.voided_at is not None):
            return ["round", *PAIRING_FIELDS, *self.readonly_fields]
        return self.readonly_fields

    def get_form(self, request: HttpRequest, obj: Fixture | None = None, change: bool = False, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, change, **kwargs)
        fields = form.base_fields
        round_ = obj.round if obj is not None else None
        for name in ("pilot_a", "pilot_b"):
            offer_only(fields, name, living_pilots(round_))
        offer_only(fields, "round", Round.objects.select_related("season__campaign").filter(
            status__in=[Round.Status.PLANNED, Round.Status.LIVE]))
        return form

    def has_delete_permission(self, request: HttpRequest, obj: Fixture | None = None) -> bool:
        return (obj is None or obj.match_id is None) and super().has_delete_permission(request, obj)

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        """A fixture whose match exists is voided, never deleted (the bulk delete included)."""
        deleted, counts, perms, protected = super().get_deleted_objects(objs, request)
        played = [str(obj) for obj in objs if obj.match_id is not None]
        return deleted, counts, perms, [*protected, *played]

    def get_urls(self) -> list[Any]:
        decide = self.admin_site.admin_view(self.decide_view)
        return [path("<int:fixture_id>/decide/", decide, name="campaigns_fixture_decide"), *super().get_urls()]

    @admin.display(description=_("what the result changed"))
    def report_lines(self, fixture: Fixture) -> SafeString | str:
        return report_html(fixture.report) if fixture.report else gettext("Not applied yet.")

    @admin.display(description=_("referee's decision"))
    def decide_link(self, fixture: Fixture) -> SafeString | str:
        if fixture.pk is None or selectors.fixture_standing(fixture) not in ("live", "overdue"):
            return "—"
        return format_html('<a href="{}">{}</a>', reverse("admin:campaigns_fixture_decide", args=[fixture.pk]),
                           gettext("Declare a result, a forfeit or a no-show"))

    def decide_view(self, request: HttpRequest, fixture_id: int) -> HttpResponse:
        fixture = get_object_or_404(Fixture.objects.select_related("round__season__campaign"), pk=fixture_id)
        if not self.has_change_permission(request, fixture):
            return HttpResponse(status=403)
        form = DecideForm(request.POST if request.method == "POST" else None)
        if form.is_valid():
            try:
                decisions.fixture_decide(
                    fixture_id=fixture.pk, decision=form.cleaned_data["decision"], reason=form.cleaned_data["reason"],
                    winner_side=form.cleaned_data["winner_side"], sides=form.sides(), by=request.user)
            except MatchError as error:
                form.add_error(None, ValidationError(error.text))
            else:
                self.message_user(request, gettext("%(fixture)s: decided and applied.") % {"fixture": fixture},
                                  messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:campaigns_fixture_change", args=[fixture.pk]))
        return TemplateResponse(request, "admin/campaigns/decide.html", {
            **self.admin_site.each_context(request), "title": gettext("Decide %(fixture)s") % {"fixture": fixture},
            "form": form, "fixture": fixture, "opts": self.model._meta,
        })

    @admin.action(description=_("Apply the result"), permissions=["change"])
    def apply_result(self, request: HttpRequest, queryset: QuerySet[Fixture]) -> None:
        run_each(request, queryset, self, lambda f: gettext("applied.") if results.fixture_apply_result(
            fixture_id=f.pk) else gettext("already applied: nothing changed."))

    @admin.action(description=_("Un-apply the result (gives back what it changed)"), permissions=["change"])
    def unapply(self, request: HttpRequest, queryset: QuerySet[Fixture]) -> TemplateResponse | None:
        return with_reason(self, request, queryset, gettext("Un-apply the result"), lambda f, data: " ".join(
            [gettext("un-applied."), *decisions.fixture_unapply(fixture_id=f.pk, reason=data["reason"],
                                                               by=request.user)]))

    @admin.action(description=_("Void the fixture"), permissions=["change"])
    def void(self, request: HttpRequest, queryset: QuerySet[Fixture]) -> TemplateResponse | None:
        return with_reason(self, request, queryset, gettext("Void the fixture"), lambda f, data: " ".join(
            [gettext("voided."), *decisions.fixture_void(fixture_id=f.pk, reason=data["reason"], by=request.user)]))
