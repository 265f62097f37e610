"""Reactions (AROs) at the step where line of fire opens, resolved together at the end of the order, and the
text's worked example ('Ejemplo', rules-sources/skirmish-movement-infinity.es.txt)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.core.playback import ReactionWindow
from rules.rulesets.skirmish.troops import UNCONSCIOUS
from tests.rules.skirmish_fixtures import RULESET, events, everyone_attacks, move, order, play, position, troop

PEEK = order("F", move("0508", "0608", facing=0), {"skill": "attack", "target": "Z"})
# A seed under which the Zhanshi wins the face-to-face roll and the Fusilier fails its saving roll.
EXAMPLE_SEED = "s21"


def example() -> Any:
    return RULESET.example(RULESET.options.defaults)


def test_the_worked_example_peek_out_of_total_cover_and_back() -> None:
    # 'el Fusilero se encuentra pegado a una pared, tras un edificio, en Cobertura Total, sin LDT hacia un Zhanshi
    # … sobresale por la esquina … manteniéndose en Cobertura Parcial … vuelve a su posición inicial … Una vez que
    # el Zhanshi comprueba que obtiene LDT con el Fusilero, declara su ORA: Ataque CD. El Fusilero … declara la
    # segunda Habilidad Corta de la Orden, que también será un Ataque CD. En la Tirada Enfrentada, el Zhanshi
    # deberá aplicar los MOD por Cobertura Parcial … Token de Estado Inconsciente … en la posición final de su
    # movimiento, en Cobertura Total.'
    state = example()
    outcome, windows = play(state, PEEK, everyone_attacks, seed=EXAMPLE_SEED)
    # The window opened at the step into 0508 (tick 2: tick 1 is the Move declared in total cover), for Z only.
    # The TAG in hidden deployment is asked at the end of each skill (ambush.py: so no window tells whether it
    # sees), facing away from the Fusilier: it may only pass.
    assert [(window.key, window.units) for window in windows] == [
        ("2:F:0508", ("Z",)), ("3:F:0608:1:0608/2.0508/2.0608/2", ("T",)), ("4:F:0608:4:0608/2.0508/2.0608/2.0608/2", ("T",))]
    assert [RULESET.reaction_choices(state, window, "T") for window in windows[1:]] == [[], []]
    assert RULESET.reaction_choices(state, windows[0], "Z")[0]["cover"] == "partial"
    rolls = events(outcome, "roll")
    assert [event.reason.code for event in rolls] == ["skirmish.roll_face_to_face"] * 2
    assert [(event.unit, event.reason.params["target"]) for event in rolls] == [("F", 12), ("Z", 9)]
    assert rolls[1].reason.params["mod"] == "-3" and rolls[0].from_hex.label == "0508"
    assert [event.unit for event in events(outcome, "hit")] == ["Z"]
    fusilier = outcome.state.unit("F")
    assert UNCONSCIOUS in fusilier.states and fusilier.hex.label == "0608"
    assert events(outcome, UNCONSCIOUS)[0].reason.code == "skirmish.unconscious"


def test_the_troop_reaches_its_declared_end_point_before_anything_resolves() -> None:
    # 'La Tropa siempre moverá hasta el punto final declarado por su jugador, aunque sea para acabar en estado
    # Nulo … por haber recibido uno o varios Ataques exitosos durante el recorrido.'
    outcome, _ = play(example(), PEEK, everyone_attacks, seed=EXAMPLE_SEED)
    kinds = [event.kind for tick in outcome.ticks for event in tick]
    assert kinds.index("aro") < kinds.index("step", kinds.index("aro")) < kinds.index("roll")


def test_a_troop_that_sees_the_active_troop_from_the_start_reacts_at_its_first_declaration() -> None:
    # Issue 21, "Reactions": 'every enemy troop that has, or gains, line of fire to the active troop': one that
    # has it already is asked at the first skill declared (tick 1).
    state = position(troop("A", "0606", 0, "a", "infantry"), troop("E", "0602", 3, "b", "infantry"))
    _, windows = play(state, order("A", move("0605")))
    assert [window.key for window in windows] == ["1:A:0606"]


def test_one_reaction_per_order_a_pass_at_the_first_skill_keeps_none_for_the_second() -> None:
    # Issue 21, "Reactions": 'one reaction per order … troops that could react to the first skill and did not
    # lose it for the order'.
    state = position(troop("A", "0606", 0, "a", "infantry"), troop("E", "0602", 3, "b", "infantry"))
    outcome, windows = play(state, order("A", move("0605"), {"skill": "attack", "target": "E"}))
    assert len(windows) == 1 and [event.unit for event in events(outcome, "roll")] == ["A"]
    assert events(outcome, "roll")[0].reason.code == "skirmish.roll_normal"


def test_a_troop_facing_away_has_no_line_of_fire_and_is_not_asked() -> None:
    # The moving troop has 'una LDT de 360˚' during its move; a troop that is not moving sees in its front 180°
    # (docs/skirmish.md, our reading of the standard rule), so facing away it gains no line of fire.
    state = position(troop("A", "0606", 0, "a", "infantry"), troop("E", "0602", 0, "b", "infantry"))
    assert play(state, order("A", move("0605")))[1] == []


def test_a_reaction_alone_is_a_normal_roll() -> None:
    # Issue 21, "Reactions": 'face-to-face roll between the active troop and a reacting troop that target each
    # other, normal rolls otherwise'.
    state = position(troop("A", "0606", 0, "a", "infantry"), troop("E", "0602", 3, "b", "infantry"))
    outcome, _ = play(state, order("A", move("0605")), everyone_attacks)
    assert [(event.unit, event.reason.code) for event in events(outcome, "roll")] == [("E", "skirmish.roll_normal")]


def refusal(state: Any, window: ReactionWindow, unit: str, data: Any) -> str:
    with pytest.raises(RuleError) as error:
        RULESET.decode_reaction(state, window, unit, data)
    return error.value.code


def test_reactions_without_line_of_fire_after_their_window_or_malformed_are_refused() -> None:
    state = example()
    window = play(state, PEEK)[1][0]  # Z's, at the step into 0508
    assert refusal(state, window, "B", {"attack": "F"}) == "skirmish.reaction_no_lof"  # an ally of F
    assert refusal(state, window, "T", {"attack": "F"}) == "skirmish.reaction_no_lof"  # facing away
    assert refusal(state, window, "Z", {"attack": "B"}) == "skirmish.reaction_malformed"
    assert refusal(state, window, "Z", {"attack": "F", "twice": True}) == "skirmish.reaction_malformed"
    # A later window at a step where Z still sees F does not ask Z again: its one reaction's window is closed.
    later = ReactionWindow("5:F:0508", 5, "F", (), "")
    assert refusal(state, later, "Z", {"attack": "F"}) == "skirmish.reaction_closed"
    assert refusal(state, later, "Z", None) == "skirmish.reaction_closed"


def test_reacting_reveals_a_hidden_troop_and_a_hidden_pass_leaves_no_trace() -> None:
    # Issue 21, "Tests": 'the secrecy of hidden deployment'; reacting gives the troop's place away, a pass does not.
    state = position(troop("A", "0606", 0, "a", "infantry"), troop("E", "0602", 3, "b", "infantry", hidden=True))
    passed, _ = play(state, order("A", move("0605")))
    assert events(passed, "pass") == [] and passed.state.unit("E").hidden
    shot, _ = play(state, order("A", move("0605")), everyone_attacks)
    assert not shot.state.unit("E").hidden


def test_the_line_of_fire_question_gives_the_cover_and_its_modifier() -> None:
    # The worked example: from 0508 the Zhanshi sees the Fusilier in partial cover ('el Zhanshi deberá aplicar los
    # MOD por Cobertura Parcial'), from 0608 not at all (Cobertura Total).
    state = example()
    peeking = state.with_unit(replace(state.unit("F"), hex=state.board.hex("0508")))
    answer = RULESET.query(peeking, "los", {"from": "Z", "to": "F"})
    assert (answer["los"], answer["cover"], answer["modifier"], answer["partial_cover"]) == (True, "partial", -3, True)
    assert answer["modifiers"][0]["reason_code"]["code"] == "skirmish.cover_mod" and answer["hexes"]
    hidden = RULESET.query(state, "los", {"from": "Z", "to": "F"})
    assert (hidden["los"], hidden["cover"], hidden["modifiers"]) == (False, "total", [])
    assert hidden["reason_codes"][0]["code"] == "skirmish.lof_closed"
