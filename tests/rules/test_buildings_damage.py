"""Buildings damaged by movement (Solaris VII 'Edificaciones': 'Entrando en Edificaciones', 'Efectos sobre
el movimiento', 'Colapso'): every wall a mech or vehicle passes costs the building ceil(tons / 10), the CF
drops once the movement phase is done, and a building brought down by that damage or by weight collapses
with the attack phases' collapse damage and falls."""

import pytest

from rules.core.board import board_from_cells
from rules.battletech.codec import report_to_json
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder
from rules.rulesets import get_ruleset
from tests.rules.conftest import fresh, mech
from tests.rules.test_displacement import Rigged
from tests.rules.timeline_fixtures import events, phase, unit, walk

MEDIUM = {"terrain": "building:2;bldg_cf:40;bldg_elev:2;bldg_basement_type:1"}  # no basement below
PASS = {"A building_wall": 6, "A piloting": 6}
WALLS = (
    "'cuando un BattleMech o un vehículo se mueve a través de una pared de un edificio (al moverse desde o hacia "
    "un hexágono edificado), el edificio sufre daño equivalente al peso de la unidad dividido entre 10'"
)


@pytest.mark.parametrize("mode", ["pm_by_pm", "classic"])
def test_each_wall_passed_damages_its_building_by_tons_over_ten_roll_passed_or_not(mode):
    """'Entrando en Edificaciones' (WALLS): a 55-ton mech walks into 0504, on into 0503 (same building) and
    out to 0502: three walls, 6 each (ceil(55 / 10)); entering and moving inside hit the hex entered,
    leaving hits the hex left. Both movement modes play steps the same way."""
    answer = phase([unit("A", "0505", tons=55, walk=9)], [walk("A", "F", "F", "F")],
                   hexes={"0504": MEDIUM, "0503": MEDIUM}, seed=3, mode=mode)
    walls = [(event["building"], event["damage"]) for _, event in events(answer, "A", "wall")]
    assert walls == [("0504", 6), ("0503", 6), ("0503", 6)]
    assert all(event["from"] == event["to"] for _, event in events(answer, "A", "wall"))  # nobody moves


def test_infantry_and_jumps_onto_a_roof_pass_no_wall():
    """Only 'un BattleMech o un vehículo' passes a wall; a jump lands on the roof (standard BattleTech)."""
    foot = phase([unit("A", "0505", kind="infantry", walk=3)], [walk("A", "F")], hexes={"0504": MEDIUM})
    jump = phase([unit("A", "0506", jump=4)], [{"unit": "A", "mode": "jump", "to": "0504", "facing": 0}],
                 hexes={"0504": MEDIUM})
    assert events(foot, "A", "wall") == [] and events(jump, "A", "wall") == []


def town(cf: int, kind: int = 1, elevation: int = 0, at: str = "0505", facing: int = 0,
         basement: str = "bldg_basement_type:1") -> GameState:
    """A (Hunchback, 50 t) about to walk north into a two-level building at 0504 (no basement unless given);
    B far away. A level-1 hill at 0404."""
    board = board_from_cells(16, 17, {"0504": {"terrain": f"building:{kind};bldg_cf:{cf};bldg_elev:2;{basement}"},
                                      "0404": {"level": 1}})
    units = (mech("A", at, facing, elevation=elevation, side="alice"), mech("B", "1010", 0, side="bob"))
    return GameState(board, units, phase="movement", mechs={"A": fresh(), "B": fresh()})


def test_the_building_keeps_the_lower_cf_after_the_movement_phase():
    """WALLS: A (50 t) enters a CF 15 building: the state's board keeps CF 15 − 5 = 10, reported as a movement
    phase building entry."""
    result = get_ruleset("solaris").resolve_phase(town(15), [MoveOrder("A", "walk", ("F",))], Rigged(PASS))
    assert result.state.board.terrain(Hex.parse("0504")).get("bldg_cf") == 10
    report = report_to_json(result)["combat"][0]
    assert report["phase"] == "movement"
    assert report["buildings"] == [{"hex": "0504", "damage": 5, "cf": 10, "collapsed": False}]


def test_wall_damage_reaching_the_cf_collapses_the_building_on_the_unit_inside():
    """'Un edificio se colapsará si recibe daño igual o superior a su FC': A's wall (5) on a CF 5 building
    brings it down when the movement is done; A on the ground floor takes CF 5 / 10 × 2 levels above = 1
    ('Colapso'), the hex is rubble, and A does not fall (level 0)."""
    result = get_ruleset("solaris").resolve_phase(town(5), [MoveOrder("A", "walk", ("F",))], Rigged(PASS))
    terrain = result.state.board.terrain(Hex.parse("0504"))
    assert terrain.get("rubble") == 1 and not terrain.has("building")
    reasons = report_to_json(result)["combat"][0]["reasons"]
    assert "A is caught in the collapse: 1 damage (Solaris VII 'Colapso')" in reasons
    assert any("collapses at the end of the movement phase" in reason for reason in reasons)
    lost = sum(fresh().armour.values()) - sum(result.state.mechs["A"].armour.values())
    assert lost == 1 and not result.state.unit("A").prone


def test_weight_over_the_current_cf_collapses_it_at_once_and_the_mech_falls():
    """'Si el peso total de mechs y vehículos en cualquier nivel del edificio (excepto en la planta baja) supera
    el FC actual del edificio, el edificio se colapsará inmediatamente': A (50 t) steps from the level-1 hill
    into level 1 of a CF 52 building. 50 t is under the CF the phase started with, but its wall took 5: the
    current CF is 47, so it collapses at once, A's movement ends there (its turn is never taken), and
    when the phase is done A takes CF 52 / 10 × 1 level above = 6 and falls one level."""
    state = town(52, kind=3, at="0404", facing=1)
    result = get_ruleset("solaris").resolve_phase(state, [MoveOrder("A", "run", ("F", "L"))], Rigged(PASS))
    timeline = report_to_json(result)
    kinds = [event["kind"] for tick in timeline["ticks"] for event in tick if event["unit"] == "A"]
    assert kinds[:3] == ["step", "wall", "roll"] and "collapse" in kinds and "turn" not in kinds
    collapse = next(event for tick in timeline["ticks"] for event in tick if event["kind"] == "collapse")
    assert collapse["building"] == "0504" and "over its current CF 47" in collapse["reason"]
    assert result.state.board.terrain(Hex.parse("0504")).get("rubble") == 3  # heavy building rubble
    reasons = report_to_json(result)["combat"][0]["reasons"]
    assert "A is caught in the collapse: 6 damage (Solaris VII 'Colapso')" in reasons
    assert any(reason.startswith("A falls (building collapse)") for reason in reasons)
    a = result.state.unit("A")
    assert a.hex.label == "0504" and a.elevation == 0 and a.prone


def test_a_bridge_under_more_tons_than_its_cf_collapses_into_the_river_with_the_mech():
    """The unmarked bridge of a road over a river ("un puente medio con FC 40") under a 50-ton mech: it collapses at
    once ("se colapsa y cae sobre el río") and the mech falls with it to the bed of the depth 2 river, 2 levels (a
    standard fall: ceil(50 / 10) × 3 = 15, halved into water, 8), its movement ended; once the phase is done the
    bridge and its road are gone from the board."""
    board = board_from_cells(16, 17, {"0504": {"terrain": "road:1;water:2"}, "0503": {"terrain": "road:1"}})
    state = GameState(board, (mech("A", "0505", 0, side="alice"), mech("B", "1010", 0, side="bob")),
                      phase="movement", mechs={"A": fresh(), "B": fresh()})
    result = get_ruleset("solaris").resolve_phase(state, [MoveOrder("A", "walk", ("F", "F"))], Rigged(PASS))
    timeline = report_to_json(result)
    a_events = [event for tick in timeline["ticks"] for event in tick if event["unit"] == "A"]
    assert [event["kind"] for event in a_events] == ["step", "collapse", "fall"]
    fall = a_events[-1]
    assert (fall["levels"], fall["damage"], fall["elevation"]) == (2, 8, -2)
    assert "over its CF 40" in a_events[1]["reason"]
    terrain = result.state.board.terrain(Hex.parse("0504"))
    assert terrain.depth == 2 and not terrain.has("road")
    a = result.state.unit("A")
    assert (a.hex.label, a.elevation, a.prone) == ("0504", -2, True)
    movement = timeline["combat"][0]
    assert {"hex": "0504", "damage": 0, "cf": 0, "collapsed": True} in movement["buildings"]
    assert any(code["code"] == "combat.bridge_collapses_weight" for code in movement["reason_codes"])


def test_a_failed_wall_roll_hurts_the_unit_from_the_wall_it_passed():
    """'Si no se supera el chequeo … daño equivalente al FC actual del edificio dividido entre 10': leaving a
    CF 40 building for open ground, the damage is that building's (4), not the open hex's."""
    answer = phase([unit("A", "0504", walk=6, piloting=12)], [walk("A", "F")], hexes={"0504": MEDIUM})
    assert [event["damage"] for _, event in events(answer, "A", "damage")] == [4]  # piloting 12 + 1: cannot pass


BASEMENTS = "Solaris VII 'Sótanos'"


def test_entering_a_building_whose_basement_is_unknown_rolls_the_basements_table_once():
    """'se tirará 2d6 y se consultará la Tabla de Sótanos siempre que una unidad entre en un edificio. Sólo se
    usará esta tabla si el escenario no ofrece información sobre sótanos' (the table is cut: standard
    BattleTech's). A (50 t) enters a CF 90 building: a roll of 7 finds no basement, kept on the board; A,
    lighter than the CF, would not fall anyway."""
    state = town(90, kind=3, basement="")
    result = get_ruleset("solaris").resolve_phase(state, [MoveOrder("A", "walk", ("F",))],
                                                  Rigged({**PASS, "A basement": 3}))  # 3 + 3 = 7: no basement
    basement = [event for tick in report_to_json(result)["ticks"] for event in tick if event["kind"] == "basement"]
    assert len(basement) == 1 and basement[0]["building"] == "0504" and "no basement" in basement[0]["reason"]
    assert result.state.board.terrain(Hex.parse("0504")).get("bldg_basement_type") == 1
    assert any(reason.startswith("below the building hex 0504: no basement")
               for reason in report_to_json(result)["combat"][0]["reasons"])
    assert not result.state.unit("A").prone


def test_a_unit_heavier_than_the_cf_falls_into_the_basement():
    """'Una unidad cae a través del suelo y dentro del sótano sólo si el peso de la unidad es superior al FC
    actual del edificio'; 'La profundidad el agujero es igual al número de niveles del sótano (1 o 2)': A
    (50 t) enters a CF 15 light building; a roll of 12 (standard table: a two-level basement) drops it two
    levels, prone, for standard falling damage (5 × 3 = 15), and its movement ends."""
    state = town(15, basement="")
    result = get_ruleset("solaris").resolve_phase(state, [MoveOrder("A", "walk", ("F", "F"))],
                                                  Rigged({**PASS, "A basement": 6}))
    falls = [event for tick in report_to_json(result)["ticks"] for event in tick if event["kind"] == "fall"]
    assert len(falls) == 1 and falls[0]["damage"] == 15 and falls[0]["elevation"] == -2
    assert "falls through the floor into the two-level basement" in falls[0]["reason"]
    a = result.state.unit("A")
    assert a.hex.label == "0504" and a.prone and a.elevation == -2
    assert result.state.board.terrain(Hex.parse("0504")).get("bldg_basement_type") == 7


def test_a_scenario_basement_is_used_without_a_roll_and_a_small_one_takes_only_infantry():
    """'Sólo se usará esta tabla si el escenario no ofrece información sobre sótanos': the board's
    bldg_basement_type 5 (a small basement, standard table: infantry only) is not rolled, and A (50 t, over
    the CF 15) does not fall into it."""
    result = get_ruleset("solaris").resolve_phase(town(15, basement="bldg_basement_type:5"),
                                                  [MoveOrder("A", "walk", ("F",))], Rigged(PASS))
    kinds = [event["kind"] for tick in report_to_json(result)["ticks"] for event in tick]
    assert "basement" not in kinds and "fall" not in kinds


def test_a_vehicle_in_a_two_level_basement_is_trapped_for_the_match():
    """'Cualquier vehículo que carezca de habilidad de vuelo y caiga en un sótano doble quedará atrapado para el
    resto de la partida': a 60-ton tank enters a CF 15 building over a two-level basement (bldg_basement_type 2)."""
    answer = phase([unit("T", "0505", kind="tracked", tons=60, walk=4)], [walk("T", "F")],
                   hexes={"0504": {"terrain": "building:1;bldg_cf:15;bldg_elev:1;bldg_basement_type:2"}})
    assert [event["kind"] for _, event in events(answer, "T") if event["kind"] in ("fall", "immobile")] == [
        "fall", "immobile"]
    assert answer["final"]["T"]["legs_frozen"] and answer["final"]["T"]["elevation"] == -2


def test_every_reason_of_a_building_phase_is_coded():
    """Coded reasons (rules/reasons.py): walls, the weight collapse, the basement and its settlement all say
    their reasons with a code the client translates, rolls included."""
    from rules.core.reasons import reason_code
    ruleset = get_ruleset("solaris")
    results = [ruleset.resolve_phase(town(52, kind=3, at="0404", facing=1), [MoveOrder("A", "run", ("F", "L"))],
                                     Rigged(PASS)),
               ruleset.resolve_phase(town(5, basement=""), [MoveOrder("A", "walk", ("F",))],
                                     Rigged({**PASS, "A basement": 6}))]
    events = [event for result in results for tick in result.movement.ticks for event in tick]
    said = [event.reason for event in events if event.reason] + [roll.reason for event in events for roll in event.rolls]
    said += [reason for result in results for report in result.reports for reason in report.reasons]
    said += [roll.reason for result in results for report in result.reports for roll in report.rolls]
    assert {"wall", "collapse", "basement", "fall"} <= {event.kind for event in events}
    assert [text for text in said if reason_code(text)["code"] is None] == []
