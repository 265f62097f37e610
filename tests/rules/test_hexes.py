"""Hex geometry: BattleTech labels, the odd-q layout and exact lines (STYLE.md, Red Blob's hex guide)."""

import pytest

from rules.errors import InvalidHex
from rules.hexes import Hex, line


def labels(hexes):
    return [hex_.label for hex_ in hexes]


def test_labels_are_one_based_column_then_row():
    assert Hex.parse("0503") == Hex(4, 2)
    assert Hex(4, 2).label == "0503"
    assert Hex(119, 3).label == "120004"


@pytest.mark.parametrize("label", ["503", "ab03", "0003", "", "05031"])
def test_malformed_labels_are_refused_with_a_code(label):
    with pytest.raises(InvalidHex) as error:
        Hex.parse(label)
    assert error.value.code == "board.invalid_hex"


def test_printed_even_columns_sit_half_a_hex_lower():
    # 0505 (odd printed column): its NE neighbour is in the row above; 0405 (even, lower): same row.
    assert labels(Hex.parse("0505").neighbours()) == ["0504", "0604", "0605", "0506", "0405", "0404"]
    assert labels(Hex.parse("0405").neighbours()) == ["0404", "0505", "0506", "0406", "0306", "0305"]


def test_line_along_a_hexside_reports_both_hexes():
    """MegaMek's classic case: 0102 → 0302 runs exactly between 0201 and 0202."""
    assert [labels(cell) for cell in line(Hex.parse("0102"), Hex.parse("0302"))] == [
        ["0102"], ["0201", "0202"], ["0302"],
    ]


def test_ring_has_six_times_radius_hexes_all_at_that_distance():
    centre = Hex.parse("0808")
    ring = centre.ring(3)
    assert len(ring) == 18 and len(set(ring)) == 18
    assert {centre.distance(hex_) for hex_ in ring} == {3}
