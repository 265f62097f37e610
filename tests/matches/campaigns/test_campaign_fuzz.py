"""Bad files (issue 17: "bad input gives a coded error, never a 500"): random bytes, random CSV and mangled .mtf
files shaped like the real ones go to the campaign's imports and its admin upload pages; each is taken or refused with a code, and a refused file changes
nothing."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.campaigns import designs, imports
from matches.campaigns.models import CampaignDesign, Mech, Pilot, Stable
from rules.battletech.designs.design import shipped_designs_dir
from matches.errors import MatchError
from tests.matches.campaigns.conftest import League

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
WORDS = ["Lyran Lions", "Davion Blades", "Gray", "gray", "Locust LCT-1V", "Atlas", "3", "-1", "9", "x" * 120,
         "Imperio Terráqueo", "", " ", "\x00", "\"", ",", "\n", "ñ"]
CELLS = st.sampled_from(WORDS) | st.text(max_size=8)
HEADERS = st.lists(st.sampled_from([*imports.COLUMNS, "Stable", "NAME", "money", ""]), min_size=0, max_size=9)


def _csv(header: list[str], rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8", "surrogatepass")


LOCUST = (shipped_designs_dir() / "Locust LCT-1V.mtf").read_text(encoding="utf-8").splitlines()
MTF_WORDS = ["chassis:", "model:", "Mass:", "Walk MP:", "Jump MP:", "Heat Sinks:", "HD Armor:", "Left Arm:",
             "Medium Laser", "Ammo SRM-2", "-Empty-", "Weapons:1", ":", "0", "-5", "105", "x" * 200, "\ufeff"]


def _everything() -> tuple[int, ...]:
    return Stable.objects.count(), Pilot.objects.count(), Mech.objects.count(), CampaignDesign.objects.count()


def taken_or_refused_cleanly(call: Callable[[], Any]) -> None:
    before = _everything()
    try:
        call()
    except MatchError as error:
        assert error.code.split(".")[0] in ("import", "campaign", "design_upload", "mtf", "design"), error.code
        assert error.status < 500, error.code
        assert _everything() == before


@FUZZ
@given(data=st.binary(max_size=400))
def test_random_bytes_are_imported_or_refused_with_a_code(league: League, data: bytes) -> None:
    taken_or_refused_cleanly(lambda: imports.campaign_import(campaign_id=league.campaign.pk, data=data))


@FUZZ
@given(header=HEADERS, rows=st.lists(st.lists(CELLS, max_size=9), max_size=4))
def test_random_csv_is_imported_or_refused_with_a_code(league: League, header: list[str], rows: list[list[str]]) -> None:
    try:
        data = _csv(header, rows)
    except UnicodeEncodeError:
        return
    taken_or_refused_cleanly(lambda: imports.campaign_import(campaign_id=league.campaign.pk, data=data))


@FUZZ
@given(data=st.binary(max_size=400))
def test_random_bytes_are_a_design_or_refused_with_a_code(league: League, data: bytes) -> None:
    taken_or_refused_cleanly(lambda: designs.design_upload(campaign_id=league.campaign.pk, data=data))


@FUZZ
@given(edits=st.lists(st.tuples(st.integers(0, len(LOCUST) - 1), st.sampled_from(MTF_WORDS) | st.text(max_size=10),
                                st.booleans()), max_size=4), model=st.text(max_size=12))
def test_a_mangled_mtf_is_a_design_or_refused_with_a_code(league: League, edits: list[tuple[int, str, bool]],
                                                          model: str) -> None:
    """A real file with lines replaced or added: what gets past the parser is a design the rules accept."""
    lines = [line if not line.startswith("model:") else f"model:{model}" for line in LOCUST]
    for index, text, replace in edits:
        lines[index:index + 1] = [text] if replace else [lines[index], text]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    taken_or_refused_cleanly(lambda: designs.design_upload(campaign_id=league.campaign.pk, data=data))


@FUZZ
@given(data=st.binary(max_size=300) | st.sampled_from([b"stable,name\nLyran Lions,Hale\n", "\n".join(LOCUST).encode()]),
       page=st.sampled_from(["campaigns_campaign_import", "campaigns_campaign_design"]))
def test_the_upload_pages_answer_every_file_without_a_500(league: League, organiser: User, data: bytes,
                                                         page: str) -> None:
    client = Client()
    client.force_login(organiser)
    body = {"file": SimpleUploadedFile("upload.bin", data)} if data else {}

    response = client.post(reverse(f"admin:{page}", args=[league.campaign.pk]), body)

    assert response.status_code in (200, 302)
