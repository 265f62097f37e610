"""Units on different floors of one building hex (Solaris VII 'Edificaciones', 'Combate entre edificios':
"Es posible que varias unidades ocupen el mismo hexágono si están en niveles diferentes del mismo edificio")."""

from dataclasses import replace

import pytest

from movement_fixtures import board, unit as moving_unit
from rules.core.board import board_from_cells
from rules.battletech.movement.buildings import occupies
from rules.battletech.combat.attacks import (
    AttackError, PhysicalOrder, WeaponOrder, plan_physical_attack, plan_weapon_attack,
)
from rules.battletech.combat.resolve import resolve_physical_attacks
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.combat.status import Motion
from rules.battletech.combat.tohit import Sight, attack_direction
from tests.rules.conftest import fresh, mech
from tests.rules.test_displacement import HIT, Rigged
from tests.rules.timeline_fixtures import events, phase, unit, walk

HEAVY = "building:3;bldg_cf:90;bldg_elev:3"
CLEAR = lambda *_: Sight()  # noqa: E731 - these tests are about floors, not the line of sight


def test_a_building_hex_holds_one_unit_per_floor_and_open_ground_one_per_hex():
    """'Combate entre edificios': several units may share a building hex on different levels; 'Apilamiento:
    Las reglas estándar de apilamiento se aplican a cada nivel de edificación'."""
    town = board({"0505": (0, HEAVY)})
    upstairs = moving_unit(at="0505", elevation=1)
    assert occupies(town, upstairs, upstairs.hex, 1)
    assert not occupies(town, upstairs, upstairs.hex, 0)
    assert not occupies(town, upstairs, upstairs.hex, 3)  # the roof is a place of its own
    in_the_open = moving_unit(at="0606", elevation=1)
    assert occupies(town, in_the_open, in_the_open.hex, 0)


@pytest.mark.parametrize("mode", ["pm_by_pm", "classic"])
@pytest.mark.parametrize("b_floor, blocked", [(1, False), (0, True)])
def test_a_mech_walks_into_a_building_hex_held_only_on_another_floor(mode, b_floor, blocked):
    """'Combate entre edificios': "Es posible que varias unidades ocupen el mismo hexágono si están en niveles
    diferentes del mismo edificio". A entering 0507 at ground level passes B upstairs; B on the ground floor
    holds the place and stops A in 0508."""
    answer = phase([unit("A", "0509", walk=6), unit("B", "0507", elevation=b_floor)], [walk("A", "F", "F")],
                   initiative=["A", "B"], mode=mode, hexes={"0507": {"terrain": HEAVY}})
    assert answer["final"]["A"]["hex"] == ("0508" if blocked else "0507")
    assert bool(events(answer, "A", "blocked")) == blocked
    assert answer["final"]["B"]["hex"] == "0507"


def floors_of_one_hex(phase_name: str, a_facing: int = 3) -> GameState:
    """A (Hunchback) on the ground floor of a 3-level heavy building at 0806, facing away (south) by default;
    B (Centurion) two floors up in the same hex; C in the street at 0808."""
    town = board_from_cells(16, 17, {"0806": {"terrain": HEAVY}})
    units = (mech("A", "0806", a_facing, side="alice"),
             mech("B", "0806", 0, "Centurion CN9-A", side="bob", elevation=2),
             mech("C", "0808", 0, side="bob"))
    return GameState(town, units, phase=phase_name,
                     mechs={"A": fresh(), "B": fresh("Centurion CN9-A"), "C": fresh()})


def test_weapons_reach_another_floor_of_the_same_hex_at_the_level_difference_from_the_front():
    """'Combate entre edificios': "La diferencia en niveles entre atacante y objetivo se añade a la distancia de
    disparo. Se añadirá un modificador de +3 por ocultación". Distance 0 + 2 levels; the text names no arc for
    a target overhead: the standard-rule reading puts it in front, so A fires though it faces away."""
    (attack,) = plan_weapon_attack(floors_of_one_hex("weapons"), WeaponOrder("A", "B", ("Small Laser",)), CLEAR)
    assert attack.to_hit.target == 4 + 2 + 3  # gunnery 4, a small laser's medium range at 2 hexes, +3 concealment
    assert any("medium range (2 hexes)" in reason for reason in attack.to_hit.reasons)
    assert attack.table == "kick"  # the 'Tabla Especial de Localizaciones' from below (combat.table_from_below)
    assert attack_direction(Hex.parse("0806"), 3, Hex.parse("0806")) == "front"


def test_no_physical_attack_across_floors_of_one_hex():
    """'Combate entre edificios': physical attacks inside a building follow the standard rules "en el mismo
    nivel"; across floors the text gives none, so they are refused with a coded error."""
    with pytest.raises(AttackError) as error:
        plan_physical_attack(floors_of_one_hex("physical"), PhysicalOrder("A", "B", "punch", "RA"), CLEAR)
    assert error.value.code == "attack.physical_not_allowed" and "another floor" in error.value.message


def test_a_unit_displaced_into_a_building_hex_pushes_only_who_stands_on_its_ground_floor():
    """'Combate entre edificios': units on different levels share the hex. TW displacement sets a unit on the
    ground floor of its new hex: C's charge pushes A from 0807 into 0806, and B two floors up is no domino."""
    state = floors_of_one_hex("physical")
    units = (replace(state.unit("A"), hex=Hex.parse("0807"), facing=3), state.unit("B"),
             replace(state.unit("C"), hex=Hex.parse("0808"), facing=0))
    state = replace(state, units=units, motions={"C": Motion("run", 3)})
    after, report = resolve_physical_attacks(state, [PhysicalOrder("C", "A", "charge")], Rigged(HIT))
    assert report.attacks[0].hit
    assert (after.unit("A").hex.label, after.unit("A").elevation) == ("0806", 0)
    assert (after.unit("B").hex.label, after.unit("B").elevation) == ("0806", 2)
    assert not any("domino" in reason for reason in report.attacks[0].reasons)


@pytest.mark.parametrize("mode", ["pm_by_pm", "classic"])
@pytest.mark.parametrize("a_floor, meet", [(1, False), (0, True)])
def test_two_mechs_pass_each_other_on_different_floors_of_one_building(mode, a_floor, meet):
    """'Combate entre edificios': units on different levels of one building share its hexes, so two mechs
    crossing a two-hex building the opposite way on different floors never meet; on one floor they stop
    head on. ('Niveles de Edificación': neither changes level inside the building.)"""
    corridor = {"0504": {"terrain": HEAVY}, "0503": {"terrain": HEAVY}}
    answer = phase([unit("A", "0504", 0, walk=6, elevation=a_floor), unit("B", "0503", 3, walk=6)],
                   [walk("A", "F"), walk("B", "F")], initiative=["A", "B"], mode=mode, hexes=corridor)
    ends = {unit_id: (answer["final"][unit_id]["hex"], answer["final"][unit_id]["elevation"]) for unit_id in "AB"}
    assert ends == ({"A": ("0504", a_floor), "B": ("0503", 0)} if meet else {"A": ("0503", 1), "B": ("0504", 0)})
