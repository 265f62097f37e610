"""Hex geometry: BattleTech labels, the odd-q layout and exact lines (STYLE.md, Red Blob's hex guide).

'La LdV se define como una línea recta que va desde el centro del hexágono de la unidad atacante al
centro del hexágono … Cualquier hexágono a través del que pase dicha línea recta forma parte de la
LdV, aunque dicha línea apenas roce el hexágono. Si la LdV pasa exactamente entre dos hexágonos …'
(Solaris VII, 'Línea de Visión').
"""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from rules.core.errors import InvalidHex
from rules.core.hexes import Hex, line

hexes = st.builds(Hex, st.integers(0, 40), st.integers(0, 40))


def labels(cells):
    return [[hex_.label for hex_ in cell] for cell in cells]


def test_labels_are_one_based_column_then_row():
    assert Hex.parse("0503") == Hex(4, 2)
    assert Hex(4, 2).label == "0503"
    assert Hex(119, 3).label == "120004"


@given(st.integers(0, 999_998), st.integers(0, 999_998))
def test_every_hex_of_any_board_reads_back_from_its_label(col, row):
    """Past column 999 a label grows to 8 digits (it had 7, which no parser read: issue 18)."""
    assert Hex.parse(Hex(col, row).label) == Hex(col, row)


def test_labels_widen_together_with_the_larger_of_column_and_row():
    assert [Hex(c, r).label for c, r in ((1998, 0), (0, 1998), (4, 9999))] == ["19990001", "00011999", "0000510000"]


@pytest.mark.parametrize("label", ["503", "ab03", "0003", "", "05031", "\u00b2" * 4, "05\u06633", "0" * 15 + "1"])
def test_malformed_labels_are_refused_with_a_code(label):
    with pytest.raises(InvalidHex) as error:
        Hex.parse(label)
    assert error.value.code == "board.invalid_hex"


def test_printed_even_columns_sit_half_a_hex_lower():
    # 0505 (odd printed column): its NE neighbour is in the row above; 0405 (even, lower): same row.
    assert [h.label for h in Hex.parse("0505").neighbours()] == ["0504", "0604", "0605", "0506", "0405", "0404"]
    assert [h.label for h in Hex.parse("0405").neighbours()] == ["0404", "0505", "0506", "0406", "0306", "0305"]


def test_line_along_a_hexside_reports_both_hexes_left_first():
    """MegaMek's classic case: 0102 → 0302 runs exactly between 0201 and 0202. Looking east from
    0102, 0201 (north) is on the left; looking back west from 0302 it is on the right."""
    assert labels(line(Hex.parse("0102"), Hex.parse("0302"))) == [["0102"], ["0201", "0202"], ["0302"]]
    assert labels(line(Hex.parse("0302"), Hex.parse("0102"))) == [["0302"], ["0202", "0201"], ["0102"]]


def test_a_long_line_along_hexsides_splits_at_every_other_hex():
    cells = line(Hex.parse("0102"), Hex.parse("0702"))
    assert labels(cells) == [
        ["0102"], ["0201", "0202"], ["0302"], ["0401", "0402"], ["0502"], ["0601", "0602"], ["0702"],
    ]


def test_a_line_can_cross_more_hexes_than_its_length():
    """'aunque dicha línea apenas roce el hexágono': 0101 → 0207 (6 hexes away) crosses 10 hexes;
    a sampling line drawer that takes one hex per step would miss 0203 and 0105."""
    assert labels(line(Hex.parse("0101"), Hex.parse("0207"))) == [
        ["0101"], ["0102"], ["0103"], ["0203"], ["0104"], ["0204"], ["0105"], ["0205"], ["0206"], ["0207"],
    ]


def test_a_hex_touched_only_at_a_corner_is_not_on_the_line():
    """0101 → 0205 passes exactly through the corner shared by 0104, 0203 and 0204, going from 0203
    into 0204: it never enters 0104, so 0104 does not count."""
    flat = [hex_.label for cell in line(Hex.parse("0101"), Hex.parse("0205")) for hex_ in cell]
    assert flat == ["0101", "0102", "0103", "0203", "0204", "0205"]


def test_ring_has_six_times_radius_hexes_all_at_that_distance():
    centre = Hex.parse("0808")
    ring = centre.ring(3)
    assert len(ring) == 18 and len(set(ring)) == 18
    assert {centre.distance(hex_) for hex_ in ring} == {3}


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(b) == b.distance(a)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, hexes)
def test_a_lines_hexes_are_contiguous_from_end_to_end(a, b):
    cells = line(a, b)
    assert cells[0] == (a,) and cells[-1] == (b,)
    for before, after in zip(cells, cells[1:]):
        assert all(x.distance(y) == 1 for x in before for y in after)
    for cell in cells:
        assert len(cell) in (1, 2) and (len(cell) == 1 or cell[0].distance(cell[1]) == 1)


@given(hexes, hexes)
def test_reversing_a_line_reverses_it_and_swaps_left_and_right(a, b):
    assert line(b, a) == [tuple(reversed(cell)) for cell in reversed(line(a, b))]


# An independent check by exact geometry: hex centre (u, v) = (3x, 2z + x) and the corners below
# make every corner integral; the true plane is an affine image of it, which keeps intersections.
CORNERS = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)]


def _clip(a, b, hex_):
    """Parameter interval of segment a→b inside the closed hex, by clipping against each side."""
    def plane(h):
        x, _, z = h.cube
        return 3 * x, 2 * z + x

    (au, av), (bu, bv), (cu, cv) = plane(a), plane(b), plane(hex_)
    du, dv = bu - au, bv - av
    low, high, on_side = Fraction(0), Fraction(1), False
    for i in range(6):
        pu, pv = cu + CORNERS[i][0], cv + CORNERS[i][1]
        qu, qv = cu + CORNERS[(i + 1) % 6][0], cv + CORNERS[(i + 1) % 6][1]
        inside = (qu - pu) * (av - pv) - (qv - pv) * (au - pu)  # > 0: a is inside this side
        rate = (qu - pu) * dv - (qv - pv) * du
        if rate == 0:
            if inside < 0:
                return None
            on_side = on_side or inside == 0
        elif rate > 0:
            low = max(low, Fraction(-inside, rate))
        else:
            high = min(high, Fraction(-inside, rate))
    return (low, high, on_side) if low <= high else None


near_hexes = st.builds(Hex, st.integers(0, 15), st.integers(0, 15))


@given(near_hexes, near_hexes)
def test_line_lists_exactly_the_hexes_the_segment_enters(a, b):
    """Single entries are the hexes whose inside the segment crosses; split pairs are the hexes it
    only runs along the side of; nothing else (a corner touch) is listed."""
    cells = line(a, b)
    listed = {hex_ for cell in cells for hex_ in cell}
    around = {n for hex_ in listed for n in hex_.neighbours()} | listed
    for hex_ in around:
        clip = _clip(a, b, hex_)
        crosses = clip is not None and clip[0] < clip[1] and not clip[2]
        runs_along = clip is not None and clip[0] < clip[1] and clip[2]
        if crosses:
            assert (hex_,) in cells
        elif runs_along:
            assert any(len(cell) == 2 and hex_ in cell for cell in cells)
        else:
            assert hex_ not in listed
