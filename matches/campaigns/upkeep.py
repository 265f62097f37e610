"""Between fights: repairs paid from the stable's money, and skills bought with experience.

Refusals are `MatchError`s raised before anything is written, like every campaign write.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Field, Q
from django.utils.translation import gettext

from matches.errors import MatchError

from .models import SKILLS, Fixture, Mech, Pilot, Stable


def skill_name(skill: str) -> str:
    """A skill's name in the active language."""
    field = Pilot._meta.get_field(skill)
    return str(field.verbose_name) if isinstance(field, Field) else skill


def fights_pending(involved: Q) -> bool:
    """Whether a fight matching `involved` has its match but not its result applied (nor was voided)."""
    pending = Fixture.objects.filter(match__isnull=False, applied_at__isnull=True, voided_at__isnull=True)
    return pending.filter(involved).exists()


def locked_mech(mech_id: int) -> Mech:
    """The mech, its row locked for the running transaction; coded refusals for one missing or sold."""
    try:
        mech = Mech.objects.select_for_update(of=("self",)).select_related("stable__campaign").get(pk=mech_id)
    except Mech.DoesNotExist:
        raise MatchError("mech.not_found", id=mech_id) from None
    if mech.sold_at is not None:
        raise MatchError("mech.sold", mech=str(mech))
    return mech


def mech_repair(*, mech_id: int) -> int:
    """Repairs all of a mech's carried damage at the campaign's price; returns what it cost."""
    with transaction.atomic():
        mech = locked_mech(mech_id)
        if mech.destroyed:
            raise MatchError("repair.destroyed", mech=str(mech))
        if not mech.damage:
            raise MatchError("repair.nothing", mech=str(mech))
        if fights_pending(Q(mech_a=mech) | Q(mech_b=mech)):
            # The fight's result counts the damage beyond what the mech carried into it.
            raise MatchError("repair.in_fight", mech=str(mech))
        stable = Stable.objects.select_for_update().get(pk=mech.stable_id)
        cost = mech.damage * mech.stable.campaign.repair_cost_per_point
        if stable.money < cost:
            raise MatchError("repair.no_money", mech=str(mech), cost=cost, stable=str(stable), money=stable.money)
        stable.money -= cost
        mech.damage, mech.condition = 0, None
        stable.save(update_fields=["money"])
        mech.save(update_fields=["damage", "condition"])
        return cost


def pilot_improve_skill(*, pilot_id: int, skill: str) -> int:
    """Spends experience to improve gunnery or piloting by one level (the campaign's cost table)."""
    if skill not in SKILLS:
        raise MatchError("skill.unknown", skills=", ".join(SKILLS))
    with transaction.atomic():
        try:
            pilot = Pilot.objects.select_for_update(of=("self",)).select_related("stable__campaign").get(pk=pilot_id)
        except Pilot.DoesNotExist:
            raise MatchError("pilot.not_found", id=pilot_id) from None
        if pilot.status in (Pilot.Status.DEAD, Pilot.Status.RETIRED):
            raise MatchError("skill.pilot_gone", pilot=str(pilot), status=pilot.get_status_display().lower())
        level = getattr(pilot, skill) - 1
        cost = pilot.stable.campaign.skill_cost(skill, level)
        if level < 0 or cost is None:
            raise MatchError("skill.at_best", pilot=str(pilot), skill=skill_name(skill))
        if pilot.experience < cost:
            raise MatchError("skill.not_enough_experience", pilot=str(pilot), cost=cost, skill=skill_name(skill), level=level, has=pilot.experience)
        pilot.experience -= cost
        setattr(pilot, skill, level)
        pilot.save(update_fields=["experience", skill])
        return cost


def pilot_move_refusal(pilot: Pilot, stable: Stable) -> MatchError | None:
    """Why `pilot` cannot move to `stable` now, or None."""
    if stable.campaign_id != pilot.stable.campaign_id:
        return MatchError("pilot.other_campaign")
    if fights_pending(Q(pilot_a=pilot) | Q(pilot_b=pilot)):
        return MatchError("pilot.in_fight", pilot=str(pilot))
    return None


def pilot_move(*, pilot_id: int, stable_id: int, take_mech: bool) -> list[str]:
    """Moves a pilot to another stable of the campaign; the mech they drive moves with them (`take_mech`) or
    stays with the old stable, without a pilot. Returns what changed."""
    with transaction.atomic():
        try:
            pilot = Pilot.objects.select_for_update(of=("self",)).select_related("stable").get(pk=pilot_id)
            stable = Stable.objects.get(pk=stable_id)
        except (Pilot.DoesNotExist, Stable.DoesNotExist):
            raise MatchError("pilot.not_found", id=pilot_id) from None
        if stable.pk == pilot.stable_id:
            return []
        refusal = pilot_move_refusal(pilot, stable)
        if refusal is not None:
            raise refusal
        changes = [gettext("%(pilot)s: %(old)s → %(new)s.") % {"pilot": pilot, "old": pilot.stable, "new": stable}]
        mech = Mech.objects.select_for_update().filter(pilot=pilot).first()
        if mech is not None and take_mech:
            mech.stable = stable
            mech.save(update_fields=["stable"])
            changes.append(gettext("%(mech)s goes with them.") % {"mech": mech})
        elif mech is not None:
            mech.pilot = None
            mech.save(update_fields=["pilot"])
            changes.append(gettext("%(mech)s stays with %(old)s, without a pilot.")
                           % {"mech": mech, "old": pilot.stable})
        pilot.stable = stable
        pilot.save(update_fields=["stable"])
        return changes
