"""Between fights: repairs paid from the stable's money, and skills bought with experience.

Refusals are `MatchError`s raised before anything is written, like every campaign write.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from matches.errors import MatchError

from .models import SKILLS, Fixture, Mech, Pilot, Stable


def mech_repair(*, mech_id: int) -> int:
    """Repairs all of a mech's carried damage at the campaign's price; returns what it cost."""
    with transaction.atomic():
        try:
            mech = Mech.objects.select_for_update(of=("self",)).select_related("stable__campaign").get(pk=mech_id)
        except Mech.DoesNotExist:
            raise MatchError("mech.not_found", f"There is no mech {mech_id}.", status=404) from None
        if mech.destroyed:
            raise MatchError("repair.destroyed", f"{mech} is destroyed: it cannot be repaired.", status=409)
        if not mech.damage:
            raise MatchError("repair.nothing", f"{mech} has no damage to repair.", status=409)
        in_fight = Q(mech_a=mech) | Q(mech_b=mech)
        if Fixture.objects.filter(in_fight, match__isnull=False, applied_at__isnull=True).exists():
            # The fight's result counts the damage beyond what the mech carried into it.
            raise MatchError("repair.in_fight", f"{mech} is fielded in a fight whose result is not applied yet.",
                             status=409)
        stable = Stable.objects.select_for_update().get(pk=mech.stable_id)
        cost = mech.damage * mech.stable.campaign.repair_cost_per_point
        if stable.money < cost:
            raise MatchError(
                "repair.no_money", f"{mech}: repairs cost {cost} C-bills and {stable} has {stable.money}.", status=409
            )
        stable.money -= cost
        mech.damage, mech.condition = 0, None
        stable.save(update_fields=["money"])
        mech.save(update_fields=["damage", "condition"])
        return cost


def pilot_improve_skill(*, pilot_id: int, skill: str) -> int:
    """Spends experience to improve gunnery or piloting by one level (the campaign's cost table)."""
    if skill not in SKILLS:
        raise MatchError("skill.unknown", f"Skills are {', '.join(SKILLS)}.")
    with transaction.atomic():
        try:
            pilot = Pilot.objects.select_for_update(of=("self",)).select_related("stable__campaign").get(pk=pilot_id)
        except Pilot.DoesNotExist:
            raise MatchError("pilot.not_found", f"There is no pilot {pilot_id}.", status=404) from None
        if pilot.status in (Pilot.Status.DEAD, Pilot.Status.RETIRED):
            raise MatchError("skill.pilot_gone", f"{pilot} is {pilot.get_status_display().lower()}.", status=409)
        level = getattr(pilot, skill) - 1
        cost = pilot.stable.campaign.skill_cost(skill, level)
        if level < 0 or cost is None:
            raise MatchError("skill.at_best", f"{pilot}'s {skill} cannot improve further.", status=409)
        if pilot.experience < cost:
            raise MatchError(
                "skill.not_enough_experience",
                f"{pilot} needs {cost} XP for {skill} {level} and has {pilot.experience}.",
                status=409,
            )
        pilot.experience -= cost
        setattr(pilot, skill, level)
        pilot.save(update_fields=["experience", skill])
        return cost
