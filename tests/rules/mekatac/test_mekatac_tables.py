"""The MEKATAC tables and the 30 designs ("TAMAÑO", "SISTEMAS", "DESCRIPCIONES DE MEKAS"), and the builder's
refusals ("Mekas medios pueden equiparse con Jets al coste de tamaño = 2. Los Mekas grandes no pueden
equiparse con Jets.", "Alas / Transformer: -20% del blindaje total estándar")."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.rulesets.mekatac.designs import DESIGNS, build, shipped
from rules.rulesets.mekatac.tables import CRITICALS, MELEE, SIZES, SYSTEMS


def test_the_size_table_row_by_row() -> None:
    # TAMAÑO / PUNTOS DE MOVIMIENTO / BLINDAJE / CLASE / INICIATIVA
    rows = {size: (row.mp, row.armour, row.size_class, row.initiative) for size, row in SIZES.items()}
    assert rows == {
        2: (8, 20, "small", 3), 3: (7, 30, "small", 2), 4: (7, 40, "small", 1), 5: (6, 50, "medium", 1),
        6: (6, 60, "medium", 0), 7: (5, 70, "medium", 0), 8: (5, 80, "medium", -1), 9: (4, 90, "large", -1),
        10: (4, 100, "large", -2), 11: (3, 110, "large", -3), 12: (3, 120, "large", -4),
    }


@pytest.mark.parametrize("key, size, damage, reach, ammo", [
    # Armas de rayos, Lanzamisiles, Armas balísticas, Armas de Plasma, Lanzallamas, Mortero (SISTEMAS)
    ("lasrifle", 1, (1, 4), 6, None), ("lascanon", 2, (1, 8), 9, None), ("cpp", 3, (1, 12), 12, None),
    ("missile_s", 1, (1, 10), 12, 6), ("missile_m", 1, (2, 10), 18, 3), ("missile_l", 1, (3, 10), 24, 2),
    ("missile_xl", 1, (4, 10), 30, 1),
    ("chain_gun", 1, (1, 6), 4, 12), ("rail_gun", 2, (2, 6), 8, 10), ("rail_cannon", 3, (3, 6), 12, 8),
    ("siege_cannon", 4, (4, 6), 16, 6),
    ("plasgun", 1, (1, 10), 2, None), ("plasma_projector", 2, (2, 10), 3, None), ("plasma_cannon", 3, (3, 10), 4, None),
    ("fusion_cannon", 4, (4, 10), 6, None),
    ("flamer_s", 1, (1, 4), 1, 8), ("flamer_m", 2, (1, 8), 2, 6), ("flamer_l", 3, (1, 12), 3, 4),
    ("mortar_s", 1, (1, 8), 6, 12), ("mortar_m", 2, (2, 8), 8, 10), ("mortar_l", 3, (3, 8), 10, 8),
])
def test_each_weapon_of_the_systems_tables(key: str, size: int, damage: tuple[int, int], reach: int,
                                           ammo: int | None) -> None:
    system = SYSTEMS[key]
    assert (system.size, (system.dice, system.sides), system.range, system.ammo) == (size, damage, reach, ammo)


def test_the_other_systems_cost_one_and_the_melee_table_by_class() -> None:
    # OTROS SISTEMAS: every one of size 1; TABLA DE DAÑOS CUERPO A CUERPO: puño, patada, arma blanca
    assert {key: SYSTEMS[key].size for key in ("armour", "bomb", "blade", "aimer", "four_legs", "jump_jets",
                                               "wings", "transformer")} == dict.fromkeys(
        ("armour", "bomb", "blade", "aimer", "four_legs", "jump_jets", "wings", "transformer"), 1)
    assert MELEE == {"small": {"punch": (1, 4), "kick": (1, 6), "blade": (1, 8)},
                     "medium": {"punch": (1, 6), "kick": (1, 8), "blade": (2, 6)},
                     "large": {"punch": (1, 8), "kick": (1, 10), "blade": (2, 8)}}


def test_the_critical_table_on_1d12() -> None:
    assert [CRITICALS[face] for face in range(1, 13)] == [
        "leg_destroyed", "pilot_wounded", "leg_damaged", "weapon", "weapon", "reactor", "computer", "shock", "fall",
        "electrical_fire", "no_effect", "no_effect"]


def test_all_thirty_designs_of_the_text_fit_their_size() -> None:
    assert len(DESIGNS) == 30
    assert sorted({design.size for design in DESIGNS.values()}) == list(range(2, 13))
    for design in DESIGNS.values():
        assert sum(mount.system.size if mount.system.key != "jump_jets" else 1 for mount in design.mounts) <= design.size


@pytest.mark.parametrize("name, armour, mp, weapons", [
    ("Imp", 16, 8, ["F"]),  # Alas: 20 less 20% of 20
    ("Cockroach", 30, 8, ["F"]),  # 1 Blindaje: +10
    ("Hedgehog", 40, 7, ["F", "I", "D", "T"]),
    ("Wardog", 40, 9, ["F", "F"]),  # Cuatro patas: Movimiento +2; Mandíbula is a blade
    ("Cyclops", 100, 5, ["F"]),  # 3 Blindaje
    ("Demoness", 64, 5, ["D", "I", "D", "I"]),  # Alas: 80 less 16
    ("Manticore", 90, 6, ["T", "I", "D", "F", "F", "F", "F"]),
    ("Titanicus", 120, 3, ["D", "I", "F", "F", "F", "F"]),
])
def test_designs_armour_mp_and_arcs(name: str, armour: int, mp: int, weapons: list[str]) -> None:
    design = shipped(name)
    assert (design.armour, design.walk_mp, [mount.arc for _, mount in design.weapons]) == (armour, mp, weapons)


def test_the_kamikazee_carries_the_bomb_without_an_arc() -> None:
    assert [(mount.system.key, mount.arc) for mount in shipped("Kamikazee").mounts] == [("wings", ""), ("bomb", "")]


@pytest.mark.parametrize("size, systems, code", [
    (2, [("lascanon", "F"), ("lasrifle", "F")], "design.over_size"),  # 3 of size 2
    (5, [("jump_jets", ""), ("fusion_cannon", "F")], "design.over_size"),  # medium jets cost 2: 6 of 5
    (9, [("jump_jets", ""), ("lasrifle", "F")], "design.large_jets"),  # "Los Mekas grandes no pueden"
    (13, [], "design.size"),
    (4, [("laser", "F")], "design.unknown_system"),
    (4, [("lasrifle", "X")], "design.arc"),
    (4, [("armour", "F")], "design.arc"),
])
def test_the_builder_refuses_with_the_rule(size: int, systems: list[tuple[str, str]], code: str) -> None:
    with pytest.raises(RuleError) as refused:
        build("Test", size, systems)
    assert refused.value.code == code and refused.value.params["design"] == "Test"


def test_medium_jets_cost_two_and_small_jets_one() -> None:
    assert build("Hopper", 5, [("jump_jets", ""), ("rail_cannon", "F")]).size == 5  # 2 + 3
    assert build("Flea", 2, [("jump_jets", ""), ("lasrifle", "F")]).size == 2  # 1 + 1


def test_a_transformer_loses_a_fifth_of_the_standard_armour_but_not_of_its_armour_systems() -> None:
    assert build("Shifter", 6, [("transformer", ""), ("armour", ""), ("rail_gun", "F")]).armour == 60 - 12 + 10
    with pytest.raises(RuleError) as unknown:
        shipped("Atlas")
    assert unknown.value.code == "design.unknown"
