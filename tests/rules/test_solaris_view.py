"""The Solaris viewer filter (rules/rulesets/solaris/view.py): open record sheets, secret ammunition and orders.

Solaris VII duels are fought with open record sheets: every viewer sees each mech's condition, weapons, critical
slots and the heat scale's effects (issue 16, the record sheet); a prone mech's weapons that cannot fire at all say why (TW 'Prone 'Mechs'). The ammunition left in a bin is known
to its side and the referee only, and a plotted order stays with its side (and the referee) until it resolves.
"""

from dataclasses import replace

from rules.core.board import Board
from rules.battletech.state import GameState
from rules.rulesets import get_ruleset
from rules.rulesets.solaris.view import mech_to_json
from tests.rules.conftest import fresh, mech

SOLARIS = get_ruleset("solaris")


def duel(prone: bool = False, destroyed: frozenset[str] = frozenset()) -> GameState:
    units = (mech("A", "0810", 0, prone=prone, side="alice"), mech("B", "0807", 3, side="bob"))
    return GameState(Board(16, 17), units, mechs={"A": replace(fresh(), destroyed_locations=destroyed), "B": fresh()})


def hunchback_view(prone: bool, destroyed: frozenset[str] = frozenset()) -> dict[str, str]:
    mechs = SOLARIS.view(duel(prone, destroyed), "spectator", None)["mechs"]
    return {weapon["label"]: weapon["prone_blocked"] for weapon in mechs["A"]["weapons"]}


def test_a_standing_mech_or_a_prone_one_with_both_arms_has_no_blocked_weapon():
    assert set(hunchback_view(prone=False, destroyed=frozenset({"LA"})).values()) == {""}
    assert set(hunchback_view(prone=True).values()) == {""}


def test_a_prone_mech_missing_an_arm_shows_every_weapon_blocked():
    assert set(hunchback_view(prone=True, destroyed=frozenset({"LA"})).values()) == {"attack.prone_arm_missing"}


def test_ammunition_is_shown_to_its_own_side_and_the_referee_only():
    state = duel()
    bins = [{"index": index, "label": fresh().component(index).label, "shots": shots}
            for index, shots in sorted(fresh().ammo.items())]
    assert bins  # the Hunchback's AC/20 has its bins
    seen = {
        (role, side): {unit: mech.get("ammo") for unit, mech in SOLARIS.view(state, role, side)["mechs"].items()}
        for role, side in (("player", "alice"), ("player", "bob"), ("spectator", None), ("referee", None))
    }
    assert seen == {
        ("player", "alice"): {"A": bins, "B": None},
        ("player", "bob"): {"A": None, "B": bins},
        ("spectator", None): {"A": None, "B": None},
        ("referee", None): {"A": bins, "B": bins},
    }


def test_everything_else_of_the_state_is_the_same_for_every_viewer():
    state = replace(duel(), turn=3, phase="weapons")
    views = [SOLARIS.view(state, role, side) for role, side in (("player", "alice"), ("spectator", None), ("referee", None))]
    for view in views:
        for sheet in view["mechs"].values():
            sheet.pop("ammo", None)
    assert views[0] == views[1] == views[2]
    assert (views[0]["turn"], views[0]["phase"], [u["id"] for u in views[0]["units"]]) == (3, "weapons", ["A", "B"])


def test_a_plotted_order_is_seen_by_its_side_and_the_referee_only():
    orders = [("alice", {"unit": "A", "mode": "walk", "steps": ["F"]}), ("bob", {"unit": "B", "target": "A"})]
    assert SOLARIS.orders_view(orders, "player", "alice") == [orders[0][1]]
    assert SOLARIS.orders_view(orders, "player", "bob") == [orders[1][1]]
    assert SOLARIS.orders_view(orders, "spectator", None) == []
    assert SOLARIS.orders_view(orders, "referee", None) == [orders[0][1], orders[1][1]]


def sheet(status):
    return mech_to_json(status, False, ammo=False)


def test_the_record_sheet_shows_armour_against_its_printed_values_and_the_critical_slots_hit():
    """Issue 16, the record sheet: each location's armour and structure left beside the printed values; the
    items in the critical slots, the slots a critical took and what is destroyed (the arm's items with it)."""
    status = fresh()
    hit = next(i for i, c in enumerate(status.design.components) if c.name == "Upper Arm Actuator" and c.location == "RA")
    status = replace(status, armour={**status.armour, "CT": 3}, hit_slots=frozenset({("RA", status.component(hit).slots[0])}),
                     destroyed_locations=frozenset({"LA"}), pilot_hits=2)
    view = sheet(status)
    assert (view["armour"]["CT"], view["armour_max"]["CT"]) == (3, fresh().design.armour["CT"])
    assert view["internal_max"] == dict(fresh().design.internal) and view["rear_armour_max"]["CT"] > 0
    assert view["locations_destroyed"] == ["LA"] and view["pilot_hits"] == 2
    actuator = view["components"][hit]
    assert (actuator["name"], actuator["location"], actuator["hit_slots"], actuator["destroyed"]) == (
        "Upper Arm Actuator", "RA", actuator["slots"][:1], True)
    assert all(c["destroyed"] and not c["hit_slots"] for c in view["components"] if c["location"] == "LA")
    # TW: an upper arm actuator hit is no leg damage: the walking MP are the design's.
    assert view["movement"]["walk_left"] == view["movement"]["walk"] == fresh().design.walk


def test_the_heat_scale_effects_are_the_servers_numbers():
    """TW heat scale at 24 heat: -4 walking MP, +4 to hit (tohit.HEAT_TO_HIT), shutdown avoided on 8+, ammunition
    explosion avoided on 6+; the movement says why the walking MP dropped."""
    view = sheet(replace(fresh(), heat=24))
    assert view["heat_effects"] == {"mp_loss": 4, "to_hit": 4, "shutdown_avoid": 8, "automatic_shutdown": False,
                                    "ammo_explosion_avoid": 6, "dissipation": fresh().design.heat_sinks}
    assert view["movement"]["walk_left"] == fresh().design.walk - 4
    assert [code["code"] for code in view["movement"]["reason_codes"]] == ["heat.mp_loss"]
    cool = sheet(fresh())["heat_effects"]
    assert (cool["mp_loss"], cool["to_hit"], cool["shutdown_avoid"], cool["ammo_explosion_avoid"]) == (0, 0, 0, 0)
    assert sheet(replace(fresh(), heat=30))["heat_effects"]["automatic_shutdown"] is True
