"""Import MegaMek ``.mtf`` BattleMech files, so players can bring their own designs.

We read the parts that matter on the table (mass, movement, heat sinks, armour, critical slots) and
skip the background text. A line we do not understand is an error naming the line, never a guess:
an unknown weapon or slot would otherwise silently change the fight.
"""

from __future__ import annotations

import re

from rules.battletech.designs.design import (
    AMMO_PREFIX, EQUIPMENT, EQUIPMENT_SLOTS, LOCATIONS, ROLL_AGAIN, SLOT_COUNT, Component, Design, DesignError,
)
from rules.battletech.designs.weapons import find_weapon
from rules.core.reasons import Reason

SECTION_LOCATIONS = {
    "left arm": "LA", "right arm": "RA", "left torso": "LT", "right torso": "RT",
    "center torso": "CT", "head": "HD", "left leg": "LL", "right leg": "RL",
}
ARMOUR_KEYS = {f"{loc.lower()} armor": (loc, False) for loc in LOCATIONS} | {
    "rtl armor": ("LT", True), "rtr armor": ("RT", True), "rtc armor": ("CT", True),
}
# Header keys that describe the unit without changing the rules of the fight.
DESCRIPTIVE_KEYS = frozenset({
    "version", "techbase", "era", "source", "rules level", "role", "mul id", "quirk", "weaponquirk",
    "overview", "capabilities", "deployment", "history", "manufacturer", "primaryfactory",
    "systemmanufacturer", "systemmode", "notes", "imagefile", "fluffimage", "bv", "engine", "armor",
    "clanname", "ejection", "uuid", "generator", "published", "fluffdate",
})
# Header keys whose value must be the standard one: anything else changes rules we do not model.
STANDARD_ONLY = {"config": ("biped",), "myomer": ("standard",), "gyro": ("standard",),
                 "cockpit": ("standard",), "structure": ("standard", "is standard", "endo steel", "is endo steel")}
SLOT_ALIASES = {
    "fusion engine": "Engine", "xl fusion engine": "Engine", "isdoubleheatsink": "Double Heat Sink",
    "isjumpjet": "Jump Jet", "ismasc": "MASC",
    "isendosteel": "Endo Steel", "isferrofibrous": "Ferro-Fibrous",
}
MG_AMMO = {"mg - full": 200, "mg - half": 100}
# Background text keys: their paragraphs may run over several lines, up to the next known key.
TEXT_KEYS = frozenset({"overview", "capabilities", "deployment", "history", "notes"})
TEXT = "text"


class MtfError(DesignError):
    code = "mtf.malformed"


def _at_line(number: int, code: str, why: Reason) -> MtfError:
    """A refusal of line ``number`` of the file, its cause a coded reason."""
    return MtfError(code, at=Reason("board.at_line", line=number), line=number, why=why)


def parse_mtf(text: str) -> Design:
    """Build a :class:`Design` from ``.mtf`` text; :class:`MtfError` names the first line we cannot use."""
    header: dict[str, str] = {}
    numbers: dict[str, int] = {}
    bare: list[str] = []  # old files give chassis and model as two bare lines after "Version:1.0"
    armour: dict[str, int] = {}
    rear: dict[str, int] = {}
    slots: dict[str, list[tuple[int, str]]] = {}
    section: str | None = None
    weapons_left = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if weapons_left:
            weapons_left -= 1
            _check_weapon_line(line, number)
            continue
        if colon and key in SECTION_LOCATIONS and not value.strip():
            section = SECTION_LOCATIONS[key]
            slots[section] = []
            continue
        if section is not None and not _is_header_key(key, colon):
            if section == TEXT:
                continue  # a further paragraph of the background text
            slots[section].append((number, line))
            continue
        section = TEXT if key in TEXT_KEYS else None
        if not colon:
            bare.append(line)
            if len(bare) > 2:
                raise _at_line(number, "mtf.unknown_line", Reason("mtf.not_understood", text=line))
            continue
        value = value.strip()
        if key in ARMOUR_KEYS:
            location, is_rear = ARMOUR_KEYS[key]
            (rear if is_rear else armour)[location] = _int(value, number, line)
        elif key == "weapons":
            weapons_left = _int(value, number, line)
        elif key in STANDARD_ONLY:
            if not value.lower().startswith(STANDARD_ONLY[key]):
                raise MtfError("mtf.unsupported", at=Reason("board.at_line", line=number), line=number, key=key,
                               value=value, supported=list(STANDARD_ONLY[key]))
        elif key in ("mass", "walk mp", "jump mp"):
            numbers[key] = _int(value, number, line)
        elif key in ("chassis", "model"):
            header[key] = value
        elif key == "heat sinks":
            numbers[key] = _int(value.split()[0] if value else "", number, line)
            header[key] = value
        elif key not in DESCRIPTIVE_KEYS:
            raise _at_line(number, "mtf.unknown_line", Reason("mtf.unknown_key", key=key))
    return _build(header, numbers, bare, armour, rear, slots)


def _is_header_key(key: str, colon: str) -> bool:
    return bool(colon) and (key in DESCRIPTIVE_KEYS or key in ARMOUR_KEYS or key in STANDARD_ONLY
                            or key in ("chassis", "model", "mass", "heat sinks", "walk mp", "jump mp", "weapons"))


def _int(value: str, number: int, line: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise _at_line(number, "mtf.malformed", Reason("mtf.whole_number", text=line)) from None


def _check_weapon_line(line: str, number: int) -> None:
    """``Medium Laser, Left Arm`` (newer files prefix a count: ``1 ISMediumLaser, Left Arm``)."""
    name, _, location = line.rpartition(",")
    name = re.sub(r"^\d+\s+", "", name.strip()).removesuffix("(R)").strip()
    if find_weapon(name) is None:
        raise MtfError("mtf.unknown_weapon", at=Reason("board.at_line", line=number), line=number, weapon=name)
    if location.strip().lower() not in SECTION_LOCATIONS:
        raise MtfError("mtf.unknown_location", at=Reason("board.at_line", line=number), line=number,
                       location=location.strip())


def _build(header: dict[str, str], numbers: dict[str, int], bare: list[str], armour: dict[str, int], rear: dict[str, int],
           slots: dict[str, list[tuple[int, str]]]) -> Design:
    chassis = header.get("chassis") or (bare[0] if bare else "")
    model = header.get("model") or (bare[1] if len(bare) > 1 else "")
    for needed in ("mass", "walk mp", "heat sinks"):
        if needed not in numbers:
            raise MtfError("mtf.missing", why=Reason("mtf.no_line", key=needed), key=needed)
    missing = [loc for loc in LOCATIONS if loc not in slots or loc not in armour]
    if not chassis or missing:
        raise MtfError("mtf.missing", why=Reason("mtf.lacks", locations=", ".join(missing)))
    components = tuple(c for location in LOCATIONS for c in _components(location, slots[location]))
    return Design(
        chassis=chassis, model=model, tons=numbers["mass"], walk=numbers["walk mp"], jump=numbers.get("jump mp", 0),
        heat_sinks=numbers["heat sinks"], double_heat_sinks="double" in header["heat sinks"].lower(),
        armour=armour, rear_armour=rear, components=components,
    )


def _components(location: str, lines: list[tuple[int, str]]) -> list[Component]:
    """Group the slot lines of one location into components: an item of n slots fills n consecutive lines."""
    found: list[Component] = []
    run: list[int] = []  # slots of the item being read
    run_key = ("", False)
    for slot, (number, line) in enumerate(lines):
        name, rear, shots = _slot(line, number)
        if slot >= SLOT_COUNT[location]:
            if name:
                raise _at_line(number, "mtf.slots", Reason("mtf.only_slots", location=location,
                                                           slots=SLOT_COUNT[location]))
            continue
        if run and (name, rear) != run_key:
            raise _at_line(number, "mtf.slots", Reason("mtf.needs_slots", item=run_key[0], location=location))
        if not name or name in ROLL_AGAIN:
            continue
        run.append(slot)
        run_key = (name, rear)
        weapon = find_weapon(name)
        if len(run) == (weapon.slots if weapon else EQUIPMENT_SLOTS.get(name, 1)):
            found.append(Component(name, location, tuple(run), rear, shots))
            run = []
    if run:
        raise MtfError("mtf.slots", why=Reason("mtf.missing_slots", item=run_key[0], location=location))
    return found


def _slot(line: str, number: int) -> tuple[str, bool, int]:
    """Canonical name of a slot line ("" when empty), whether it is rear-mounted, and ammunition shots."""
    rear = line.endswith("(R)")
    text = line.removesuffix("(R)").strip()
    lowered = text.lower()
    if lowered == "-empty-":
        return "", False, 0
    if "ammo" in lowered:
        rest = re.sub(r"^(is\s*)?ammo\s*", "", lowered).strip()
        weapon = find_weapon(rest) or (find_weapon("Machine Gun") if rest in MG_AMMO else None)
        if weapon is None:
            raise _at_line(number, "mtf.unknown_slot", Reason("mtf.unknown_ammo", text=text))
        return f"{AMMO_PREFIX}{weapon.name}", False, MG_AMMO.get(rest, weapon.shots_per_ton)
    weapon = find_weapon(text)
    if weapon is not None:
        return weapon.name, rear, 0
    canonical = SLOT_ALIASES.get(lowered) or next((e for e in EQUIPMENT + ROLL_AGAIN if e.lower() == lowered), None)
    if canonical is None:
        raise _at_line(number, "mtf.unknown_slot", Reason("mtf.unknown_critical", text=text))
    return canonical, rear, 0
