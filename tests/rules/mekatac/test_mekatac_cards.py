"""MEKATAC action cards in play: each card of "LISTA DE CARTAS DE ACCIONES" does what its line says, "Las cartas
de acción se descartan al utilizarlas" ("FASE DE CARTAS"), and the moments the text leaves open are our reading
(rules/rulesets/mekatac/plays.py): cards given with a movement order are played as the phase begins, the attack
cards with their attack, Deflección, Pura suerte and Táctica wait for their moment."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import RuleError
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.phases import END, INITIATIVE
from rules.rulesets.mekatac.state import MekaState
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka

RULES = MekatacRuleset()
MOVEMENT = RULES.table.phase("movement")


def duel(hand_a: tuple[str, ...] = (), hand_b: tuple[str, ...] = ()) -> MekaState:
    """A Sharpshot (rail gun F, 2D6, range 8; aimer) 4 hexes south of a Cockroach facing it (chain gun F, range 4),
    and a Myrmidon of side b far off; a moves first."""
    return game(meka("A", "0110", 0, "a", "Sharpshot"), meka("B", "0106", 3, "b", "Cockroach"),
                meka("M", "1601", 0, "b", "Myrmidon"), hands={"a": hand_a, "b": hand_b})


def play(state: MekaState, *orders: dict[str, Any], dice: ScriptedDice | None = None) -> Any:
    decoded = [RULES.decode_order(state, data) for data in orders]
    for order in decoded:
        RULES.check(state, order)
    return MOVEMENT.resolve(state, decoded, dice or ScriptedDice())


def reasons(outcome: Any) -> list[str]:
    return [getattr(event.reason, "code", "") for tick in outcome.reports[0].ticks for event in tick if event.reason]


def fire(*weapons: Any, card: str = "", target: str = "B") -> dict[str, Any]:
    return {"at": 0, "target": target, "weapons": list(weapons), **({"card": card} if card else {})}


def refused_code(state: MekaState, data: dict[str, Any]) -> str:
    with pytest.raises(RuleError) as refused:
        RULES.check(state, RULES.decode_order(state, data))
    return refused.value.code


def test_jaleo_and_blitz_add_4_and_8_mp_and_are_discarded() -> None:
    """"Jaleo Meka: Un Meka aumenta su movimiento en +4 puntos"; "Blitz Meka: … +8 puntos"."""
    state = game(meka("A", "0115", 0, "a", "Sharpshot"), meka("Z", "1601", 0, "b", "Myrmidon"),
                 hands={"a": ("jaleo", "blitz")})
    assert refused_code(state, {"unit": "A", "steps": ["F"] * 8}) == "mekatac.refuse_no_mp"  # size 3: 7 MP
    assert RULES.check(state, RULES.decode_order(state, {"unit": "A", "steps": ["F"] * 11, "cards": [
        {"card": "jaleo"}]}))["mp"] == 11
    played = play(state, {"unit": "A", "steps": ["F"] * 14, "cards": [{"card": "blitz"}]})
    assert played.state.unit("A").hex.label == "0101" and played.state.unit("A").extra_mp == 8
    assert played.state.hands["a"] == ("jaleo",) and played.state.discard == ("blitz",)
    assert "mekatac.card_mp" in reasons(played)


def test_a_card_not_in_the_hand_or_on_the_wrong_meka_is_refused() -> None:
    """Bad input: "a card not in the hand" and a card that names the wrong meka or weapon: a coded error."""
    state = duel(hand_a=("atascado", "ataque_oportunidad"))
    assert refused_code(state, {"unit": "A", "cards": [{"card": "blitz"}]}) == "mekatac.refuse_card_not_held"
    assert refused_code(state, {"unit": "A", "attacks": [fire(0, card="critico")]}) == "mekatac.refuse_card_not_held"
    assert refused_code(state, {"unit": "A", "cards": [{"card": "atascado", "target": "A"}]}) == \
        "mekatac.refuse_card_target"
    assert refused_code(state, {"unit": "A", "cards": [{"card": "ataque_oportunidad", "weapon": 1}]}) == \
        "mekatac.refuse_card_weapon"  # 1 is the aimer
    for bad in ({"card": "bogus"}, {"card": "disparo_apuntado"}, {"card": "atascado", "target": 3}):
        with pytest.raises(RuleError) as refused:
            RULES.decode_order(state, {"unit": "A", "cards": [bad]})
        assert refused.value.code == "order.malformed"


def test_atascado_stops_the_enemy_moving_this_turn() -> None:
    """"Atascado: Un Meka no puede mover este turno"."""
    state = duel(hand_a=("atascado",))
    played = play(state, {"unit": "A", "cards": [{"card": "atascado", "target": "M"}]},
                  {"unit": "M", "steps": ["L", "F"]})
    assert played.state.unit("M").hex.label == "1601" and played.state.unit("M").facing == 0
    assert "mekatac.card_stuck" in reasons(played)
    assert not END.resolve(played.state, (), ScriptedDice()).state.unit("M").stuck  # for this turn only


def test_duda_stops_the_enemy_attacking_this_turn() -> None:
    """"Duda: Un Meka no puede atacar este turno": its own attacks are refused, and it is offered no shot."""
    state = duel(hand_a=("duda",))
    played = play(state, {"unit": "A", "cards": [{"card": "duda", "target": "B"}], "steps": ["F"]},
                  {"unit": "B", "attacks": [fire(1, target="A")]})
    assert played.pending is None  # B, doubting, is asked nothing when A steps into its range
    assert "mekatac.attack_refused" in reasons(played) and played.state.unit("A").armour == 30


def test_salva_and_oportunidad_fire_a_weapon_once_more() -> None:
    """"Salva: El Meka tiene un ataque extra con todas sus armas"; "Ataque de oportunidad: Un Meka puede hacer un
    ataque extra con una de sus armas"."""
    state = duel(hand_a=("salva", "ataque_oportunidad"))
    assert refused_code(state, {"unit": "A", "attacks": [fire(0, 0)]}) == "mekatac.refuse_used"
    for card in ({"card": "salva"}, {"card": "ataque_oportunidad", "weapon": 0}):
        # need 6: 7, +1 half range, +1 aimer, -1 small target; each hit 2D6 = 2
        played = play(state, {"unit": "A", "cards": [card], "attacks": [fire(0, 0)]},
                      dice=ScriptedDice(10, 1, 1, 10, 1, 1))
        assert reasons(played).count("mekatac.attack_hit") == 2 and played.state.unit("B").armour == 26
        assert played.state.unit("A").ammo[0] == 8
    assert refused_code(state, {"unit": "A", "cards": [{"card": "salva"}], "attacks": [fire(0, 0, 0)]}) == \
        "mekatac.refuse_used"


def test_disparo_apuntado_hits_without_a_roll() -> None:
    """"Disparo apuntado: Un ataque impacta automáticamente": only the damage is rolled."""
    played = play(duel(hand_a=("disparo_apuntado",)), {"unit": "A", "attacks": [fire(0, card="disparo_apuntado")]},
                  dice=ScriptedDice(3, 4))
    assert "mekatac.attack_aimed" in reasons(played) and played.state.unit("B").armour == 23
    assert played.state.hands["a"] == () and played.state.discard == ("disparo_apuntado",)


def test_critico_rolls_once_more_on_the_critical_table() -> None:
    """"Crítico: Un ataque exitoso hace +1 críticos": a hit of 2 (no critical of its own) rolls one."""
    played = play(duel(hand_a=("critico",)), {"unit": "A", "attacks": [fire(0, card="critico")]},
                  dice=ScriptedDice(10, 1, 1, 11))
    assert "mekatac.critical_card" in reasons(played) and played.state.unit("B").criticals == ("no_effect",)


def test_deflexion_makes_the_first_hit_miss_and_pura_suerte_rolls_again() -> None:
    """"Deflección: Un ataque falla"; "Pura suerte: Puedes repetir una tirada" (the meka's first to-hit roll that
    misses). Both wait, secret, and leave the hand only when they act."""
    state = duel(hand_a=("pura_suerte",), hand_b=("deflexion",))
    played = play(state, {"unit": "A", "cards": [{"card": "pura_suerte"}], "attacks": [fire(0)]},
                  {"unit": "B", "cards": [{"card": "deflexion"}]}, dice=ScriptedDice(2, 9))
    codes = reasons(played)
    assert codes.index("mekatac.attack_rerolled") < codes.index("mekatac.attack_deflected")
    assert played.state.unit("B").armour == 30 and played.state.hands == {"a": (), "b": ()}
    kept = play(state, {"unit": "B", "cards": [{"card": "deflexion"}]})
    assert kept.state.hands["b"] == ("deflexion",)  # never needed: still held
    seen = RULES.view(kept.state, "player", "a")["units"]
    assert [unit["armed"] for unit in seen] == [[], [], []]
    assert RULES.view(kept.state, "player", "b")["units"][1]["armed"] == ["deflexion"]


def test_tactica_blocks_the_opponents_card_it_waits_for() -> None:
    """"Táctica: Bloquea una carta de acción del oponente": waiting for a Blitz, it lets the Jaleo through and
    blocks the Blitz, and the move its MP paid for stops where the MP end."""
    state = game(meka("A", "0116", 0, "a", "Sharpshot"), meka("M", "1601", 0, "b", "Myrmidon"),
                 hands={"a": ("jaleo", "blitz"), "b": ("tactica",)})
    played = play(state, {"unit": "A", "steps": ["F"] * 15, "cards": [{"card": "jaleo"}, {"card": "blitz"}]},
                  {"unit": "M", "cards": [{"card": "tactica", "blocks": "blitz"}]})
    codes = reasons(played)
    assert codes.count("mekatac.card_mp") == 1 and "mekatac.card_blocked" in codes
    assert "mekatac.move_idle" in codes and played.state.unit("A").hex.label == "0105"  # 7 + 4 MP
    assert sorted(played.state.discard) == ["blitz", "jaleo", "tactica"]
    assert RULES.view(state, "spectator", None)["tacticas"] == {}


def test_a_card_played_twice_with_one_in_the_hand_is_played_once() -> None:
    state = game(meka("A", "0115", 0, "a", "Sharpshot"), meka("C", "0315", 0, "a", "Sharpshot"),
                 meka("Z", "1601", 0, "b", "Myrmidon"), hands={"a": ("jaleo",)})
    played = play(state, {"unit": "A", "cards": [{"card": "jaleo"}]}, {"unit": "C", "cards": [{"card": "jaleo"}]})
    assert "mekatac.card_gone" in reasons(played) and played.state.unit("C").extra_mp == 0


def test_iniciativa_adds_10_to_the_next_roll() -> None:
    """"Iniciativa: Un Meka recibe +10 a su tirada de iniciativa": played with this turn's order (orders come
    after this turn's roll), it counts in the next."""
    played = play(duel(hand_a=("iniciativa",)), {"unit": "A", "cards": [{"card": "iniciativa"}]})
    after = END.resolve(played.state, (), ScriptedDice()).state
    rolled = INITIATIVE.resolve(after, (), ScriptedDice(1, 9, 5))
    assert rolled.state.initiative["A"] == 1 + 2 + 10 and rolled.state.order[-1] == "A"
    assert rolled.state.unit("A").initiative_bonus == 0
