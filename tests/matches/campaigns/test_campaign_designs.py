"""A design uploaded into a campaign as a MegaMek .mtf file (issue 17, "the design chosen from the rules'
designs or a .mtf uploaded into the campaign"): read by the rules' parser, refused with its coded errors,
then built, bought and fought like a shipped design, in its own campaign only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from matches.campaigns import designs, economy, pairings, services
from matches.campaigns.models import Campaign, CampaignDesign, Mech, Stable, campaign_design
from matches.errors import MatchError
from rules.battletech.designs.design import shipped_designs_dir
from tests.matches.campaigns.conftest import League

pytestmark = pytest.mark.django_db

LOCUST = (shipped_designs_dir() / "Locust LCT-1V.mtf").read_text(encoding="utf-8")
# A variant of our own: the Locust's file under another model name.
VARIANT = LOCUST.replace("model:LCT-1V", "model:LCT-1X").encode()


def test_an_uploaded_design_is_built_bought_and_fought_in_its_campaign(league: League) -> None:
    upload = designs.design_upload(campaign_id=league.campaign.pk, data=VARIANT)

    assert (upload.name, upload.tons) == ("Locust LCT-1X", 20)
    assert campaign_design(league.campaign.pk, "Locust LCT-1X") is not None
    # Gray's mech becomes one: tons and MP come from the upload; the fight is equipped with it.
    gray = league.mechs["Gray"]
    gray.design = "Locust LCT-1X"
    gray.full_clean()
    gray.save()
    assert (gray.tons, gray.walk, gray.jump) == (20, 8, 0)
    pairings.round_generate_pairings(round_id=league.round.pk)
    fixture = league.round.fixtures.get(pilot_a__name__in=["Gray", "Kell"])
    state = services.fixture_state(fixture, league.campaign)
    side = "A" if fixture.pilot_a.name == "Gray" else "B"
    assert state.mechs[side].design.name == "Locust LCT-1X"
    Stable.objects.filter(pk=league.davion.pk).update(money=1_000_000)
    assert economy.mech_buy(stable_id=league.davion.pk, design="Locust LCT-1X").tons == 20


def test_another_campaigns_upload_is_not_this_campaigns(league: League) -> None:
    other = Campaign.objects.create(name="Elsewhere")
    designs.design_upload(campaign_id=other.pk, data=VARIANT)
    mech = Mech(stable=league.steiner, design="Locust LCT-1X")

    with pytest.raises(ValidationError) as refused:
        mech.full_clean()

    assert "not a design of the rules nor one uploaded" in str(refused.value)
    with pytest.raises(MatchError) as bought:
        economy.mech_buy(stable_id=league.steiner.pk, design="Locust LCT-1X")
    assert bought.value.code == "buy.unknown_design"


@pytest.mark.parametrize(("data", "code"), [
    (b"\xff\xfe", "design_upload.malformed"),
    (b"chassis:Locust\x00", "design_upload.malformed"),
    (b"x" * (designs.MTF_LIMIT + 1), "design_upload.malformed"),
    ("chassis:Locust", "design_upload.malformed"),
    (b"", "mtf.missing"),
    (b"foo:bar\n" + LOCUST.encode(), "mtf.unknown_line"),
    (LOCUST.replace("Medium Laser", "Death Ray").encode(), "mtf.unknown_weapon"),
    (LOCUST.replace("Mass:20", "Mass:twenty").encode(), "mtf.malformed"),
    (LOCUST.replace("Mass:20", "Mass:23").encode(), "design.tonnage"),
    (LOCUST.encode(), "design_upload.taken"),
])
def test_a_bad_file_is_refused_with_a_code_and_nothing_is_added(league: League, data: object, code: str) -> None:
    with pytest.raises(MatchError) as refused:
        designs.design_upload(campaign_id=league.campaign.pk, data=data)

    assert refused.value.code == code and refused.value.status < 500
    assert not CampaignDesign.objects.exists()


def test_the_same_design_twice_is_refused(league: League) -> None:
    designs.design_upload(campaign_id=league.campaign.pk, data=VARIANT)

    with pytest.raises(MatchError) as refused:
        designs.design_upload(campaign_id=league.campaign.pk, data=VARIANT)

    assert refused.value.code == "design_upload.taken" and refused.value.status == 409


def test_the_admin_upload_page(client: Client, league: League, organiser: User) -> None:
    client.force_login(organiser)
    url = reverse("admin:campaigns_campaign_design", args=[league.campaign.pk])

    refused = client.post(url, {"file": SimpleUploadedFile("x.mtf", b"foo:bar\n")})
    done = client.post(url, {"file": SimpleUploadedFile("x.mtf", VARIANT)}, follow=True)

    assert refused.status_code == 200 and "line 1" in refused.content.decode()
    assert "Locust LCT-1X (20 t) uploaded." in done.content.decode()
    mech_page = client.get(reverse("admin:campaigns_mech_add")).content.decode()
    assert "Locust LCT-1X · Solaris 3067" in mech_page
    upload = CampaignDesign.objects.get()
    assert client.get(reverse("admin:campaigns_campaigndesign_change", args=[upload.pk])).status_code == 200
    Mech.objects.create(stable=league.steiner, design="Locust LCT-1X")
    assert client.get(reverse("admin:campaigns_campaigndesign_delete", args=[upload.pk])).status_code == 403
