"""The hexes each weapon of a meka covers, as the hints give them to the browser: "ARCOS DE DISPARO" ("Todas las
armas tienen un ángulo de tiro de 90 grados", F, I, D, T) and "ATAQUES" ("Los alcances de las tablas representan
las distancias consideradas largo alcance. Los ataques a la mitad de esta distancia reciben un bono de +1";
adjacent hexes +2). Each hex is checked against the attack the rules would judge on a target standing there."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.reasons import reason_code
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.combat import aim, weapon_cover
from tests.rules.mekatac.mekatac_helpers import game, meka

BONUSES = {"mekatac.mod_adjacent", "mekatac.mod_half_range"}


def bracket(label: str, weapon: int, terrain: dict[str, tuple[int, str]] | None = None) -> str:
    """What the rules say of a shot of the Samurai in 0810 facing north at a target in ``label``."""
    state = game(meka("A", "0810", 0, "a", "Samurai"), meka("B", label, 3, "b", "Myrmidon"), terrain=terrain)
    try:
        aimed = aim(state, "A", "B", weapon)
    except RuleError as refused:
        return "blind" if refused.code == "mekatac.refuse_no_sight" else "out"
    return "half" if BONUSES & {reason_code(why)["code"] for _, why in aimed.modifiers} else "full"


def shown(cover: dict[str, Any], label: str) -> str:
    return next((name for name in ("half", "full", "blind") if label in cover[name]), "out")


def test_each_weapon_covers_its_arc_to_its_range_split_where_the_range_bonus_is() -> None:
    state = game(meka("A", "0810", 0, "a", "Samurai"))
    cover = weapon_cover(state.board, state.units[0])
    # Lascañón [I] range 9, Arma Blanca [D] 1, two Misiles S [F] 12: every hex one bracket, as the attack is judged.
    assert [(each["index"], each["arc"], each["range"]) for each in cover] == [(0, "I", 9), (1, "D", 1), (2, "F", 12),
                                                                               (3, "F", 12)]
    for each in cover:
        for hex_ in state.board:
            if hex_.label == "0810":
                continue
            assert shown(each, hex_.label) == bracket(hex_.label, each["index"]), (each["index"], hex_.label)
    assert cover[1]["half"] == ["0910", "0911"] and cover[1]["full"] == []  # the blade: the two hexes to its right


def test_the_hints_give_the_cover_of_the_viewers_own_mekas_only() -> None:
    rules = MekatacRuleset()
    state = rules.resolve_phase(rules.example(rules.options.defaults), [], Dice("cover")).state
    mine = rules.hints(state, "player", "a")["units"]
    assert sorted(mine) == ["A1", "A2"] and all(unit["cover"] for unit in mine.values())
    assert mine["A1"]["cover"] == weapon_cover(state.board, state.unit("A1"))
    assert rules.hints(state, "spectator", None)["units"] == {}


def test_the_cover_leaves_the_hexes_out_of_sight_apart() -> None:
    """Our line of sight (docs/mekatac.md: a building or a rise of two levels between them blocks it): the hexes in
    a weapon's arc and range behind it are ``blind``, where an attack is refused as unseen; in flight none is."""
    walls = {"0808": (0, "building:2"), "1008": (3, "")}
    state = game(meka("A", "0810", 0, "a", "Samurai"), terrain=walls)
    cover = weapon_cover(state.board, state.units[0])
    assert "0807" in cover[2]["blind"] and "0807" not in cover[2]["half"] + cover[2]["full"]
    for each in cover:
        for hex_ in state.board:
            if hex_.label != "0810" and hex_.label not in walls:
                assert shown(each, hex_.label) == bracket(hex_.label, each["index"], walls), (each["index"], hex_.label)
    assert all(not each["blind"] for each in weapon_cover(state.board, state.units[0], flying=True))


def test_a_plot_answers_the_cover_from_where_its_steps_leave_the_meka() -> None:
    """The browser shades arcs and ranges from the plotted position: the check's ``cover`` is the weapon cover
    from the last step's hex and facing (two hexes north, then a turn right), in flight for a flying move."""
    rules = MekatacRuleset()
    state = game(meka("A", "0810", 0, "a", "Samurai"), terrain={"0805": (0, "building:2")})
    order = rules.decode_order(state, {"unit": "A", "steps": ["F", "F", "R"]})
    there = replace(state.units[0], hex=state.board.hex("0808"), facing=1)
    assert rules.check(state, order)["cover"] == weapon_cover(state.board, there)
    assert any(each["blind"] for each in rules.check(state, order)["cover"])
    assert rules.check(state, rules.decode_order(state, {"unit": "A", "steps": []}))["cover"] == weapon_cover(
        state.board, state.units[0])
    pheonix = game(meka("A", "0810", 0, "a", "Pheonix"), terrain={"0805": (0, "building:2")})
    flown = rules.check(pheonix, rules.decode_order(pheonix, {"unit": "A", "mode": "fly", "steps": ["F"]}))
    assert flown["cover"] == weapon_cover(pheonix.board, replace(pheonix.units[0], hex=pheonix.board.hex("0809")),
                                          flying=True)
