"""To-hit numbers, firing arcs and attack direction (Total Warfare 'Weapon attacks'; Solaris VII seeds)."""

from dataclasses import replace

import pytest

from rules.battletech.combat.attacks import AttackError, WeaponOrder, plan_weapon_attack
from rules.battletech.movement.plan import MoveOrder
from rules.battletech.state import GameState
from rules.core.board import board_from_cells
from rules.core.hexes import Hex
from rules.battletech.combat.status import Motion
from rules.rulesets import get_ruleset
from rules.battletech.combat.tohit import (
    Sight, attack_direction, firing_arc, heat_modifier, target_movement_modifier, weapon_to_hit,
)
from tests.rules.conftest import ScriptedDice, fresh, mech

HUNCH = fresh()
ML_RA = next(i for i, c in HUNCH.design.weapons if c.name == "Medium Laser" and c.location == "RA")
ML_LA = next(i for i, c in HUNCH.design.weapons if c.name == "Medium Laser" and c.location == "LA")
AC20 = next(i for i, c in HUNCH.design.weapons if c.name == "AC/20")


def to_hit(distance=3, index=ML_RA, motion=Motion(), target_motion=Motion(), sight=Sight(), status=HUNCH,
           target_fields=None, attacker_fields=None):
    attacker = mech("A", "0520", **(attacker_fields or {}))
    target = mech("B", Hex(4, 19 - distance).label, facing=3, **(target_fields or {}))
    return weapon_to_hit(attacker, status, motion, index, target, fresh(), target_motion, sight)


def test_base_is_gunnery_and_nothing_else_standing_still_at_short_range():
    """TW: base to-hit number = the attacker's gunnery skill (4 for a regular pilot)."""
    result = to_hit()
    assert result.target == 4 and result.impossible == "" and result.reasons == ("+4 gunnery skill 4",)


@pytest.mark.parametrize(("moved", "modifier"), [("walk", 1), ("run", 2), ("jump", 3)])
def test_attacker_movement(moved, modifier):
    """TW attacker movement modifiers: walked +1, ran +2, jumped +3."""
    assert to_hit(motion=Motion(moved, 3)).target == 4 + modifier


@pytest.mark.parametrize(("hexes", "modifier"), [(0, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3),
                                                 (10, 4), (17, 4), (18, 5), (24, 5), (25, 6)])
def test_target_movement_table(hexes, modifier):
    """TW target movement modifier table: 0-2 hexes 0, 3-4 +1, 5-6 +2, 7-9 +3, 10-17 +4, 18-24 +5, 25+ +6."""
    assert target_movement_modifier(hexes) == modifier


def test_jumping_target_adds_one():
    assert to_hit(target_motion=Motion("jump", 4)).target == 4 + 1 + 1


@pytest.mark.parametrize(("distance", "modifier"), [(3, 0), (4, 2), (6, 2), (7, 4), (9, 4)])
def test_range_brackets(distance, modifier):
    """TW: short +0, medium +2, long +4 (Medium Laser 3/6/9)."""
    assert to_hit(distance).target == 4 + modifier


def test_beyond_long_range_is_impossible():
    assert "beyond the long range" in to_hit(10).impossible


def test_minimum_range():
    """TW: inside minimum range, +1 for each hex closer, counting the minimum hex itself (PPC minimum 3)."""
    warhammer = fresh("Warhammer WHM-6R")
    ppc = next(i for i, c in warhammer.design.weapons if c.name == "PPC" and c.location == "RA")
    for distance, modifier in ((1, 3), (2, 2), (3, 1), (4, 0)):
        assert to_hit(distance, ppc, status=warhammer).target == 4 + modifier


def test_the_line_of_sight_modifiers_are_listed_one_by_one():
    """The LOS module's modifiers (intervening woods, partial cover) enter the list with their own reasons."""
    from rules.battletech.sight.los import LosResult, Modifier

    woods, cover = Modifier(1, "light woods in 0508"), Modifier(3, "partial cover")
    sight = LosResult(True, 4, True, (), False, "standard", ("seen",), modifiers=(woods, cover))
    result = to_hit(sight=sight)
    assert result.target == 4 + 4 and result.modifiers[-2:] == (woods, cover)


def test_no_line_of_sight_is_impossible():
    assert "no line of sight" in to_hit(sight=Sight(los=False, reasons=("hill",))).impossible


def test_stuck_and_climbing_targets_are_easier():
    """Solaris VII: "-2 a todos los disparos y ataques físicos" against a unit stuck in a swamp; climbing -2."""
    assert to_hit(target_motion=Motion(stuck=True)).target == 2
    assert to_hit(target_fields={"climbing": True, "elevation": 2}).target == 2


def test_prone_target_and_prone_attacker():
    """TW: prone target -2 from an adjacent hex, +1 from farther; a prone attacker +2."""
    assert to_hit(1, target_fields={"prone": True}).target == 2
    assert to_hit(3, target_fields={"prone": True}).target == 5
    assert to_hit(attacker_fields={"prone": True}).target == 6


@pytest.mark.parametrize(("heat", "modifier"), [(7, 0), (8, 1), (13, 2), (17, 3), (24, 4)])
def test_heat_scale_to_hit(heat, modifier):
    """TW heat scale: 8 +1, 13 +2, 17 +3, 24 +4 to fire."""
    assert heat_modifier(heat) == modifier
    assert to_hit(status=replace(HUNCH, heat=heat)).target == 4 + modifier


def test_shoulder_hit_for_arm_weapons():
    """TW: a destroyed shoulder gives +4 to the weapons in that arm."""
    hit = replace(HUNCH, hit_slots=frozenset({("RA", 0)}))
    assert to_hit(index=ML_RA, status=hit).target == 8
    assert to_hit(index=ML_LA, status=hit).target == 4


def test_firing_arcs_from_facing():
    """TW firing arcs: front 120°, sides 60°, rear 120°; facing north from 0606."""
    origin = Hex.parse("0606")
    assert firing_arc(origin, 0, Hex.parse("0604")) == "front"
    assert firing_arc(origin, 0, Hex.parse("0806")) == "right"
    assert firing_arc(origin, 0, Hex.parse("0608")) == "rear"
    assert firing_arc(origin, 0, Hex.parse("0406")) == "left"
    assert firing_arc(origin, 3, Hex.parse("0608")) == "front"


def test_weapons_outside_their_arc_cannot_fire():
    """TW: torso weapons fire into the front arc only; arm weapons also into their side; the target is behind."""
    attacker = mech("A", "0606")
    behind = mech("B", "0608")
    result = weapon_to_hit(attacker, HUNCH, Motion(), AC20, behind, fresh(), Motion(), Sight())
    assert "rear arc" in result.impossible
    right = mech("B", "0806")
    assert weapon_to_hit(attacker, HUNCH, Motion(), ML_RA, right, fresh(), Motion(), Sight()).impossible == ""
    assert "right arc" in weapon_to_hit(attacker, HUNCH, Motion(), ML_LA, right, fresh(), Motion(), Sight()).impossible


def test_attack_direction_columns():
    """TW attack direction: the three front hexsides are the front, each rear-side hexside a side, the rear hexside the rear."""
    target = Hex.parse("0606")
    assert [attack_direction(target, 0, n) for n in target.neighbours()] == [
        "front", "front", "right", "rear", "left", "front"]


def test_no_ammo_left():
    empty = replace(HUNCH, ammo={index: 0 for index in HUNCH.ammo})
    assert "no ammunition" in to_hit(index=AC20, status=empty).impossible


def test_inside_the_same_building_on_another_level():
    """Solaris VII buildings: "La diferencia en niveles entre atacante y objetivo se añade a la distancia de
    disparo. Se añadirá un modificador de +3 por ocultación. No se usarán modificadores por distancia mínima"."""
    attacker, target = mech("A", "0510"), mech("B", "0509", facing=3)
    warhammer = fresh("Warhammer WHM-6R")
    ppc = next(i for i, c in warhammer.design.weapons if c.name == "PPC" and c.location == "RA")
    result = weapon_to_hit(attacker, warhammer, Motion(), ppc, target, fresh(), Motion(), Sight(), building_levels=2)
    assert result.target == 4 + 3 and not any("minimum" in r for r in result.reasons)
    plain = weapon_to_hit(attacker, warhammer, Motion(), ppc, target, fresh(), Motion(), Sight())
    assert plain.target == 4 + 3  # minimum range 3 at 1 hex: +3, and no concealment
    assert any("minimum" in r for r in plain.reasons)


def test_a_climbing_mech_fires_only_its_rear_weapons():
    """Solaris VII 'Reglas de escalada': "Durante el transcurso de una escalada, un Mech sólo puede disparar las
    armas montadas en la parte trasera del Mech (torsos y cabeza posteriores)". A Centurion hangs two levels up the
    cliff it faces (0504, level 3), climbing as the movement phase leaves it: its rear medium laser fires at a mech
    behind it; its front one cannot fire even at a mech standing on the cliff top in front of it."""
    centurion = fresh("Centurion CN9-A")
    rear = next(i for i, c in centurion.design.weapons if c.rear)
    front = next(i for i, c in centurion.design.weapons if c.name == "Medium Laser" and not c.rear)
    board = board_from_cells(16, 17, {"0504": {"level": 3}})
    climber = mech("A", "0505", 0, "Centurion CN9-A", elevation=2, climbing=True, side="alice")

    def facing(target_at: str) -> GameState:
        return GameState(board, (climber, mech("B", target_at, 3, side="bob")), phase="weapons",
                         mechs={"A": centurion, "B": fresh()})

    assert facing("0507").motion("A").climbing  # from the unit, as the movement phase leaves it
    (shot,) = plan_weapon_attack(facing("0507"), WeaponOrder("A", "B", (str(rear),)))
    assert shot.to_hit.impossible == ""
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(facing("0504"), WeaponOrder("A", "B", (str(front),)))
    assert error.value.code == "attack.climbing_front_weapon" and "escalada" in error.value.message


def test_the_movement_phase_reports_a_climb_under_way_to_the_attacks():
    """A climb the PM could not finish leaves the mech hanging ('Reglas de escalada'); the phase's motion says so,
    so the −2 to hit it and its rear-weapons-only fire apply in the attack phases."""
    board = board_from_cells(16, 17, {"0504": {"level": 3}})
    state = GameState(board, (mech("A", "0505", 0, walk=5, side="alice"), mech("B", "1010", 0, side="bob")),
                      mechs={"A": fresh(), "B": fresh()})
    dice = ScriptedDice(6, 6, 1, 1, *[6] * 10)  # initiative, then the climb rolls pass
    result = get_ruleset("solaris").resolve_phase(state, [MoveOrder("A", "walk", ("F",))], dice)
    assert result.state.unit("A").climbing and result.state.motion("A").climbing
