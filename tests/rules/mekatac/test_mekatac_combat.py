"""MEKATAC attacks: "ATAQUES" (7+ on 1D10 and each modifier), "ARCOS DE DISPARO", "NOTAS SOBRE LAS ARMAS",
"TABLA DE DAÑOS CUERPO A CUERPO", and the damage a hit does."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.rulesets.mekatac.combat import aim
from rules.rulesets.mekatac.strike import attack
from rules.rulesets.mekatac.sight import arcs_of, cover_quarters
from tests.rules.mekatac.mekatac_helpers import ScriptedDice, game, meka


def need(state, unit: str = "A", target: str = "B", weapon: int | str = 0) -> int:  # type: ignore[no-untyped-def]
    return aim(state, unit, target, weapon).need


def duel(target_at: str = "0805", target_design: str = "Samurai", design: str = "Myrmidon", **fields):  # type: ignore[no-untyped-def]
    terrain = fields.pop("terrain", None)
    target_fields = fields.pop("target_fields", {})
    return game(meka("A", "0810", 0, "a", design, **fields), meka("B", target_at, 3, "b", target_design, **target_fields),
                terrain=terrain)


def test_a_plain_shot_needs_7_on_1d10() -> None:
    # "Los ataques impactan con una tirada de 7+ en 1D10": a Lascañón (range 9) at 5 hexes, a medium target.
    assert need(duel()) == 7


def test_half_range_and_adjacent_are_bonuses_and_do_not_add_up() -> None:
    # "a la mitad de esta distancia reciben un bono de +1"; "a casillas adyacentes … +2"
    assert need(duel("0806")) == 6  # 4 hexes: 4.5 is half of 9
    assert need(duel("0809")) == 5  # adjacent: +2 (not +3 with half range too)


def test_target_size_class() -> None:
    # "Disparar a un Meka pequeño … -1, … a un Meka grande … +1"
    assert need(duel(target_design="Cockroach")) == 8
    assert need(duel(target_design="Destromatic")) == 6


def test_flying_or_jumping_target_is_easier() -> None:
    # "Los Meckas que vuelan o saltan reciben un +1 para ser impactados"
    assert need(duel(target_fields={"airborne": "jump"})) == 6
    assert need(duel(target_fields={"airborne": "fly"})) == 6


@pytest.mark.parametrize("terrain, expected", [
    ({"0805": (0, "woods:1")}, 8),  # light woods in its hex: 25%
    ({"0805": (0, "woods:2")}, 9),  # heavy woods: 50%
    ({"0805": (0, "woods:2"), "0807": (0, "woods:1")}, 10),  # and woods between: 75%
    ({"0805": (0, "woods:2"), "0807": (0, "woods:1"), "0806": (1, "")}, 10),  # never past 75%
    ({"0806": (1, "")}, 8),  # a rise in front of it
])
def test_partial_cover_read_from_the_board(terrain: dict[str, tuple[int, str]], expected: int) -> None:
    # "Cobertura parcial del 25%: -1 … 50%: -2 … 75%: -3" (our reading of the board: sight.py)
    assert need(duel(terrain=terrain)) == expected


def test_no_cover_in_the_air() -> None:
    board = duel(terrain={"0805": (0, "woods:2")}).board
    assert cover_quarters(board, Hex.parse("0810"), Hex.parse("0805"), airborne=True) == 0


def test_aimer_plasma_flamer_and_computer() -> None:
    # "Apuntador: +1 a impactar con un ataque a distancia" (Sharpshot's Rail Gun, range 8, at 5 hexes)
    assert need(duel(design="Sharpshot")) == 6
    # "Las armas de plasma y los lanzallamas dan un +1 para impactar" (Reaper's Plasgun, index 2, range 2)
    assert need(duel("0808", design="Reaper"), weapon=2) == 6
    # TABLA DE DAÑO CRÍTICO 7: "El Meka tiene un -1 a impactar en todos los ataques"
    assert need(duel(computer=1)) == 8


def test_arcs_of_90_degrees_around_the_facing() -> None:
    # "Todas las armas tienen un ángulo de tiro de 90 grados": F, D (right), T, I (left)
    centre = Hex.parse("0808")
    assert [sorted(arcs_of(centre, centre.neighbour(facing), 0)) for facing in range(6)] == [
        ["F"], ["D"], ["D"], ["T"], ["I"], ["I"]]
    assert arcs_of(centre, Hex.parse("0608"), 0) == {"I"}  # due west
    assert arcs_of(centre, Hex.parse("1108"), 0) == {"D"}  # 3 columns east, half a hex south
    # No hex centre lies on a boundary (45° would need 1.5 × columns = √3 × rows), so every hex is in one arc.
    assert all(len(arcs_of(centre, other, facing)) == 1 for other in centre.ring(4) for facing in range(6))


def test_a_weapon_fires_only_into_its_arc() -> None:
    # Gunslinger: 2 Lasrifles (I+D); a target straight ahead is in neither
    with pytest.raises(RuleError) as refused:
        need(duel("0807", design="Gunslinger"))
    assert refused.value.code == "mekatac.refuse_arc"
    assert need(duel("0610", design="Gunslinger")) == 6  # due west, 2 hexes: half range of 6


@pytest.mark.parametrize("fields, code", [
    ({"used": frozenset({0})}, "mekatac.refuse_used"),  # "cada una de sus armas una vez por turno"
    ({"broken": frozenset({0})}, "mekatac.refuse_broken"),
    ({"down_until": 1}, "mekatac.refuse_attacker_out"),  # fall: "No puede mover ni disparar"
])
def test_a_weapon_that_cannot_fire(fields: dict[str, object], code: str) -> None:
    with pytest.raises(RuleError) as refused:
        need(duel(**fields))
    assert refused.value.code == code


def test_plasma_fires_every_other_turn_and_ammunition_runs_out() -> None:
    # "Las armas de plasma solo pueden dispararse una vez cada dos turnos"
    cooling = game(meka("A", "0810", 0, "a", "Reaper", plasma_fired={2: 1}), meka("B", "0808", 3, "b", "Samurai"),
                   turn=2)
    with pytest.raises(RuleError) as refused:
        need(cooling, weapon=2)
    assert refused.value.code == "mekatac.refuse_plasma_cooling"
    ready = game(meka("A", "0810", 0, "a", "Reaper", plasma_fired={2: 1}), meka("B", "0808", 3, "b", "Samurai"), turn=3)
    assert need(ready, weapon=2) == 6
    with pytest.raises(RuleError) as empty:
        need(duel(design="Ranger", ammo={1: 0}), weapon=1)
    assert empty.value.code == "mekatac.refuse_no_ammo"


def test_range_and_sight() -> None:
    # "Los alcances de las tablas representan las distancias consideradas largo alcance": 9 is the farthest
    assert need(duel("0801")) == 7
    with pytest.raises(RuleError) as out:
        need(duel("0801", design="Cockroach"), weapon=1)  # Chain Gun, range 4
    assert out.value.code == "mekatac.refuse_out_of_range"
    with pytest.raises(RuleError) as blocked:
        need(duel(terrain={"0807": (0, "building:2")}))
    assert blocked.value.code == "mekatac.refuse_no_sight"


def test_a_mortar_fires_indirectly_when_a_friend_sees_the_target() -> None:
    # "Los morteros pueden hacer fuego indirecto" (our reading: a friendly meka in sight of the target spots)
    wall = {"0807": (0, "building:2")}
    alone = game(meka("A", "0810", 0, "a", "Grenaider"), meka("B", "0805", 3, "b", "Samurai"), terrain=wall)
    with pytest.raises(RuleError):
        need(alone, weapon=1)
    spotted = game(meka("A", "0810", 0, "a", "Grenaider"), meka("S", "1005", 0, "a", "Myrmidon"),
                   meka("B", "0805", 3, "b", "Samurai"), terrain=wall)
    shot = aim(spotted, "A", "B", 1)
    assert shot.need == 7 and [why.code for _, why in shot.modifiers] == ["mekatac.mod_indirect"]  # type: ignore[attr-defined]


def test_a_hit_spends_the_weapon_and_takes_armour_off() -> None:
    state = duel(design="Ranger")  # Lanzamisiles pequeño, 1D10, 6 shots
    after, events = attack(state, "A", "B", 1, ScriptedDice(9, 7))
    assert after.unit("A").used == {1} and after.unit("A").ammo[1] == 5
    assert after.unit("B").armour == 50 - 7 and [event.kind for event in events] == ["attack", "armour"]
    again, refused = attack(after, "A", "B", 1, ScriptedDice())
    assert again == after and refused[0].kind == "refused"
    assert refused[0].reason.params["why"].code == "mekatac.refuse_used"  # type: ignore[attr-defined]


def test_a_miss_spends_the_weapon_too() -> None:
    after, events = attack(duel(design="Ranger"), "A", "B", 1, ScriptedDice(5))  # needs 6: half range
    assert after.unit("B").armour == 50 and after.unit("A").used == {1} and events[0].reason.code == "mekatac.attack_miss"  # type: ignore[attr-defined]


@pytest.mark.parametrize("design, weapon, side, faces, damage", [
    ("Duelist", 0, 5, (9, 7), 7),  # small, Arma Blanca 1D8; the Espada bears left (I): the hex to the north-west
    ("Duelist", "punch", 0, (9, 3), 3),  # small, Puño 1D4, the hex ahead
    ("Samurai", "kick", 0, (9, 8), 8),  # medium, Patada 1D8
    ("Samurai", 1, 1, (9, 5, 6), 11),  # medium, Arma Blanca 2D6; the Sword bears right (D): north-east
    ("Manticore", "punch", 0, (9, 8), 8),  # large, Puño 1D8
])
def test_melee_damage_by_size(design: str, weapon: int | str, side: int, faces: tuple[int, ...], damage: int) -> None:
    # "TABLA DE DAÑOS CUERPO A CUERPO"; a blade's arc is the design's
    target_at = Hex.parse("0810").neighbour(side).label
    state = game(meka("A", "0810", 0, "a", design), meka("B", target_at, 3, "b", "Cyclops"))
    after, events = attack(state, "A", "B", weapon, ScriptedDice(*faces, 11))
    assert events[0].damage == damage and after.unit("A").melee_used


def test_one_melee_attack_per_turn() -> None:
    state = game(meka("A", "0810", 0, "a", "Samurai", melee_used=True), meka("B", "0809", 3, "b", "Cyclops"))
    with pytest.raises(RuleError) as refused:
        need(state, weapon="kick")
    assert refused.value.code == "mekatac.refuse_melee_used"


def test_the_bomb_destroys_the_bomber_and_hits_every_adjacent_meka() -> None:
    # "Todos los Mekas en un espacio adyacente sufren 6D10 de daño" (both sides)
    state = game(meka("A", "0810", 0, "a", "Kamikazee"), meka("F", "0811", 0, "a", "Cyclops"),
                 meka("B", "0809", 3, "b", "Cyclops"), meka("C", "0805", 3, "b", "Cyclops"))
    after, events = attack(state, "A", "", 1, ScriptedDice(1, 1, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3, 11))  # 18: a critical roll
    assert after.unit("A").destroyed and after.unit("C").armour == 100
    assert after.unit("B").armour == 100 - 7 and after.unit("F").armour == 100 - 18
    assert [event.kind for event in events][0] == "bomb"
