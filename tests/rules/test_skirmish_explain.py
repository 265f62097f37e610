"""``python -m rules explain`` with ``"ruleset": "skirmish"``: the move and movement_phase queries
(docs/scenario.md, "Skirmish scenarios")."""

from __future__ import annotations

import io
import json
from typing import Any

from rules.io.explain import run

BOARD = {"size": [12, 12], "hexes": {"0606": {"terrain": "building:1;bldg_elev:5"},
                                     "0607": {"terrain": "building:1;bldg_elev:5"},
                                     "0507": {"terrain": "building:1;bldg_elev:1"}}}
TROOPS = [{"id": "F", "hex": "0608", "side": "angus", "profile": "infantry"},
          {"id": "Z", "hex": "0602", "facing": 3, "side": "yu", "profile": "infantry"}]
PEEK = {"unit": "F", "skills": [{"skill": "move", "path": ["0508", "0608"]}, {"skill": "attack", "target": "Z"}]}


def explain(query: dict[str, Any], **extra: Any) -> tuple[int, dict[str, Any]]:
    scenario = {"ruleset": "skirmish", "board": BOARD, "units": TROOPS, "seed": "s21", "query": query, **extra}
    out = io.StringIO()
    status = run(io.StringIO(json.dumps(scenario)), out)
    return status, json.loads(out.getvalue())


def test_move_gives_the_path_the_end_and_where_contact_stops_it() -> None:
    status, answer = explain({"move": PEEK})
    assert status == 0 and answer["legal"] and answer["path"] == ["0508", "0608"] and answer["end"] == "0608"
    near = [{"id": "F", "hex": "0606", "side": "angus", "profile": "bike"}, TROOPS[1]]
    status, answer = explain({"move": {"unit": "F", "skills": [{"skill": "move", "path": ["0605", "0604", "0603"]}]}},
                             units=near, board={"size": [12, 12]})
    assert answer["stops_on_contact"] == {"hex": "0603", "enemies": ["Z"]} and answer["end"] == "0603"


def test_move_names_the_rule_an_illegal_path_breaks_and_an_empty_move_is_idle() -> None:
    status, answer = explain({"move": {"unit": "F", "skills": [{"skill": "move", "path": ["0607"]}]}})
    assert status == 0 and not answer["legal"] and answer["code"] == "skirmish.obstacle"
    assert answer["reason_code"]["code"] == "skirmish.obstacle"
    assert explain({"move": {"unit": "F", "skills": [{"skill": "move", "path": []}]}})[1]["idle"] is True


def test_movement_phase_gives_the_reaction_windows_by_step_and_the_rolls() -> None:
    status, answer = explain({"movement_phase": {"order": PEEK, "reactions": {"Z": "attack"}}})
    assert status == 0
    assert [(window["tick"], window["hex"], window["units"]) for window in answer["windows"]] == [(2, "0508", ["Z"])]
    kinds = [event["kind"] for tick in answer["ticks"] for event in tick]
    assert kinds.count("roll") == 2 and "unconscious" in kinds
    assert next(troop for troop in answer["final"] if troop["id"] == "F")["states"] == ["unconscious"]


def test_a_malformed_skirmish_scenario_is_a_coded_error() -> None:
    for extra in ({"units": [{"id": "F", "hex": "0608", "side": "a", "profile": "dragon"}]}, {"active": "nobody"},
                  {"ruleset": "nonesuch"}, {"mechs": []}):
        status, answer = explain({"move": PEEK}, **extra)
        assert status == 2 and "." in answer["error"]["code"], extra
    assert explain({"sight": {}})[1]["error"]["code"] == "scenario.query"


def test_a_troop_with_two_profiles_mounts_in_a_scenario_and_mounting_while_engaged_names_the_rule() -> None:
    # 'Montar y desmontar … al inicio de la Orden, tras haber declarado la primera Habilidad' (docs/skirmish.md)
    rider = {"id": "F", "hex": "0608", "side": "angus", "profile": "infantry", "other": "bike"}
    ride = {"unit": "F", "skills": [{"skill": "move", "path": ["0609", "0610", "0611"], "mount": True}]}
    status, answer = explain({"move": ride}, units=[rider, TROOPS[1]])
    assert status == 0 and answer["legal"] and answer["end"] == "0611"
    status, answer = explain({"move": ride}, units=[{**rider, "states": ["engaged"]}, TROOPS[1]])
    assert not answer["legal"] and answer["code"] == "skirmish.mount_engaged"
    status, answer = explain({"move": ride}, units=[{**rider, "other": "dragon"}, TROOPS[1]])
    assert status != 0 and answer["error"]["code"] == "scenario.unit_field"
