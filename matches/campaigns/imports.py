"""Stables and pilots from a CSV file: a header row naming the columns, then one pilot a row; the stables named
are found in the campaign or made, and a pilot given a design gets a new mech of it.

All or nothing: the rows are checked as they are saved inside one transaction, and the first bad row refuses
the whole file with a coded error naming the row (`import.*`), so a refused file changes nothing.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext_lazy as _

from matches.errors import MatchError

from .models import Campaign, Mech, Pilot, Stable, mech_figures

IMPORT_LIMIT = 256 * 1024  # bytes
ROW_LIMIT = 1_000
COLUMNS = ("stable", "name", "callsign", "player", "gunnery", "piloting", "mech", "faction")
REQUIRED = ("stable", "name")
PILOT_FIELDS = ("name", "callsign", "gunnery", "piloting")
IMPORT_COLUMNS_HELP = _(
    "A CSV file in UTF-8, one pilot a row under a header row naming the columns: stable and name (needed), "
    "callsign, player (an existing account's username), gunnery, piloting, mech (a design: builds one for the "
    "pilot) and faction (a new stable's). A stable not in the campaign is added. All rows or none are added.")


def _malformed() -> MatchError:
    return MatchError("import.malformed", limit=IMPORT_LIMIT, rows=ROW_LIMIT, required=", ".join(REQUIRED))


def csv_rows(data: Any) -> list[dict[str, str]]:
    """The rows of a CSV file's bytes, keyed by the header's (known) columns, blanks stripped."""
    if not isinstance(data, bytes) or len(data) > IMPORT_LIMIT:
        raise _malformed()
    try:
        text = data.decode("utf-8-sig")
        table = list(csv.reader(io.StringIO(text, newline="")))
    except (UnicodeDecodeError, csv.Error):
        raise _malformed() from None
    if not table or len(table) > ROW_LIMIT + 1 or "\x00" in text:
        raise _malformed()
    header = [name.strip().lower() for name in table[0]]
    unknown = next((name for name in header if name not in COLUMNS), None)
    if unknown is not None:
        raise MatchError("import.unknown_column", column=unknown[:40], columns=", ".join(COLUMNS))
    if not set(REQUIRED) <= set(header) or len(set(header)) != len(header):
        raise _malformed()
    return [{name: value.strip() for name, value in zip(header, row)} for row in table[1:] if any(row)]


def _checked(instance: models.Model, row: int, exclude: list[str]) -> None:
    try:
        instance.full_clean(exclude=exclude, validate_unique=False)
    except ValidationError as error:
        field, problems = next(iter(error.message_dict.items()))
        raise MatchError("import.invalid", row=row, field=field, problem=" ".join(problems)) from None


def _stable(campaign: Campaign, stables: dict[str, Stable], values: dict[str, str], row: int) -> Stable:
    name = values.get("stable", "")
    if name not in stables:
        stable = Stable(campaign=campaign, name=name, faction=values.get("faction", ""))
        _checked(stable, row, ["campaign"])
        stable.save()
        stables[name] = stable
    return stables[name]


def _pilot(stable: Stable, values: dict[str, str], row: int) -> Pilot:
    pilot = Pilot(stable=stable, **{name: values[name] for name in PILOT_FIELDS if values.get(name)})
    if values.get("player"):
        player = User.objects.filter(username=values["player"]).first()
        if player is None:
            raise MatchError("import.unknown_player", row=row, player=values["player"][:150])
        pilot.player = player
    _checked(pilot, row, ["stable"])
    if stable.pilots.filter(name=pilot.name).exists():
        raise MatchError("import.duplicate", row=row, stable=str(stable), pilot=pilot.name)
    pilot.save()
    return pilot


def campaign_import(*, campaign_id: int, data: Any) -> dict[str, int]:
    """Adds the stables, pilots and mechs of a CSV file to a campaign; counts what it made."""
    rows = csv_rows(data)
    with transaction.atomic():
        try:
            campaign = Campaign.objects.select_for_update().get(pk=campaign_id)
        except Campaign.DoesNotExist:
            raise MatchError("campaign.not_found", id=campaign_id) from None
        stables = {stable.name: stable for stable in campaign.stables.all()}
        known = len(stables)
        counts = {"stables": 0, "pilots": 0, "mechs": 0}
        for row, values in enumerate(rows, start=2):
            pilot = _pilot(_stable(campaign, stables, values, row), values, row)
            counts["pilots"] += 1
            if values.get("mech"):
                figures = mech_figures(campaign.pk, values["mech"])
                if figures is None:
                    raise MatchError("import.unknown_design", row=row, design=values["mech"][:100])
                Mech.objects.create(stable=pilot.stable, design=figures[0], pilot=pilot)
                counts["mechs"] += 1
        counts["stables"] = len(stables) - known
        return counts
