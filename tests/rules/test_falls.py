"""Piloting skill rolls and falls (Total Warfare 'Piloting skill rolls', 'Falling')."""

from dataclasses import replace

from rules.battletech.combat.falls import fall, piloting_target
from tests.rules.conftest import ScriptedDice, fresh, mech


def test_piloting_modifiers_from_damage():
    """TW: gyro hit +3, destroyed leg +5, hip +2, each other leg actuator +1."""
    status = replace(fresh(), hit_slots=frozenset({("CT", 3), ("RL", 0), ("LL", 1)}))
    target = piloting_target(mech("A", "0505"), status)
    assert target.target == 5 + 3 + 2 + 1


def test_destroyed_gyro_fails_every_roll():
    status = replace(fresh(), hit_slots=frozenset({("CT", 3), ("CT", 4)}))
    assert piloting_target(mech("A", "0505"), status).impossible == "gyro destroyed"


def test_fall_damage_and_facing():
    """TW: falling damage tons/10 × (levels + 1) in 5-point groups; facing roll 4 turns the mech around
    and the rear column is used."""
    unit = mech("A", "0505", facing=0)
    # facing 4; one 5-point group (2D6 = 7: centre torso rear); pilot roll 6+6 passes.
    fallen = fall(unit, fresh(), 0, ScriptedDice(4, 3, 4, 6, 6), "test")
    assert fallen.unit.prone and fallen.unit.facing == 3
    assert fallen.status.rear_armour["CT"] == 0 and fallen.status.armour["CT"] == 26
    assert fallen.status.pilot_hits == 0


def test_standing_up_is_a_piloting_roll():
    """TW: a prone mech stands with a piloting roll; failing it falls again where it lies."""
    from rules.battletech.combat.falls import stand_up

    prone = mech("A", "0505", prone=True)
    assert not stand_up(prone, fresh(), ScriptedDice(3, 3)).unit.prone
    again = stand_up(prone, fresh(), ScriptedDice(1, 1, 1, 4, 3, 6, 6))
    assert again.unit.prone and any("failed to stand up" in r for r in again.reasons)


def test_an_unconscious_pilot_fails_every_piloting_roll():
    """TW: the 'Mech of an unconscious MechWarrior falls; every piloting roll fails."""
    assert piloting_target(mech("A", "0505"), replace(fresh(), conscious=False)).impossible == "the pilot is unconscious"


def test_a_shut_down_mech_fails_every_piloting_roll_and_its_pilot_is_hurt_by_a_fall():
    """TW 'Shutdown' and 'Falling': a shut-down mech counts as immobile, fails its piloting rolls, and its
    warrior takes the fall's damage without a roll (MegaMek fails these rolls the same way)."""
    shut = replace(fresh(), shutdown=True)
    assert piloting_target(mech("A", "0505"), shut).impossible == "the reactor is shut down"
    # facing 1; one 5-point group (2D6 = 7: centre torso), then no pilot roll to make: one wound, 3+ to stay awake.
    fallen = fall(mech("A", "0505"), shut, 0, ScriptedDice(1, 4, 3, 6, 6), "test")
    assert fallen.status.pilot_hits == 1


def test_every_piloting_roll_of_a_climbing_mech_is_harder():
    """Solaris VII 'Reglas de escalada': "Se aplicará un modificador de +1 a cualquier chequeo de pilotaje que la
    unidad deba realizar mientras escala. Si la unidad sólo tiene un actuador de mano operativo, se aplicará un
    modificador de +2" — the attack phases' rolls too (a kick, 20 damage)."""
    assert piloting_target(mech("A", "0505", climbing=True, elevation=2), fresh()).target == 5 + 1
    assert piloting_target(mech("A", "0505", climbing=True, elevation=2, hands=1), fresh()).target == 5 + 2


def test_a_climbing_mech_that_fails_a_roll_falls_from_where_it_hangs():
    """Our reading of 'Reglas de escalada' ("el Mech cae desde una altura igual al último nivel que alcanzara") for
    the other phases' rolls: a Hunchback (50 t) hanging two levels up falls those two levels, ceil(50 / 10) × 3 = 15
    (three 5-point groups), and ends prone at the foot of the climb, no longer climbing."""
    from rules.battletech.combat.falls import fall_where_it_stands

    hanging = mech("A", "0505", climbing=True, elevation=2)
    # facing 1; three groups (2D6 = 7 each); the pilot's roll 6 + 6 passes.
    fallen = fall_where_it_stands(hanging, fresh(), ScriptedDice(1, 3, 4, 3, 4, 3, 4, 6, 6), "test")
    assert (fallen.unit.elevation, fallen.unit.climbing, fallen.unit.prone) == (0, False, True)
    assert sum(fresh().armour.values()) - sum(fallen.status.armour.values()) == 15
    assert any("fell 2 levels" in reason for reason in fallen.reasons)
