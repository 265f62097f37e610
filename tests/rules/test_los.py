"""Line of sight (Solaris VII, 'Reglas dudosas, la LdV'). Each test names the paragraph it checks.

Most cases look straight up a column: the attacker in 0510 and the target in 0505, so the
intervening hexes are 0509 (next to the attacker), 0508, 0507 and 0506 (next to the target).
"""

import pytest
from hypothesis import given, strategies as st

from rules.core.board import board_from_cells
from rules.core.errors import RuleError
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.sight.los import line_of_sight, unit_height
from rules.battletech.units import Unit


def board(**cells):
    """``board(h0509=(2, ""), h0507=(0, "woods:1"))`` → a 16×17 board."""
    hexes = {name[1:]: {"level": level, "terrain": terrain} for name, (level, terrain) in cells.items()}
    return board_from_cells(16, 17, hexes)


def mech(label, unit_id="M", **fields):
    return Unit(unit_id, Hex.parse(label), 0, **fields)


def los(where, attacker="0510", target="0505", **options):
    target_unit = mech(target, "T") if isinstance(target, str) else target
    attacker_unit = mech(attacker, "A") if isinstance(attacker, str) else attacker
    return line_of_sight(where, attacker_unit, target_unit, **options)


def labels(result):
    return [hex_.label for hex_ in result.hexes]


# 'Línea de Visión' and 'Altura'

def test_unit_heights():
    """'Los BattleMechs en pie se elevan 1 nivel sobre el nivel de altura del hexágono … Los BattleMechs
    tumbados tienen la misma elevación que el hexágono en el que están, al igual que el resto de
    unidades'; 'un BattleMech en el agua permanece en el fondo'; 'Los hovercrafts que se mueven sobre
    el agua … se consideran a nivel 0'."""
    terrain = board(h0505=(2, ""), h0606=(0, "water:2"))
    assert unit_height(terrain, mech("0505")) == 3
    assert unit_height(terrain, mech("0505", prone=True)) == 2
    assert unit_height(terrain, mech("0505", kind="tracked")) == 2
    assert unit_height(terrain, mech("0606")) == -1
    assert unit_height(terrain, mech("0606", kind="hover")) == 0


def test_a_unit_at_an_elevation_stands_that_high():
    """Maximum Tech climbing, as the movement text gives it: 'se tratará el Mech como si estuviera de pie
    en el hexágono que ocupa y a la altura que esté escalando en ese momento'. Movement records that
    height (and a building floor) as the unit's elevation, which line of sight reads."""
    hill_between = board(h0508=(2, ""))
    assert not los(hill_between).los
    assert los(hill_between, attacker=mech("0510", "A", elevation=2)).los
    assert unit_height(board(h0606=(0, "water:2")), mech("0606", elevation=-2)) == -1


def test_open_ground_gives_clear_los_listing_the_intervening_hexes():
    result = los(board())
    assert result.los and result.modifier == 0 and not result.partial_cover and not result.split
    assert labels(result) == ["0509", "0508", "0507", "0506"]
    assert result.rule == "standard" and result.reasons


def test_units_never_block():
    """'Unidades: Las unidades intervinientes no tienen efecto en la LdV o los ataques.'"""
    state = GameState(board(), (mech("0510", "A"), mech("0507", "X"), mech("0505", "T")))
    assert line_of_sight(state, state.unit("A"), state.unit("T")).los


def test_an_adjacent_hill_does_not_hide_a_mech_standing_on_it():
    """Diagram 1, mech B: 'tiene una LdV clara con el 'Mech B, ya que la colina de nivel 2 que éste
    ocupa no cuenta … al estar adyacente' (the hexes of attacker and target never count)."""
    assert los(board(h0509=(2, "")), target="0509").los


def test_a_hill_higher_than_both_blocks():
    """Diagram 1, mech C: 'bloqueada por esa misma colina, dado que es interviniente y es más alta
    tanto que el atacante como que su objetivo.'"""
    result = los(board(h0508=(2, "")))
    assert not result.los and "0508" in " ".join(result.reasons)


def test_a_hill_as_high_as_the_mechs_does_not_block():
    """Diagram 1, mech E: 'pasa a través de una colina de altura 1 y un bosque disperso, por lo que no
    está bloqueada' (the light woods, 2 levels above level 0, do intervene: +1)."""
    result = los(board(h0508=(1, ""), h0507=(0, "woods:1")))
    assert result.los and result.modifier == 1


def test_woods_next_to_the_attacker_intervene_heavy_woods_below_the_target_do_not():
    """Diagram 1, mech F on a level 1 hill (height 2): the light woods next to A are higher than A
    and intervene; the heavy woods next to F are not higher than F and do not: one light woods, LOS."""
    result = los(board(h0505=(1, ""), h0509=(0, "woods:1"), h0506=(0, "woods:2")))
    assert result.los and result.modifier == 1


def test_three_light_woods_block():
    """Diagram 1, mech G: 'bloqueada por que hay tres hexágonos de bosque disperso'."""
    assert not los(board(h0509=(0, "woods:1"), h0508=(0, "woods:1"), h0507=(0, "woods:1"))).los


@pytest.mark.parametrize("woods, seen, modifier", [
    (["woods:1", "woods:1"], True, 2),
    (["woods:2"], True, 2),
    (["woods:2", "woods:2"], False, 0),
    (["woods:2", "woods:1"], False, 0),
    (["smoke:1"], True, 2),
    (["smoke:1", "woods:1"], False, 0),
    (["rough:1;smoke:1", "rubble:1", "pavement:1"], True, 2),
])
def test_woods_and_smoke_counts(woods, seen, modifier):
    """'Bosques densos: Dos o más hexágonos de bosque denso bloquean la LdV. Un hexágono de bosque
    denso combinado con uno (o más) … disperso también'; +1 light, +2 heavy each; 'Humo: … como un
    hexágono de bosque denso'; rubble and the like have no height ('no lo harían los escombros')."""
    cells = {f"h050{9 - index}": (0, terrain) for index, terrain in enumerate(woods)}
    result = los(board(**cells))
    assert (result.los, result.modifier) == (seen, modifier)


def test_swamp_uses_the_terrain_under_it():
    """'Se usará la característica original del terreno para determinar la línea de vista.'"""
    assert los(board(h0508=(0, "woods:1;swamp:1"))).modifier == 1
    assert los(board(h0508=(0, "swamp:1"))).modifier == 0


def test_an_intervening_building_blocks_only_when_it_intervenes():
    """'Edificios: Se elevan sobre el hexágono … un número de niveles igual al nivel mostrado' and
    'Los edificios que interfieren en la LdV la bloquean.'"""
    assert not los(board(h0508=(0, "building:2;bldg_cf:40;bldg_elev:2"))).los
    assert los(board(h0508=(0, "building:2;bldg_cf:40;bldg_elev:1"))).los


def test_a_bridge_deck_blocks_like_a_building_when_it_intervenes():
    """The text is silent on bridges; a deck is a feature with height ('Sólo aquellas características
    del terreno que tienen altura, como árboles y edificios, pueden interferir en la LdV')."""
    assert not los(board(h0508=(0, "water:1;bridge:2;bridge_elev:2"))).los
    assert los(board(h0508=(0, "water:1;bridge:2;bridge_elev:1"))).los


def test_case_a_a_hex_two_levels_above_the_target_hides_it_from_any_height():
    """'Caso A) Un Mech de pie adyacente a un hexágono 2 niveles de elevación superior interpuesto entre
    él y un posible atacante bloquea la LdV sea cual sea la altura del atacante, a no ser que éste esté
    adyacente a su objetivo' — even an attacker at height 7."""
    terrain = board(h0510=(6, ""), h0506=(2, ""))
    assert not los(terrain).los
    assert los(terrain, attacker="0605").los


# 'Si la LdV pasa exactamente entre dos hexágonos …'

SPLIT = dict(attacker="0102", target="0302")  # runs exactly between 0201 (left) and 0202 (right)


def test_a_split_line_defaults_to_the_side_worse_for_the_attacker_and_says_a_choice_existed():
    """Diagram 1, mech D: the line passes exactly between a woods hex and a clear one; the target
    chooses. Unless it does, the engine takes the side worse for the attacker."""
    result = los(board(h0202=(0, "woods:1")), **SPLIT)
    assert result.split and result.side == "right" and labels(result) == ["0202"]
    assert result.los and result.modifier == 1
    assert any("choose" in reason for reason in result.reasons)


def test_the_targets_controller_may_choose_the_side():
    result = los(board(h0202=(0, "woods:1")), side="left", **SPLIT)
    assert result.split and result.side == "left" and result.modifier == 0


def test_a_static_target_always_gets_the_most_restrictive_side():
    """'en caso de que el objetivo sea un objeto estático entonces se tomará siempre la más restrictiva.'"""
    result = los(board(h0201=(3, "")), attacker="0102", target=Hex.parse("0302"), side="right")
    assert not result.los and result.side == "left"


# Hex targets

def test_the_target_hexs_own_terrain_never_counts():
    """'al disparar a un hexágono de terreno, no se tendrá en cuenta dicho hexágono para el cálculo de
    la LdV' (diagram 2, hex B)."""
    assert los(board(h0505=(0, "woods:2")), target=Hex.parse("0505")).los


def test_a_hex_behind_a_higher_hex_next_to_it_is_hidden():
    """Diagram 2, hex C: 'el hexágono B es más alta que el Mech y que el hexágono objetivo, y … es
    adyacente al objetivo y más alta que él.'"""
    assert not los(board(h0506=(3, "")), target=Hex.parse("0505")).los


def test_woods_as_the_target_rise_one_level():
    """'Si el objetivo es el propio bosque, se considerará que éste se eleva 1 nivel': a level 1 hill
    next to the target is higher than a clear level 0 hex but not than a woods hex (level 1)."""
    assert not los(board(h0506=(1, "")), target=Hex.parse("0505")).los
    assert los(board(h0506=(1, ""), h0505=(0, "woods:1")), target=Hex.parse("0505")).los


# 'Cobertura parcial'

def test_partial_cover_from_a_hex_of_the_targets_height():
    """'el BattleMech debe estar adyacente a un hexágono de su misma altura, y dicho hexágono debe estar
    entre él y la unidad atacante' … '+3 a la dificultad de disparo' and the punch table."""
    result = los(board(h0506=(1, "")))
    assert result.los and result.partial_cover and result.modifier == 3
    assert any("punch" in reason for reason in result.reasons)


def test_a_higher_attacker_denies_partial_cover():
    """'un atacante disparando colina abajo niega la posible cobertura parcial de su objetivo.'"""
    result = los(board(h0510=(1, ""), h0506=(1, "")))
    assert result.los and not result.partial_cover and result.modifier == 0


def test_only_a_standing_mech_gets_partial_cover():
    """'Sólo un BattleMech en pie puede recibir cobertura parcial del terreno': a tank or a prone mech on
    a level 1 hill stands at level 1, as high as the level 1 hex before it, yet gets no cover."""
    terrain = board(h0505=(1, ""), h0506=(1, ""))
    for target in (mech("0505", "T", kind="tracked"), mech("0505", "T", prone=True)):
        result = los(terrain, target=target)
        assert result.los and not result.partial_cover and result.modifier == 0


def test_a_split_along_the_map_edge_has_only_the_hex_on_the_board():
    """0101 → 0301 runs between 0201 and a hex north of the map, which does not exist."""
    result = los(board(h0201=(0, "woods:1")), attacker="0101", target="0301")
    assert not result.split and labels(result) == ["0201"] and result.modifier == 1


def test_woods_never_give_partial_cover():
    """'Un battle'Mech no recibe cobertura parcial de bosques.'"""
    result = los(board(h0506=(0, "woods:1")))
    assert not result.partial_cover


def test_a_building_as_high_as_the_target_gives_partial_cover():
    """'La elevación interviniente puede ser una colina, edificio o combinación de ambos.'"""
    assert los(board(h0506=(0, "building:1;bldg_elev:1"))).partial_cover


# 'Hexágonos de agua' and 'Agua'

def test_depth_one_water_gives_partial_cover_even_from_above_net_plus_two():
    """'Un hexágono de agua de profundidad 1 ofrece cobertura parcial … incluso si el atacante está a un
    nivel de altura mayor' and '+3 por la cobertura parcial y -1 por estar en agua de nivel -1' = +2."""
    result = los(board(h0510=(2, ""), h0505=(0, "water:1")))
    assert result.los and result.partial_cover and result.modifier == 2


def test_depth_one_water_behind_a_cover_hex_is_still_plus_two():
    """The same +2 when a hex of the target's height also lies in front of it (cover does not stack)."""
    result = los(board(h0505=(0, "water:1"), h0506=(0, "rough:1")))
    assert result.partial_cover and result.modifier == 2


def test_an_attacker_standing_in_depth_one_water_adds_one():
    """'recibe un modificador +1 al disparo'."""
    assert los(board(h0510=(0, "water:1"))).modifier == 1


def test_a_mech_in_depth_one_water_behind_a_level_one_hill_is_hidden():
    """Partial cover diagram: 'El 'Mech A no tiene LdV con el BattleMech B ya que éste está sumergido en
    un hex. de profundidad 1 y adyacente a una colina de nivel 1, un nivel de altura más alto'."""
    assert not los(board(h0505=(0, "water:1"), h0506=(1, ""))).los


@pytest.mark.parametrize("target", [
    mech("0505", "T"),  # depth 2
    mech("0505", "T", prone=True),  # also prone in depth 2
])
def test_depth_two_blocks_los_to_the_submerged_mech_even_adjacent(target):
    """'Una profundidad de 2 o más en agua bloquea completamente la LdV con respecto al 'Mech
    sumergido' and 'Las unidades adyacentes siempre tendrán LdV … salvo si una está bajo el agua'."""
    terrain = board(h0505=(0, "water:2"))
    assert not los(terrain, target=target).los
    assert not los(terrain, attacker="0506", target=target).los


def test_prone_in_depth_one_is_under_water():
    """'… al igual que lo hace un nivel de profundidad en agua de 1 para un Mech tumbado.'"""
    assert not los(board(h0505=(0, "water:1")), target=mech("0505", "T", prone=True)).los


def test_intervening_water_counts_as_level_zero_when_nobody_is_under():
    """'Si ninguna lo está, los hexágonos de agua cuentan como hexágonos de nivel 0 de altura.'"""
    assert los(board(h0508=(0, "water:3"), h0507=(0, "water:1"))).los


def test_two_submerged_mechs_see_each_other_through_water_only():
    """'Los hexágonos intervinientes de agua bloquean la LdV a menos que tanto atacante como atacado
    estén completamente sumergidos y no intervenga ningún otro terreno.'"""
    lake = {f"h050{row}": (0, "water:2") for row in range(5, 10)}
    assert los(board(h0510=(0, "water:2"), **lake)).los
    lake["h0507"] = (0, "")
    assert not los(board(h0510=(0, "water:2"), **lake)).los


def test_adjacent_units_always_see_each_other():
    """'Las unidades adyacentes siempre tendrán LdV entre ellas' — even from deep below a hill."""
    result = los(board(h0505=(5, "woods:2")), attacker="0506")
    assert result.los and result.hexes == ()


def test_infantry_inside_a_building_cannot_be_seen_from_outside():
    """'Debido a que los edificios bloquean la LdV, las unidades fuera de un edificio no pueden disparar
    directamente contra la infantería … situada dentro de un edificio y debe disparar al edificio.'"""
    terrain = board(h0505=(0, "building:2;bldg_elev:2"))
    assert not los(terrain, target=mech("0505", "T", kind="infantry")).los
    assert los(terrain, target=Hex.parse("0505")).los


def test_each_modifier_names_its_cause():
    result = los(board(h0508=(0, "woods:2"), h0506=(1, "")))
    assert [(m.value, m.reason) for m in result.modifiers] == [
        (2, "heavy woods in 0508"), (3, "partial cover behind 0506"),
    ]
    assert result.modifier == 5


# 'La regla de la zona muerta' (optional; Maximum Tech)

DEAD_ZONE = dict(h0510=(3, ""), h0508=(3, ""))  # A on level 3 (height 4), X at 0508, level 3


def test_dead_zone_worked_example_result_two_no_los():
    """'A vale 2 … B vale 1 … C vale 2 … 2-2 = 0 … El resultado final es (2+0) = 2. Como 2 es mayor que
    cero, no hay LdV': the mech in B stands at level 0, two hexes beyond X."""
    terrain = board(**DEAD_ZONE)
    assert los(terrain, target="0506").los  # the standard rule sees it: X is not next to B
    result = los(terrain, target="0506", rule="dead_zone")
    assert not result.los and result.rule == "dead_zone"
    assert any("= 2" in reason and "dead zone" in reason for reason in result.reasons)


def test_dead_zone_worked_example_result_minus_one_los():
    """'la distancia de X a la unidad más elevada es 2; la distancia de X a la unidad más baja es 5;
    2-5 = -3. 2+-3 = -1; como es menor que cero, hay LdV'."""
    result = los(board(**DEAD_ZONE), target="0503", rule="dead_zone")
    assert result.los
    assert any("= -1" in reason for reason in result.reasons)


def test_dead_zone_replaces_the_adjacency_conditions():
    """'La regla de la zona muerta reemplaza a los puntos 2 y 3': light woods next to the attacker and
    higher than it, but lower than the target, no longer intervene."""
    terrain = board(h0509=(0, "woods:1"), h0505=(2, ""))
    assert los(terrain).modifier == 1
    assert los(terrain, rule="dead_zone").modifier == 0


def test_the_match_option_chooses_the_rule():
    """'En caso de omisión se usará SIEMPRE la regla estándar de LdV.'"""
    terrain = board(**DEAD_ZONE)
    units = (mech("0510", "A"), mech("0506", "T"))
    assert line_of_sight(GameState(terrain, units), *units).rule == "standard"
    assert not line_of_sight(GameState(terrain, units), *units, rule="dead_zone").los


# Interfaces

def test_a_height_override_serves_a_climbing_mech():
    """Maximum Tech climbing: 'se tratará el Mech como si estuviera de pie … a la altura que esté
    escalando' — the caller passes the height; at level 4 the attacker looks over the hill."""
    terrain = board(h0508=(2, ""))
    assert not los(terrain).los
    assert los(terrain, attacker_height=4).los


def test_unknown_rule_and_side_are_coded_errors():
    with pytest.raises(RuleError) as error:
        los(board(), rule="maximum")
    assert error.value.code == "los.unknown_rule"
    with pytest.raises(RuleError) as error:
        los(board(), side="up")
    assert error.value.code == "los.side"


cells = st.dictionaries(
    st.builds(lambda col, row: f"{col:02d}{row:02d}", st.integers(1, 10), st.integers(1, 10)),
    st.fixed_dictionaries({
        "level": st.integers(0, 3),
        "terrain": st.sampled_from(["", "woods:1", "woods:2", "smoke:1", "building:2;bldg_elev:2"]),
    }),
    max_size=30,
)
spots = st.builds(lambda col, row: f"{col:02d}{row:02d}", st.integers(1, 10), st.integers(1, 10))


@given(cells, spots, spots)
def test_los_is_symmetric_between_standing_mechs_on_dry_ground(terrain, a, b):
    """Every condition of the standard rule is symmetric between attacker and target (conditions 2
    and 3 swap); only partial cover, which belongs to the target, may differ."""
    field = board_from_cells(10, 10, terrain)
    forward = line_of_sight(field, mech(a, "A"), mech(b, "B"))
    backward = line_of_sight(field, mech(b, "B"), mech(a, "A"))
    assert forward.los == backward.los


# Inside one building (the Solaris VII text is silent: standard BattleTech)

HALL = "building:2;bldg_cf:40;bldg_elev:2"


def test_two_units_inside_one_building_see_each_other_through_its_hexes():
    """Solaris VII 'Combate entre edificios' lets units inside a building attack each other but says nothing of
    line of sight; standard BattleTech: the building's own hexes do not block a line traced inside it. A at
    0510 and T at 0505, both on the ground floor of one medium building filling 0505-0510: the four hexes
    between them (level 2 > both) no longer block, and give no partial cover either."""
    hall = board(**{f"h05{row:02d}": (0, HALL) for row in range(5, 11)})
    result = los(hall)
    assert result.los and not result.partial_cover and result.modifier == 0
    assert "do not block it nor give cover (standard BattleTech" in " ".join(result.reasons)


def test_a_unit_outside_the_building_is_still_blocked_by_it():
    """The exception is for the two units inside: from outside (A at 0511) the same hexes block
    ('Edificios: los edificios que interfieren en la LdV la bloquean')."""
    hall = board(**{f"h05{row:02d}": (0, HALL) for row in range(5, 11)})
    assert not los(hall, attacker="0511").los


def test_another_building_or_a_hill_inside_the_line_still_blocks():
    """Only the shared building's hexes are passed: a hex of a heavy building between them (another building)
    blocks, as a level-3 hill would."""
    cells = {f"h05{row:02d}": (0, HALL) for row in range(5, 11)}
    assert not los(board(**{**cells, "h0507": (0, "building:3;bldg_cf:90;bldg_elev:2")})).los
    assert not los(board(**{**cells, "h0507": (3, "")})).los
