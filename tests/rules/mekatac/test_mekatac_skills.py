"""MEKATAC pilot skills, "HABILIDADES DE LOS PILOTOS" (1D12): each line's effect in play, once a turn where the
text says "por turno" (rules/rulesets/mekatac/skills.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rules.core.dice import Dice

from rules.core.errors import RuleError
from rules.rulesets.mekatac import MekatacRuleset
from rules.rulesets.mekatac.cards import draw_phase
from rules.rulesets.mekatac.combat import aim
from rules.rulesets.mekatac.movement import budget
from rules.rulesets.mekatac.phases import END, INITIATIVE
from rules.rulesets.mekatac.skills import learn, trained
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.strike import attack
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka

RULES = MekatacRuleset()


def shooter(*skills: str, at: str = "0110", design: str = "Sharpshot") -> Meka:
    """A Sharpshot (rail gun F: ballistic, 2D6; aimer) facing north."""
    return trained(meka("A", at, 0, "a", design), skills)


def duel(a: Meka, *b_skills: str, design: str = "Cockroach") -> MekaState:
    return game(a, trained(meka("B", "0106", 3, "b", design), b_skills))


def codes(modifiers: tuple[tuple[int, str], ...]) -> list[str]:
    return [str(getattr(why, "code", "")) for _, why in modifiers]


def test_punteria_and_guia_add_1_to_one_attack_a_turn() -> None:
    """"Puntería: Un ataque balístico por turno gana un +1"; "Guía: Un ataque de misil por turno gana un +1"."""
    plain, skilled = duel(shooter()), duel(shooter("punteria"))
    assert aim(skilled, "A", "B", 0).need == aim(plain, "A", "B", 0).need - 1
    after, _ = attack(skilled, "A", "B", 0, ScriptedDice(1))
    assert after.unit("A").skill_used == {"punteria"}
    guide = duel(shooter("guia", design="Guardian"))  # chain gun F (ballistic), small missiles F
    assert "mekatac.mod_skill" in codes(aim(guide, "A", "B", 1).modifiers)
    assert "mekatac.mod_skill" not in codes(aim(guide, "A", "B", 0).modifiers)


def test_agilidad_dodges_a_ranged_hit_on_1_to_3() -> None:
    """"Agilidad: Esquiva un ataque a distancia por turno con una tirada de 1 a 3 en 1D6"."""
    dodged, events = attack(duel(shooter(), "agilidad"), "A", "B", 0, ScriptedDice(10, 3))
    assert dodged.unit("B").armour == 30 and dodged.unit("B").skill_used == {"agilidad"}
    assert [event.reason.code for event in events if event.kind == "attack"] == ["mekatac.skill_dodge"]
    hit, _ = attack(duel(shooter(), "agilidad"), "A", "B", 0, ScriptedDice(10, 4, 1, 1))
    assert hit.unit("B").armour == 28


def test_parada_blocks_a_melee_hit_on_1_to_3() -> None:
    """"Parada: Bloquea un ataque cuerpo a cuerpo por turno con una tirada de 1 a 3 en 1D6"."""
    blocked, _ = attack(duel(shooter(at="0107"), "parada"), "A", "B", "punch", ScriptedDice(10, 1))
    assert blocked.unit("B").armour == 30


def test_artes_marciales_gives_one_more_punch_or_kick() -> None:
    """"Artes marciales: Un puñetazo extra (-1 a impactar) o una patada (-2 a impactar) por turno"."""
    state = duel(shooter("artes_marciales", at="0107"))
    after, _ = attack(state, "A", "B", "punch", ScriptedDice(1))
    kick = aim(after, "A", "B", "kick")
    assert (-2, "mekatac.mod_skill") in [(value, str(why.code)) for value, why in kick.modifiers]  # type: ignore[attr-defined]
    twice, _ = attack(after, "A", "B", "kick", ScriptedDice(1))
    with pytest.raises(RuleError) as refused:
        aim(twice, "A", "B", "punch")
    assert refused.value.code == "mekatac.refuse_melee_used"


def test_katas_gives_one_more_blade_attack() -> None:
    """"Katas con armas: Un ataque extra con arma blanca con -2 a impactar" (the Wardog's jaws, F)."""
    state = duel(trained(meka("A", "0107", 0, "a", "Wardog"), ("katas",)))
    after, _ = attack(state, "A", "B", 1, ScriptedDice(1))
    assert aim(after, "A", "B", 1).need == aim(state, "A", "B", 1).need + 2
    plain, _ = attack(duel(meka("A", "0107", 0, "a", "Wardog")), "A", "B", 1, ScriptedDice(1))
    with pytest.raises(RuleError):
        aim(plain, "A", "B", 1)


def test_artilleria_fires_a_ballistic_weapon_once_more() -> None:
    """"Artillería: Consigue un ataque balístico extra por turno con -2 para impactar"."""
    state = duel(shooter("artilleria"))
    order = RULES.decode_order(state, {"unit": "A", "attacks": [{"at": 0, "target": "B", "weapons": [0, 0]}]})
    assert RULES.check(state, order)["mp"] == 0
    after, _ = attack(state, "A", "B", 0, ScriptedDice(1))
    assert aim(after, "A", "B", 0).need == aim(state, "A", "B", 0).need + 2


def test_maniobrabilidad_adds_1_mp() -> None:
    """"Maniobrabilidad: +1 puntos de movimiento"."""
    assert budget(shooter("maniobrabilidad"), "walk") == budget(shooter(), "walk") + 1


def test_tacticas_adds_2_to_initiative_and_draws_one_more_card() -> None:
    """"Tácticas: Tirada de iniciativa +2 y puede tomar una carta más"."""
    state = game(shooter("tacticas"), meka("B", "0106", 3, "b", "Cockroach"), phase="initiative")
    rolled = INITIATIVE.resolve(state, (), ScriptedDice(5, 9))
    assert rolled.state.initiative["A"] == 5 + 2 + 2
    assert rolled.reports[0].ticks[0][0].reason.code == "mekatac.initiative_bonus"
    drawn, _ = draw_phase(state, ScriptedDice(*[1] * 47))
    assert len(drawn.hands["a"]) == 4 and len(drawn.hands["b"]) == 3


def test_golpe_brutal_adds_1_to_melee_damage() -> None:
    """"Golpe brutal: Ataques cuerpo a cuerpo hacen +1 al daño" (a small meka's punch: 1D4)."""
    after, _ = attack(duel(shooter("golpe_brutal", at="0107")), "A", "B", "punch", ScriptedDice(10, 3))
    assert after.unit("B").armour == 30 - 4  # 20, +10 its armour system


def test_ataque_preciso_makes_the_first_ranged_hit_critical() -> None:
    """"Ataque preciso: 1 ataque a distancia por turno que impacte es un impacto crítico" (a hit of 2)."""
    after, _ = attack(duel(shooter("ataque_preciso")), "A", "B", 0, ScriptedDice(10, 1, 1, 12))
    assert after.unit("B").criticals == ("no_effect",) and after.unit("A").skill_used == {"ataque_preciso"}


def test_skills_are_ready_again_next_turn() -> None:
    after, _ = attack(duel(shooter("punteria")), "A", "B", 0, ScriptedDice(1))
    assert END.resolve(after, (), ScriptedDice()).state.unit("A").skill_used == frozenset()


def test_a_skill_is_learnt_on_1d12_and_a_held_one_rolled_again() -> None:
    """"Tras una gran batalla … un piloto puede conseguir una habilidad al azar" (D12)."""
    assert learn((), ScriptedDice(7)) == ("tacticas",)
    assert learn(("tacticas",), ScriptedDice(7, 12)) == ("tacticas", "mecanico")
    with pytest.raises(RuleError) as refused:
        trained(shooter(), ("flying",))
    assert refused.value.code == "mekatac.refuse_skill"


def test_mecanico_starts_the_game_with_one_more_upgrade_card() -> None:
    """"Mecánico: Empieza el juego con una carta de mejora extra" (12); "Antes del despliegue cada jugador toma 4
    cartas del mazo de mejoras" ("BARAJA DE MEJORAS"): its side is dealt 5, the other 4, from the one deck."""
    start = replace(game(shooter("mecanico", at="0114"), meka("A2", "0314", 0, "a", "Reaper"),
                         meka("B", "0102", 3, "b", "Cockroach"), phase="cards"),
                    options={"turn_limit": 0, "decks": "on"})
    dealt = RULES.resolve_phase(start, [], Dice("mecanico"))
    upgrades = dealt.state.upgrades
    assert [len(upgrades["a"]), len(upgrades["b"])] == [5, 4]
    assert [len(dealt.state.strategies[side]) for side in "ab"] == [4, 4]
    assert max(Counter(upgrades["a"] + upgrades["b"]).values()) <= 2  # "La baraja contiene 2 cartas de cada tipo"
    said = [event.reason for tick in dealt.reports[0].ticks for event in tick if event.kind == "cards"
            and "upgrade" in event.reason]
    assert [getattr(reason, "code", "") for reason in said] == ["mekatac.prepare_dealt_mecanico",
                                                                 "mekatac.prepare_dealt"]
    # All five may be played in the preparation order (with the four strategies, nine cards).
    cards = [{"card": card, "meka": "A"} for card in upgrades["a"]]
    order = RULES.decode_order(dealt.state, {"unit": "A", "cards": cards})
    assert len(order.cards) == 5
    plain = replace(start, units=(replace(start.units[0], skills=()), *start.units[1:]))
    assert len(RULES.resolve_phase(plain, [], Dice("mecanico")).state.upgrades["a"]) == 4
