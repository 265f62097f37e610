"""A stable's money spent and earned on mechs: buying a new mech, selling one, and the salvage of a wreck.

The rule texts give no prices (house tables, per campaign, docs/campaigns.md "Economy"): a new mech costs
the campaign's price per ton of its design; a mech sells for `sale_percent` of that, less the repairs it
needs; a destroyed mech is a wreck, sold (or salvaged by the winner of its fight) for `salvage_percent`.
Each write locks the stable and the mech inside `transaction.atomic`, refuses with a `MatchError` before it
writes, and logs what it did in the campaign log.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from matches.errors import MatchError

from .models import SIDE_A, SIDE_B, Campaign, CampaignLog, Fixture, Mech, SideResult, Stable, mech_figures
from .report import line
from .upkeep import fights_pending, locked_mech, mech_repair

OTHER_SIDE = {SIDE_A: SIDE_B, SIDE_B: SIDE_A}


def mech_value(mech: Mech, campaign: Campaign) -> int:
    """What the mech sells for now: a wreck its salvage share of the price; otherwise the sale share, less
    the repairs its carried damage needs (never below nothing)."""
    price = campaign.mech_price(mech.tons)
    if mech.destroyed:
        return price * campaign.salvage_percent // 100
    return max(0, price * campaign.sale_percent // 100 - mech.damage * campaign.repair_cost_per_point)


def _log(campaign: Campaign, action: str, by: User | AnonymousUser | None, entry: dict[str, Any]) -> None:
    CampaignLog.objects.create(campaign=campaign, action=action, reason="",
                               by=by if isinstance(by, User) else None, lines=[entry])


def mech_buy(*, stable_id: int, design: Any, by: User | AnonymousUser | None = None) -> Mech:
    """Buys a new mech of `design` (shipped by the rules or uploaded into the campaign) with the stable's
    money, at the campaign's price per ton; it joins the stable without a pilot."""
    with transaction.atomic():
        try:
            stable = Stable.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=stable_id)
        except Stable.DoesNotExist:
            raise MatchError("stable.not_found", id=stable_id) from None
        campaign = stable.campaign
        figures = mech_figures(campaign.pk, design) if isinstance(design, str) else None
        if figures is None:
            raise MatchError("buy.unknown_design", design=str(design)[:100])
        name, tons = figures[:2]
        price = campaign.mech_price(tons)
        if stable.money < price:
            raise MatchError("buy.no_money", design=name, price=price, stable=str(stable), money=stable.money)
        stable.money -= price
        stable.save(update_fields=["money"])
        mech = Mech.objects.create(stable=stable, design=name)
        _log(campaign, CampaignLog.Action.BOUGHT, by, line(
            gettext_noop("%(stable)s bought a %(mech)s for %(price)s C-bills (%(tons)s t at %(per_ton)s a ton)."),
            stable=str(stable), mech=name, price=price, tons=tons, per_ton=campaign.mech_price_per_ton))
        return mech


def mech_sell(*, mech_id: int, by: User | AnonymousUser | None = None) -> int:
    """Sells a mech for its value (`mech_value`); its pilot is left without one. The mech stays on record
    (its fights name it), off the stable's roster. Returns what it fetched."""
    with transaction.atomic():
        mech = locked_mech(mech_id)
        if fights_pending(Q(mech_a=mech) | Q(mech_b=mech)):
            raise MatchError("sell.in_fight", mech=str(mech))
        stable = Stable.objects.select_for_update().get(pk=mech.stable_id)
        campaign = mech.stable.campaign
        value = mech_value(mech, campaign)
        stable.money += value
        stable.save(update_fields=["money"])
        mech.pilot, mech.sold_at = None, timezone.now()
        mech.save(update_fields=["pilot", "sold_at"])
        _log(campaign, CampaignLog.Action.SOLD, by, line(
            gettext_noop("%(stable)s sold %(mech)s for %(value)s C-bills."),
            stable=str(stable), mech=mech.design, value=value))
        return value


def salvage_won(fixture: Fixture, campaign: Campaign, lines: dict[str, SideResult], winner: str) -> dict[str, int]:
    """{the winner's side: C-bills} salvaged from the loser's mech destroyed in their fight; nothing when the
    campaign has no salvage, for a draw, or a wreck destroyed before this fight."""
    loser = OTHER_SIDE.get(winner)
    if not campaign.salvage_percent or loser is None or not lines[loser].mech_destroyed:
        return {}
    wreck_id = fixture.mech_a_id if loser == SIDE_A else fixture.mech_b_id
    wreck = Mech.objects.filter(pk=wreck_id).first() if wreck_id is not None else None
    if wreck is None or wreck.destroyed:
        return {}
    return {winner: campaign.mech_price(wreck.tons) * campaign.salvage_percent // 100}


def salvage_line(stable: Stable, money: int, campaign: Campaign) -> dict[str, Any]:
    return line(gettext_noop("%(stable)s: +%(money)s C-bills salvaged from the wreck (%(percent)s%% of its price)."),
                stable=str(stable), money=money, percent=campaign.salvage_percent)


TRADES = ("buy", "sell", "repair")


def player_trade(*, user: User | AnonymousUser, action: Any, target: Any, design: Any = "") -> str:
    """A player's own trade from their stable's page, where the campaign lets players trade: buy a mech of
    `design` for the stable `target`, or sell or repair the mech `target`; one of their stable's only (any
    other answers as if it did not exist). Returns what was done, in the page's language."""
    if action not in TRADES:
        raise MatchError("trade.unknown_action", actions=", ".join(TRADES))
    target_id = target if isinstance(target, int) else int(target) if isinstance(target, str) and target.isdigit() \
        else 0
    own = Stable.objects.filter(pilots__player=user).distinct() if isinstance(user, User) else Stable.objects.none()
    if action == "buy":
        stable = own.select_related("campaign").filter(pk=target_id).first()
        if stable is None:
            raise MatchError("stable.not_found", id=target_id)
        _trading(stable.campaign)
        return gettext("Bought %(mech)s.") % {"mech": mech_buy(stable_id=stable.pk, design=design, by=user).design}
    mech = Mech.objects.select_related("stable__campaign").filter(pk=target_id, stable__in=own).first()
    if mech is None:
        raise MatchError("mech.not_found", id=target_id)
    _trading(mech.stable.campaign)
    if action == "sell":
        return gettext("Sold %(mech)s for %(value)s C-bills.") % {"mech": mech.design,
                                                                   "value": mech_sell(mech_id=mech.pk, by=user)}
    return gettext("Repaired %(mech)s for %(cost)s C-bills.") % {"mech": mech.design,
                                                                  "cost": mech_repair(mech_id=mech.pk)}


def _trading(campaign: Campaign) -> None:
    if not campaign.players_trade:
        raise MatchError("trade.not_allowed", campaign=str(campaign))
