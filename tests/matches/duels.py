"""Demo mechs with their designs placed for a fight: matches that start in any phase of turn 1."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib.auth.models import User

from matches.models import Match
from matches.pipeline import match_create
from rules.core.board import Board, HexTerrain
from rules.rulesets.solaris.demo import demo_duel_state
from rules.core.hexes import Hex
from rules.battletech.combat.status import MechStatus

# A (alice's Phoenix Hawk) faces north in 0808; B (bob's Shadow Hawk) faces south in 0807: adjacent, face to face.
FACE_TO_FACE = {"A": ("0808", 0), "B": ("0807", 3)}
LARGE_LASER = 32  # the Phoenix Hawk's component number of its Large Laser [RA]


def duel_match(
    alice: User,
    bob: User,
    *,
    phase: str = "weapons",
    poses: dict[str, tuple[str, int]] = FACE_TO_FACE,
    hills: dict[str, int] | None = None,
    turn_limit: int = 0,
    a_status: dict[str, Any] | None = None,
) -> Match:
    """The demo duel on an open 16x17 board (plus `hills`: hex -> level), the mechs at `poses`, in `phase`;
    `a_status` changes A's mech status (fired weapons, criticals...)."""
    state = demo_duel_state()
    units = tuple(replace(u, hex=Hex.parse(poses[u.id][0]), facing=poses[u.id][1]) for u in state.units)
    hexes = {Hex.parse(label): HexTerrain.parse(level, "") for label, level in (hills or {}).items()}
    mechs: dict[str, MechStatus] = dict(state.mechs)
    mechs["A"] = replace(mechs["A"], **(a_status or {}))
    state = replace(state, board=Board(16, 17, hexes), units=units, phase=phase, mechs=mechs,
                    options={"turn_limit": turn_limit})
    return match_create(state=state, players={"alice": alice, "bob": bob}, title="Duel", seed="fixed seed for the duel tests")
