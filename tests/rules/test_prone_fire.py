"""Firing while prone (Total Warfare 'Prone 'Mechs', weapon attacks; the Solaris VII texts give only the +2):
the mech props itself up on one arm, so weapons of one arm only fire; with an arm missing it cannot fire;
leg-mounted weapons never fire. Bad orders are refused with a code and change nothing."""

from dataclasses import replace

import pytest

from rules.core.board import Board
from rules.battletech.combat.attacks import AttackError, WeaponOrder, plan_weapon_attack
from rules.battletech.combat.resolve import resolve_weapon_attacks
from rules.battletech.designs.design import Design
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.battletech.combat.status import MechStatus
from rules.battletech.combat.tohit import Sight
from tests.rules.conftest import fresh, mech


def prone_duel(status: MechStatus | None = None) -> GameState:
    """A prone Hunchback (arm lasers, AC/20 in the right torso) with the Centurion in front, 3 hexes off."""
    units = (mech("A", "0810", 0, prone=True, side="alice"), mech("B", "0807", 3, "Centurion CN9-A", side="bob"))
    return GameState(Board(16, 17), units, phase="weapons",
                     mechs={"A": status or fresh(), "B": fresh("Centurion CN9-A")})


def refused(state: GameState, *weapons: str) -> str:
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(state, WeaponOrder("A", "B", weapons), lambda *_: Sight())
    return error.value.code


def test_a_prone_mech_fires_one_arm_and_its_torso_weapons_at_plus_two():
    planned = plan_weapon_attack(prone_duel(), WeaponOrder("A", "B", ("Medium Laser [RA]", "AC/20")), lambda *_: Sight())
    assert [p.what for p in planned] == ["Medium Laser [RA]", "AC/20 [RT]"]
    assert all("attacker prone" in p.to_hit.reasons[1] for p in planned)


def test_a_prone_mech_cannot_fire_from_both_arms():
    assert refused(prone_duel(), "Medium Laser [RA]", "Medium Laser [LA]") == "attack.prone_both_arms"


def test_an_arm_that_fired_earlier_this_turn_is_the_firing_arm():
    state = prone_duel()
    ml_la = next(i for i, c in state.mechs["A"].design.weapons if c.label == "Medium Laser [LA]")
    fired = replace(state.mechs["A"], fired=frozenset({ml_la}))
    assert refused(replace(state, mechs={**state.mechs, "A": fired}), "Medium Laser [RA]") == "attack.prone_both_arms"


def test_a_prone_mech_missing_an_arm_cannot_fire_even_its_torso_weapons():
    """TW standard rule (MegaMek without the Tactical Operations prone-fire option agrees)."""
    no_left_arm = replace(fresh(), destroyed_locations=frozenset({"LA"}))
    assert refused(prone_duel(no_left_arm), "AC/20") == "attack.prone_arm_missing"


def test_a_standing_mech_missing_an_arm_still_fires():
    no_left_arm = replace(fresh(), destroyed_locations=frozenset({"LA"}))
    state = prone_duel(no_left_arm)
    standing = replace(state, units=(replace(state.unit("A"), prone=False), state.unit("B")))
    assert plan_weapon_attack(standing, WeaponOrder("A", "B", ("AC/20",)), lambda *_: Sight())


def test_a_prone_mech_cannot_fire_a_leg_mounted_weapon():
    """No shipped design mounts a leg weapon: the Hunchback's right arm laser takes a right leg heat sink's slot."""
    design = fresh().design
    laser = next(c for c in design.components if c.label == "Medium Laser [RA]")
    moved = tuple(replace(c, location="RL", slots=(4,)) if c is laser else c for c in design.components
                  if (c.location, c.slots) != ("RL", (4,)))
    leg_design = Design(design.chassis, design.model, design.tons, design.walk, design.jump, design.heat_sinks,
                        design.armour, design.rear_armour, moved, design.double_heat_sinks)
    assert refused(prone_duel(MechStatus.fresh(leg_design)), "Medium Laser [RL]") == "attack.prone_leg_weapon"


def test_a_refused_prone_order_changes_nothing():
    state = prone_duel()
    with pytest.raises(AttackError):
        resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("Medium Laser [RA]", "Medium Laser [LA]"))], Dice("x"),
                               lambda *_: Sight())
    assert state.mechs == prone_duel().mechs
