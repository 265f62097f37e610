"""The economy (issue 17): buying and selling mechs with the stable's money at the campaign's prices, the
salvage of a wreck after a fight by option, each refusal coded and changing nothing (docs/campaigns.md
"Economy": house tables, the rule texts give no prices)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from matches.campaigns import decisions, economy, pairings, results, services, upkeep
from matches.campaigns.models import Campaign, CampaignLog, Fixture, Mech, Pilot, Stable
from matches.errors import MatchError
from tests.matches.campaigns.conftest import League, finish

pytestmark = pytest.mark.django_db


def _money(stable: Stable) -> int:
    stable.refresh_from_db()
    return stable.money


def test_buying_a_mech_pays_its_price_per_ton_and_logs_it(league: League, organiser: User) -> None:
    Stable.objects.filter(pk=league.steiner.pk).update(money=500_000)

    mech = economy.mech_buy(stable_id=league.steiner.pk, design="Locust LCT-1V", by=organiser)

    assert (mech.stable_id, mech.tons, mech.walk, mech.pilot_id) == (league.steiner.pk, 20, 8, None)
    assert _money(league.steiner) == 500_000 - 20 * 20_000
    entry = CampaignLog.objects.get(action=CampaignLog.Action.BOUGHT)
    assert entry.by == organiser and entry.lines[0]["params"]["price"] == 400_000


@pytest.mark.parametrize(("design", "code"), [
    ("Atlas AS7-D", "buy.no_money"), ("Wolverine WVR-6R", "buy.unknown_design"), (["Locust"], "buy.unknown_design"),
])
def test_a_refused_purchase_is_coded_and_changes_nothing(league: League, design: object, code: str) -> None:
    with pytest.raises(MatchError) as refused:
        economy.mech_buy(stable_id=league.steiner.pk, design=design)

    assert refused.value.code == code
    assert _money(league.steiner) == 100_000 and league.steiner.mechs.count() == 2
    with pytest.raises(MatchError, match="There is no stable 999"):
        economy.mech_buy(stable_id=999, design="Locust LCT-1V")


def test_selling_pays_the_sale_share_less_repairs_and_frees_the_pilot(league: League) -> None:
    hunchback = league.mechs["Gray"]
    Mech.objects.filter(pk=hunchback.pk).update(damage=10)

    value = economy.mech_sell(mech_id=hunchback.pk)

    # 50 t at 20,000 a ton, half of it, less 10 points at 1,000 each.
    assert value == 50 * 20_000 // 2 - 10 * 1_000
    assert _money(league.steiner) == 100_000 + value
    hunchback.refresh_from_db()
    assert hunchback.pilot_id is None and hunchback.sold_at is not None and hunchback.repair_state == "sold"
    assert services.pilot_unfit(Pilot.objects.get(pk=league.pilots["Gray"].pk)) is not None
    with pytest.raises(MatchError) as twice:
        economy.mech_sell(mech_id=hunchback.pk)
    assert twice.value.code == "mech.sold"
    with pytest.raises(MatchError) as repaired:
        upkeep.mech_repair(mech_id=hunchback.pk)
    assert repaired.value.code == "mech.sold"


def test_a_wreck_sells_for_its_salvage_share(league: League) -> None:
    Campaign.objects.filter(pk=league.campaign.pk).update(salvage_percent=10)
    Mech.objects.filter(pk=league.mechs["Kell"].pk).update(destroyed=True, damage=80)

    assert economy.mech_sell(mech_id=league.mechs["Kell"].pk) == 55 * 20_000 // 10


def test_a_mech_in_a_fight_not_applied_is_not_sold(league: League) -> None:
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)

    with pytest.raises(MatchError) as refused:
        economy.mech_sell(mech_id=league.mechs["Gray"].pk)

    assert refused.value.code == "sell.in_fight" and refused.value.status == 409


def _gray_destroys_kell(league: League) -> Fixture:
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    fixture = league.round.fixtures.get(pilot_a__name__in=["Gray", "Kell"])
    gray = "a" if fixture.pilot_a.name == "Gray" else "b"
    kell = "b" if gray == "a" else "a"
    finish(fixture, gray, **{gray: {"kills": 1}, kell: {"mech_destroyed": True}})
    results.fixture_apply_result(fixture_id=fixture.pk)
    return fixture


def test_the_winner_salvages_the_wreck_by_option_and_un_applying_gives_it_back(league: League) -> None:
    Campaign.objects.filter(pk=league.campaign.pk).update(salvage_percent=20, stablemates_apart=False)
    before = _money(league.steiner)

    fixture = _gray_destroys_kell(league)

    purse, salvage = 100_000, 55 * 20_000 * 20 // 100  # class 3 purse; 20 % of the Shadow Hawk's price
    loser_share = purse * 25 // 100
    assert _money(league.steiner) == before + purse + salvage + loser_share  # both are Lyran Lions
    fixture.refresh_from_db()
    assert any(entry["params"].get("money") == salvage for entry in fixture.report if "salvaged" in entry["text"])

    decisions.fixture_unapply(fixture_id=fixture.pk, reason="entered by mistake")

    assert _money(league.steiner) == before


def test_no_salvage_without_the_option(league: League) -> None:
    before = _money(league.steiner)

    _gray_destroys_kell(league)

    assert _money(league.steiner) == before + 100_000 + 25_000


def test_the_admin_buys_and_sells(client: Client, league: League, organiser: User) -> None:
    Stable.objects.filter(pk=league.steiner.pk).update(money=2_000_000)
    client.force_login(organiser)
    changelist = reverse("admin:campaigns_stable_changelist")
    form = {"action": "buy_mech", "_selected_action": [league.steiner.pk]}

    asked = client.post(changelist, form).content.decode()
    done = client.post(changelist, {**form, "reason_given": "1", "design": "Commando COM-2D"}, follow=True)

    assert 'name="design"' in asked and done.status_code == 200
    assert league.steiner.mechs.filter(design="Commando COM-2D").exists()
    assert _money(league.steiner) == 2_000_000 - 25 * 20_000
    commando = league.steiner.mechs.get(design="Commando COM-2D")
    sold = client.post(reverse("admin:campaigns_mech_changelist"),
                       {"action": "sell", "_selected_action": [commando.pk]}, follow=True)
    assert "sold for 250000 C-bills." in sold.content.decode()
    roster = client.get(reverse("campaign-stable", args=[league.steiner.pk])).content.decode()
    assert "Commando" not in roster


def test_players_trade_from_their_own_page_where_the_campaign_lets_them(client: Client, league: League) -> None:
    trade = reverse("campaign-mine-trade")
    client.force_login(league.pilots["Gray"].player)
    Stable.objects.filter(pk=league.steiner.pk).update(money=1_000_000)
    Mech.objects.filter(pk=league.mechs["Gray"].pk).update(damage=7)

    refused = client.post(trade, {"action": "repair", "target": league.mechs["Gray"].pk}, follow=True)
    assert "the organisers buy, sell and repair the mechs" in refused.content.decode()
    assert "data-buy" not in refused.content.decode()

    Campaign.objects.filter(pk=league.campaign.pk).update(players_trade=True)
    page = client.get(reverse("campaign-mine")).content.decode()
    assert f'data-buy="{league.steiner.pk}"' in page and "Locust LCT-1V: 400000 C-bills" in page
    assert "Repair for 7000 C-bills" in page
    repaired = client.post(trade, {"action": "repair", "target": league.mechs["Gray"].pk}, follow=True)
    bought = client.post(trade, {"action": "buy", "target": league.steiner.pk, "design": "Locust LCT-1V"},
                         follow=True)
    assert "Repaired Hunchback HBK-4G for 7000 C-bills." in repaired.content.decode()
    assert "Bought Locust LCT-1V." in bought.content.decode()
    assert _money(league.steiner) == 1_000_000 - 7_000 - 400_000
    # Another stable's mech, a bad action or target: refused as if it did not exist, nothing changes.
    for body in ({"action": "sell", "target": league.mechs["Stone"].pk}, {"action": "steal", "target": "1"},
                 {"action": "buy", "target": league.davion.pk, "design": "Locust LCT-1V"},
                 {"action": "sell", "target": "x"}, {}):
        answer = client.post(trade, body, follow=True)
        assert answer.status_code == 200 and 'class="error"' in answer.content.decode()
    assert Mech.objects.filter(sold_at__isnull=False).count() == 0 and _money(league.davion) == 0
    assert client.get(trade).status_code == 405
    client.logout()
    assert client.post(trade, {"action": "sell", "target": league.mechs["Gray"].pk}).status_code == 302
    assert Mech.objects.filter(sold_at__isnull=False).count() == 0
