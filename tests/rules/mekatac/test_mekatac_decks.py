"""MEKATAC upgrade and strategy decks ("BARAJA DE MEJORAS", "BARAJA DE CARTAS DE ESTRATEGIA": "Antes del despliegue
cada jugador toma 4 cartas"; two of each card), under the agreed option ``decks``, played in the preparation phase
before the first initiative roll (rules/rulesets/mekatac/prepare.py); mines, hidden mekas and support strikes in
play (hidden.py, support.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.combat import aim
from rules.rulesets.mekatac.phases import INITIATIVE
from rules.rulesets.mekatac.state import MekaState
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka

RULES = MekatacRuleset()
PREPARATION = RULES.table.phase("preparation")
MOVEMENT = RULES.table.phase("movement")


def prepared(*mekas: Any, upgrades: tuple[str, ...] = (), strategies: tuple[str, ...] = ()) -> MekaState:
    """Side a in the south half (rows 12-15), side b in the north, in the preparation phase with the decks on."""
    mekas = mekas or (meka("A", "0114", 0, "a", "Sharpshot"), meka("A2", "0314", 0, "a", "Gunslinger"),
                      meka("B", "0102", 3, "b", "Cockroach"))
    state = game(*mekas, phase="preparation", upgrades={"a": upgrades, "b": ()}, strategies={"a": strategies, "b": ()})
    return replace(state, options={"turn_limit": 0, "decks": "on"})


def prepare(state: MekaState, *cards: dict[str, Any], dice: ScriptedDice | None = None) -> Any:
    order = RULES.decode_order(state, {"unit": "A", "cards": list(cards)})
    RULES.check(state, order)
    return PREPARATION.resolve(state, [order], dice or ScriptedDice())


def refused(state: MekaState, *cards: dict[str, Any], unit: str = "A") -> str:
    with pytest.raises(RuleError) as error:
        RULES.check(state, RULES.decode_order(state, {"unit": unit, "cards": list(cards)}))
    return error.value.code


def test_the_decks_are_dealt_in_the_first_card_phase_and_the_leads_prepare() -> None:
    start = replace(game(meka("A", "0114", 0, "a", "Sharpshot"), meka("B", "0102", 3, "b", "Cockroach"),
                         phase="cards"), options={"turn_limit": 0, "decks": "on"})
    dealt = RULES.resolve_phase(start, [], Dice("decks")).state
    assert dealt.phase == "preparation" and RULES.awaits(dealt) == ["A", "B"]
    assert [len(dealt.upgrades[side]) + len(dealt.strategies[side]) for side in "ab"] == [8, 8]
    assert RULES.view(dealt, "player", "b")["upgrades"] == {"b": list(dealt.upgrades["b"])}
    after = RULES.resolve_phase(dealt, [], Dice("decks")).state
    assert after.phase == "movement" and after.prepared
    plain = replace(start, options={"turn_limit": 0, "decks": "off"})
    assert RULES.resolve_phase(plain, [], Dice("decks")).state.phase == "movement"  # passed over


def test_each_upgrade_does_what_its_line_says() -> None:
    """"Blindaje extra: 10 puntos extra"; "Arma extra: un arma extra de tamaño 1"; "Arma mejorada: Un arma aumenta
    en un nivel de tamaño"; "Veterano: una habilidad al azar"; "Motor avanzado: +1 punto de movimiento";
    "Munición extra: Un arma empieza con el doble de munición"."""
    state = prepared(upgrades=("blindaje_extra", "arma_extra", "veterano", "motor_avanzado"))
    done = prepare(state, {"card": "blindaje_extra", "meka": "A"}, {"card": "arma_extra", "meka": "A",
                                                                     "system": "chain_gun", "arc": "T"},
                   {"card": "veterano", "meka": "A2"}, {"card": "motor_avanzado", "meka": "A2"},
                   dice=ScriptedDice(6)).state
    a, a2 = done.unit("A"), done.unit("A2")
    assert a.armour == 40 and a.design.mounts[-1].system.key == "chain_gun" and a.ammo[2] == 12
    assert a2.skills == ("maniobrabilidad",) and a2.upgrades == ("veterano", "motor_avanzado")
    moving = replace(done, phase="movement")
    assert MOVEMENT.check(moving, MOVEMENT.decode_order(moving, {"unit": "A2", "steps": ["F"] * 9}))["budget"] == 9
    better = prepare(prepared(upgrades=("arma_mejorada", "municion_extra")), {"card": "arma_mejorada", "meka": "A2",
                                                                              "weapon": 0},
                     {"card": "municion_extra", "meka": "A", "weapon": 0}).state
    assert better.unit("A2").design.mounts[0].system.key == "lascanon" and better.unit("A").ammo[0] == 20
    assert done.upgrades["a"] == () and better.upgrades["a"] == ()


def test_a_card_not_held_or_on_the_wrong_meka_is_refused() -> None:
    state = prepared(upgrades=("blindaje_extra",), strategies=("danos", "minas", "fuego_apoyo"))
    assert refused(state, {"card": "veterano", "meka": "A"}) == "mekatac.refuse_card_not_held"
    assert refused(state, {"card": "blindaje_extra", "meka": "B"}) == "mekatac.refuse_prepare_meka"
    assert refused(state, {"card": "danos", "meka": "A2"}) == "mekatac.refuse_prepare_meka"
    assert refused(state, {"card": "minas", "hex": "0104"}) == "mekatac.refuse_prepare_half"
    assert refused(state, {"card": "fuego_apoyo"}) == "mekatac.refuse_prepare_later"
    assert refused(state, unit="A2") == "mekatac.refuse_prepare_lead"


def test_strategies_damage_ambush_terrain_and_surprise() -> None:
    """"Daños: Un Meka enemigo empieza con 2D6 de daño"; "Emboscada: Mueve un Meka enemigo hasta 8 casillas";
    "Terreno: añadir o quitar un elemento de terreno"; "Sorpresa: +10 a la primera tirada de iniciativa"."""
    state = prepared(strategies=("danos", "emboscada", "terreno", "sorpresa"))
    assert refused(state, {"card": "emboscada", "meka": "B", "hex": "0111"}) == "mekatac.refuse_prepare_ambush"
    done = prepare(state, {"card": "danos", "meka": "B"}, {"card": "emboscada", "meka": "B", "hex": "0110"},
                   {"card": "terreno", "hex": "0808", "terrain": "woods:2"}, {"card": "sorpresa"},
                   dice=ScriptedDice(3, 4)).state
    assert done.unit("B").armour == 30 - 7 and done.unit("B").hex.label == "0110"
    assert done.board.terrain(done.board.hex("0808")).has("woods") and done.surprise == ("a",)
    rolled = INITIATIVE.resolve(replace(done, phase="initiative"), (), ScriptedDice(1, 1, 9))
    assert rolled.state.initiative["A"] == 1 + 2 + 10 and rolled.state.surprise == ()


def test_a_mine_goes_off_under_the_first_walker() -> None:
    """"Minas: En una casilla, anotada en secreto"; "Las minas hacen 4D10 de daño al Meka que las pise"."""
    state = prepare(prepared(strategies=("minas",)), {"card": "minas", "hex": "0113"}).state
    assert RULES.view(state, "player", "b")["mines"] == {} and RULES.view(state, "referee", None)["mines"] == {
        "a": ["0113"]}
    walked = MOVEMENT.resolve(replace(state, phase="movement"), [RULES.table.phase("movement").decode_order(
        state, {"unit": "A", "steps": ["F"], "react": "hold"})], ScriptedDice(1, 2, 3, 4, 12))
    assert walked.state.unit("A").armour == 30 - 10 and walked.state.mines == {"a": ()}


def test_a_hidden_meka_is_secret_until_it_moves_or_is_seen() -> None:
    """"Meka oculto: En una casilla, anotada en secreto"; "se revela si mueve, si ataca o si está en línea de
    visión de un Meka enemigo" (a building between them hides it)."""
    woods = {"0108": (0, "building:2"), "0208": (0, "building:2")}
    mekas = (meka("A", "0114", 0, "a", "Sharpshot"), meka("B", "0102", 3, "b", "Cockroach"))
    state = prepare(replace(prepared(*mekas, upgrades=("blindaje_extra",), strategies=("meka_oculto",)),
                            board=game(terrain=woods).board), {"card": "meka_oculto", "meka": "A", "hex": "0114"}).state
    assert state.unit("A").hidden
    assert [unit["id"] for unit in RULES.view(state, "player", "b")["units"]] == ["B"]
    assert [unit["id"] for unit in RULES.view(state, "spectator", None)["units"]] == ["B"]
    assert RULES.view(state, "player", "a")["units"][0]["hex"] == "0114"
    assert RULES.view(state, "referee", None)["units"][0]["hex"] == "0114"
    with pytest.raises(RuleError) as unseen:  # a guess at its id tells nothing of where it stands
        aim(replace(state, phase="movement"), "B", "A", 1)
    assert unseen.value.code == "mekatac.refuse_no_sight"
    near = replace(state, phase="movement").with_unit(replace(state.unit("A"), hex=state.board.hex("0104")))
    walk_in = MOVEMENT.decode_order(near, {"unit": "B", "steps": ["F", "F"]})
    assert MOVEMENT.check(near, walk_in)["steps"][-1]["hex"] == "0104"  # the check is blind to its hex too
    moving = replace(state, phase="movement")
    still = MOVEMENT.resolve(moving, [], ScriptedDice())
    assert still.state.unit("A").hidden
    rolled = INITIATIVE.resolve(replace(state, phase="initiative"), (), ScriptedDice(5, 1))
    (shown,) = [event for event in RULES.report_to_json(rolled)["phases"][0]["ticks"][0] if event["unit"] == "A"]
    assert shown["from"] is None and shown["to"] is None  # the report keeps its hex out too
    moved = MOVEMENT.resolve(moving, [MOVEMENT.decode_order(moving, {"unit": "A", "steps": ["R"]})], ScriptedDice())
    assert not moved.state.unit("A").hidden
    assert "mekatac.revealed" in [event.reason.code for tick in moved.reports[0].ticks for event in tick
                                  if event.kind == "revealed"]


def test_support_fire_strikes_a_target_a_friend_sees() -> None:
    """"Fuego de apoyo: Un misil extragrande ataca desde el borde del mapa una vez en la partida"; "el objetivo
    debe estar a la vista de uno de tus Mekas que actuará como observador avanzado"."""
    state = replace(prepared(strategies=("fuego_apoyo",)), phase="movement", prepared=True)
    order = MOVEMENT.decode_order(state, {"unit": "A", "cards": [{"card": "fuego_apoyo", "target": "B"}]})
    RULES.check(state, order)
    struck = MOVEMENT.resolve(state, [order], ScriptedDice(8, 1, 2, 3, 4, 12))  # needs 8: the small Cockroach
    assert struck.state.unit("B").armour == 30 - 10 and struck.state.strategies["a"] == ()
    assert refused_move(replace(state, strategies={"a": ()}), order) == "mekatac.refuse_card_not_held"


def refused_move(state: MekaState, order: Any) -> str:
    with pytest.raises(RuleError) as error:
        RULES.check(state, order)
    return error.value.code
