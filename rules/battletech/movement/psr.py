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

from rules.core.hexes import Hex
from rules.core.reasons import Reason, signed
from rules.battletech.units import Unit

# 2D6 can never reach 13: the target of an automatic failure.
AUTOMATIC_FAILURE = 13


@dataclass(frozen=True, slots=True)
class Check:
    """A roll a step requires: why (``code``), which skill (``piloting`` or a bare ``2d6``), the
    number to meet, the modifiers that built it, and the numbers the consequences need."""

    code: str
    roll: str
    target: int
    modifiers: tuple[tuple[Reason, int], ...] = ()
    reasons: tuple[str, ...] = ()
    levels: int = 0  # climb: the level this roll reaches; drop: levels dropped; water: depth
    hexes_moved: int = 0  # skid: hexes moved this turn before the roll
    direction: int | None = None  # skid: the direction the unit was travelling
    wall: Hex | None = None  # building_wall: the building hex whose wall the unit passes


def piloting_check(unit: Unit, code: str, modifier: tuple[Reason, int] | None, rule: Reason, *, levels: int = 0,
                   hexes_moved: int = 0, direction: int | None = None, wall: Hex | None = None) -> Check:
    """A piloting skill roll: target = piloting skill + the modifier (no roll here takes more than one)."""
    if modifier is None:
        target = unit.piloting
        reason = Reason("psr.piloting", rule=rule, piloting=unit.piloting, target=target)
    else:
        why, value = modifier
        target = unit.piloting + value
        reason = Reason("psr.piloting_modified", rule=rule, piloting=unit.piloting, modifier=signed(value), why=why,
                        target=target)
    return Check(code, "piloting", target, (modifier,) if modifier else (), (reason,), levels, hexes_moved, direction,
                 wall)


def plain_check(code: str, target: int, rule: Reason) -> Check:
    """A bare 2D6 roll with a fixed target (infantry in swamp, MASC)."""
    return Check(code, "2d6", target, (), (Reason("psr.plain", rule=rule, target=target),))


# --- Swamp -----------------------------------------------------------------------------------------

INFANTRY_SWAMP_STUCK_TARGET = 5  # "Con un resultado de 4 o menos, la unidad se queda atrapada"
INFANTRY_SWAMP_ESCAPE_TARGET = 5  # "Para escapar, una unidad de infantería sólo necesita un 5+"


def swamp_check(unit: Unit, code: str = "swamp") -> Check:
    """Entering a swamp (``swamp``) or trying to leave it at the start of a movement phase
    (``swamp_escape``). Failure: stuck for the rest of the turn, a mech does not fall."""
    if unit.kind == "infantry":
        target = INFANTRY_SWAMP_STUCK_TARGET if code == "swamp" else INFANTRY_SWAMP_ESCAPE_TARGET
        return plain_check(code, target, Reason("psr.swamp_infantry"))
    # The text gives no modifier for the swamp roll itself; standard BattleTech uses none either.
    return piloting_check(unit, code, None, Reason("psr.swamp"))


# --- Water -------------------------------------------------------------------------------------------


def water_modifier(depth: int) -> tuple[Reason, int]:
    """The piloting roll modifier for entering water: the text does not give them ("usando los modificadores
    apropiados"), so the standard table: depth 1 −1, depth 2 0, depth 3+ +1."""
    return Reason("psr.water_depth", depth=depth), -1 if depth == 1 else (0 if depth == 2 else 1)


def water_check(unit: Unit, depth: int) -> Check:
    """A mech entering water of depth 1+ rolls ("debe hacer un chequeo de pilotaje usando los
    modificadores apropiados"). Failure: the mech falls in that hex."""
    return piloting_check(unit, "water", water_modifier(depth), Reason("psr.water"), levels=depth)


# --- Skids ------------------------------------------------------------------------------------------

# The text names the "tabla de modificadores de deslizamiento" without giving it, so this is TW's skidding
# table (hexes moved this turn so far → modifier): 0-2 −1, 3-4 +0, 5-7 +1, 8-10 +2, 11-17 +4, 18-24 +5, 25+ +6
# (MegaMek uses the same brackets).
SKID_TABLE = ((2, -1), (4, 0), (7, 1), (10, 2), (17, 4), (24, 5))
SKID_BEYOND = 6


def skid_modifier(hexes_moved: int) -> int:
    return next((modifier for limit, modifier in SKID_TABLE if hexes_moved <= limit), SKID_BEYOND)


def skid_check(unit: Unit, hexes_moved: int, direction: int) -> Check:
    modifier = skid_modifier(hexes_moved)
    return piloting_check(unit, "skid", (Reason("psr.skid_hexes", hexes=hexes_moved), modifier), Reason("psr.skid"),
                          hexes_moved=hexes_moved, direction=direction)


# --- Climbing and dropping --------------------------------------------------------------------------

def climb_checks(unit: Unit, levels: int, already: int = 0) -> tuple[Check, ...]:
    """One roll per level climbed; +1 while climbing, +2 instead with a single free hand.
    ``already`` counts the levels of this climb made in earlier phases (each check's ``levels`` is
    the height above the foot of the climb that the roll reaches)."""
    modifier = (Reason("psr.climbing_one_hand"), 2) if unit.hands == 1 else (Reason("psr.climbing"), 1)
    total = already + levels
    return tuple(piloting_check(unit, "climb", modifier, Reason("psr.climb", level=level, total=total), levels=level)
                 for level in range(already + 1, total + 1))


def drop_checks(unit: Unit, levels: int) -> tuple[Check, Check]:
    legs = piloting_check(unit, "drop_legs", (Reason("psr.drop_levels_twice", levels=levels), 2 * levels),
                          Reason("psr.drop_legs"), levels=levels)
    fall = piloting_check(unit, "drop_fall", (Reason("psr.drop_levels", levels=levels), levels),
                          Reason("psr.drop_fall"), levels=levels)
    return legs, fall


# --- Standing up, rubble -----------------------------------------------------------------------------


def stand_check(unit: Unit) -> Check:
    # The texts only mention standing under minimum movement; standard BattleTech: 2 PM and a roll at +0.
    return piloting_check(unit, "stand", None, Reason("psr.stand"))


def rubble_check(unit: Unit) -> Check:
    # Not in the Solaris texts; standard BattleTech asks a mech entering rubble for a roll at +0.
    return piloting_check(unit, "rubble", None, Reason("psr.rubble"))


# --- MASC --------------------------------------------------------------------------------------------

# "3 o más… en el segundo turno 5 o más, en el tercero 7 o más, en el cuarto 11 o más, y en el quinto
# se congelan automáticamente."
MASC_TARGETS = (3, 5, 7, 11, AUTOMATIC_FAILURE)


def masc_check(unit: Unit) -> Check:
    step = min(unit.masc_streak, len(MASC_TARGETS) - 1)
    turn = step + 1
    if MASC_TARGETS[step] == AUTOMATIC_FAILURE:
        return Check("masc", "2d6", AUTOMATIC_FAILURE, (), (Reason("psr.masc_frozen", turn=turn),))
    return plain_check("masc", MASC_TARGETS[step], Reason("psr.masc", turn=turn))


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
    return ClimbFall(levels, damage, (Reason("psr.climb_fall", level=failed_check.levels, levels=levels,
                                             damage=damage),))
