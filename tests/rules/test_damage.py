"""Damage (Total Warfare 'Combat: damage'): hit location tables, armour → structure → transfer, criticals,
ammunition explosions, pilot wounds."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.battletech.combat.damage import HIT_LOCATION, KICK_LOCATION, PUNCH_LOCATION, HitLocation, apply_damage, roll_location
from rules.battletech.designs.design import LOCATIONS, shipped_designs
from rules.core.dice import Dice
from tests.rules.conftest import ScriptedDice, fresh


def test_hit_location_table_rows():
    """TW BattleMech Hit Location Table: front 2 CT (critical chance), 7 CT, 12 head; left 3 LL; right 11 LL."""
    assert [HIT_LOCATION["front"][r] for r in range(2, 13)] == [
        "CT", "RA", "RA", "RL", "RT", "CT", "LT", "LL", "LA", "LA", "HD"]
    assert HIT_LOCATION["left"][3] == "LL" and HIT_LOCATION["right"][11] == "LL"
    assert [PUNCH_LOCATION["front"][r] for r in range(1, 7)] == ["LA", "LT", "CT", "RT", "RA", "HD"]
    assert set(KICK_LOCATION["left"].values()) == {"LL"} and KICK_LOCATION["front"][1] == "RL"


def test_a_two_gives_a_critical_chance_and_rear_hits_rear_armour():
    hit = roll_location("rear", ScriptedDice(1, 1), "test")
    assert (hit.location, hit.rear, hit.critical_chance) == ("CT", True, True)


def test_armour_absorbs_first():
    status = fresh()
    result = apply_damage(status, HitLocation("LA", False, False, "test"), 10, ScriptedDice())
    assert result.status.armour["LA"] == 6 and result.status.internal["LA"] == 8


def test_structure_damage_rolls_for_criticals_and_transfer_goes_inwards():
    """TW: damage past the armour hits the internal structure (critical chance); a destroyed arm passes
    the rest to the side torso."""
    status = fresh()
    # 16 armour + 8 structure destroy the left arm; the other 6 go to the left torso armour.
    result = apply_damage(status, HitLocation("LA", False, False, "test"), 30, ScriptedDice())
    assert result.status.armour["LA"] == 0 and "LA" in result.status.destroyed_locations
    assert result.status.armour["LT"] == 14


def test_rear_armour_is_separate():
    result = apply_damage(fresh(), HitLocation("CT", True, False, "test"), 5, ScriptedDice())
    assert result.status.rear_armour["CT"] == 0 and result.status.armour["CT"] == 26


def test_critical_on_ammunition_explodes():
    """TW: a critical hit on a bin with shots left explodes all of them into the location's structure;
    the pilot takes 2 wounds. Hunchback: left torso bins of AC/20 (5 shots × 20)."""
    status = replace(fresh(), armour={**fresh().armour, "LT": 0})
    # structure hit → critical roll 5+5 (two criticals: half 1-3, slot 1 = first AC/20 bin; then... destroyed)
    dice = ScriptedDice(5, 5, 1, 1, 6, 6, 6, 6)
    result = apply_damage(status, HitLocation("LT", False, False, "test"), 1, dice)
    assert "LT" in result.status.destroyed_locations and "LA" in result.status.destroyed_locations
    assert result.status.pilot_hits == 2
    assert any("explodes" in reason for reason in result.reasons)


def test_head_hits_wound_the_pilot():
    """TW: a pilot takes 1 wound each time the head takes damage, and rolls to stay conscious (3+ after one)."""
    result = apply_damage(fresh(), HitLocation("HD", False, False, "test"), 3, ScriptedDice(1, 1))
    assert result.status.pilot_hits == 1 and not result.status.conscious


def test_centre_torso_destroyed_ends_the_mech():
    status = replace(fresh(), armour={**fresh().armour, "CT": 0})
    result = apply_damage(status, HitLocation("CT", False, False, "test"), 40, ScriptedDice())
    assert result.status.destroyed == "centre torso destroyed" and result.wasted == 40 - 16


def _lost(before, after):
    armour = sum(before.armour[loc] - after.armour[loc] for loc in LOCATIONS)
    rear = sum(before.rear_armour[loc] - after.rear_armour[loc] for loc in before.rear_armour)
    structure = sum(before.internal[loc] - after.internal[loc] for loc in LOCATIONS)
    return armour + rear + structure


@settings(max_examples=150, deadline=None)
@given(
    design=st.sampled_from(sorted(shipped_designs())),
    hits=st.lists(st.tuples(st.sampled_from(["front", "rear", "left", "right"]), st.integers(1, 25)), min_size=1, max_size=12),
    seed=st.integers(0, 10_000),
)
def test_armour_never_negative_and_damage_is_conserved(design, hits, seed):
    """Property: armour and structure never go below 0; without ammunition to explode, every point of
    damage is either taken by armour or structure (transfers included) or reported as wasted. Locations
    lost to a blown-off limb count their remaining structure as lost, so we compare within the bound."""
    dice = Dice(str(seed))
    status = replace(fresh(design), ammo={index: 0 for index in fresh(design).ammo})
    dealt = wasted = 0
    start = status
    for direction, damage in hits:
        result = apply_damage(status, roll_location(direction, dice, "property"), damage, dice)
        status = result.status
        dealt += damage
        wasted += result.wasted
        assert all(v >= 0 for v in (*status.armour.values(), *status.rear_armour.values(), *status.internal.values()))
    blown_off = sum(start.internal[loc] for loc in status.destroyed_locations)
    assert dealt - wasted <= _lost(start, status) <= dealt - wasted + blown_off


def test_a_destroyed_side_torso_takes_its_arm():
    """TW: when a side torso is destroyed, the arm on that side is destroyed with it."""
    status = replace(fresh(), armour={**fresh().armour, "RT": 0})
    result = apply_damage(status, HitLocation("RT", False, False, "test"), 12, ScriptedDice())
    assert {"RT", "RA"} <= result.status.destroyed_locations and not result.status.destroyed


def test_a_twelve_on_the_critical_roll_blows_a_limb_off():
    """TW Determining Critical Hits: a 12 on an arm, leg or head destroys the location outright."""
    status = replace(fresh(), armour={**fresh().armour, "LA": 0})
    result = apply_damage(status, HitLocation("LA", False, False, "test"), 1, ScriptedDice(6, 6))
    assert "LA" in result.status.destroyed_locations and "blown off" in " ".join(result.reasons)


def test_a_roll_of_two_checks_for_criticals_through_intact_armour():
    """TW: a 2 on the hit location table rolls for critical hits even when the armour holds."""
    # critical roll 4+4 = one critical; 12-slot CT: half roll 1 (slots 1-6), slot roll 4 = gyro.
    result = apply_damage(fresh(), HitLocation("CT", False, True, "test"), 5, ScriptedDice(4, 4, 1, 4))
    assert result.status.armour["CT"] == 21 and result.status.hits("Gyro") == 1


def test_empty_slots_are_rolled_again():
    """TW: a critical on an empty slot is rolled again. Hunchback left arm: slots 6-12 are empty."""
    status = replace(fresh(), armour={**fresh().armour, "LA": 0})
    # critical roll 4+4; half 6 (lower), slot 3 (empty: roll again); half 1, slot 5 (Medium Laser).
    result = apply_damage(status, HitLocation("LA", False, False, "test"), 1, ScriptedDice(4, 4, 6, 3, 1, 5))
    laser = next(i for i, c in result.status.design.weapons if c.location == "LA")
    assert result.status.is_destroyed(laser)
