"""Skirmish movement, one test per bullet of 'Condiciones Generales de Movimiento'
(rules-sources/skirmish-movement-infinity.es.txt). One hex is 5 cm: infantry MOV 10-5 cm is 2-1 hexes."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.rulesets.skirmish.troops import ENGAGED, IDLE, PRONE
from tests.rules.skirmish_fixtures import RULESET, events, move, order, play, position, troop, wall


def refused(state, data) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError) as error:
        RULESET.decode_order(state, data)
    return error.value.code


def lone(*others, cells=None):  # type: ignore[no-untyped-def]
    return position(troop("A", "0606", 0, "a", "infantry"), troop("E", "0101", 0, "b", "infantry"), *others,
                    cells=cells)


def test_the_whole_path_is_measured_hex_by_hex_round_obstacles() -> None:
    # 'se medirá la totalidad del recorrido que va a realizar (incluyendo, por ejemplo, si ha de sortear obstáculos)'
    cells = {"0605": wall(5)}
    state = lone(cells=cells)
    assert refused(state, order("A", move("0605"))) == "skirmish.obstacle"
    # Round the building: 0505, 0504 and 0604 are three hexes, more than the infantry's first MOV (2).
    assert refused(state, order("A", move("0506", "0505", "0604"))) == "skirmish.too_far"
    bike = position(troop("A", "0606", 0, "a", "bike"), troop("E", "0101", 0, "b", "infantry"), cells=cells)
    outcome, _ = play(bike, order("A", move("0506", "0505", "0604")))
    assert outcome.state.unit("A").hex.label == "0604" and len(events(outcome, "step")) == 3


def test_a_troop_may_move_only_part_of_its_mov() -> None:
    # 'No es obligatorio mover el total de los centímetros … podrá mover sólo una parte de ellos'
    outcome, _ = play(lone(), order("A", move("0605")))
    assert outcome.state.unit("A").hex.label == "0605"


def test_obstacles_up_to_the_silhouette_template_are_passed_without_jump_or_climb() -> None:
    # 'puede sortear cualquier obstáculo cuya altura sea igual o inferior a la altura de la Plantilla de Silueta'
    state = lone(cells={"0605": wall(2)})
    outcome, _ = play(state, order("A", move("0605", "0604")))
    assert outcome.state.unit("A").hex.label == "0604"
    assert refused(lone(cells={"0605": wall(3)}), order("A", move("0605", "0604"))) == "skirmish.obstacle"
    tag = position(troop("A", "0606", 0, "a", "tag"), troop("E", "0101", 0, "b", "infantry"), cells={"0605": wall(3)})
    assert play(tag, order("A", move("0605", "0604")))[0].state.unit("A").hex.label == "0604"


def test_an_obstacles_height_costs_no_movement_but_the_raised_position_counts_for_line_of_fire() -> None:
    # 'no consume centímetros del movimiento … pero sí se tendrá en cuenta su posición al subir dicho obstáculo
    # a efectos de LDT': the wall top (0606, 2 levels) costs one hex like any step, and there the Zhanshi,
    # behind a row of 3-level walls, sees the troop it could not see on the ground.
    cells = {f"{col:02d}05": wall(3) for col in range(1, 13)} | {"0606": wall(2)}
    state = position(troop("A", "0607", 0, "a", "infantry"), troop("Z", "0602", 3, "b", "infantry"), cells=cells)
    outcome, windows = play(state, order("A", move("0606", "0607")))
    assert [window.key for window in windows] == ["2:A:0606"]
    assert outcome.state.unit("A").hex.label == "0607"


def test_allies_no_taller_do_not_obstruct_but_no_move_ends_on_one() -> None:
    # 'Las Miniaturas … aliados cuya Plantilla de Silueta tiene una altura igual o inferior … tampoco obstaculizan
    # su Movimiento. Una Tropa no podrá finalizar su Movimiento sobre una Miniatura … aliado.'
    ally = troop("P", "0605", 0, "a", "infantry")
    state = lone(ally)
    assert play(state, order("A", move("0605", "0604")))[0].state.unit("A").hex.label == "0604"
    assert refused(state, order("A", move("0605"))) == "skirmish.ends_on_ally"
    assert refused(lone(troop("P", "0605", 0, "a", "tag")), order("A", move("0605", "0604"))) == "skirmish.ally_blocks"


def test_the_moving_troop_sees_all_round_during_its_move() -> None:
    # 'Durante todo su recorrido, una Tropa dispone de una LDT de 360˚': it walks south, its back to the enemy
    # to the north, and may still shoot it from its path.
    state = position(troop("A", "0606", 3, "a", "infantry"), troop("E", "0602", 3, "b", "infantry"))
    outcome, _ = play(state, order("A", move("0607", "0608"), {"skill": "attack", "target": "E"}))
    assert [event.unit for event in events(outcome, "roll")][0] == "A"


def test_the_troop_faces_where_its_player_prefers_at_the_end() -> None:
    # 'Al finalizar su Movimiento, una Tropa puede quedar encarada hacia donde su jugador prefiera.'
    outcome, _ = play(lone(), order("A", move("0605", facing=4)))
    assert outcome.state.unit("A").facing == 4


def test_contact_with_an_enemy_stops_the_move_even_if_the_path_went_further() -> None:
    # 'Una Tropa que entre en contacto de Silueta con un Enemigo durante su Movimiento dejará de mover de manera
    # automática, aunque el recorrido especificado fuera más allá del Enemigo.' Contact is adjacent hexes.
    state = position(troop("A", "0606", 0, "a", "bike"), troop("E", "0603", 0, "b", "infantry", hidden=True))
    outcome, _ = play(state, order("A", move("0605", "0604", "0603")))
    mover, enemy = outcome.state.unit("A"), outcome.state.unit("E")
    assert mover.hex.label == "0604" and ENGAGED in mover.states and ENGAGED in enemy.states
    assert not enemy.hidden and [event.target for event in events(outcome, "contact")] == ["E"]
    assert refused(outcome.state, order("A", move("0605"))) in ("skirmish.not_active", "skirmish.engaged")


def test_normal_and_prone_change_at_the_start_and_cost_movement() -> None:
    # 'puede cambiar su estado de Normal a Cuerpo a Tierra, y viceversa, al inicio de su Movimiento, pero ello
    # afectará a la cantidad de centímetros que puede desplazarse': our reading, the change costs one hex.
    state = lone()
    assert refused(state, order("A", move("0605", "0604", prone=True))) == "skirmish.too_far"
    outcome, _ = play(state, order("A", move("0605", prone=True)))
    assert PRONE in outcome.state.unit("A").states
    first = [tick for tick in outcome.ticks if any(event.kind == "posture" for event in tick)][0]
    assert [event.kind for event in first] == ["declare", "posture"]


def test_a_move_never_drops_a_troop_into_the_void_and_with_nowhere_to_go_it_is_idle() -> None:
    # 'éste no puede provocar, en ningún caso, la caída al vacío de la Tropa. En caso de que no disponga de otro
    # punto al que Mover … la Tropa no ejecuta el movimiento y se considera que realiza una Inacción.'
    state = position(troop("A", "0606", 0, "a", "infantry"), troop("E", "0101", 0, "b", "infantry"),
                     cells={"0606": {"level": 3}})
    assert refused(state, order("A", move("0605"))) == "skirmish.drop"
    outcome, _ = play(state, order("A", move()))
    assert IDLE in outcome.state.unit("A").states and outcome.state.unit("A").hex.label == "0606"


def test_the_second_mov_value_needs_a_valid_surface_at_the_end_of_the_first() -> None:
    # 'Ejemplos (Mover)': the same distance, but in case B no valid surface ends the first MOV value. Here 15 cm
    # (2 + 1 hexes): ending the first Move on a wall top is refused, crossing the wall inside it is not.
    state = lone(cells={"0604": wall(1)})
    assert refused(state, order("A", move("0605", "0604"), move("0603"))) == "skirmish.no_surface"
    state = lone(cells={"0605": wall(1)})
    outcome, _ = play(state, order("A", move("0605", "0604"), move("0603")))
    assert outcome.state.unit("A").hex.label == "0603"
    assert refused(state, order("A", move("0605", "0604"), move("0603", "0602"))) == "skirmish.too_far"


def test_immobilised_or_engaged_troops_cannot_move_and_big_profiles_have_no_cautious_movement() -> None:
    # Issue 21, "Troops": the states Immobilised and Engaged ('si la Tropa se encuentra en estado Trabado o
    # Inmovilizado … no podrá declarar una Habilidad de Movimiento'); 'un TAG, Vehículo o Tropa montada en una
    # Moto no pueden declarar Movimiento Cauteloso'.
    immobile = lone().with_unit(troop("A", "0606", 0, "a", "infantry").with_states("immobilised"))
    assert refused(immobile, order("A", move("0605"))) == "skirmish.immobilised"
    tag = position(troop("A", "0606", 0, "a", "tag"), troop("E", "0101", 0, "b", "infantry"))
    assert refused(tag, order("A", {"skill": "cautious", "path": ["0605"]})) == "skirmish.no_cautious"
    assert play(lone(), order("A", {"skill": "cautious", "path": ["0605"]}))[0].state.unit("A").hex.label == "0605"
