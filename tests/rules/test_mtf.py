"""MegaMek .mtf import: the fields that matter on the table, and a clear error for lines we cannot use."""

import pytest

from rules.designs import DesignError, shipped_designs_dir
from rules.mtf import MtfError, parse_mtf

HUNCHBACK = (shipped_designs_dir() / "Hunchback HBK-4G.mtf").read_text()

# MegaMek's own layout: bare chassis/model lines after Version, background text and padded slot lists.
OLD_STYLE = """Version:1.0
Wasp
WSP-1A

Config:Biped
TechBase:Inner Sphere
Era:2470
Rules Level:1

Mass:20
Engine:120 Fusion Engine
Structure:Standard
Myomer:Standard

Heat Sinks:10 Single
Walk MP:6
Jump MP:6

Armor:Standard(Inner Sphere)
LA Armor:5
RA Armor:5
LT Armor:8
RT Armor:8
CT Armor:8
HD Armor:6
LL Armor:6
RL Armor:6
RTL Armor:2
RTR Armor:2
RTC Armor:4

Weapons:2
Medium Laser, Right Arm
SRM 2, Left Leg

Left Arm:
Shoulder
Upper Arm Actuator
Lower Arm Actuator
Hand Actuator
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-

Right Arm:
Shoulder
Upper Arm Actuator
Lower Arm Actuator
Hand Actuator
Medium Laser
-Empty-

Left Torso:
Jump Jet
Jump Jet

Right Torso:
Jump Jet
Jump Jet

Center Torso:
Fusion Engine
Fusion Engine
Fusion Engine
Gyro
Gyro
Gyro
Gyro
Fusion Engine
Fusion Engine
Fusion Engine
Jump Jet
Jump Jet

Head:
Life Support
Sensors
Cockpit
-Empty-
Sensors
Life Support
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-

Left Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator
SRM 2
IS Ammo SRM-2
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-

Right Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator

overview:A light scout.
"""


def test_megamek_layout_with_background_text():
    wasp = parse_mtf(OLD_STYLE)
    assert wasp.name == "Wasp WSP-1A" and (wasp.tons, wasp.walk, wasp.jump) == (20, 6, 6)
    assert wasp.rear_armour == {"LT": 2, "RT": 2, "CT": 4}
    assert [(c.name, c.location) for _, c in wasp.weapons] == [("Medium Laser", "RA"), ("SRM 2", "LL")]
    assert [c.shots for c in wasp.components if c.ammo_for] == [50]
    assert sum(1 for c in wasp.components if c.name == "Jump Jet") == 6


def test_rear_mounted_weapons_keep_their_flag():
    centurion = parse_mtf((shipped_designs_dir() / "Centurion CN9-A.mtf").read_text())
    assert [(c.name, c.rear) for _, c in centurion.weapons if c.location == "CT"] == [
        ("Medium Laser", False), ("Medium Laser", True)]


@pytest.mark.parametrize(("change", "code", "line"), [
    (("Walk MP:4", "Walk MP:four"), "mtf.malformed", 6),
    (("Small Laser\nSensors", "Death Ray\nSensors"), "mtf.unknown_slot", None),
    (("Weapons:4\nMedium Laser", "Weapons:4\nLaser Sword"), "mtf.unknown_weapon", None),
    (("Config:Biped", "Config:Quad"), "mtf.unsupported", 3),
    (("Config:Biped", "Flux Capacitor:1"), "mtf.unknown_line", 3),
    (("Autocannon/20\nAutocannon/20\n\n", "Autocannon/20\n\n"), "mtf.slots", None),
])
def test_lines_it_does_not_understand_are_named(change, code, line):
    old, new = change
    assert old in HUNCHBACK
    with pytest.raises(MtfError) as error:
        parse_mtf(HUNCHBACK.replace(old, new, 1))
    assert error.value.code == code
    if line is not None:
        assert error.value.params["line"] == line and f"line {line}" in error.value.message


def test_armour_over_the_limit_is_refused():
    """TW: armour per location at most twice the internal structure (CT of 50 tons: 32 front + rear)."""
    with pytest.raises(DesignError) as error:
        parse_mtf(HUNCHBACK.replace("CT Armor:26", "CT Armor:30"))
    assert error.value.code == "design.armour"


def test_missing_locations_are_reported():
    with pytest.raises(MtfError) as error:
        parse_mtf(HUNCHBACK.split("Head:")[0])
    assert error.value.code == "mtf.missing"
