"""What every page of the organiser's console shares: the form that never crashes on a hidden field, the
dropdown labels that name each stable's campaign, running an action on each selected object, and the page
that asks for the reason of a decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from matches.errors import MatchError

from ..decisions import REASON_MAX
from ..models import Arena, Mech, Pilot, Round, Stable

# How each kind of row is named in a dropdown: with its stable and campaign, since a list mixes campaigns.
LABELS: dict[type[models.Model], tuple[Callable[[Any], str], tuple[str, ...]]] = {
    Stable: (Stable.label, ("campaign",)),
    Pilot: (Pilot.label, ("stable__campaign",)),
    Mech: (Mech.label, ("stable__campaign",)),
    Arena: (lambda arena: f"{arena} · {arena.campaign}", ("campaign",)),
    Round: (str, ("season__campaign",)),
}


class CampaignForm(forms.ModelForm):
    """A model form whose model check may name a field the page does not show (read-only once its match
    exists): that error is shown at the top of the form instead of failing the page."""

    def add_error(self, field: str | None, error: Any) -> None:
        if field is None and isinstance(error, ValidationError) and hasattr(error, "error_dict"):
            shown: dict[str, list[Any]] = {}
            for name, errors in error.error_dict.items():
                key = name if name == NON_FIELD_ERRORS or name in self.fields else NON_FIELD_ERRORS
                shown.setdefault(key, []).extend(errors)
            error = ValidationError(shown)
        super().add_error(field, error)


class Labelled:
    """Admin mixin: dropdowns of stables, pilots, mechs, arenas and rounds name their campaign."""

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]
        label = LABELS.get(db_field.related_model)
        if field is not None and label is not None:
            field.label_from_instance = label[0]
            field.queryset = field.queryset.select_related(*label[1])
        return field


def offer_only(fields: dict[str, forms.Field], name: str, choices: QuerySet[Any]) -> None:
    """Limits the dropdown `name` of a form's fields to `choices`, when the page shows it."""
    field = fields.get(name)
    if isinstance(field, forms.ModelChoiceField):
        field.queryset = choices


class ConsoleAdmin(Labelled, admin.ModelAdmin):
    form = CampaignForm


def run_each(request: HttpRequest, queryset: QuerySet[Any], modeladmin: admin.ModelAdmin,
             action: Callable[[Any], str]) -> None:
    """Runs `action` on each selected object and reports each outcome; one refusal does not stop the rest."""
    for obj in queryset:
        try:
            modeladmin.message_user(request, f"{obj}: {action(obj)}", messages.SUCCESS)
        except MatchError as error:
            modeladmin.message_user(request, error.text, messages.ERROR)


def match_link(match_id: int | None) -> SafeString | str:
    if match_id is None:
        return "—"
    return format_html(
        '<a href="{}">{}</a> (<a href="{}">{}</a>)',
        reverse("match-detail", args=[match_id]), gettext("match %(id)s") % {"id": match_id},
        reverse("admin:matches_match_change", args=[match_id]), gettext("admin"),
    )


class UploadForm(forms.Form):
    file = forms.FileField(label=_("file"))


def upload_page(modeladmin: admin.ModelAdmin, request: HttpRequest, obj: Any, title: str, help_text: Any,
                take: Callable[[bytes], str], limit: int = 256 * 1024) -> HttpResponse:
    """A page that takes one file and gives its bytes (at most `limit` + 1 are read) to `take`, which says
    what it did or refuses with a coded error (shown on the form: nothing was changed)."""
    form = UploadForm(request.POST, request.FILES) if request.method == "POST" else UploadForm()
    if form.is_valid():
        try:
            done = take(form.cleaned_data["file"].read(limit + 1))
        except MatchError as error:
            form.add_error("file", error.text)
        else:
            modeladmin.message_user(request, f"{obj}: {done}", messages.SUCCESS)
            return HttpResponseRedirect(reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change",
                                                args=[obj.pk]))
    return TemplateResponse(request, "admin/campaigns/upload.html", {
        **modeladmin.admin_site.each_context(request), "title": title,
        "form": form, "help_text": help_text, "opts": modeladmin.model._meta, "original": obj,
    })


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("reason"), max_length=REASON_MAX, widget=forms.Textarea(attrs={"rows": 3}),
                             help_text=_("Logged with the decision, for the players and the organisers."))


class ExtensionForm(ReasonForm):
    days = forms.IntegerField(label=_("days"), min_value=1, max_value=60, initial=7)


def with_reason(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Any], title: str,
                run: Callable[[Any, dict[str, Any]], str], form_class: type[forms.Form] = ReasonForm
                ) -> TemplateResponse | None:
    """An action that needs a reason (or another choice, `form_class`): the first post shows the form, the
    second (with its answer) runs it."""
    form = form_class(request.POST if "reason_given" in request.POST else None)
    if form.is_bound and form.is_valid():
        run_each(request, queryset, modeladmin, lambda obj: run(obj, form.cleaned_data))
        return None
    opts = modeladmin.model._meta
    return TemplateResponse(request, "admin/campaigns/reason.html", {
        **modeladmin.admin_site.each_context(request), "title": title, "form": form, "queryset": queryset,
        "action": request.POST.get("action", ""), "opts": opts,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    })
