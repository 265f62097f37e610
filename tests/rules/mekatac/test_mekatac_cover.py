"""The hexes each weapon of a meka covers, as the hints give them to the browser: "ARCOS DE DISPARO" ("Todas las
armas tienen un ángulo de tiro de 90 grados", F, I, D, T) and "ATAQUES" ("Los alcances de las tablas representan
las distancias consideradas largo alcance. Los ataques a la mitad de esta distancia reciben un bono de +1";
adjacent hexes +2). Each hex is checked against the attack the rules would judge on a target standing there."""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.reasons import reason_code
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.combat import aim, weapon_cover
from tests.rules.mekatac.mekatac_helpers import game, meka

BONUSES = {"mekatac.mod_adjacent", "mekatac.mod_half_range"}


def bracket(label: str, weapon: int) -> str:
    """What the rules say of a shot of the Samurai in 0810 facing north at a target in ``label``."""
    state = game(meka("A", "0810", 0, "a", "Samurai"), meka("B", label, 3, "b", "Myrmidon"))
    try:
        aimed = aim(state, "A", "B", weapon)
    except RuleError:
        return "out"
    return "half" if BONUSES & {reason_code(why)["code"] for _, why in aimed.modifiers} else "full"


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
            shown = "half" if hex_.label in each["half"] else "full" if hex_.label in each["full"] else "out"
            assert shown == bracket(hex_.label, each["index"]), (each["index"], hex_.label)
    assert cover[1]["half"] == ["0910", "0911"] and cover[1]["full"] == []  # the blade: the two hexes to its right


def test_the_hints_give_the_cover_of_the_viewers_own_mekas_only() -> None:
    rules = MekatacRuleset()
    state = rules.resolve_phase(rules.example(rules.options.defaults), [], Dice("cover")).state
    mine = rules.hints(state, "player", "a")["units"]
    assert sorted(mine) == ["A1", "A2"] and all(unit["cover"] for unit in mine.values())
    assert mine["A1"]["cover"] == weapon_cover(state.board, state.unit("A1"))
    assert rules.hints(state, "spectator", None)["units"] == {}
