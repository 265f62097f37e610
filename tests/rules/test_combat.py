"""Weapon attack orders and the simultaneous weapon phase (Total Warfare 'Weapon attack phase'; issue 6,
'Bad input': out of arc, out of LOS, beyond long range, a weapon already fired, a destroyed weapon)."""

from dataclasses import replace

import pytest

from rules.core.board import Board
from rules.battletech.combat.attacks import AttackError, WeaponOrder, plan_weapon_attack
from rules.battletech.combat.resolve import resolve_weapon_attacks
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.battletech.combat.status import Motion
from rules.battletech.combat.tohit import Sight
from tests.rules.conftest import fresh, mech


def duel(a_label="0810", b_label="0806", a_facing=0, b_facing=3, a="Hunchback HBK-4G", b="Centurion CN9-A"):
    units = (mech("A", a_label, a_facing, a, side="alice"), mech("B", b_label, b_facing, b, side="bob"))
    return GameState(Board(16, 17), units, phase="weapons", mechs={"A": fresh(a), "B": fresh(b)})


@pytest.mark.parametrize(("state", "weapons", "sight", "code"), [
    (duel(a_facing=3), ("AC/20",), None, "attack.out_of_arc"),
    (duel(), ("AC/20",), Sight(los=False, reasons=("a level 3 hill",)), "attack.no_los"),
    (duel(a_label="0815", b_label="0805"), ("Medium Laser",), None, "attack.out_of_range"),
    (duel(), ("AC/20", "AC/20"), None, "attack.already_fired"),
    (duel(), ("Gauss Rifle",), None, "attack.unknown_weapon"),
])
def test_bad_attack_orders_are_refused_with_a_code(state, weapons, sight, code):
    rule = (lambda *_: sight) if sight else (lambda *_: Sight())
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(state, WeaponOrder("A", "B", weapons), rule)
    assert error.value.code == code


def test_a_destroyed_weapon_cannot_fire():
    state = duel()
    ac20 = next(i for i, c in state.mechs["A"].design.weapons if c.name == "AC/20")
    hit = replace(state.mechs["A"], hit_slots=frozenset({("RT", 0)}))
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(replace(state, mechs={**state.mechs, "A": hit}), WeaponOrder("A", "B", (str(ac20),)))
    assert error.value.code == "attack.weapon_destroyed"


def test_a_refused_order_changes_nothing():
    state = duel(a_facing=3)
    before = (state.mechs["A"], state.mechs["B"])
    with pytest.raises(AttackError):
        resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("AC/20",))], Dice("x"))
    assert (state.mechs["A"], state.mechs["B"]) == before


def test_bare_names_pick_successive_weapons_in_arc():
    """Two "Medium Laser" entries fire both arm lasers; a target to the right is covered by the right arm only."""
    state = duel()
    planned = plan_weapon_attack(state, WeaponOrder("A", "B", ("Medium Laser", "Medium Laser")))
    assert [p.what for p in planned] == ["Medium Laser [LA]", "Medium Laser [RA]"]


def test_fire_is_simultaneous_and_uses_the_phase_start():
    """TW: all weapon attacks of a phase are resolved as if at once: a mech destroyed in the phase still fires."""
    state = duel(b_label="0808")
    weak = replace(state.mechs["B"], armour={**state.mechs["B"].armour, "CT": 0, "RT": 0, "LT": 0},
                   internal={**state.mechs["B"].internal, "CT": 1})
    state = replace(state, mechs={**state.mechs, "B": weak})
    orders = [WeaponOrder("B", "A", ("AC/10",)), WeaponOrder("A", "B", ("AC/20", "Medium Laser", "Medium Laser"))]
    for seed in range(40):
        after, report = resolve_weapon_attacks(state, orders, Dice(f"simultaneous:{seed}"))
        if after.mechs["B"].destroyed:
            break
    assert after.mechs["B"].destroyed
    b_shot = next(r for r in report.attacks if r.attack.unit == "B")
    assert b_shot.roll.total > 0  # B's attack was rolled even though A's fire destroyed it
    assert after.mechs["A"].fired and after.mechs["B"].fired


def test_ammunition_is_spent_and_heat_is_remembered():
    state = duel()
    after, _ = resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("AC/20",))], Dice("ammo"))
    assert sum(after.mechs["A"].ammo.values()) == sum(state.mechs["A"].ammo.values()) - 1


def test_movement_modifiers_come_from_the_turn_motion():
    state = replace(duel(), motions={"A": Motion("run", 5), "B": Motion("walk", 7)})
    (planned,) = plan_weapon_attack(state, WeaponOrder("A", "B", ("AC/20",)))
    assert planned.to_hit.target == 4 + 2 + 2 + 3  # ran, medium range (4 hexes), target moved 7


def test_torso_twist_turns_torso_and_arm_weapons_but_not_the_legs():
    """TW torso twist: torso and arm weapons fire as if the mech faced one hexside over; leg weapons do not."""
    state = duel(b_label="1010")  # B is in A's right arc
    with pytest.raises(AttackError):
        plan_weapon_attack(state, WeaponOrder("A", "B", ("AC/20",)))
    (planned,) = plan_weapon_attack(state, WeaponOrder("A", "B", ("AC/20",), twist=1))
    assert planned.what == "AC/20 [RT] (torso twisted right)"
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(state, WeaponOrder("A", "B", ("AC/20",), twist=2))
    assert error.value.code == "attack.bad_twist"


def test_underwater_only_energy_weapons_fire():
    """Solaris VII: "Las unidades sumergidas sólo pueden disparar armas de energía"."""
    from rules.core.board import HexTerrain
    from rules.core.hexes import Hex

    state = duel()
    flooded = Board(16, 17, {Hex.parse("0810"): HexTerrain.parse(0, "water:2")})
    state = replace(state, board=flooded)
    clear = lambda *_: Sight()  # noqa: E731 - the line itself is the LOS module's business
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(state, WeaponOrder("A", "B", ("AC/20",)), clear)
    assert error.value.code == "attack.underwater_weapon"
    assert plan_weapon_attack(state, WeaponOrder("A", "B", ("Medium Laser",)), clear)


def test_a_damaging_hit_underwater_may_flood_the_location():
    """Solaris VII: "Un resultado de 10 o más implica que el casco de la unidad ha sufrido una perforación";
    flooded components count as destroyed."""
    from rules.core.board import HexTerrain
    from rules.battletech.combat.phase import AttackPhase
    from rules.battletech.combat.damage import HitLocation
    from rules.core.hexes import Hex
    from tests.rules.conftest import ScriptedDice

    state = replace(duel(), board=Board(16, 17, {Hex.parse("0806"): HexTerrain.parse(0, "water:2")}))
    phase = AttackPhase(state, ScriptedDice(5, 5))
    reasons = phase.damage("B", HitLocation("RA", False, False, "test"), 5)
    assert "RA floods" in reasons[-1] and phase.mechs["B"].flooded == {"RA"}
    ac10 = next(i for i, c in phase.mechs["B"].design.weapons if c.name == "AC/10")
    assert phase.mechs["B"].is_destroyed(ac10)


def test_lrm_damage_lands_in_five_point_groups():
    """TW: LRM hits are grouped in 5-point clusters, each with its own location roll (cluster table: LRM 10
    rolling 9 lands 8 missiles → groups of 5 and 3)."""
    from tests.rules.conftest import ScriptedDice

    state = duel(a="Centurion CN9-A", b="Hunchback HBK-4G", b_label="0803")
    # to-hit 6+6; cluster 4+5 = 9 → 8 missiles; locations 2+4 = 6 (right torso) twice; armour holds.
    after, report = resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("LRM 10",))], ScriptedDice(6, 6, 4, 5, 2, 4, 2, 4))
    (result,) = report.attacks
    assert result.hit and result.damage == 8
    assert after.mechs["B"].armour["RT"] == 20 - 8
    assert sum(1 for reason in result.reasons if reason.startswith("5 damage") or reason.startswith("3 damage")) == 2


def test_two_orders_for_one_unit_are_refused():
    orders = [WeaponOrder("A", "B", ("AC/20",)), WeaponOrder("A", "B", ("Medium Laser",))]
    with pytest.raises(AttackError) as error:
        resolve_weapon_attacks(duel(), orders, Dice("dup"))
    assert error.value.code == "order.duplicate"


def test_the_los_module_blocks_the_shot():
    """Solaris VII LOS (via rules.battletech.sight.los): a level 3 hill between two mechs on level 0 blocks the line."""
    from rules.core.board import HexTerrain
    from rules.core.hexes import Hex

    state = replace(duel(), board=Board(16, 17, {Hex.parse("0808"): HexTerrain.parse(3, "")}))
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(state, WeaponOrder("A", "B", ("AC/20",)))
    assert error.value.code == "attack.no_los"


def test_a_hit_on_a_target_in_partial_cover_uses_the_punch_table():
    """Solaris VII 'Cobertura parcial': "se debe usar la tabla de localización de puños"."""
    from tests.rules.conftest import ScriptedDice

    cover = lambda *_: Sight(modifier=3, partial_cover=True, reasons=("hill",))  # noqa: E731
    # to-hit 6+6, punch table 1D6 = 6: head.
    after, report = resolve_weapon_attacks(duel(), [WeaponOrder("A", "B", ("Medium Laser",))],
                                           ScriptedDice(6, 6, 6, 6, 6), cover)
    assert "punch location table" in " ".join(report.attacks[0].reasons)
    assert after.mechs["B"].armour["HD"] == 9 - 5


def test_a_leg_destroyed_is_a_fall_without_a_piloting_roll():
    """TW piloting skill roll table: a leg destroyed means an automatic fall (MegaMek: the same); the +5 for
    the missing leg only enters later rolls, here the roll to spare the pilot from the fall's damage."""
    from tests.rules.conftest import ScriptedDice

    state = duel()
    b = state.mechs["B"]
    b = replace(b, armour={**b.armour, "LL": 0}, internal={**b.internal, "LL": 1})
    state = replace(state, mechs={**state.mechs, "B": b})
    # Hit; front column 9: left leg (1 structure, the rest into the left torso's armour). Fall: facing 6 (left
    # side), one 5-point group on the left column 7 (left torso), the pilot's roll 6 + 6 against 5 + 5.
    after, report = resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("Medium Laser",))],
                                           ScriptedDice(6, 6, 4, 5, 6, 6, 1, 6, 6))
    assert "LL" in after.mechs["B"].destroyed_locations and after.unit("B").prone
    assert not any(roll.reason.startswith("piloting B: LL destroyed") for roll in report.rolls)
    assert any("without a piloting roll" in reason for reason in report.reasons)
