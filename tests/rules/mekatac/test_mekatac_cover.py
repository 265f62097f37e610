"""The hexes each weapon of a meka covers, as the hints give them to the browser: "ARCOS DE DISPARO" ("Todas las
armas tienen un ángulo de tiro de 90 grados", F, I, D, T) and "ATAQUES" ("Los alcances de las tablas representan
las distancias consideradas largo alcance. Los ataques a la mitad de esta distancia reciben un bono de +1";
adjacent hexes +2). Each hex is checked against the attack the rules would judge on a target standing there."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.reasons import reason_code
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac import combat
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


def test_the_cover_is_worked_out_once_for_a_board_and_a_position_and_changes_with_them() -> None:
    """The hints ask it for every frame and snapshot, each from the state decoded anew: an equal board and the
    same position give it again without working it out (and as a copy of its own, so a caller's changes stay
    with it); a hex the board changes (a Terreno card's building) or a turn of the meka gives its own."""
    state = game(meka("A", "0810", 0, "a", "Samurai"))
    first = weapon_cover(state.board, state.units[0])
    kept = copy.deepcopy(first)
    first[2]["half"].append("0101")
    worked_out = combat._cover.cache_info().misses
    anew = game(meka("A", "0810", 0, "a", "Samurai"))
    assert weapon_cover(anew.board, anew.units[0]) == kept and combat._cover.cache_info().misses == worked_out
    built = game(meka("A", "0810", 0, "a", "Samurai"), terrain={"0808": (0, "building:2")})
    assert "0807" in weapon_cover(built.board, built.units[0])[2]["blind"] and "0807" in kept[2]["half"] + kept[2]["full"]
    turned = weapon_cover(state.board, replace(state.units[0], facing=1))
    assert turned != kept and turned == weapon_cover(state.board, replace(state.units[0], facing=1))
