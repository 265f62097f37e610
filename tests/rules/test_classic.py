"""Classic resolution of simultaneous movement (Solaris VII, 'Problemas planteados por el movimiento
simultáneo en Solaris VII')."""

import pytest

from timeline_fixtures import events, phase, unit, walk


def classic(units, orders, initiative):
    return phase(units, orders, initiative=initiative, mode="classic")


def finals(answer):
    return {unit_id: state["hex"] for unit_id, state in answer["final"].items()}


def test_different_paths_different_targets_ignore_the_crossing():
    """'Caminos distintos con objetivos distintos … la solución radica en ignorar el cruce y mover los
    dos a su hexágono objetivo (se supone que hay una tirada de iniciativa y que alguno de los dos
    siempre mueve antes)'. One tick per unit, initiative loser first."""
    answer = classic([unit("A", "0510", 0, walk=5), unit("C", "0307", 2)], [walk("A", *"FFFFF"), walk("C", *"FFF")],
                     ["C", "A"])
    assert finals(answer) == {"A": "0505", "C": "0608"}
    assert answer["mode"] == "classic" and len(answer["ticks"]) == 2
    assert {event["unit"] for event in answer["ticks"][0]} == {"C"}
    assert {event["unit"] for event in answer["ticks"][1]} == {"A"}
    (conflict,) = answer["conflicts"]
    assert conflict["case"] == "different_paths_different_targets" and conflict["units"] == ["C", "A"]


# A comes up column 05 to 0507, B comes south-west from 0805 by 0706 and 0606: only 0507 is shared.
SAME_TARGET_UNITS = [unit("A", "0510", 0), unit("B", "0805", 4)]
SAME_TARGET_ORDERS = [walk("A", "F", "F", "F"), walk("B", "F", "F", "F")]


@pytest.mark.parametrize("initiative, expected", [(["A", "B"], {"A": "0507", "B": "0606"}),
                                                  (["B", "A"], {"A": "0508", "B": "0507"})])
def test_different_paths_same_target_the_loser_takes_the_hex(initiative, expected):
    """'se mueve primero el Mech del jugador que perdió la iniciativa. A continuación, al Mech del
    jugador que ganó la iniciativa se le sitúa en el hexágono inmediatamente anterior de la trayectoria
    … podrá intentar una carga … o intercambiar disparos a 1 hexágono de distancia.'"""
    answer = classic(SAME_TARGET_UNITS, SAME_TARGET_ORDERS, initiative)
    assert finals(answer) == expected
    (conflict,) = answer["conflicts"]
    assert (conflict["case"], conflict["hex"], conflict["options"]) == (
        "different_paths_same_target", "0507", ["charge", "fire_at_1_hex"])
    loser, winner = initiative
    ((tick, blocked),) = events(answer, kind="blocked")
    assert (tick, blocked["unit"], blocked["to"]) == (2, winner, "0507")


def test_similar_paths_same_target_the_winner_stays_in_the_previous_hex():
    """'El perdedor de la misma moverá a su destino sin problemas; el ganador se quedaría en el
    hexágono anterior …, pudiendo intentar una carga hacia el hexágono al que su contrincante ha
    movido.' A and B both come up to 0506 through 0508 and 0507."""
    answer = classic([unit("A", "0510", 0), unit("B", "0608", 5)],
                     [walk("A", *"FFFF"), walk("B", "F", "R", "F", "F")], ["A", "B"])
    assert finals(answer) == {"A": "0506", "B": "0507"}
    (conflict,) = answer["conflicts"]
    assert (conflict["case"], conflict["options"]) == ("similar_paths_same_target", ["charge"])


def test_opposite_paths_meet_pm_by_pm_and_stop_there():
    """'Una solución alternativa … es mover los Mechs alternativamente PM a PM hasta llegar al hexágono
    en el que se cruzan; detenerlos en ese momento, y dar al que ganó la iniciativa opción a
    intercambiar disparos a esa distancia o intentar una carga' (the diagram 4 case: mechs 4/6).
    A walks 4 (ticks 2, 3, 5, 6 of 6), B runs 6: at tick 3 B would enter 0508, where A stands."""
    answer = classic([unit("A", "0510", 0), unit("B", "0505", 3)], [walk("A", *"FFFF"), walk("B", *"FFFFFF", mode="run")],
                     ["A", "B"])
    assert finals(answer) == {"A": "0508", "B": "0507"}
    (conflict,) = answer["conflicts"]
    assert (conflict["case"], conflict["options"]) == ("similar_paths_different_targets", ["charge", "fire"])
    assert "at 1 hex" in conflict["resolution"]
    # B declared a run but spent only walking PM before it was stopped: it counts as walking.
    assert answer["final"]["B"]["moved"] == "walk" and answer["final"]["B"]["mp"] == 2


def test_opposite_paths_that_never_meet_both_arrive():
    """A crosses 0507 then 0506 and turns away before B (turning twice first) comes down through 0506
    and 0507: moving PM by PM they never meet."""
    answer = classic([unit("A", "0509", 0, walk=6), unit("B", "0505", 3)],
                     [walk("A", "F", "F", "F", "R", "F", "F"), walk("B", "L", "R", "F", "F")], ["A", "B"])
    (conflict,) = answer["conflicts"]
    assert conflict["case"] == "similar_paths_different_targets" and "never meet" in conflict["resolution"]
    assert finals(answer) == {"A": "0705", "B": "0507"}


def test_a_mech_that_does_not_move_keeps_its_hex():
    """No case of the text covers it; standard BattleTech: no mech enters a hex held by another."""
    answer = classic([unit("A", "0510", 0), unit("B", "0508")], [walk("A", "F", "F", "F")], ["A", "B"])
    assert finals(answer) == {"A": "0509", "B": "0508"}
    assert answer["conflicts"][0]["case"] == "held_hex"


@pytest.mark.parametrize("initiative, expected, attack", [(["A", "B"], {"A": "0507", "B": "0506"}, "charge"),
                                                          (["B", "A"], {"A": "0508", "B": "0507"}, "death_from_above")])
def test_a_jump_only_conflicts_on_the_same_final_hex(initiative, expected, attack):
    """'Da igual si cualquiera de los dos usa movimiento de salto en vez de correr (o andar)': the
    same-target rule, and the winner may try a death from above if it jumped."""
    answer = classic([unit("A", "0510", 0, jump=3), unit("B", "0505", 3)],
                     [{"unit": "A", "mode": "jump", "to": "0507", "facing": 0}, walk("B", "F", "F")], initiative)
    assert finals(answer) == expected
    assert answer["conflicts"][0]["options"][0] == attack


def test_a_jump_cut_short_along_the_board_edge_lands_on_the_board():
    """Same target, the jumping winner lands short on its line of flight; that line runs along the top
    edge, between 0200 (off the board) and 0201: it lands in 0201."""
    answer = classic([unit("A", "0101", 0, jump=2), unit("B", "0302", 0)],
                     [{"unit": "A", "mode": "jump", "to": "0301", "facing": 0}, walk("B", "F")], ["B", "A"])
    assert finals(answer) == {"A": "0201", "B": "0301"}


def test_a_jump_with_another_target_never_conflicts():
    """'si uno de ellos o incluso los dos usan movimiento de salto, el problema se obvia por completo'."""
    answer = classic([unit("A", "0510", 0, jump=5), unit("B", "0505", 3)],
                     [{"unit": "A", "mode": "jump", "to": "0505", "facing": 0}, walk("B", "F", "F", "F", "F")],
                     ["A", "B"])
    assert finals(answer) == {"A": "0505", "B": "0509"} and answer["conflicts"] == []


def test_a_winner_placed_before_its_target_can_clash_again():
    """B loses 0507 to A and is placed in 0606, which C takes: settled again, B stops in 0706."""
    answer = classic(SAME_TARGET_UNITS + [unit("C", "0604", 3)], SAME_TARGET_ORDERS + [walk("C", "F", "F")],
                     ["A", "C", "B"])
    assert finals(answer) == {"A": "0507", "B": "0706", "C": "0606"}
    assert [conflict["case"] for conflict in answer["conflicts"]] == ["different_paths_same_target"] * 2

