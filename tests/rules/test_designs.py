"""Mech designs as data (Total Warfare, 'BattleMech Internal Structure Table' and armour limits)."""

import pytest

from rules.battletech.designs.design import LOCATIONS, DesignError, internal_structure, shipped_design, shipped_designs
from rules.battletech.designs.weapons import CLUSTER_HITS, WEAPONS, cluster_hits, weapon


def test_internal_structure_follows_the_total_warfare_table():
    """TW, BattleMech Internal Structure Table: 50 tons → head 3, CT 16, side torsos 12, arms 8, legs 12."""
    assert internal_structure(50) == {"HD": 3, "CT": 16, "LT": 12, "RT": 12, "LA": 8, "RA": 8, "LL": 12, "RL": 12}
    assert internal_structure(20)["CT"] == 6 and internal_structure(100)["LL"] == 21


def test_unknown_tonnage_is_a_coded_error():
    with pytest.raises(DesignError) as error:
        internal_structure(52)
    assert error.value.code == "design.tonnage"


def test_a_dozen_classic_designs_across_the_weight_classes():
    designs = shipped_designs()
    assert len(designs) >= 12
    classes = {("light" if d.tons <= 35 else "medium" if d.tons <= 55 else "heavy" if d.tons <= 75 else "assault")
               for d in designs.values()}
    assert classes == {"light", "medium", "heavy", "assault"}


@pytest.mark.parametrize("name", sorted(shipped_designs()))
def test_every_shipped_design_respects_the_armour_limits(name):
    """TW: a location carries at most twice its internal structure in armour (front + rear); the head at most 9."""
    design = shipped_design(name)
    for location in LOCATIONS:
        total = design.armour[location] + design.rear_armour.get(location, 0)
        assert total <= (9 if location == "HD" else 2 * design.internal[location])


def test_hunchback_record_sheet():
    """TRO 3039, Hunchback HBK-4G: AC/20 in the right torso with two tons of ammunition, 13 heat sinks."""
    hunchback = shipped_design("Hunchback HBK-4G")
    assert (hunchback.tons, hunchback.walk, hunchback.run, hunchback.jump, hunchback.heat_sinks) == (50, 4, 6, 0, 13)
    assert [(c.name, c.location) for _, c in hunchback.weapons] == [
        ("Small Laser", "HD"), ("AC/20", "RT"), ("Medium Laser", "LA"), ("Medium Laser", "RA")]
    ac20 = next(c for _, c in hunchback.weapons if c.name == "AC/20")
    assert ac20.slots == tuple(range(10))
    assert sum(c.shots for c in hunchback.components if c.ammo_for == "AC/20") == 10
    assert hunchback.armour["CT"] == 26 and hunchback.rear_armour["CT"] == 5


def test_unknown_design_lists_the_known_ones():
    with pytest.raises(DesignError) as error:
        shipped_design("Mad Cat")
    assert error.value.code == "design.unknown" and "Atlas AS7-D" in error.value.message


def test_weapon_table_values():
    """TW Inner Sphere weapons table: Medium Laser 3 heat, 5 damage, 3/6/9; PPC minimum range 3; LRM minimum 6."""
    laser = weapon("Medium Laser")
    assert (laser.heat, laser.damage, laser.short, laser.medium, laser.long) == (3, 5, 3, 6, 9)
    assert weapon("PPC").minimum == 3 and weapon("LRM 20").minimum == 6
    assert weapon("Autocannon/20") is WEAPONS["AC/20"]
    assert [laser.bracket(d) for d in (3, 4, 9, 10)] == ["short", "medium", "long", None]


def test_cluster_table_rows():
    """TW, Cluster Hits Table: an LRM 20 that rolls 7 lands 12 missiles, 2 lands 6; an SRM 6 rolling 12 lands all 6."""
    assert cluster_hits(20, 7) == 12 and cluster_hits(20, 2) == 6 and cluster_hits(6, 12) == 6
    assert cluster_hits(10, 9) == 8 and cluster_hits(4, 3) == 2
    for size, row in CLUSTER_HITS.items():
        assert list(row) == sorted(row) and row[-1] == size


def test_equip_gives_units_their_design():
    from rules.core.board import Board
    from rules.core.errors import UnknownUnit
    from rules.battletech.state import GameState, equip
    from rules.core.hexes import Hex
    from rules.battletech.units import Unit

    state = GameState(Board(5, 5), (Unit("A", Hex(0, 0), 0),))
    equipped = equip(state, {"A": shipped_design("Jenner JR7-D")})
    unit = equipped.unit("A")
    assert (unit.tons, unit.walk, unit.run, unit.jump, unit.name) == (35, 7, 11, 5, "Jenner JR7-D")
    assert equipped.mechs["A"].armour["CT"] == 10
    with pytest.raises(UnknownUnit):
        equip(state, {"Z": shipped_design("Jenner JR7-D")})
