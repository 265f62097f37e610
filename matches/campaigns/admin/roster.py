"""Stables, pilots and mechs: one stable per pilot (a move says where the mech goes), one pilot per mech, a
mech built to a design the rules ship."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .. import economy, selectors, upkeep
from rules.battletech.designs.design import shipped_designs

from ..models import Mech, Pilot, Stable, design_choices
from .common import CampaignForm, ConsoleAdmin, Labelled, match_link, offer_only, run_each, with_reason

REPAIR_STATE = {"destroyed": _("destroyed"), "damaged": _("damaged"), "ready": _("ready"), "sold": _("sold")}


class BuyForm(forms.Form):
    design = forms.ChoiceField(label=_("design"), choices=design_choices,
                               help_text=_("Paid from the stable's money at the campaign's price per ton."))


class PilotRowForm(CampaignForm):
    """A pilot's row on the stable's page; a new mech may be built for them in the same save."""

    new_mech = forms.ChoiceField(
        label=_("new mech"), required=False,
        choices=lambda: [("", "—"), *((name, name) for name in sorted(shipped_designs()))],
        help_text=_("Builds a mech of this design for a pilot without one, with the stable's first save."),
    )

    def clean_new_mech(self) -> str:
        design: str = self.cleaned_data.get("new_mech", "")
        if design and self.instance.pk and Mech.objects.filter(pilot_id=self.instance.pk).exists():
            raise forms.ValidationError(gettext("This pilot already has a mech: a pilot drives one mech at a time."))
        return design


class PilotInline(Labelled, admin.TabularInline):
    model = Pilot
    form = PilotRowForm
    extra = 0
    fields = ["name", "callsign", "player", "gunnery", "piloting", "experience", "wounds", "status", "new_mech"]
    show_change_link = True


class MechForm(CampaignForm):
    """A mech's design is chosen from the rules' designs and those uploaded into campaigns (the mech's own
    check keeps it to its campaign's)."""

    design = forms.ChoiceField(label=_("design"), choices=design_choices, help_text=Mech._meta.get_field(
        "design").help_text)

    class Meta:
        model = Mech
        fields = "__all__"


class MechInline(Labelled, admin.TabularInline):
    model = Mech
    form = MechForm
    extra = 0
    fields = ["design", "tons", "walk", "jump", "pilot", "damage", "destroyed"]
    readonly_fields = ["tons", "walk", "jump"]
    show_change_link = True

    def get_formset(self, request: HttpRequest, obj: Stable | None = None, **kwargs: Any) -> Any:
        """Offers only the stable's own pilots (a new stable's pilots, once saved)."""
        formset = super().get_formset(request, obj, **kwargs)
        pilots = Pilot.objects.filter(stable=obj).exclude(status=Pilot.Status.DEAD) if obj else Pilot.objects.none()
        offer_only(formset.form.base_fields, "pilot", pilots.select_related("stable__campaign"))
        return formset


@admin.register(Stable)
class StableAdmin(ConsoleAdmin):
    list_display = ["name", "campaign", "faction", "money", "fame"]
    list_filter = ["campaign", "faction"]
    search_fields = ["name"]
    inlines = [PilotInline, MechInline]
    actions = ["buy_mech"]

    @admin.action(description=_("Buy a mech (spends the stable's money)"), permissions=["change"])
    def buy_mech(self, request: HttpRequest, queryset: QuerySet[Stable]) -> TemplateResponse | None:
        return with_reason(self, request, queryset, gettext("Buy a mech"), lambda s, data: gettext(
            "bought %(mech)s.") % {"mech": economy.mech_buy(stable_id=s.pk, design=data["design"],
                                                            by=request.user).design}, BuyForm)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        """Saves the rows, then builds the mechs asked for on pilot rows (a new stable's mechs need no second
        save to get their pilots)."""
        super().save_formset(request, form, formset, change)
        for row in formset.forms if formset.model is Pilot else []:
            design = getattr(row, "cleaned_data", {}).get("new_mech")
            if design and not row.cleaned_data.get("DELETE") and not Mech.objects.filter(pilot=row.instance).exists():
                Mech.objects.create(stable=form.instance, design=design, pilot=row.instance)


class PilotForm(CampaignForm):
    """A pilot's card; moving them to another stable says what happens to the mech they drive."""

    mech_on_move = forms.ChoiceField(
        label=_("their mech, on a move"), required=False,
        choices=[("", "—"), ("take", _("goes with the pilot")), ("stay", _("stays with the old stable"))],
        help_text=_("Only when the pilot moves to another stable while driving a mech."),
    )

    class Meta:
        model = Pilot
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        stable, pilot = data.get("stable"), self.instance
        if pilot.pk is None or stable is None or stable.pk == pilot.stable_id:
            return data
        refusal = upkeep.pilot_move_refusal(Pilot.objects.select_related("stable").get(pk=pilot.pk), stable)
        mech = Mech.objects.filter(pilot_id=pilot.pk).first()
        if refusal is not None:
            self.add_error("stable", refusal.message)
        elif mech is not None and not data.get("mech_on_move"):
            self.add_error("mech_on_move", gettext("%(pilot)s drives %(mech)s: say whether it goes with them.")
                           % {"pilot": pilot, "mech": mech.design})
        return data


@admin.register(Pilot)
class PilotAdmin(ConsoleAdmin):
    form = PilotForm
    list_display = ["name", "callsign", "stable", "status", "gunnery", "piloting", "experience", "wounds", "record"]
    list_filter = ["stable__campaign", "stable", "status"]
    search_fields = ["name", "callsign"]
    readonly_fields = ["record", "history"]
    actions = ["improve_gunnery", "improve_piloting"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Pilot]:
        return super().get_queryset(request).select_related("stable__campaign")

    def save_model(self, request: HttpRequest, obj: Pilot, form: Any, change: bool) -> None:
        """A move goes through `upkeep.pilot_move`, which takes the mech along or leaves it behind."""
        if change and "stable" in form.changed_data:
            for line in upkeep.pilot_move(pilot_id=obj.pk, stable_id=obj.stable_id,
                                          take_mech=form.cleaned_data.get("mech_on_move") == "take"):
                self.message_user(request, line, messages.INFO)
        super().save_model(request, obj, form, change)

    def get_changelist_instance(self, request: HttpRequest) -> Any:
        """Counts the listed pilots' records in one pass rather than one query per row."""
        changelist = super().get_changelist_instance(request)
        records = selectors.pilot_records(pilot_ids=[pilot.pk for pilot in changelist.result_list])
        for pilot in changelist.result_list:
            pilot.counted_record = records[pilot.pk]
        return changelist

    @admin.display(description=_("record (W-D-L, kills, VP)"))
    def record(self, pilot: Pilot) -> str:
        if pilot.pk is None:
            return "—"
        r = getattr(pilot, "counted_record", None) or selectors.pilot_records(pilot_ids=[pilot.pk])[pilot.pk]
        return gettext("%(wins)s-%(draws)s-%(losses)s, %(kills)s kills, %(victory_points)s VP") % r

    @admin.display(description=_("history"))
    def history(self, pilot: Pilot) -> SafeString | str:
        rows = selectors.pilot_history(pilot=pilot) if pilot.pk else []
        if not rows:
            return gettext("No fight applied yet.")
        return format_html_join(
            "", "<p>{}, {}</p>",
            ((gettext("S%(season)s R%(round)s at %(arena)s: %(outcome)s vs %(opponent)s (%(kills)s kills, %(vp)s VP)")
              % {**e, "outcome": selectors.outcome_word(e["outcome"]), "kills": e["line"].kills,
                 "vp": e["line"].victory_points}, match_link(e["match_id"]))
             for e in rows),
        )

    def _improve(self, request: HttpRequest, queryset: QuerySet[Pilot], skill: str) -> None:
        run_each(request, queryset, self, lambda p: gettext("%(skill)s improved for %(xp)s XP.") % {
            "skill": upkeep.skill_name(skill), "xp": upkeep.pilot_improve_skill(pilot_id=p.pk, skill=skill)})

    @admin.action(description=_("Improve gunnery (spends experience)"), permissions=["change"])
    def improve_gunnery(self, request: HttpRequest, queryset: QuerySet[Pilot]) -> None:
        self._improve(request, queryset, "gunnery")

    @admin.action(description=_("Improve piloting (spends experience)"), permissions=["change"])
    def improve_piloting(self, request: HttpRequest, queryset: QuerySet[Pilot]) -> None:
        self._improve(request, queryset, "piloting")


@admin.register(Mech)
class MechAdmin(ConsoleAdmin):
    form = MechForm
    list_display = ["design", "stable", "pilot", "damage", "repair_state", "value"]
    list_filter = ["stable__campaign", "stable", "destroyed"]
    search_fields = ["design"]
    readonly_fields = ["tons", "walk", "jump", "sold_at"]
    actions = ["repair", "sell"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Mech]:
        return super().get_queryset(request).select_related("stable__campaign", "pilot")

    @admin.display(description=_("repair state"))
    def repair_state(self, mech: Mech) -> str:
        return str(REPAIR_STATE[mech.repair_state])

    @admin.display(description=_("value (C-bills)"))
    def value(self, mech: Mech) -> int | str:
        return "—" if mech.sold_at is not None else economy.mech_value(mech, mech.stable.campaign)

    @admin.action(description=_("Sell (adds its value to the stable's money)"), permissions=["change"])
    def sell(self, request: HttpRequest, queryset: QuerySet[Mech]) -> None:
        run_each(request, queryset, self, lambda m: gettext("sold for %(value)s C-bills.")
                 % {"value": economy.mech_sell(mech_id=m.pk, by=request.user)})

    @admin.action(description=_("Repair (spends the stable's money)"), permissions=["change"])
    def repair(self, request: HttpRequest, queryset: QuerySet[Mech]) -> None:
        run_each(request, queryset, self, lambda m: gettext("repaired for %(cost)s C-bills.")
                 % {"cost": upkeep.mech_repair(mech_id=m.pk)})
