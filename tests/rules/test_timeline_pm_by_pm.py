"""PM-by-PM resolution (Solaris VII, 'Movimiento PM a PM')."""

import json

import pytest

from rules.core.board import Board
from rules.battletech.codec import movement_to_json
from rules.rulesets.solaris.demo import demo_state
from rules.core.dice import Dice
from rules.core.errors import MalformedOrder
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder, plan_path
from rules.rulesets import get_ruleset
from rules.rulesets.solaris.orders import move_order_from_json, move_order_to_json
from rules.battletech.movement.simultaneous import resolve_movement
from rules.core.timeline import schedule, tick_of_pm
from rules.battletech.units import Unit
from timeline_fixtures import events, phase, ticks_of, unit, walk

# A (walk 4) going north up column 05 and B coming south down it: they meet head on.
HEAD_ON = [unit("A", "0510", 0), unit("B", "0505", 3)]


def test_three_pm_against_six_moves_on_ticks_two_four_six():
    """'un mech A gasta 3PMs y un mech B gasta 6PMs. En este caso la fase de movimiento queda
    dividida en 6 turnos, gastando el mech B un PM por turno, y el mech A un PM cada dos turnos.'"""
    answer = phase([unit("A", "0210"), unit("B", "0810")],
                   [walk("A", "F", "F", "F"), walk("B", *"FFFFFF", mode="run")], initiative=["A", "B"])
    assert len(answer["ticks"]) == 6
    assert ticks_of(answer, "A") == [2, 4, 6]
    assert ticks_of(answer, "B") == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("spent, longest, ticks", [(4, 6, [2, 3, 5, 6]), (3, 5, [2, 4, 5]), (5, 5, [1, 2, 3, 4, 5])])
def test_non_proportional_movements_spend_the_kth_pm_at_ceil_k_t_over_p(spent, longest, ticks):
    """'Cuando los movimientos no sean proporcionales, el cálculo es más complejo' (the Battle Excel
    table is not in our copy): the k-th of p PM is spent at tick ceil(k × T / p), so every unit
    finishes on the last tick and none ever spends two PM in one tick."""
    assert [tick_of_pm(k, spent, longest) for k in range(1, spent + 1)] == ticks


def test_four_against_six_and_five_against_three_in_a_phase():
    four_six = phase([unit("A", "0210"), unit("B", "0810")],
                     [walk("A", *"FFFF"), walk("B", *"FFFFFF", mode="run")], initiative=["A", "B"])
    assert ticks_of(four_six, "A") == [2, 3, 5, 6]
    five_three = phase([unit("A", "0210", walk=5), unit("B", "0810")],
                       [walk("A", *"FFFFF"), walk("B", "F", "R", "F")], initiative=["A", "B"])
    assert ticks_of(five_three, "A") == [1, 2, 3, 4, 5]
    assert [n for n, e in events(five_three, "B") if e["kind"] in ("step", "turn")] == [2, 4, 5]


def test_a_hex_costing_several_pm_is_entered_at_the_tick_of_its_last_pm():
    """'si un mech necesita gastar varios PMs para entrar en un hexágono (como por ejemplo un bosque),
    no se moverá hasta el turno en que gaste todos los PMs necesarios.'"""
    answer = phase([unit("A", "0210"), unit("B", "0810")], [walk("A", "F", "F"), walk("B", *"FFFF")],
                   initiative=["A", "B"], hexes={"0209": {"terrain": "woods:2"}})
    (first, woods), (second, clear) = events(answer, "A", "step")
    assert (woods["to"], woods["mp"], first) == ("0209", 3, 3)
    assert (clear["to"], clear["mp"], second) == ("0208", 1, 4)


def test_head_on_both_stop_where_they_meet():
    """'Si un mech trata de invadir un hexágono ocupado por otro mech … se detendrá en el hexágono
    anterior y su movimiento terminará' (the text is cut; the issue's reading, standard BattleTech)."""
    answer = phase(HEAD_ON, [walk("A", *"FFFF"), walk("B", *"FFFF")], initiative=["A", "B"])
    blocked = events(answer, kind="blocked")
    assert [(n, e["unit"], e["from"], e["to"], e["target"]) for n, e in blocked] == [
        (3, "A", "0508", "0507", "B"), (3, "B", "0507", "0508", "A")]
    assert (answer["final"]["A"]["hex"], answer["final"]["B"]["hex"]) == ("0508", "0507")
    assert answer["final"]["A"]["hexes_moved"] == 2 and answer["final"]["A"]["mp"] == 2
    assert answer["conflicts"][0]["case"] == "blocked" and answer["conflicts"][0]["units"] == ["A", "B"]


@pytest.mark.parametrize("initiative, enters, stays", [(["A", "B"], "A", ("B", "0506")),
                                                       (["B", "A"], "B", ("A", "0508"))])
def test_same_tick_entry_the_initiative_loser_enters_first(initiative, enters, stays):
    """'Puede ocurrir que ambos mechs traten de entrar en un hexágono en el mismo turno de gasto de
    PMs. En ese caso, el jugador que perdiera la iniciativa entrará en el hexágono en primer lugar.'"""
    answer = phase([unit("A", "0509", 0), unit("B", "0505", 3)], [walk("A", "F", "F"), walk("B", "F", "F")],
                   initiative=initiative)
    assert answer["final"][enters]["hex"] == "0507"
    assert answer["final"][stays[0]]["hex"] == stays[1]
    ((tick, event),) = events(answer, kind="blocked")
    assert (tick, event["unit"], event["to"], event["target"]) == (2, stays[0], "0507", enters)


def test_a_plotted_charge_on_the_mech_in_the_way_becomes_a_charge():
    """'Si un mech trata de invadir un hexágono ocupado por otro mech' and plotted a charge on it, the
    charge happens: it has moved at least one hex, the target is standing at the same elevation."""
    answer = phase([unit("A", "0510", 0), unit("B", "0507")], [walk("A", *"FFFF", charge="B")])
    ((tick, charge),) = events(answer, kind="charge")
    assert (tick, charge["from"], charge["to"], charge["target"]) == (3, "0508", "0507", "B")
    assert answer["final"]["A"]["hex"] == "0508" and answer["final"]["B"]["hex"] == "0507"
    assert events(answer, "A", "step")[-1][1]["to"] == "0508"  # nothing after the charge


def test_the_server_path_carries_the_plotted_charge_in_the_order():
    state = GameState(Board(16, 17), (Unit("A", Hex.parse("0510"), 0), Unit("B", Hex.parse("0507"), 3)))
    order = move_order_from_json({"unit": "A", "mode": "walk", "steps": ["F", "F", "F"], "charge": "B"})
    assert move_order_to_json(order)["charge"] == "B"
    result = get_ruleset("solaris").resolve_phase(state, [order], Dice("seed"))
    assert [event.kind for event in result.movement.ticks[2]] == ["charge"]
    with pytest.raises(MalformedOrder):
        move_order_from_json({"unit": "A", "mode": "jump", "to": "0507", "facing": 0, "charge": "B"})


@pytest.mark.parametrize("a_at, b_fields, hexes, why", [
    ("0508", {}, {}, "it has not moved a hex yet"),
    ("0510", {"prone": True}, {}, "B is prone"),
    ("0510", {}, {"0507": {"level": 1}}, "B stands at another elevation"),
])
def test_a_charge_that_is_not_allowed_is_a_blocked_step(a_at, b_fields, hexes, why):
    """'un mech no puede cargar si no ha recorrido previamente, al menos, 1 hexágono. Tampoco se puede
    cargar contra objetivos tumbados, o a distintas elevaciones.'"""
    answer = phase([unit("A", a_at, 0), unit("B", "0507", **b_fields)], [walk("A", *"F" * (int(a_at[2:]) - 7), charge="B")],
                   hexes=hexes)
    assert events(answer, kind="charge") == []
    ((_, blocked),) = events(answer, kind="blocked")
    assert why in blocked["reason"] and blocked["target"] == "B"


@pytest.mark.parametrize("b_at, moved, spent", [("0508", "walk", 3), ("0506", "run", 5)])
def test_a_blocked_runner_that_spent_only_walking_pm_counts_as_walked(b_at, moved, spent):
    """'si un Mech declaró que corría y su movimiento queda bloqueado por su rival: si sólo ha usado
    Puntos de Movimiento de la modalidad de Andar, se considerará que ha andado para los efectos de
    calor y disparo. (Regla especial de Solaris).'"""
    answer = phase([unit("A", "0512", 0), unit("B", b_at)], [walk("A", *"FFFFFF", mode="run")])
    final = answer["final"]["A"]
    assert (final["moved"], final["mp"]) == (moved, spent)
    assert any("Regla especial" in reason or "counts as having walked" in reason
               for reason in final["reasons"]) == (moved == "walk")


def test_coincident_paths_that_never_meet_both_arrive():
    """'Se considera que existen movimientos coincidentes con que alguno de los hexágonos de los
    respectivos recorridos coincida. (Incluso si coincide el hexágono inicial de un mech con el final
    de otro)': B leaves 0507 at tick 1, A enters it at tick 3."""
    answer = phase([unit("A", "0510", 0), unit("B", "0507")], [walk("A", "F", "F", "F"), walk("B", "F", "F", "F")],
                   initiative=["B", "A"])
    assert (answer["final"]["A"]["hex"], answer["final"]["B"]["hex"]) == ("0507", "0504")
    (conflict,) = answer["conflicts"]
    assert conflict["case"] == "coincident_paths" and "0507" in conflict["resolution"]


def test_a_crossing_at_different_ticks_is_no_meeting():
    """Paths crossing in 0508: A (5 PM) is there at tick 2, C (3 PM) at tick 4."""
    answer = phase([unit("A", "0510", 0, walk=5), unit("C", "0307", 2)], [walk("A", *"FFFFF"), walk("C", *"FFF")],
                   initiative=["A", "C"])
    assert ticks_of(answer, "C") == [2, 4, 5]
    assert (answer["final"]["A"]["hex"], answer["final"]["C"]["hex"]) == ("0505", "0608")
    assert events(answer, kind="blocked") == []


@pytest.mark.parametrize("initiative, a_end, b_end", [(["A", "B"], "0507", "0506"), (["B", "A"], "0508", "0507")])
def test_a_jump_conflicts_only_on_the_same_final_hex_decided_by_initiative(initiative, a_end, b_end):
    """'En los casos en que algún mech salte, no habrá conflicto, salvo que el hexágono final sea el
    mismo, en cuyo caso, se decidirá por iniciativa.' The winner stops in the hex before it on its
    path; a jumper lands in the hex before it on its line of flight."""
    answer = phase([unit("A", "0510", 0, jump=3), unit("B", "0505", 3)],
                   [{"unit": "A", "mode": "jump", "to": "0507", "facing": 0}, walk("B", "F", "F")],
                   initiative=initiative)
    assert (answer["final"]["A"]["hex"], answer["final"]["B"]["hex"]) == (a_end, b_end)
    (conflict,) = answer["conflicts"]
    assert conflict["case"] == "different_paths_same_target" and conflict["hex"] == "0507"
    winner = initiative[1]
    assert conflict["options"][0] == ("death_from_above" if winner == "A" else "charge")


def test_a_jump_passes_over_a_mech_without_conflict():
    answer = phase([unit("A", "0510", 0, jump=4), unit("B", "0508")],
                   [{"unit": "A", "mode": "jump", "to": "0506", "facing": 0}])
    assert answer["final"]["A"]["hex"] == "0506" and answer["conflicts"] == []
    assert answer["final"]["A"]["hexes_moved"] == 4 and answer["final"]["A"]["moved"] == "jump"


def test_same_seed_same_timeline_byte_for_byte_and_seeds_change_initiative():
    """Determinism: the same state, orders and seed give the same timeline, byte for byte."""
    orders = [walk("A", *"FFFF"), walk("B", *"FFFF")]
    first = json.dumps(phase(HEAD_ON, orders, seed=7), sort_keys=True)
    assert first == json.dumps(phase(HEAD_ON, orders, seed=7), sort_keys=True)
    winners = {phase(HEAD_ON, orders, seed=seed)["initiative"]["order"][-1] for seed in range(12)}
    assert winners == {"A", "B"}


def test_initiative_rolls_come_first_then_the_timeline_rolls_in_order():
    answer = phase(HEAD_ON, [walk("A", "F")], seed=3, hexes={"0509": {"terrain": "swamp:1"}})
    rolls = answer["rolls"]
    assert [roll["reason"] for roll in rolls[:2]] == ["initiative A", "initiative B"]
    assert rolls[-1]["reason"] == "A swamp" and rolls[-1] == events(answer, "A", "roll")[0][1]["rolls"][0]


def test_the_ruleset_resolves_in_the_agreed_mode_and_advances_the_turn():
    state = demo_state()
    orders = [MoveOrder("A", "walk", ("F", "F")), MoveOrder("B", "walk", ("F", "L", "F"))]
    first = get_ruleset("solaris").resolve_phase(state, orders, Dice("seed:1:movement"))
    assert first == get_ruleset("solaris").resolve_phase(state, orders, Dice("seed:1:movement"))
    assert first.state.unit("A").hex.label == "0814" and first.state.turn == 2
    assert first.movement.mode == get_ruleset("solaris").movement_mode(state) == "pm_by_pm"



def test_schedule_puts_the_initiative_loser_first_within_a_tick():
    state = demo_state()
    plans = {unit.id: plan_path(state.board, unit, MoveOrder(unit.id, "walk", ("F",)))
             for unit in state.units}
    assert schedule(plans, {"B": 0, "A": 1}) == [[("B", 0), ("A", 0)]]
    assert movement_to_json(resolve_movement(state, [], Dice("x")))["ticks"] == []
