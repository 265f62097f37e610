"""MegaMek .mtf import: the fields that matter on the table, and a clear error for lines we cannot use."""

import pytest

from rules.battletech.designs.design import DesignError, shipped_designs_dir
from rules.battletech.designs.mtf import MtfError, parse_mtf

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


MODERN_HEADER = """# MegaMek Data (C) by The MegaMek Team: a licence notice, visit https://example.org
uuid:019f583e-c409-7b8a-b094-538e153e0a95
generator:MegaMek Suite 0.51.01 on 2026-07-12
published:RS:3050Uu-C
fluffdate:2026-02-26 19:50:04
"""


def test_current_megamek_header_lines_are_understood():
    hunchback = parse_mtf(MODERN_HEADER + HUNCHBACK.replace("Config:Biped", "Config:Biped\nGyro:Standard Gyro"))
    assert hunchback.name == "Hunchback HBK-4G"


def test_equipment_we_do_not_model_is_named_with_its_line():
    """A design with weapons outside the Introductory/Standard tables (an ER Large Laser) is refused, not guessed."""
    text = MODERN_HEADER + HUNCHBACK.replace("Weapons:4\nMedium Laser, Left Arm", "Weapons:4\nER Large Laser, Left Arm")
    with pytest.raises(MtfError) as error:
        parse_mtf(text)
    assert error.value.code == "mtf.unknown_weapon" and "ER Large Laser" in error.value.message
    assert error.value.params["line"] == text.splitlines().index("ER Large Laser, Left Arm") + 1


def test_double_heat_sinks_fill_three_slots_each():
    text = HUNCHBACK.replace("Heat Sinks:13 Single", "Heat Sinks:13 Double").replace(
        "IS Ammo AC/20\nIS Ammo AC/20", "IS Ammo AC/20\nIS Ammo AC/20\nISDoubleHeatSink\nISDoubleHeatSink\nISDoubleHeatSink")
    design = parse_mtf(text)
    (sink,) = [c for c in design.components if c.name == "Double Heat Sink"]
    assert sink.slots == (2, 3, 4) and design.double_heat_sinks


def test_background_text_may_run_over_several_lines():
    text = OLD_STYLE + "history:First paragraph.\nSecond paragraph: with a colon.\nThird one\n"
    assert parse_mtf(text).name == "Wasp WSP-1A"
