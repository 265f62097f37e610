"""The end-of-match summary of a Solaris match: what each mech dealt and took, counted from the playbacks.

Read from the reports this ruleset wrote (``codec.report_to_json``): every attack made, weapon or physical,
counts as a shot, every one that hit as a hit, and its damage as dealt by the attacker and taken by the
target. Damage a mech did itself (falls, failed piloting rolls, heat, ammunition explosions) is not counted:
the summary is of the fight between the players, as the tables of lichess-style games show it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.phases import Json

COUNTS = ("shots", "hits", "damage_dealt", "damage_taken")


def summary(timelines: Sequence[Json]) -> Json:
    """``{"units": {UNIT: {"shots", "hits", "damage_dealt", "damage_taken"}}}`` over the timelines in force."""
    units: dict[str, dict[str, int]] = {}

    def row(unit: str) -> dict[str, int]:
        return units.setdefault(unit, dict.fromkeys(COUNTS, 0))

    for timeline in timelines:
        for report in timeline.get("combat", ()):
            for attack in report.get("attacks", ()):
                attacker, target = row(attack["unit"]), row(attack["target"])
                attacker["shots"] += 1
                if attack["hit"]:
                    attacker["hits"] += 1
                    attacker["damage_dealt"] += attack["damage"]
                    target["damage_taken"] += attack["damage"]
    return {"units": units}
