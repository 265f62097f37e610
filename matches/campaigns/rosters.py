"""Stable reads and their secrecy: who may read which stable's roster (the campaign's `rosters` setting), a
stable's pilots and mechs, the damage each mech carries, and the player's own stables.

A stable's money, its mechs' carried damage and its coming fights are only ever its own players' and the
organisers'; the roster itself (pilots, skills, mechs) is as public as the organiser sets it.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from rules.battletech.combat.codec import status_from_json

from .economy import mech_value
from .models import Campaign, Fixture, Mech, Pilot, Stable, design_choices, mech_figures
from .selectors import fixture_standing, pilot_records

LOCATION_WORDS = {
    "HD": _("head"), "CT": _("centre torso"), "LT": _("left torso"), "RT": _("right torso"),
    "LA": _("left arm"), "RA": _("right arm"), "LL": _("left leg"), "RL": _("right leg"),
}


def _is_organiser(user: Any) -> bool:
    return bool(user.is_authenticated and user.is_staff)


def stable_is_own(*, stable: Stable, user: Any) -> bool:
    """Whether `user` plays one of the stable's pilots or organises campaigns (staff)."""
    if not user.is_authenticated:
        return False
    return _is_organiser(user) or stable.pilots.filter(player=user).exists()


def visible_stables(*, campaign: Campaign, user: Any) -> QuerySet[Stable]:
    """The stables of `campaign` whose rosters `user` may read, by the campaign's `rosters` setting."""
    stables = campaign.stables.all()
    if campaign.rosters == Campaign.Rosters.PUBLIC or _is_organiser(user):
        return stables
    if not user.is_authenticated:
        return stables.none()
    if campaign.rosters == Campaign.Rosters.CAMPAIGN:
        return stables if Pilot.objects.filter(stable__campaign=campaign, player=user).exists() else stables.none()
    return stables.filter(pilots__player=user).distinct()


def stable_visible(*, stable: Stable, user: Any) -> bool:
    return visible_stables(campaign=stable.campaign, user=user).filter(pk=stable.pk).exists()


def stable_roster(*, stable: Stable) -> dict[str, Any]:
    """A stable's pilots (each with their record and mech) and its mechs."""
    pilots = list(stable.pilots.all())
    records = pilot_records(pilot_ids=[pilot.pk for pilot in pilots])
    mechs = list(stable.mechs.filter(sold_at__isnull=True).select_related("pilot"))
    driven = {mech.pilot_id: mech for mech in mechs if mech.pilot_id}
    return {
        "pilots": [{"pilot": pilot, "record": records[pilot.pk], "mech": driven.get(pilot.pk)} for pilot in pilots],
        "mechs": mechs,
    }


def mech_condition(mech: Mech) -> list[dict[str, Any]]:
    """What a mech carries from its last fight, location by location against its design as built: armour,
    rear armour and internal structure left, a location lost, and the components hit there. Empty for a mech
    as built or repaired (or one whose design the rules do not ship: it never fought in the rules)."""
    if not mech.condition:
        return []
    status = status_from_json(mech.condition)
    design = status.design
    hits: dict[str, list[str]] = {}
    for location, slot in sorted(status.hit_slots):
        owner = design.slot_owner(location, slot)
        if owner is not None:
            hits.setdefault(location, []).append(design.components[owner].name)
    return [
        {
            "location": str(LOCATION_WORDS.get(location, location)), "armour": status.armour.get(location, 0),
            "armour_max": design.armour.get(location, 0), "rear": status.rear_armour.get(location),
            "rear_max": design.rear_armour.get(location), "internal": status.internal.get(location, 0),
            "internal_max": built, "lost": location in status.destroyed_locations, "hits": hits.get(location, []),
        }
        for location, built in design.internal.items()
    ]


def player_stables(*, user: Any) -> list[dict[str, Any]]:
    """Every stable `user` plays a pilot of, with all it holds: money and fame, its pilots (wounds, skills,
    record, mech; the user's own marked), its mechs with the damage they carry, and its fights to come."""
    if not user.is_authenticated:
        return []
    stables = Stable.objects.filter(pilots__player=user).distinct().select_related("campaign")
    rows = []
    for stable in stables.order_by("campaign__name", "name"):
        roster = stable_roster(stable=stable)
        pilot_ids = [row["pilot"].pk for row in roster["pilots"]]
        coming = (Fixture.objects.filter(Q(pilot_a_id__in=pilot_ids) | Q(pilot_b_id__in=pilot_ids),
                                         applied_at__isnull=True, voided_at__isnull=True)
                  .select_related("round__season", "arena", "pilot_a", "pilot_b", "match"))
        rows.append({
            "stable": stable, "campaign": stable.campaign, "pilots": roster["pilots"],
            "mechs": [{"mech": mech, "condition": mech_condition(mech), "value": mech_value(mech, stable.campaign),
                       "repair": mech.damage * stable.campaign.repair_cost_per_point} for mech in roster["mechs"]],
            "designs": [{"name": name, "label": label, "price": stable.campaign.mech_price(figures[1])}
                        for name, label in design_choices(stable.campaign_id)
                        if (figures := mech_figures(stable.campaign_id, name)) is not None]
            if stable.campaign.players_trade else [],
            "fixtures": [{"fixture": fixture, "standing": fixture_standing(fixture)} for fixture in coming],
        })
    return rows
