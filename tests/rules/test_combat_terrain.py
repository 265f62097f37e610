"""Attacks on units inside buildings and under water (Solaris VII 'Edificaciones': 'Atacando unidades
dentro de edificaciones', 'Combate entre edificios', 'Colapso'; 'Operaciones submarinas')."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.board import board_from_cells
from rules.battletech.codec import report_to_json
from rules.battletech.combat.attacks import (
    AttackError, PhysicalOrder, WeaponOrder, plan_physical_attack, plan_weapon_attack,
)
from rules.battletech.combat.resolve import resolve_physical_attacks, resolve_weapon_attacks
from rules.battletech.combat.codec import combat_report_to_json
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.rulesets import get_ruleset
from rules.battletech.combat.status import Motion
from rules.battletech.combat.tohit import Sight
from rules.battletech.designs.weapons import weapon
from tests.rules.conftest import ScriptedDice, fresh, mech
from tests.rules.test_displacement import Rigged

CLEAR = lambda *_: Sight()  # noqa: E731 - these tests are about the building, not the line of sight
B_HEX = Hex.parse("0806")


def shooting_at_a_building(cf: int = 40, b_elevation: int = 0, kind: int = 2, height: int = 2) -> GameState:
    """A (Hunchback) in the open at 0810 facing north; B (Centurion) inside a building at 0806."""
    board = board_from_cells(16, 17, {"0806": {"terrain": f"building:{kind};bldg_elev:{height};bldg_cf:{cf}"}})
    units = (mech("A", "0810", 0, side="alice"), mech("B", "0806", 3, "Centurion CN9-A", side="bob",
                                                      elevation=b_elevation))
    return GameState(board, units, phase="weapons", mechs={"A": fresh(), "B": fresh("Centurion CN9-A")})


def cf(state: GameState) -> int:
    return state.board.terrain(B_HEX).get("bldg_cf")


def test_the_building_absorbs_a_tenth_of_its_cf_from_each_hit():
    """'El edificio absorbe una cantidad de daño equivalente a su FC actual dividido entre 10 (redondeada
    hacia arriba) para cada ataque que impacte en una unidad situada en su interior': a medium laser (5)
    on B inside a CF 40 building: 4 absorbed, 1 to B; the building's CF drops by the 4 it absorbed."""
    # to-hit 6+6; hit location 3+4 = 7, centre torso.
    after, report = resolve_weapon_attacks(shooting_at_a_building(), [WeaponOrder("A", "B", ("Medium Laser",))],
                                           ScriptedDice(6, 6, 3, 4), CLEAR)
    assert after.mechs["B"].armour["CT"] == fresh("Centurion CN9-A").armour["CT"] - 1
    assert ("the building in 0806 absorbs 4 of 5 damage (standard location table, front, roll 7: centre torso) "
            "(Solaris VII 'Atacando unidades dentro de edificaciones')") in report.attacks[0].reasons
    assert cf(after) == 36 and report.buildings == ((B_HEX, 4, 36),)
    assert combat_report_to_json(report)["buildings"] == [{"hex": "0806", "damage": 4, "cf": 36, "collapsed": False}]


def test_every_hit_meets_the_cf_of_the_phase_start():
    """'El edificio recibe el daño (reduce su FC) sólo después de que todo el fuego de armas se haya
    completado': two lasers on a CF 11 building each lose ceil(11 / 10) = 2, though 11 − 2 = 9 would
    absorb only 1."""
    orders = [WeaponOrder("A", "B", ("Medium Laser", "Medium Laser"))]
    after, report = resolve_weapon_attacks(shooting_at_a_building(cf=11, kind=1), orders,
                                           ScriptedDice(6, 6, 3, 4, 6, 6, 3, 4), CLEAR)
    assert all("the building in 0806 absorbs 2 of 5 damage" in " ".join(r.reasons) for r in report.attacks)
    assert after.mechs["B"].armour["CT"] == fresh("Centurion CN9-A").armour["CT"] - 6
    assert cf(after) == 7


def test_each_damage_group_loses_its_share():
    """'Un ataque es cada grupo de daño individual para el cual es necesario realizar una tirada de
    localización': an LRM 10 landing 8 missiles is two groups (5 and 3); CF 20 absorbs 2 from each."""
    board = board_from_cells(16, 17, {"0803": {"terrain": "building:2;bldg_elev:1;bldg_cf:20"}})
    units = (mech("A", "0810", 0, "Centurion CN9-A", side="alice"), mech("B", "0803", 3, side="bob"))
    state = GameState(board, units, phase="weapons", mechs={"A": fresh("Centurion CN9-A"), "B": fresh()})
    # to-hit 6+6; cluster 4+5 = 9 → 8 missiles; two locations 2+4 = 6 (right torso).
    after, report = resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("LRM 10",))],
                                           ScriptedDice(6, 6, 4, 5, 2, 4, 2, 4), CLEAR)
    assert report.attacks[0].damage == 8
    assert after.mechs["B"].armour["RT"] == fresh().armour["RT"] - (3 + 1)
    assert after.board.terrain(Hex.parse("0803")).get("bldg_cf") == 16


def test_a_missed_shot_does_all_its_damage_to_the_building():
    """'Todos los disparos que apuntaran a un objetivo dentro de un edificio y fallaran provocan todo su
    daño al edificio': a missed AC/20 takes 20 from CF 40."""
    after, report = resolve_weapon_attacks(shooting_at_a_building(), [WeaponOrder("A", "B", ("AC/20",))],
                                           ScriptedDice(1, 1), CLEAR)
    assert not report.attacks[0].hit and after.mechs["B"] == fresh("Centurion CN9-A")
    assert cf(after) == 20 and "the building in 0806 takes all 20 damage of the missed shot" in report.attacks[0].reasons[1]


def test_a_unit_on_the_roof_is_not_sheltered():
    """Only units inside ('en su interior') are protected: on the roof (elevation = height) B takes it all."""
    after, report = resolve_weapon_attacks(shooting_at_a_building(b_elevation=2),
                                           [WeaponOrder("A", "B", ("Medium Laser",))], ScriptedDice(6, 6, 3, 4), CLEAR)
    assert after.mechs["B"].armour["CT"] == fresh("Centurion CN9-A").armour["CT"] - 5
    assert cf(after) == 40 and not report.buildings


def test_damage_reaching_the_cf_collapses_the_building_at_the_end_of_the_phase():
    """'Un edificio se colapsará si recibe daño igual o superior a su FC … lo hará al final de la fase de
    ataque': a missed AC/20 on a CF 8 building. B on level 1 of 2 takes CF 8 / 10 × 1 level above it = 1
    (rounded up) and, above level 0, falls (standard falling damage); the hex is left as rubble."""
    after, report = resolve_weapon_attacks(shooting_at_a_building(cf=8, kind=1, b_elevation=1),
                                           [WeaponOrder("A", "B", ("AC/20",))], Rigged({"to hit": 1}), CLEAR)
    terrain = after.board.terrain(B_HEX)
    assert not terrain.has("building") and not terrain.has("bldg_cf") and terrain.get("rubble") == 1
    assert report.buildings == ((B_HEX, 20, 0),)
    assert "B is caught in the collapse: 1 damage (Solaris VII 'Colapso')" in report.reasons
    assert any(reason.startswith("B falls (building collapse)") for reason in report.reasons)
    b = after.unit("B")
    assert b.prone and b.elevation == 0


def test_a_collapse_on_the_ground_floor_does_not_make_the_mech_fall():
    """'Un BattleMech ocupando un nivel más alto que el 0 … sufre el daño estándar por caída': on level 0 only
    the collapse damage (CF 8 / 10 × 2 levels above = 2)."""
    after, report = resolve_weapon_attacks(shooting_at_a_building(cf=8, kind=1),
                                           [WeaponOrder("A", "B", ("AC/20",))], Rigged({"to hit": 1}), CLEAR)
    assert "B is caught in the collapse: 2 damage (Solaris VII 'Colapso')" in report.reasons
    assert not after.unit("B").prone
    lost = sum(fresh("Centurion CN9-A").armour.values()) - sum(after.mechs["B"].armour.values())
    assert lost == 2


def test_the_collapsed_building_is_stored_in_the_state():
    """The ruleset keeps the board the phase leaves (the next movement sees rubble)."""
    state = shooting_at_a_building(cf=8, kind=1)
    result = get_ruleset("solaris").resolve_phase(state, [WeaponOrder("A", "B", ("AC/20",)), WeaponOrder("B")],
                                                  Rigged({"to hit": 1}))
    assert result.state.board.terrain(B_HEX).get("rubble") == 1
    assert report_to_json(result)["combat"][0]["buildings"][0]["collapsed"] is True


def in_one_building(a_elevation: int, b_elevation: int) -> GameState:
    """A and B in two hexes of one three-level building."""
    building = {"terrain": "building:3;bldg_elev:3;bldg_cf:90"}
    board = board_from_cells(16, 17, {"0808": building, "0807": building})
    units = (mech("A", "0808", 0, side="alice", elevation=a_elevation),
             mech("B", "0807", 3, "Centurion CN9-A", side="bob", elevation=b_elevation))
    return GameState(board, units, phase="weapons", mechs={"A": fresh(), "B": fresh("Centurion CN9-A")})


@pytest.mark.parametrize(("a_level", "b_level", "table"), [(2, 0, "punch"), (0, 2, "kick")])
def test_a_shot_between_levels_of_one_building_uses_the_special_table(a_level, b_level, table):
    """'Combate entre edificios': the level difference adds to the range, +3 concealment, and a hit rolls 1D6
    on the 'Tabla Especial de Localizaciones' (cut from our copy; standard reading: from above the punch
    table, from below the kick table). The building still absorbs ceil(90 / 10) = 9 of each hit."""
    state = in_one_building(a_level, b_level)
    (planned,) = plan_weapon_attack(state, WeaponOrder("A", "B", ("Medium Laser",)), CLEAR)
    assert planned.table == table
    assert "+3 target inside the same building on another level (Solaris VII)" in planned.to_hit.reasons
    assert planned.to_hit.target == 4 + 3  # gunnery 4, +3; 1 hex + 2 levels = 3 hexes, still short range
    # to-hit 6+6, then one die for the location: 6 (punch: head; kick: left leg).
    after, report = resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("Medium Laser",))],
                                           ScriptedDice(6, 6, 6), CLEAR)
    reasons = " ".join(report.attacks[0].reasons)
    assert f"1D6 on the {table} location table" in reasons
    where = "head" if table == "punch" else "left leg"
    assert f"absorbs 5 of 5 damage ({table} location table, front, roll 6: {where})" in reasons  # 9 ≥ 5: all of it
    assert after.mechs["B"] == fresh("Centurion CN9-A")


def test_on_the_same_level_of_one_building_the_standard_table_applies():
    (planned,) = plan_weapon_attack(in_one_building(1, 1), WeaponOrder("A", "B", ("Medium Laser",)), CLEAR)
    assert planned.table == "standard" and planned.to_hit.target == 4


def test_two_mechs_three_hexes_apart_inside_one_building_can_fire_at_each_other():
    """'Si la unidad atacante está dentro del edificio y en el mismo nivel, usar las reglas estándar de ataques
    de armas'; the line of sight (its own rule, not the CLEAR stub) passes the building's own hexes between
    them (standard BattleTech, the text being silent): A in 0808 fires at B in 0805, with 0807 and 0806 of
    the same building between them, at +0 for terrain (range 3: short for a medium laser)."""
    building = {"terrain": "building:3;bldg_elev:3;bldg_cf:90"}
    board = board_from_cells(16, 17, {label: building for label in ("0808", "0807", "0806", "0805")})
    state = GameState(board, (mech("A", "0808", 0, side="alice"), mech("B", "0805", 3, "Centurion CN9-A", side="bob")),
                      phase="weapons", mechs={"A": fresh(), "B": fresh("Centurion CN9-A")})
    (planned,) = plan_weapon_attack(state, WeaponOrder("A", "B", ("Medium Laser",)))
    assert planned.to_hit.target == 4 and planned.table == "standard"


# ---- under water -------------------------------------------------------------------------------------

def submerged_shooter(b_label: str = "0807") -> GameState:
    """A (Hunchback) on the bottom of depth 2 water at 0810; B (Centurion) submerged too."""
    board = board_from_cells(16, 17, {"0810": {"terrain": "water:2"}, b_label: {"terrain": "water:2"}})
    units = (mech("A", "0810", 0, side="alice", elevation=-2),
             mech("B", b_label, 3, "Centurion CN9-A", side="bob", elevation=-2))
    return GameState(board, units, phase="weapons", mechs={"A": fresh(), "B": fresh("Centurion CN9-A")})


def test_underwater_ranges_of_lasers_and_ppcs():
    """'Los láseres y CPPs pueden dispararse sumergidos pero a alcances seriamente reducidos' (the table is cut
    from our copy; standard BattleTech underwater ranges)."""
    assert [weapon(name).underwater for name in ("Small Laser", "Medium Laser", "Large Laser", "PPC")] == [
        (1, 2, 2), (2, 4, 6), (3, 6, 9), (4, 7, 10)]
    assert weapon("Medium Laser").bracket(3) == "short" and weapon("Medium Laser").bracket(3, submerged=True) == "medium"
    assert weapon("Medium Laser").bracket(7, submerged=True) is None


def test_a_submerged_laser_fires_at_its_underwater_range():
    """Three hexes: short range in the open, medium (+2) for a submerged medium laser; seven hexes is beyond
    its underwater long range of 6."""
    (planned,) = plan_weapon_attack(submerged_shooter(), WeaponOrder("A", "B", ("Medium Laser",)), CLEAR)
    assert "+2 medium range (3 hexes, underwater ranges 2/4/6)" in planned.to_hit.reasons
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(submerged_shooter("0803"), WeaponOrder("A", "B", ("Medium Laser",)), CLEAR)
    assert error.value.code == "attack.out_of_range" and "underwater" in error.value.message


def test_flamers_and_ammunition_weapons_do_not_fire_underwater():
    """'Las unidades sumergidas sólo pueden disparar armas de energía y torpedos (no permitidos en Solaris VII)';
    only lasers and PPCs have underwater ranges (standard BattleTech: no flamer under water)."""
    assert weapon("Flamer").underwater == () and weapon("AC/20").underwater == ()
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(submerged_shooter(), WeaponOrder("A", "B", ("AC/20",)), CLEAR)
    assert error.value.code == "attack.underwater_weapon"


def test_submerged_physical_attacks_do_half_damage_and_no_death_from_above():
    """'El efecto amortiguante del agua reduce el daño a la mitad (redondeando hacia arriba). Los BattleMechs
    en agua no pueden realizar muertes desde el cielo': a 50-ton kick (10) does 5."""
    state = replace(submerged_shooter("0809"), phase="physical")
    after, report = resolve_physical_attacks(state, [PhysicalOrder("A", "B", "kick", "RL")],
                                             Rigged({"to hit": 6, "piloting": 6, "hull breach": 1}), CLEAR)
    assert report.attacks[0].hit and report.attacks[0].damage == 5
    assert "halved underwater (Solaris VII)" in " ".join(report.attacks[0].reasons)
    jumped = replace(state, motions={"A": Motion("jump", 1)})
    with pytest.raises(AttackError) as error:
        plan_physical_attack(jumped, PhysicalOrder("A", "B", "dfa"), CLEAR)
    assert error.value.code == "attack.physical_not_allowed" and "underwater" in error.value.message


def test_a_death_from_above_on_a_submerged_mech_does_half_damage():
    """'Las muertes desde el cielo realizadas contra Mechs sumergidos inflingen sólo la mitad del daño': a
    Hunchback (50 t) jumps onto the Centurion at the bottom of 0809: ceil(50 / 10 × 3) = 15, halved, 8. Water that
    deep blocks the line of sight from above ('Hexágonos de agua'), so the attack needs the sight given by hand
    (a referee's ruling, as the attack query's 'los' gives it)."""
    board = board_from_cells(16, 17, {"0809": {"terrain": "water:2"}})
    state = GameState(board, (mech("A", "0810", 0, side="alice"), mech("B", "0809", 3, "Centurion CN9-A", side="bob",
                                                                       elevation=-2)),
                      phase="physical", mechs={"A": fresh(), "B": fresh("Centurion CN9-A")},
                      motions={"A": Motion("jump", 1)})
    _, report = resolve_physical_attacks(state, [PhysicalOrder("A", "B", "dfa")],
                                         Rigged({"to hit": 6, "piloting": 6, "hull breach": 1}), CLEAR)
    assert report.attacks[0].hit and report.attacks[0].damage == 8
    assert "halved underwater (Solaris VII)" in " ".join(report.attacks[0].reasons)


def test_a_prone_mech_in_depth_1_is_submerged_and_a_standing_one_is_not():
    """'Se consideran unidades bajo el agua a los Mechs en agua de profundidad 2 o superior, Mechs tumbados en
    agua de profundidad 1': prone in depth 1, A's AC/20 is refused; standing there it fires."""
    board = board_from_cells(16, 17, {"0810": {"terrain": "water:1"}})
    standing = replace(submerged_shooter(), board=board,
                       units=(mech("A", "0810", 0, side="alice", elevation=-1), mech("B", "0807", 3, "Centurion CN9-A")))
    assert plan_weapon_attack(standing, WeaponOrder("A", "B", ("AC/20",)), CLEAR)
    prone = replace(standing, units=(replace(standing.units[0], prone=True), standing.units[1]))
    with pytest.raises(AttackError) as error:
        plan_weapon_attack(prone, WeaponOrder("A", "B", ("AC/20",)), CLEAR)
    assert error.value.code == "attack.underwater_weapon"


def test_a_mech_on_a_bridge_over_deep_water_is_not_submerged():
    """A road over a river is a bridge (Solaris VII movement text): a mech on its deck fires its AC/20."""
    board = board_from_cells(16, 17, {"0810": {"terrain": "water:2;road:1"}})
    state = replace(submerged_shooter(), board=board,
                    units=(mech("A", "0810", 0, side="alice"), mech("B", "0807", 3, "Centurion CN9-A")))
    assert plan_weapon_attack(state, WeaponOrder("A", "B", ("AC/20",)), CLEAR)


def test_a_refused_underwater_order_changes_nothing():
    """Bad input changes nothing: a refused underwater order leaves the state as it was."""
    state = submerged_shooter()
    with pytest.raises(AttackError):
        resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("AC/20",))], Dice("x"), CLEAR)
    assert state.mechs["A"] == fresh()


@settings(max_examples=30, deadline=None)
@given(cf=st.integers(2, 90))
def test_damage_is_conserved_between_the_unit_and_its_building(cf):
    """Property: what the building absorbs plus what the unit takes is the whole hit (a medium laser on the
    centre torso, whose armour holds it), and the building's CF drops by exactly what it absorbed."""
    state = shooting_at_a_building(cf=cf, kind=3)
    after, report = resolve_weapon_attacks(state, [WeaponOrder("A", "B", ("Medium Laser",))], ScriptedDice(6, 6, 3, 4),
                                           CLEAR)
    taken = fresh("Centurion CN9-A").armour["CT"] - after.mechs["B"].armour["CT"]
    ((_, absorbed, left),) = report.buildings
    assert taken + absorbed == 5 and absorbed == min(5, -(-cf // 10))
    assert left == cf - absorbed


def test_a_mech_without_armour_on_a_location_floods_it_when_it_goes_under():
    """'Sólo se debe realizar dicha tirada cuando la unidad sufra algún tipo de daño, no cuando una unidad dañada
    se sumerja en el agua, en cuyo caso, si todo el blindaje de una localización es destruido, resulta
    inundada de forma automática': after the movement phase, a submerged mech whose left arm has no armour
    left floods it (no roll); its other locations hold, and the flooded components count as destroyed."""
    state = replace(submerged_shooter(), phase="movement")
    bare = replace(state.mechs["A"], armour={**state.mechs["A"].armour, "LA": 0})
    state = replace(state, mechs={**state.mechs, "A": bare})
    result = get_ruleset("solaris").resolve_phase(state, [], Dice("flood"))
    a = result.state.mechs["A"]
    assert a.flooded == {"LA"} and result.state.mechs["B"].flooded == frozenset()
    laser = next(i for i, c in a.design.weapons if c.location == "LA")
    assert a.is_destroyed(laser)
    (report,) = [r for r in result.reports if r.phase == "movement"]
    assert report.reasons == ("A is under water with no armour left on its left arm: it floods "
                              "(Solaris VII 'Operaciones submarinas')",)
    assert not [roll for roll in report.rolls]


def test_a_bare_location_out_of_water_does_not_flood():
    state = submerged_shooter()
    state = replace(state, phase="movement", board=board_from_cells(16, 17, {}),
                    units=tuple(replace(unit, elevation=0) for unit in state.units))
    bare = replace(state.mechs["A"], armour={**state.mechs["A"].armour, "LA": 0})
    state = replace(state, mechs={**state.mechs, "A": bare})
    result = get_ruleset("solaris").resolve_phase(state, [], Dice("dry"))
    assert result.state.mechs["A"].flooded == frozenset()
