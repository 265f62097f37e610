"""Physical attacks (Total Warfare 'Physical attacks'; Solaris VII on charges and deaths from above)."""

from dataclasses import replace

import pytest

from rules.core.board import Board
from rules.battletech.combat.attacks import AttackError, PhysicalOrder, plan_physical_attack
from rules.battletech.combat.resolve import resolve_physical_attacks
from rules.battletech.state import GameState
from rules.battletech.combat.physical import attacker_damage, physical_damage
from rules.battletech.combat.status import Motion
from tests.rules.conftest import ScriptedDice, fresh, mech


def adjacent(a="Hunchback HBK-4G", b="Centurion CN9-A", motions=None):
    units = (mech("A", "0808", 0, a, side="alice"), mech("B", "0807", 3, b, side="bob"))
    return GameState(Board(16, 17), units, phase="physical", mechs={"A": fresh(a), "B": fresh(b)}, motions=motions or {})


def test_punch_and_kick_damage():
    """TW: a punch does tons/10 (rounded up), a kick tons/5."""
    attacker = mech("A", "0808")
    assert physical_damage("punch", "RA", attacker, fresh(), Motion())[0] == 5
    assert physical_damage("kick", "RL", attacker, fresh(), Motion())[0] == 10


def test_charge_and_death_from_above_damage():
    """TW: charge tons/10 × hexes moved; death from above tons/10 × 3; the charger takes target tons/10,
    the jumper its own tons/5."""
    attacker, target = mech("A", "0808"), mech("B", "0807", tons=85)
    assert physical_damage("charge", "", attacker, fresh(), Motion("run", 4))[0] == 20
    assert physical_damage("dfa", "", attacker, fresh(), Motion("jump", 4))[0] == 15
    assert attacker_damage("charge", attacker, target)[0] == 9
    assert attacker_damage("dfa", attacker, target)[0] == 10


def test_charge_and_death_from_above_round_up_once():
    """TW: charge damage is tons / 10 × hexes moved and death from above tons / 10 × 3, rounded up at the
    end ("round any fractions up"): a 45-ton mech charging over 3 hexes does 14 (13.5), not 5 × 3."""
    phoenix = mech("A", "0808", 0, "Phoenix Hawk PXH-1")
    status = fresh("Phoenix Hawk PXH-1")
    assert physical_damage("charge", "", phoenix, status, Motion("run", 3))[0] == 14
    assert physical_damage("dfa", "", phoenix, status, Motion("jump", 2))[0] == 14


@pytest.mark.parametrize(("kind", "limb", "motion"), [
    ("charge", "", Motion("run", 3)), ("dfa", "", Motion("jump", 2)), ("kick", "RL", Motion())])
def test_no_charge_or_death_from_above_after_firing_nor_a_kick_with_a_leg_that_fired(kind, limb, motion):
    """TW: a unit that charges or makes a death from above makes no weapon attacks that turn; a leg whose
    weapon fired cannot kick (no shipped design has a leg weapon: a right-leg component stands in for one)."""
    state = adjacent(motions={"A": motion})
    a = state.mechs["A"]
    fired = next(i for i, c in a.design.weapons if c.location not in ("LL", "RL"))
    if kind == "kick":
        leg_part = next(i for i, c in enumerate(a.design.components) if c.location == "RL")
        fired = leg_part  # as if a weapon in the right leg had fired
    assert plan_physical_attack(state, PhysicalOrder("A", "B", kind, limb))
    after_fire = replace(state, mechs={**state.mechs, "A": replace(a, fired=frozenset({fired}))})
    with pytest.raises(AttackError) as error:
        plan_physical_attack(after_fire, PhysicalOrder("A", "B", kind, limb))
    assert error.value.code == "attack.physical_not_allowed" and "TW" in error.value.message


def test_kick_to_hit_is_piloting_minus_two():
    (planned,) = plan_physical_attack(adjacent(), PhysicalOrder("A", "B", "kick", "RL"))
    assert planned.to_hit.target == 5 - 2


def test_punch_without_hand_and_lower_arm():
    """TW punch modifiers: lower arm actuator missing or destroyed +2, hand actuator +1. An arm built without
    both (a Catapult's missile arms) takes the +2 only: the missing hand is not cumulative with the missing
    lower arm (TW does not say; MegaMek's reading). An arm built with a lower arm but no hand (the Centurion's
    right) takes the hand's +1."""
    (catapult,) = plan_physical_attack(adjacent(a="Catapult CPLT-C1"), PhysicalOrder("A", "B", "punch", "RA"))
    assert catapult.to_hit.target == 5 + 2
    (centurion,) = plan_physical_attack(adjacent(a="Centurion CN9-A", b="Hunchback HBK-4G"),
                                        PhysicalOrder("A", "B", "punch", "RA"))
    assert centurion.to_hit.target == 5 + 1


def test_a_hit_hand_still_counts_with_a_hit_lower_arm():
    """Critical damage is cumulative: a Hunchback whose right lower arm and hand actuators are both hit punches
    at +2 +1 (TW punch modifiers; MegaMek agrees)."""
    state = adjacent()
    a = state.mechs["A"]
    hit = frozenset(("RA", slot) for c in a.design.components if c.location == "RA"
                    and c.name in ("Lower Arm Actuator", "Hand Actuator") for slot in c.slots)
    assert len(hit) == 2
    damaged = replace(state, mechs={**state.mechs, "A": replace(a, hit_slots=hit)})
    (planned,) = plan_physical_attack(damaged, PhysicalOrder("A", "B", "punch", "RA"))
    assert planned.to_hit.target == 5 + 2 + 1


@pytest.mark.parametrize(("order", "motions"), [
    (PhysicalOrder("A", "B", "charge"), None),  # did not move this turn
    (PhysicalOrder("A", "B", "dfa"), {"A": Motion("walk", 2)}),  # did not jump
    (PhysicalOrder("A", "B", "punch", "LL"), None),  # a leg is not an arm
    (PhysicalOrder("A", "B", "headbutt"), None),
])
def test_illegal_physical_attacks(order, motions):
    with pytest.raises(AttackError) as error:
        plan_physical_attack(adjacent(motions=motions), order)
    assert error.value.code in ("attack.physical_not_allowed", "attack.unknown_kind")


def test_cannot_punch_with_an_arm_that_fired():
    state = adjacent()
    laser = next(i for i, c in state.mechs["A"].design.weapons if c.location == "RA")
    fired = replace(state.mechs["A"], fired=frozenset({laser}))
    with pytest.raises(AttackError, match="fired this turn"):
        plan_physical_attack(replace(state, mechs={**state.mechs, "A": fired}), PhysicalOrder("A", "B", "punch", "RA"))


def test_a_kick_that_hits_uses_the_kick_table_and_forces_a_piloting_roll():
    """TW: kick location 1D6 on the kick table; the kicked mech makes a piloting roll."""
    # to-hit 6+6, kick table 1 (right leg, front), target PSR 6+6 passes.
    dice = ScriptedDice(6, 6, 1, 6, 6)
    after, report = resolve_physical_attacks(adjacent(), [PhysicalOrder("A", "B", "kick", "RL")], dice)
    assert report.attacks[0].hit and after.mechs["B"].armour["RL"] == 16 - 10
    assert any("hit by a kick" in reason for reason in report.reasons)


def test_a_missed_kick_makes_the_attacker_roll():
    dice = ScriptedDice(1, 1, 1, 1, 1, 6)  # miss; attacker PSR 1+1 fails; fall facing roll 1 ... damage rolls
    dice.faces += [4, 3] * 3 + [6, 6]
    after, report = resolve_physical_attacks(adjacent(), [PhysicalOrder("A", "B", "kick", "RL")], dice)
    assert not report.attacks[0].hit and after.unit("A").prone


def test_push_moves_the_target_one_hex():
    dice = ScriptedDice(6, 6, 6, 6)  # hit; target piloting roll passes
    after, report = resolve_physical_attacks(adjacent(), [PhysicalOrder("A", "B", "push")], dice)
    assert after.unit("B").hex.label == "0806"


@pytest.mark.parametrize("why", ["target prone", "arm weapon fired", "arm missing"])
def test_a_push_is_refused_where_tw_forbids_it(why):
    """TW push: not against a prone mech, not after firing an arm weapon this turn, not without both arms."""
    state = adjacent()
    a, b = state.mechs["A"], state.unit("B")
    arm_weapon = next(i for i, c in a.design.weapons if c.location in ("LA", "RA"))
    changed = {
        "target prone": replace(state, units=(state.unit("A"), replace(b, prone=True))),
        "arm weapon fired": replace(state, mechs={**state.mechs, "A": replace(a, fired=frozenset({arm_weapon}))}),
        "arm missing": replace(state, mechs={**state.mechs, "A": replace(a, destroyed_locations=frozenset({"LA"}))}),
    }[why]
    with pytest.raises(AttackError) as error:
        plan_physical_attack(changed, PhysicalOrder("A", "B", "push"))
    assert error.value.code == "attack.physical_not_allowed"


def test_a_destroyed_shoulder_makes_a_push_harder():
    """TW push: piloting − 1, +2 for each destroyed shoulder."""
    state = adjacent()
    shoulder = next(c for c in state.mechs["A"].design.components if c.name == "Shoulder" and c.location == "RA")
    hurt = replace(state.mechs["A"], hit_slots=frozenset({("RA", shoulder.slots[0])}))
    (planned,) = plan_physical_attack(replace(state, mechs={**state.mechs, "A": hurt}), PhysicalOrder("A", "B", "push"))
    assert planned.to_hit.target == 5 - 1 + 2


def test_no_physical_attack_from_outside_a_building_on_a_unit_inside():
    """Solaris VII 'Atacando unidades dentro de edificaciones': "No se pueden declarar ataques físicos por
    parte de unidades fuera del edificio contra unidades dentro de ellos"; inside the same building they may."""
    from rules.core.board import board_from_cells
    board = board_from_cells(16, 17, {"0807": {"terrain": "building:2;bldg_elev:2;bldg_cf:40"},
                                      "0808": {"terrain": "building:2;bldg_elev:2;bldg_cf:40"}})
    outside = replace(adjacent(), board=board_from_cells(16, 17, {"0807": {"terrain": "building:2;bldg_elev:2"}}))
    with pytest.raises(AttackError) as error:
        plan_physical_attack(outside, PhysicalOrder("A", "B", "kick", "RL"))
    assert error.value.code == "attack.physical_not_allowed" and "edificaciones" in error.value.message
    assert plan_physical_attack(replace(adjacent(), board=board), PhysicalOrder("A", "B", "kick", "RL"))


def test_physical_reach_counts_where_the_mechs_stand():
    """TW: physical attacks compare the levels the mechs stand at, their elevation included: from the shore a
    mech standing in depth 1 water is one level down (a kick reaches it, on the punch table; a push, which
    needs the same level, does not)."""
    from rules.core.board import board_from_cells
    state = adjacent()
    state = replace(state, board=board_from_cells(16, 17, {"0807": {"terrain": "water:1"}}),
                    units=(state.unit("A"), replace(state.unit("B"), elevation=-1)))
    (kick,) = plan_physical_attack(state, PhysicalOrder("A", "B", "kick", "RL"))
    assert kick.table == "punch"
    with pytest.raises(AttackError):
        plan_physical_attack(state, PhysicalOrder("A", "B", "push"))


def test_a_punch_needs_an_arm_named():
    with pytest.raises(AttackError) as error:
        plan_physical_attack(adjacent(), PhysicalOrder("A", "B", "punch"))
    assert error.value.code == "attack.physical_not_allowed"


def test_reach_between_levels():
    """TW: a punch reaches one level up, a kick one level down; Solaris VII: "Tampoco se puede cargar contra
    objetivos tumbados, o a distintas elevaciones"."""
    from rules.core.board import HexTerrain
    from rules.core.hexes import Hex
    from rules.battletech.combat.physical import location_table

    state = adjacent(motions={"A": Motion("walk", 2)})
    uphill = replace(state, board=Board(16, 17, {Hex.parse("0807"): HexTerrain.parse(1, "")}))
    assert plan_physical_attack(uphill, PhysicalOrder("A", "B", "punch", "RA"))
    for order in (PhysicalOrder("A", "B", "kick", "RL"), PhysicalOrder("A", "B", "charge")):
        with pytest.raises(AttackError, match="level"):
            plan_physical_attack(uphill, order)
    assert location_table("punch", 1) == "kick" and location_table("kick", -1) == "punch"
    assert location_table("punch", 0) == "punch"


def test_death_from_above_to_hit_counts_the_jump_and_the_skill_difference():
    """TW 'Death from above' (audit of issue 6, checked against MegaMek's DfaAttackAction): the to-hit number
    is the piloting skill plus the attacker movement modifier for jumping (+3) and the difference of the two
    pilots' piloting skills, as a charge adds it."""
    state = adjacent(motions={"A": Motion("jump", 2)})
    state = replace(state, units=(replace(state.unit("A"), piloting=5), replace(state.unit("B"), piloting=3)))
    (planned,) = plan_physical_attack(state, PhysicalOrder("A", "B", "dfa"))
    assert planned.to_hit.target == 5 + 3 + (5 - 3)
    assert any("jumped" in reason for reason in planned.to_hit.reasons)


def test_punch_and_kick_halving_rounds_down_and_counts_missing_actuators():
    """TW 'Punch attacks': "Reduce the damage by half for each upper or lower arm actuator damaged or not
    present ... (round fractions down, to a minimum of 1)"; kicks halve the same way for leg actuators. A
    Phoenix Hawk (45 tons) punches for 5: 2 with its lower arm actuator hit. A Catapult (65 tons, no lower arm
    actuators) punches for 7 halved: 3. A 45-ton kick of 9 with both leg actuators hit: 2."""
    phoenix = mech("A", "0808", 0, "Phoenix Hawk PXH-1")
    status = fresh("Phoenix Hawk PXH-1")
    lower_arm = next(c for c in status.design.components if c.name == "Lower Arm Actuator" and c.location == "RA")
    hurt = replace(status, hit_slots=frozenset({("RA", lower_arm.slots[0])}))
    assert physical_damage("punch", "RA", phoenix, hurt, Motion())[0] == 2
    catapult = mech("A", "0808", 0, "Catapult CPLT-C1")
    assert physical_damage("punch", "RA", catapult, fresh("Catapult CPLT-C1"), Motion())[0] == 3
    legs = replace(status, hit_slots=frozenset({("RL", 1), ("RL", 2)}))
    assert physical_damage("kick", "RL", phoenix, legs, Motion())[0] == 2


def test_a_prone_target_on_the_same_level_cannot_be_punched_but_is_kicked_on_the_standard_table():
    """TW 'Physical attacks': a prone mech lies below the reach of a punch from the same level; a kick reaches
    it and hits on the standard 'Mech hit location table, not the kick table (MegaMek agrees on both)."""
    state = adjacent()
    down = replace(state, units=(state.unit("A"), replace(state.unit("B"), prone=True)))
    with pytest.raises(AttackError) as error:
        plan_physical_attack(down, PhysicalOrder("A", "B", "punch", "RA"))
    assert error.value.code == "attack.physical_not_allowed" and "reach" in str(error.value)
    (kick,) = plan_physical_attack(down, PhysicalOrder("A", "B", "kick", "RL"))
    assert kick.table == "standard"
    (standing_kick,) = plan_physical_attack(state, PhysicalOrder("A", "B", "kick", "RL"))
    assert standing_kick.table == "kick"


@pytest.mark.parametrize(("target_level", "kind", "limb", "table"), [
    (1, "punch", "RA", "standard"),  # standing there it is punched on the kick table
    (-1, "kick", "RL", None),  # standing there it is kicked on the punch table; prone, out of reach
])
def test_a_prone_target_one_level_up_is_punched_on_the_standard_table_and_one_level_down_cannot_be_kicked(
        target_level, kind, limb, table):
    """TW: a prone mech lies a level lower than a standing one, so a punch reaches it from one level below and
    lands on the standard table, and a kick from one level above misses its reach (MegaMek: same height check)."""
    from rules.core.board import HexTerrain
    from rules.core.hexes import Hex

    state = adjacent()
    raised = replace(state, board=Board(16, 17, {Hex.parse("0807"): HexTerrain.parse(target_level, "")}))
    down = replace(raised, units=(raised.unit("A"), replace(raised.unit("B"), prone=True)))
    (standing,) = plan_physical_attack(raised, PhysicalOrder("A", "B", kind, limb))
    assert standing.table == ("kick" if kind == "punch" else "punch")
    if table is None:
        with pytest.raises(AttackError) as error:
            plan_physical_attack(down, PhysicalOrder("A", "B", kind, limb))
        assert error.value.code == "attack.physical_not_allowed"
    else:
        (planned,) = plan_physical_attack(down, PhysicalOrder("A", "B", kind, limb))
        assert planned.table == table


def test_a_stuck_target_is_easier_to_hit_with_physical_attacks_too():
    """Solaris VII 'Tipos de terrenos especiales' (pantano): "un modificador a la tirada para impactar de -2 a todos
    los disparos y ataques físicos que se hagan contra una unidad atrapada": a kick is piloting 5 - 2 - 2."""
    state = adjacent()
    stuck = replace(state, units=tuple(replace(unit, stuck=True) if unit.id == "B" else unit for unit in state.units))
    (planned,) = plan_physical_attack(stuck, PhysicalOrder("A", "B", "kick", "RL"))
    assert planned.to_hit.target == 5 - 2 - 2
    assert any(m.reason.code == "tohit.target_stuck" for m in planned.to_hit.modifiers)


def climbing(state):
    """``state`` with A hanging two levels up a climb, as the movement phase leaves it."""
    units = tuple(replace(unit, elevation=2, climbing=True) if unit.id == "A" else unit for unit in state.units)
    return replace(state, units=units)


def test_a_climbing_mech_makes_no_physical_attack():
    """Solaris VII 'Reglas de escalada': "Durante el transcurso de una escalada … la unidad no puede realizar
    ataques físicos"."""
    with pytest.raises(AttackError) as error:
        plan_physical_attack(climbing(adjacent()), PhysicalOrder("A", "B", "kick", "RL"))
    assert error.value.code == "attack.physical_not_allowed" and "escalada" in error.value.message
