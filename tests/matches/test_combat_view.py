"""The public mech view's weapons: a prone mech's weapons that cannot fire at all say why (TW 'Prone 'Mechs')."""

from dataclasses import replace

from matches.combat_view import mechs_to_json
from rules.core.board import Board
from rules.battletech.state import GameState
from tests.rules.conftest import fresh, mech


def hunchback_view(prone: bool, destroyed: frozenset[str] = frozenset()) -> dict[str, str]:
    units = (mech("A", "0810", 0, prone=prone, side="alice"), mech("B", "0807", 3, side="bob"))
    state = GameState(Board(16, 17), units, mechs={"A": replace(fresh(), destroyed_locations=destroyed), "B": fresh()})
    return {weapon["label"]: weapon["prone_blocked"] for weapon in mechs_to_json(state)["A"]["weapons"]}


def test_a_standing_mech_or_a_prone_one_with_both_arms_has_no_blocked_weapon():
    assert set(hunchback_view(prone=False, destroyed=frozenset({"LA"})).values()) == {""}
    assert set(hunchback_view(prone=True).values()) == {""}


def test_a_prone_mech_missing_an_arm_shows_every_weapon_blocked():
    assert set(hunchback_view(prone=True, destroyed=frozenset({"LA"})).values()) == {"attack.prone_arm_missing"}
