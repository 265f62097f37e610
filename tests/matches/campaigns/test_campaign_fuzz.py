"""Bad files (issue 17: "bad input gives a coded error, never a 500"): random bytes and random CSV shaped like
the real files go to the campaign's imports; each is taken or refused with a code, and a refused file changes
nothing."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.campaigns import imports
from matches.campaigns.models import Mech, Pilot, Stable
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


def _everything() -> tuple[int, ...]:
    return Stable.objects.count(), Pilot.objects.count(), Mech.objects.count()


def taken_or_refused_cleanly(call: Callable[[], Any]) -> None:
    before = _everything()
    try:
        call()
    except MatchError as error:
        assert error.code.startswith(("import.", "campaign.")) and error.status < 500, error.code
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
