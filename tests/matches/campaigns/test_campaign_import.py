"""CSV import of stables and pilots (issue 17, "Paperwork"): all rows or none, each refusal a coded error
naming the row, through the admin's upload page too."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from matches.campaigns import imports
from matches.campaigns.models import Mech, Pilot, Stable
from matches.errors import MatchError
from tests.matches.campaigns.conftest import League

pytestmark = pytest.mark.django_db

GOOD = (
    "\ufeffStable,Name,Callsign,Player,Gunnery,Piloting,Mech,Faction\n"
    "Lyran Lions,Hale,HA,hale,3,4,Locust LCT-1V,\n"
    "Kurita Dragons,Ito,,,,,,Imperio Terráqueo\n"
    "Kurita Dragons,Sato,SA,,4,5,Jenner JR7-D,\n"
).encode()


def test_a_file_adds_its_stables_pilots_and_mechs(league: League) -> None:
    hale = User.objects.create_user("hale")

    counts = imports.campaign_import(campaign_id=league.campaign.pk, data=GOOD)

    assert counts == {"stables": 1, "pilots": 3, "mechs": 2}
    dragons = Stable.objects.get(campaign=league.campaign, name="Kurita Dragons")
    assert dragons.faction == "Imperio Terráqueo"
    pilot = Pilot.objects.get(name="Hale")
    assert (pilot.stable, pilot.player, pilot.gunnery, pilot.piloting, pilot.callsign) == (
        league.steiner, hale, 3, 4, "HA")
    assert (pilot.mech.design, pilot.mech.tons, pilot.mech.stable) == ("Locust LCT-1V", 20, league.steiner)
    ito = Pilot.objects.get(name="Ito")
    assert (ito.gunnery, ito.piloting, ito.player, getattr(ito, "mech", None)) == (4, 5, None, None)


@pytest.mark.parametrize(("data", "code", "said"), [
    (b"\xff\xfe not utf-8", "import.malformed", "Send a CSV file in UTF-8"),
    (b"", "import.malformed", "stable, name at least"),
    (b"name,callsign\nHale,HA\n", "import.malformed", "stable, name at least"),
    (b"stable,name,stable\nA,B,C\n", "import.malformed", "first row names"),
    (b"stable,name,salary\nA,B,1\n", "import.unknown_column", "Unknown column salary"),
    (b"stable,name\nLyran Lions,a\x00b\n", "import.malformed", "UTF-8"),
    (b"stable,name,gunnery\nLyran Lions,Hale,nine\n", "import.invalid", "Row 2, gunnery"),
    (b"stable,name,gunnery\nLyran Lions,Hale,9\n", "import.invalid", "Row 2, gunnery"),
    (b"stable,name\nLyran Lions,\n", "import.invalid", "Row 2, name"),
    (b"stable,name\n,Hale\n", "import.invalid", "Row 2, name"),
    (b"stable,name,faction\nNew,Hale,Nobody\n", "import.invalid", "Row 2, faction"),
    (b"stable,name,player\nLyran Lions,Hale,ghost\n", "import.unknown_player", "Row 2: there is no user ghost."),
    (b"stable,name,mech\nLyran Lions,Hale,Wolverine WVR-6R\n", "import.unknown_design", "Row 2: Wolverine"),
    (b"stable,name\nLyran Lions,Hale\nLyran Lions,Gray\n", "import.duplicate", "Row 3: Lyran Lions has a pilot Gray"),
    (b"stable,name\n" + b"S,P\n" * 1001, "import.malformed", "1000 rows"),
    (b"x" * (imports.IMPORT_LIMIT + 1), "import.malformed", "bytes"),
    ("stable,name\nA,B\n", "import.malformed", "UTF-8"),
])
def test_a_bad_file_is_refused_whole_with_a_code(league: League, data: object, code: str, said: str) -> None:
    before = (Stable.objects.count(), Pilot.objects.count(), Mech.objects.count())

    with pytest.raises(MatchError) as refused:
        imports.campaign_import(campaign_id=league.campaign.pk, data=data)

    assert refused.value.code == code and said in refused.value.message
    assert (Stable.objects.count(), Pilot.objects.count(), Mech.objects.count()) == before


def test_the_admin_upload_page_imports_or_shows_the_refusal(client: Client, league: League, organiser: User) -> None:
    client.force_login(organiser)
    url = reverse("admin:campaigns_campaign_import", args=[league.campaign.pk])
    change = client.get(reverse("admin:campaigns_campaign_change", args=[league.campaign.pk])).content.decode()
    assert f'href="{url}"' in change and client.get(url).status_code == 200

    refused = client.post(url, {"file": SimpleUploadedFile("p.csv", b"stable,name,player\nX,Y,ghost\n")})
    done = client.post(url, {"file": SimpleUploadedFile("p.csv", b"stable,name\nNew Stable,New Pilot\n")},
                       follow=True)

    assert refused.status_code == 200 and "Row 2: there is no user ghost." in refused.content.decode()
    assert "1 stables, 1 pilots and 0 mechs added." in done.content.decode()
    assert Pilot.objects.filter(name="New Pilot", stable__name="New Stable").exists()
    assert client.post(url, {}).status_code == 200  # no file: the form says so
