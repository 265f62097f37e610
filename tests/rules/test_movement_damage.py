"""Damage taken during the movement phase reaches the mech: when the Solaris movement phase is done, every
damaging timeline event lands, in timeline order, on the mech's condition with the attack phases' hit
location rolls, transfer, criticals and pilot wounds (Solaris VII movement and buildings texts, the
paragraphs quoted in each test; Total Warfare where they are silent)."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.board import board_from_cells
from rules.battletech.codec import report_to_json
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.battletech.movement.plan import MoveOrder
from rules.core.reasons import Reason
from rules.rulesets import get_ruleset
from rules.battletech.combat.status import MechStatus
from tests.rules.conftest import fresh, mech
from tests.rules.test_displacement import Rigged

SOLARIS = get_ruleset("solaris")
MEDIUM_CF_40 = {"terrain": "building:2;bldg_cf:40;bldg_elev:2;bldg_basement_type:1"}  # no basement below
PAVEMENT = {"terrain": "pavement:1"}


def duel(cells: dict, at: str = "0505", mode: str = "pm_by_pm", status: MechStatus | None = None,
         b_at: str = "1010") -> GameState:
    """A (Hunchback, 50 t, piloting 5) at ``at`` facing north; B (Hunchback) at ``b_at``."""
    units = (mech("A", at, 0, side="alice"), mech("B", b_at, 0, side="bob"))
    state = GameState(board_from_cells(16, 17, cells), units, phase="movement",
                      mechs={"A": status or fresh(), "B": fresh()})
    return replace(state, options={"movement": mode})


def lost(before: MechStatus, after: MechStatus, location: str | None = None) -> int:
    """Armour (front and rear) and internal structure the mech lost, at one location or in all."""
    def total(status: MechStatus) -> int:
        pools = (status.armour, status.rear_armour, status.internal)
        return sum(amount for pool in pools for where, amount in pool.items() if location in (None, where))
    return total(before) - total(after)


def movement_report(result) -> dict:
    return next(report for report in report_to_json(result)["combat"] if report["phase"] == "movement")


def codes(result) -> list[str]:
    report = next(report for report in result.reports if report.phase == "movement")
    return [reason.code for reason in report.reasons if isinstance(reason, Reason)]


@pytest.mark.parametrize("mode", ["pm_by_pm", "classic"])
def test_a_failed_wall_roll_takes_the_current_cf_over_ten_from_the_front(mode):
    """Solaris VII 'Entrando en Edificaciones': "Si no se supera el chequeo, el BattleMech o el vehículo sufrirá
    daño equivalente al FC actual del edificio dividido entre 10 y redondeado hacia arriba. La dirección del
    ataque para estos daños es frontal. Cabe destacar que el BattleMech no se cae." A walks into a CF 40
    building and fails the roll: 4 damage, one hit location roll on the standard table's front column (8: the
    left torso), and A stays on its feet. Both movement modes land it the same way."""
    result = SOLARIS.resolve_phase(duel({"0504": MEDIUM_CF_40}, mode=mode), [MoveOrder("A", "walk", ("F",))],
                                   Rigged({"A building_wall": 1, "hit location": 4, "critical": 1}))
    a = result.state.mechs["A"]
    assert lost(fresh(), a) == lost(fresh(), a, "LT") == 4 and a.armour["LT"] == 16
    assert not result.state.unit("A").prone
    locations = [roll for roll in movement_report(result)["rolls"] if roll["reason"].startswith("hit location")]
    front = "hit location (front) A moving, front column"
    assert [(roll["reason"], roll["total"]) for roll in locations] == [(front, 8)]
    assert "combat.movement_damage_lands" in codes(result)
    assert result.state.board.terrain(result.state.unit("A").hex).get("bldg_cf") == 35  # and the wall's 5


def test_a_passed_wall_roll_costs_the_mech_nothing():
    """'Si el chequeo se supera, la unidad no recibirá daños': the building still takes its wall damage."""
    result = SOLARIS.resolve_phase(duel({"0504": MEDIUM_CF_40}), [MoveOrder("A", "walk", ("F",))],
                                   Rigged({"A building_wall": 6}))
    assert lost(fresh(), result.state.mechs["A"]) == 0
    assert "combat.movement_damage_lands" not in codes(result)


def test_a_fall_in_water_is_a_tw_fall_at_half_damage():
    """Solaris VII 'Operaciones submarinas': a mech entering water "debe hacer un chequeo de pilotaje"; failing
    it, it falls (standard BattleTech: ceil(50 / 10) = 5, halved into water, 3). The fall is TW's: a facing
    roll (2: it lands on its right side, turned one hexside), 5-point groups on that column, and the pilot's
    roll to avoid a wound. A fall is not a hit: no hull breach roll, as for the attack phases' falls. (Depth 1:
    depth 2 costs 4 PM and its two levels, more than A's walk.)"""
    result = SOLARIS.resolve_phase(duel({"0504": {"terrain": "water:1"}}), [MoveOrder("A", "walk", ("F",))],
                                   Rigged({"A water": 1, "fall facing": 2, "hit location": 4, "piloting A": 6,
                                           "critical": 1}))
    a, unit = result.state.mechs["A"], result.state.unit("A")
    assert unit.prone and unit.facing == 1 and unit.hex.label == "0504"
    assert lost(fresh(), a) == lost(fresh(), a, "CT") == 3  # 8 on the right column: the centre torso
    rolls = [roll["reason"] for roll in movement_report(result)["rolls"]]
    assert rolls == ["fall facing A", "hit location (right) fall A", "piloting A: avoid falling damage to the pilot"]
    assert a.pilot_hits == 0 and not a.flooded


def test_a_skid_is_a_fall_then_half_falling_damage_per_hex_on_the_front_column():
    """Solaris VII 'Reglas de Deslizamiento': "el Mech cae, sufriendo daño normal por caída, y entra en
    deslizamiento … Por cada hexágono que la unidad se desliza, sufre un daño igual a la mitad de su daño normal
    por caída, redondeando hacia arriba. Este daño se aplica usando la columna Frontal". A runs three paved hexes,
    turns and fails the skid roll: it falls (5) and slides ceil(3 / 2) = 2 hexes at 3 each: 11 in all."""
    cells = {label: PAVEMENT for label in ("0510", "0509", "0508", "0507")}
    result = SOLARIS.resolve_phase(duel(cells, at="0510"), [MoveOrder("A", "run", ("F", "F", "F", "R", "F"))],
                                   Rigged({"A skid": 1, "fall facing": 1, "hit location": 4, "piloting A": 6,
                                           "critical": 1}))
    a = result.state.mechs["A"]
    assert result.state.unit("A").hex.label == "0505" and result.state.unit("A").prone
    assert lost(fresh(), a) == lost(fresh(), a, "LT") == 5 + 3 + 3
    locations = [roll["reason"] for roll in movement_report(result)["rolls"] if roll["reason"].startswith("hit")]
    assert locations == ["hit location (front) fall A"] + ["hit location (front) A moving, front column"] * 2


def test_a_skid_into_a_mech_is_a_charge_on_both_and_no_twenty_damage_roll():
    """'Las unidades y edificios recibirán daño en las colisiones como si la unidad que desliza hubiese efectuado
    una carga con éxito … úsese la distancia movida por la unidad antes de la caida': A (50 t) has run 4 hexes,
    skids into B: B takes ceil(50 × 4 / 10) = 20 from behind, A its fall (5) and ceil(50 / 10) = 5 (TW charge),
    every group on the left arm (a 10 on the table).
    TW's piloting roll for 20 or more damage in a phase is an attack phases' rule: B, standing, makes none."""
    cells = {label: PAVEMENT for label in ("0510", "0509", "0508", "0507", "0506")}
    state = duel(cells, at="0510", b_at="0505")
    result = SOLARIS.resolve_phase(state, [MoveOrder("A", "run", ("F", "F", "F", "F", "R", "F"))],
                                   Rigged({"A skid": 1, "fall facing": 1, "hit location": 5, "piloting A": 6,
                                           "critical": 1}))
    assert lost(fresh(), result.state.mechs["B"]) == lost(fresh(), result.state.mechs["B"], "LA") == 20
    assert lost(fresh(), result.state.mechs["A"]) == 5 + 5
    assert "combat.damage_this_phase" not in codes(result) and not result.state.unit("B").prone
    locations = [roll["reason"] for roll in movement_report(result)["rolls"] if roll["reason"].startswith("hit")]
    assert locations.count("hit location (rear) A skids into it, as a successful charge") == 4  # 5-point groups
    assert locations.count("hit location (front) A crashes while skidding, as a charger") == 1


def test_a_failed_drop_leg_roll_damages_each_leg_and_rolls_a_critical_per_leg():
    """Solaris VII 'Dejarse caer': "Si se falla el chequeo, cada pierna del mech sufre un daño igual al número de
    niveles descendidos. Adicionalmente, se deberá realizar una tirada de críticos en cada pierna." A drops 4
    levels (the first roll needs 5 + 8: it fails), passes the second: 4 to each leg's armour, no location roll,
    one critical roll per leg, and it stays standing."""
    result = SOLARIS.resolve_phase(duel({"0505": {"level": 4}}), [MoveOrder("A", "walk", ("F",))],
                                   Rigged({"A drop_fall": 6, "critical": 1}))
    a = result.state.mechs["A"]
    assert (a.armour["LL"], a.armour["RL"]) == (16, 16) and lost(fresh(), a) == 8
    assert not result.state.unit("A").prone
    rolls = [roll["reason"] for roll in movement_report(result)["rolls"]]
    assert rolls == ["critical chance A LL", "critical chance A RL"]


def test_a_drop_that_reaches_the_leg_structure_rolls_two_criticals_per_leg():
    """'Si se dañara la estructura interna de la pierna, se deberán hacer dos tiradas de críticos': with no leg
    armour left, the 4 points reach each leg's structure: two critical rolls per leg (TW's usual roll for
    structure damage and the drop's own)."""
    bare = replace(fresh(), armour={**fresh().armour, "LL": 0, "RL": 0})
    result = SOLARIS.resolve_phase(duel({"0505": {"level": 4}}, status=bare), [MoveOrder("A", "walk", ("F",))],
                                   Rigged({"A drop_fall": 6, "critical": 1}))
    a = result.state.mechs["A"]
    assert (a.internal["LL"], a.internal["RL"]) == (8, 8)
    rolls = [roll["reason"] for roll in movement_report(result)["rolls"]]
    assert rolls == ["critical chance A LL"] * 2 + ["critical chance A RL"] * 2


def test_a_drop_failing_both_rolls_damages_the_legs_then_falls_the_levels_dropped():
    """'Dejarse caer': "Si se falla el chequeo, el mech se caerá tantos niveles como intentaba descender, en el
    hexágono al que descendía. Se determina el daño por caída de la forma habitual. Se debe tener en cuenta que
    un mech puede sufrir daño a las piernas y daño por caída si no se supera ningún chequeo de pilotaje." A
    drops 4 levels and fails both: 4 to each leg, then a TW fall of 4 levels, ceil(50 / 10) × 5 = 25 in
    5-point groups (all on the right torso, a 6 on the front column: 20 armour, 5 structure), and the pilot's
    roll against 5 + 4 levels."""
    result = SOLARIS.resolve_phase(duel({"0505": {"level": 4}}), [MoveOrder("A", "walk", ("F",))],
                                   Rigged({"A drop_fall": 1, "critical": 1, "fall facing": 1, "hit location": 3,
                                           "piloting A": 6}))
    a = result.state.mechs["A"]
    assert (a.armour["LL"], a.armour["RL"]) == (16, 16)
    assert (a.armour["RT"], a.internal["RT"]) == (0, 7) and lost(fresh(), a) == 4 + 4 + 25
    assert result.state.unit("A").prone and result.state.unit("A").hex.label == "0504"
    pilot = [roll for roll in movement_report(result)["rolls"] if roll["reason"].startswith("piloting A")]
    assert [(roll["total"], roll["target"]) for roll in pilot] == [(12, 9)]


def test_a_pilot_killed_by_a_fall_in_movement_ends_the_match():
    """TW falling: a failed piloting roll after a fall wounds the pilot; the sixth wound kills. A, its pilot
    already wounded five times, fails the water roll and the pilot roll: the match ends with bob the winner,
    as it would in combat."""
    wounded = replace(fresh(), pilot_hits=5)
    result = SOLARIS.resolve_phase(duel({"0504": {"terrain": "water:1"}}, status=wounded),
                                   [MoveOrder("A", "walk", ("F",))],
                                   Rigged({"A water": 1, "fall facing": 1, "hit location": 4, "piloting A": 1,
                                           "critical": 1}))
    assert result.state.mechs["A"].destroyed and result.state.mechs["A"].pilot_hits == 6
    assert result.state.phase == "over" and result.state.result is not None
    assert result.state.result.winner == "bob"


def test_charges_of_simultaneous_movement_deal_no_damage_in_the_movement_phase():
    """Solaris VII 'Movimiento PM a PM': a plotted charge into a held hex is only declared in the movement phase
    ("walk.charge": rolled in the physical attack phase), so nothing lands on either mech then."""
    state = duel({}, at="0507", b_at="0505")
    result = SOLARIS.resolve_phase(state, [MoveOrder("A", "run", ("F", "F"), charge="B")], Dice("charge"))
    kinds = [event.kind for tick in result.movement.ticks for event in tick]
    assert "charge" in kinds
    assert lost(fresh(), result.state.mechs["A"]) == lost(fresh(), result.state.mechs["B"]) == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["pm_by_pm", "classic"]))
def test_movement_damage_is_conserved(seed, mode):
    """Property: the same seed gives the same phase (so a match replays), and whatever the dice, the damage
    groups that land on each mech add up to the damage its timeline events carry (falls, walls, skids,
    crashes) and the settlement's own (a collapse, a fall after its piloting rolls), and, unless an ammunition explosion added its own or the mech was destroyed, that is exactly the
    armour and structure it lost. A runs over pavement towards a building with a poor pilot; B runs through
    another building's walls."""
    light = {"terrain": "building:1;bldg_cf:15;bldg_elev:1;bldg_basement_type:1"}
    cells = {**{label: PAVEMENT for label in ("0510", "0509", "0508", "0507")}, "0506": MEDIUM_CF_40,
             "0907": light, "0906": light}
    units = (mech("A", "0510", 0, side="alice", piloting=8), mech("B", "0908", 0, side="bob", piloting=7))
    state = GameState(board_from_cells(16, 17, cells), units, phase="movement", mechs={"A": fresh(), "B": fresh()})
    state = replace(state, options={"movement": mode})
    orders = [MoveOrder("A", "run", ("F", "F", "F", "R", "F")), MoveOrder("B", "run", ("F", "F", "F"))]
    result = SOLARIS.resolve_phase(state, orders, Dice(f"conserved:{seed}"))
    assert result == SOLARIS.resolve_phase(state, orders, Dice(f"conserved:{seed}"))  # replays roll for roll
    events = [event for tick in result.movement.ticks for event in tick]
    for unit_id in ("A", "B"):
        carried = sum(event.damage for event in events if event.unit == unit_id and event.kind in ("fall", "skid")
                      or event.unit == unit_id and event.kind == "damage" and not event.levels)
        carried += sum(event.own_damage for event in events if event.unit == unit_id)
        carried += sum(event.damage for event in events if event.target == unit_id and event.kind == "charge")
        reports = [report for report in result.reports if report.phase == "movement"]
        # What the settlement adds of its own: a collapse, and the falls of its end-of-phase piloting rolls.
        carried += sum(reason.params["damage"] for report in reports for reason in _nested(report.reasons)
                       if reason.params.get("unit") == unit_id and (
                           reason.code == "combat.caught_in_collapse" or reason.code == "falls.falls"
                           and getattr(reason.params["why"], "code", "") != "combat.movement_fall"))
        landed = sum(reason.params["damage"] for report in reports for reason in _nested(report.reasons)
                     if reason.code == "damage.group" and reason.params["unit"] == unit_id)
        status = result.state.mechs[unit_id]
        if not status.destroyed:
            assert landed == carried
        exploded = any(reason.code == "damage.explodes" for report in reports for reason in _nested(report.reasons))
        if not (status.destroyed or exploded):
            assert lost(fresh(), status) == carried


def _nested(reasons) -> list[Reason]:
    return [reason for reason in reasons if isinstance(reason, Reason)]
