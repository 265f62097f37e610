"""Terrain vocabulary (MegaMek's ``name:level``), buildings and bridges, and the ``.board`` import.

Buildings: Solaris VII 'Reglas dudosas, edificaciones' ('Tipos de edificaciones', 'Factor de
Construcción', 'Elevación de las edificaciones'); bridges: 'Reglas dudosas, el movimiento' (the
paragraph on bridges in 'Movimiento sobre hielo o terreno pavimentado').
"""

from pathlib import Path

import pytest

from rules.core.board import HexTerrain, board_from_cells, board_from_json, parse_megamek_board, parse_terrain
from rules.core.errors import RuleError
from rules.core.hexes import Hex

DUEL = Path(__file__).parent / "data" / "duel.board"


def test_terrain_strings_use_megamek_names_and_levels():
    assert parse_terrain("woods:1;swamp:1") == {"woods": 1, "swamp": 1}
    assert parse_terrain("road:1:18; rough") == {"road": 1, "rough": 1}  # exits ignored, bare name = 1
    assert parse_terrain("") == {}


@pytest.mark.parametrize("terrain, code", [
    ("lava:1", "board.unknown_terrain"),
    ("woods:3", "board.invalid_terrain"),
    ("woods:x", "board.invalid_terrain"),
    ("water:-1", "board.invalid_terrain"),
    ("building:5", "board.invalid_terrain"),
    ("bldg_cf:10", "board.invalid_terrain"),  # a CF with no building
    ("building:1;bldg_cf:40", "board.invalid_terrain"),  # a light building has at most CF 15
    ("building:1;bldg_elev:0", "board.invalid_terrain"),
])
def test_bad_terrain_is_refused_naming_it(terrain, code):
    with pytest.raises(RuleError) as error:
        parse_terrain(terrain)
    assert error.value.code == code
    culprit = error.value.params["terrain"]
    assert culprit in terrain and culprit in error.value.message


def test_a_building_has_a_type_a_current_cf_and_a_height():
    """'Dos números describen a los edificios en BattleTech: el Factor de Construcción (FC) y la
    elevación'; a damaged building keeps its type ('Un edificio pesado dañado con un FC actual de 15 es
    todavía un edificio pesado')."""
    damaged = HexTerrain.parse(0, "building:3;bldg_cf:15;bldg_elev:2").building
    assert damaged is not None and (damaged.kind, damaged.cf, damaged.height) == ("Heavy", 15, 2)
    fresh = HexTerrain.parse(0, "building:4").building
    assert fresh is not None and (fresh.kind, fresh.cf, fresh.height) == ("Hardened", 150, 1)


def test_an_unmarked_bridge_is_medium_with_cf_40():
    """'Si el tipo de un puente no está marcado … se debe asumir un puente medio con FC 40.'"""
    bridge = HexTerrain.parse(0, "bridge:0;bridge_elev:1;water:1").bridge
    assert bridge is not None and (bridge.kind, bridge.cf) == ("Medium", 40)


def test_water_surface_is_the_hex_level_and_its_bed_depth_below():
    """'la superficie está realmente a nivel 0. La profundidad es el nivel del lecho'."""
    water = HexTerrain.parse(0, "water:2")
    assert (water.level, water.depth, water.floor) == (0, 2, -2)


def test_smoke_counts_as_heavy_woods():
    """'Humo: … como un hexágono de bosque denso, independientemente del tipo de terreno del hexágono.'"""
    assert HexTerrain.parse(0, "smoke:1;woods:1").woods == 2


def test_a_megamek_board_is_read_row_by_row_ignoring_the_labels_inside():
    board = parse_megamek_board(DUEL.read_text())
    assert (board.width, board.height) == (4, 3)
    assert board.terrain(Hex.parse("0201")).woods == 1
    assert board.terrain(Hex.parse("0202")).level == 2
    assert board.terrain(Hex.parse("0203")).has("smoke")  # the line labelled 9999
    assert board.terrain(Hex.parse("0303")).level == -1
    building = board.terrain(Hex.parse("0302")).building
    assert building is not None and (building.kind, building.cf, building.height) == ("Heavy", 80, 2)
    assert board.terrain(Hex.parse("0101")) == HexTerrain()


@pytest.mark.parametrize("mutate, line, code", [
    (lambda text: text.replace('"woods:1;foliage_elev:2"', '"jungle:1"'), 5, "board.unknown_terrain"),
    (lambda text: text.replace('hex 0202 2 "" ""', 'hex 0202 high "" ""'), 9, "board.malformed"),
    (lambda text: text.replace("size 4 3", "size 4"), 2, "board.malformed"),
    (lambda text: text.replace("option", "colour"), 3, "board.malformed"),
    (lambda text: text.replace("end", 'hex 0104 0 "" ""\nend'), 16, "board.malformed"),
])
def test_a_malformed_board_line_is_named(mutate, line, code):
    with pytest.raises(RuleError) as error:
        parse_megamek_board(mutate(DUEL.read_text()))
    assert error.value.code == code
    assert error.value.message.startswith(f"line {line}:") and error.value.params["line"] == line


def test_a_board_missing_hex_lines_is_refused():
    with pytest.raises(RuleError, match="needs 12 hex lines, the file has 11"):
        parse_megamek_board(DUEL.read_text().replace('hex 0403 0 "ice:1;fluff:3:2" ""\n', ""))


def test_json_cells_missing_are_clear_and_errors_name_the_hex():
    board = board_from_cells(5, 5, {"0503": {"level": 2, "terrain": "woods:1;swamp:1"}})
    assert board.terrain(Hex.parse("0503")).level == 2 and board.terrain(Hex.parse("0101")) == HexTerrain()
    for cells, code in [
        ({"0603": {}}, "board.off_board"),
        ({"0503": {"terrain": "lava:1"}}, "board.unknown_terrain"),
        ({"0503": {"level": "2"}}, "board.malformed"),
        ({"05x3": {}}, "board.invalid_hex"),
    ]:
        with pytest.raises(RuleError) as error:
            board_from_cells(5, 5, cells)
        assert error.value.code == code and error.value.params["hex"] == next(iter(cells))


def test_a_stored_board_is_decoded_once_and_its_refusals_every_time():
    # Every command decodes its match's stored state: an unchanged board is not checked cell by cell again.
    cells = {"0503": {"level": 2, "terrain": "woods:1"}}
    first = board_from_json({"width": 5, "height": 5, "hexes": cells})
    again = board_from_json({"width": 5, "height": 5, "hexes": {"0503": {"level": 2, "terrain": "woods:1"}}})
    assert again is first and again == board_from_cells(5, 5, cells)
    # Another size, or a level JSON tells apart from 2 (2.0, true), is another board.
    assert board_from_json({"width": 6, "height": 5, "hexes": cells}).width == 6
    for level in (2.0, True):
        with pytest.raises(RuleError) as error:
            board_from_json({"width": 5, "height": 5, "hexes": {"0503": {"level": level, "terrain": "woods:1"}}})
        assert error.value.code == "board.malformed"
    for _ in range(2):  # a refused board is never remembered as decoded
        with pytest.raises(RuleError, match="0603"):
            board_from_json({"width": 5, "height": 5, "hexes": {"0603": {}}})
