"""Rolls that movement asks for, and what a passed or failed roll does.

:class:`Check` is what a plotted step requires (no dice here). The timeline rolls the dice in
timeline order (``Dice.roll_2d6(reason, target)``) and applies the consequence functions below,
which are pure: given the numbers, they say how much damage, how far, and why.

Check codes (stable): ``swamp``, ``swamp_escape``, ``water``, ``building_wall``, ``climb``,
``drop_legs``, ``drop_fall``, ``skid``, ``stand``, ``rubble``, ``masc``.
A check succeeds when the 2D6 total is at least ``target``.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from rules.hexes import Hex
from rules.units import Unit

# 2D6 can never reach 13: the target of an automatic failure.
AUTOMATIC_FAILURE = 13


@dataclass(frozen=True, slots=True)
class Check:
    """A roll a step requires: why (``code``), which skill (``piloting`` or a bare ``2d6``), the
    number to meet, the modifiers that built it, and the numbers the consequences need."""

    code: str
    roll: str
    target: int
    modifiers: tuple[tuple[str, int], ...] = ()
    reasons: tuple[str, ...] = ()
    levels: int = 0  # climb: the level this roll reaches; drop: levels dropped; water: depth
    hexes_moved: int = 0  # skid: hexes moved this turn before the roll
    direction: int | None = None  # skid: the direction the unit was travelling
    wall: Hex | None = None  # building_wall: the building hex whose wall the unit passes


def piloting_check(unit: Unit, code: str, modifiers: list[tuple[str, int]], rule: str, *, levels: int = 0,
                   hexes_moved: int = 0, direction: int | None = None, wall: Hex | None = None) -> Check:
    """A piloting skill roll: target = piloting skill + modifiers."""
    target = unit.piloting + sum(value for _, value in modifiers)
    shown = "".join(f" {value:+d} ({why})" for why, value in modifiers)
    reason = f"{rule}: piloting {unit.piloting}{shown} = {target}"
    return Check(code, "piloting", target, tuple(modifiers), (reason,), levels, hexes_moved, direction, wall)


def plain_check(code: str, target: int, rule: str) -> Check:
    """A bare 2D6 roll with a fixed target (infantry in swamp, MASC)."""
    return Check(code, "2d6", target, (), (f"{rule}: 2D6 needs {target}+",))


# --- Swamp -----------------------------------------------------------------------------------------

SWAMP_RULE = "Solaris VII 'Tipos de terrenos especiales' (pantano)"
INFANTRY_SWAMP_STUCK_TARGET = 5  # "Con un resultado de 4 o menos, la unidad se queda atrapada"
INFANTRY_SWAMP_ESCAPE_TARGET = 5  # "Para escapar, una unidad de infantería sólo necesita un 5+"


def swamp_check(unit: Unit, code: str = "swamp") -> Check:
    """Entering a swamp (``swamp``) or trying to leave it at the start of a movement phase
    (``swamp_escape``). Failure: stuck for the rest of the turn, a mech does not fall."""
    if unit.kind == "infantry":
        target = INFANTRY_SWAMP_STUCK_TARGET if code == "swamp" else INFANTRY_SWAMP_ESCAPE_TARGET
        return plain_check(code, target, f"{SWAMP_RULE}, infantry")
    # The text gives no modifier for the swamp roll itself; standard BattleTech uses none either.
    return piloting_check(unit, code, [], f"{SWAMP_RULE}, no modifier (text and standard BattleTech)")


# --- Water -------------------------------------------------------------------------------------------


def water_modifier(depth: int) -> tuple[str, int]:
    """The piloting roll modifier for entering water: the text does not give them ("usando los modificadores
    apropiados"), so the standard table: depth 1 −1, depth 2 0, depth 3+ +1."""
    return f"depth {depth} water (standard BattleTech table)", -1 if depth == 1 else (0 if depth == 2 else 1)


def water_check(unit: Unit, depth: int) -> Check:
    """A mech entering water of depth 1+ rolls ("debe hacer un chequeo de pilotaje usando los
    modificadores apropiados"). Failure: the mech falls in that hex."""
    return piloting_check(unit, "water", [water_modifier(depth)], "Solaris VII 'Operaciones submarinas'", levels=depth)


# --- Skids ------------------------------------------------------------------------------------------

# Standard skid table (hexes moved this turn → modifier); the text names the table without giving it.
SKID_TABLE = ((2, -1), (4, 0), (7, 1), (10, 2))
SKID_BEYOND = 4


def skid_modifier(hexes_moved: int) -> int:
    return next((modifier for limit, modifier in SKID_TABLE if hexes_moved <= limit), SKID_BEYOND)


def skid_check(unit: Unit, hexes_moved: int, direction: int) -> Check:
    modifier = skid_modifier(hexes_moved)
    return piloting_check(unit, "skid", [(f"{hexes_moved} hexes moved (standard skid table)", modifier)],
                          "Solaris VII 'Deslizamiento': running, facing change on pavement or ice, then moving on",
                          hexes_moved=hexes_moved, direction=direction)


# --- Climbing and dropping --------------------------------------------------------------------------

CLIMB_RULE = "Solaris VII 'Reglas de escalada'"


def climb_checks(unit: Unit, levels: int, already: int = 0) -> tuple[Check, ...]:
    """One roll per level climbed; +1 while climbing, +2 instead with a single free hand.
    ``already`` counts the levels of this climb made in earlier phases (each check's ``levels`` is
    the height above the foot of the climb that the roll reaches)."""
    modifier = ("climbing with one hand", 2) if unit.hands == 1 else ("climbing", 1)
    total = already + levels
    return tuple(piloting_check(unit, "climb", [modifier], f"{CLIMB_RULE}, level {level} of {total}", levels=level)
                 for level in range(already + 1, total + 1))


DROP_RULE = "Solaris VII 'Dejarse caer'"


def drop_checks(unit: Unit, levels: int) -> tuple[Check, Check]:
    legs = piloting_check(unit, "drop_legs", [(f"{levels} levels × 2", 2 * levels)],
                          f"{DROP_RULE}, first roll (legs)", levels=levels)
    fall = piloting_check(unit, "drop_fall", [(f"{levels} levels", levels)],
                          f"{DROP_RULE}, second roll (fall)", levels=levels)
    return legs, fall


# --- Standing up, rubble -----------------------------------------------------------------------------


def stand_check(unit: Unit) -> Check:
    # The texts only mention standing under minimum movement; standard BattleTech: 2 PM and a roll at +0.
    return piloting_check(unit, "stand", [], "standing up (standard BattleTech, no modifier)")


def rubble_check(unit: Unit) -> Check:
    # Not in the Solaris texts; standard BattleTech asks a mech entering rubble for a roll at +0.
    return piloting_check(unit, "rubble", [], "entering rubble (standard BattleTech, no modifier)")


# --- MASC --------------------------------------------------------------------------------------------

# "3 o más… en el segundo turno 5 o más, en el tercero 7 o más, en el cuarto 11 o más, y en el quinto
# se congelan automáticamente."
MASC_TARGETS = (3, 5, 7, 11, AUTOMATIC_FAILURE)


def masc_check(unit: Unit) -> Check:
    step = min(unit.masc_streak, len(MASC_TARGETS) - 1)
    turn = step + 1
    rule = f"Solaris VII 'MASC', consecutive turn {turn}"
    if MASC_TARGETS[step] == AUTOMATIC_FAILURE:
        return Check("masc", "2d6", AUTOMATIC_FAILURE, (), (f"{rule}: the legs freeze automatically",))
    return plain_check("masc", MASC_TARGETS[step], rule)


def masc_streak_after(unit: Unit, used: bool) -> int:
    """The MASC step for next turn: one higher after a use, one lower after a turn without it."""
    return unit.masc_streak + 1 if used else max(0, unit.masc_streak - 1)


# --- Consequences ------------------------------------------------------------------------------------


def falling_damage(tons: int, levels: int, into_water: bool = False) -> int:
    """Standard BattleTech: ceil(tons / 10) × (levels fallen + 1); halved (rounded up) into water
    of depth 1+ (the texts say "daño normal por caída" without the numbers)."""
    damage = ceil(tons / 10) * (levels + 1)
    return ceil(damage / 2) if into_water else damage


def skid_damage_per_hex(tons: int) -> int:
    """Half the normal falling damage (a fall from standing), rounded up, per hex skidded."""
    return ceil(falling_damage(tons, 0) / 2)


def skid_distance(hexes_moved: int) -> int:
    """"un número de hexágonos igual al número de ellos que ha movido … dividido por 2 (hacia arriba)"."""
    return ceil(hexes_moved / 2)


def charge_damage(tons: int, hexes_moved: int) -> int:
    """Standard charge damage the charger deals: ceil(tons / 10 × hexes moved)."""
    return ceil(tons * hexes_moved / 10)


def drop_leg_damage(levels: int) -> int:
    """Failed first drop roll: each leg takes damage equal to the levels dropped."""
    return levels


def drop_critical_rolls(internal_structure_damaged: bool) -> int:
    """Critical rolls per leg after a failed first drop roll: one, or two if the damage reached the
    leg's internal structure ("Si se dañara la estructura interna de la pierna … dos tiradas")."""
    return 2 if internal_structure_damaged else 1


@dataclass(frozen=True, slots=True)
class ClimbFall:
    levels: int
    damage: int
    reasons: tuple[str, ...]


def climb_fall(unit: Unit, failed_check: Check) -> ClimbFall:
    """A failed climb roll: the mech falls from the last level it reached (the one before)."""
    levels = failed_check.levels - 1
    damage = falling_damage(unit.tons, levels)
    return ClimbFall(levels, damage, (f"{CLIMB_RULE}: failed at level {failed_check.levels}, "
                                      f"falls {levels} levels for {damage} damage",))
