"""Attacks ("ATAQUES", "TABLA DE DAÑOS CUERPO A CUERPO", "NOTAS SOBRE LAS ARMAS"): whether a meka may make one
now and what it needs on 1D10.

:func:`aim` is the "may I?" answer (a coded refusal or the target number with each modifier),
:func:`rules.rulesets.mekatac.strike.attack` applies it. Both read the state as it stands at the moment of the attack, which in MEKATAC is any moment of
the movement phase (:mod:`rules.rulesets.mekatac.movement`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.core.board import Board
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.reasons import TEMPLATES as REASONS
from rules.core.reasons import Reason, signed
from rules.rulesets.mekatac.ammo import load_of
from rules.rulesets.mekatac.sight import arcs_of, cover_quarters, has_sight, may_block, obstacles
from rules.rulesets.mekatac.skills import aim_modifiers, extra_attack
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import (
    ADJACENT_BONUS, AIMER_BONUS, AIRBORNE_BONUS, BLADE, COMPUTER_PENALTY, EASY_BONUS,
    EASY_FAMILIES, HALF_RANGE_BONUS, HIT_ON, KICK, LARGE, MORTAR, PLASMA, PUNCH, SIZE_CLASS_MODIFIER,
    SIZES, SMALL,
)
from rules.rulesets.mekatac.tables import SMART, SMART_BONUS

Weapon = int | str  # a weapon's index in the design, or "punch" / "kick"
MELEE_NAMES = {PUNCH: "Puño", KICK: "Patada"}
# The weapon covers kept (:func:`weapon_cover`): a few matches' worth of mekas where they stand.
COVERS_KEPT = 512


def refusal(code: str, **params: str | int) -> RuleError:
    """A refusal of an order or a reaction (its code is also a reason, :data:`reasons.REFUSALS`)."""
    return RuleError(code, **params)


def as_reason(refused: RuleError) -> str:
    """The refusal as the coded reason a report or a preview gives (its plain message if its code is no reason:
    an unknown unit, say)."""
    return Reason(refused.code, **refused.params) if refused.code in REASONS else refused.message


@dataclass(frozen=True, slots=True)
class Aim:
    """A legal attack: what it needs on 1D10 and why (each modifier with its coded reason)."""

    unit: str
    target: str
    weapon: Weapon
    label: str
    need: int
    modifiers: tuple[tuple[int, str], ...]


def label(meka: Meka, weapon: Weapon) -> str:
    if isinstance(weapon, str):
        return MELEE_NAMES.get(weapon, weapon)
    mount = meka.design.mounts[weapon]
    return f"{mount.system.name} [{mount.arc}]" if mount.arc else mount.system.name


def is_melee(meka: Meka, weapon: Weapon) -> bool:
    return isinstance(weapon, str) or meka.design.mounts[weapon].system.family == BLADE


def why_idle(state: MekaState, meka: Meka) -> str:
    """Why a meka can make no attack at all now ("" when it can)."""
    if not meka.in_fight:
        return Reason("mekatac.why_out")
    if meka.down(state.turn):
        return Reason("mekatac.why_fallen")
    if meka.doubt:
        return Reason("mekatac.why_doubt")
    if meka.transforming:
        return Reason("mekatac.why_transforming")
    return ""


def check_weapon(state: MekaState, meka: Meka, weapon: Weapon) -> None:
    """Refuses a weapon the meka does not have, lost, fired this turn, has no ammunition for, or must cool."""
    name = label(meka, weapon) if known(meka, weapon) else str(weapon)
    if not known(meka, weapon):
        raise refusal("mekatac.refuse_not_a_weapon", unit=meka.id, weapon=name)
    extra = extra_attack(meka, weapon)  # a pilot's skill may give one more
    if is_melee(meka, weapon) and meka.melee_used and extra is None:
        raise refusal("mekatac.refuse_melee_used", unit=meka.id)
    if isinstance(weapon, str):
        return
    if weapon in meka.broken:
        raise refusal("mekatac.refuse_broken", unit=meka.id, weapon=name)
    if weapon in meka.used and weapon not in meka.again and extra is None:
        raise refusal("mekatac.refuse_used", unit=meka.id, weapon=name)
    if meka.ammo.get(weapon, 1) <= 0:
        raise refusal("mekatac.refuse_no_ammo", unit=meka.id, weapon=name)
    if meka.design.mounts[weapon].system.family == PLASMA and meka.plasma_fired.get(weapon) == state.turn - 1:
        raise refusal("mekatac.refuse_plasma_cooling", unit=meka.id, weapon=name)


def known(meka: Meka, weapon: Weapon) -> bool:
    if isinstance(weapon, str):
        return weapon in MELEE_NAMES
    return 0 <= weapon < len(meka.design.mounts) and meka.design.mounts[weapon].system.weapon


def reach_of(meka: Meka, weapon: Weapon) -> int:
    """The weapon's long range in hexes ("Los alcances de las tablas representan las distancias consideradas
    largo alcance"); a melee attack reaches the adjacent hexes."""
    return 1 if is_melee(meka, weapon) else meka.design.mounts[int(weapon)].system.range


def at_half_range(distance: int, reach: int) -> bool:
    """"Los ataques a la mitad de esta distancia reciben un bono de +1 a la tirada de impactar"."""
    return 2 * distance <= reach


def weapon_cover(board: Board, meka: Meka, flying: bool = False) -> list[Json]:
    """Each of the meka's aimed weapons (the bomb has no arc) with the board's hexes in its arc and range from
    where it stands ("ARCOS DE DISPARO", "ATAQUES"), split by what a shot there would have: ``half`` in sight
    with a bonus (adjacent +2, half range +1), ``full`` in sight without, ``blind`` with no line of sight
    (``sight.has_sight``; a mortar may still fire there indirectly, spotted by a friend). ``flying``: the meka is
    in flight and sees over everything. From the board alone, as the browser shades it: no meka is read, so it
    is worked out once for a board, a hex, a facing and the weapons' arcs and ranges (:func:`_cover`), however
    many frames, snapshots and plots ask it again (a meka that has not moved covers what it did)."""
    aimed = tuple((index, mount.arc, reach_of(meka, index)) for index, mount in meka.design.weapons if mount.arc)
    return [{"index": index, "arc": arc, "range": reach, "half": list(half), "full": list(full), "blind": list(blind)}
            for index, arc, reach, half, full, blind in _cover(BoardKey(board), meka.hex, meka.facing, flying, aimed)]


class BoardKey:
    """A board as a cache key: equal to any board of the same size and terrain (its hexes are a mapping, which
    does not hash)."""

    __slots__ = ("board", "key")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.key = (board.width, board.height,
                    tuple((hex_, terrain.level, tuple(terrain.features.items())) for hex_, terrain in board.hexes.items()))

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BoardKey) and self.key == other.key


# Each weapon's index, arc, range, and the labels of its half, full and blind hexes.
Covered = tuple[tuple[int, str, int, tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...]


@lru_cache(maxsize=COVERS_KEPT)
def _cover(keyed: BoardKey, source: Hex, facing: int, flying: bool, aimed: tuple[tuple[int, str, int], ...]) -> Covered:
    board = keyed.board
    # Each hex out to the longest reach, its arc and whether it is in sight worked out once for every weapon.
    rings = [[(hex_, arcs_of(source, hex_, facing)) for hex_ in source.ring(distance) if hex_ in board]
             for distance in range(1, max((reach for _, _, reach in aimed), default=0) + 1)]
    seen: dict[Hex, bool] = {}
    walls = [] if flying else obstacles(board, source)
    covered = []
    for index, arc, reach in aimed:
        brackets: dict[str, list[str]] = {"half": [], "full": [], "blind": []}
        for distance, ring in enumerate(rings[:reach], start=1):
            near = distance == 1 or at_half_range(distance, reach)
            for hex_, arcs in ring:
                if arc in arcs:
                    if hex_ not in seen:
                        seen[hex_] = not may_block(walls, source, hex_) or has_sight(board, source, hex_, flying)
                    brackets["half" if seen[hex_] and near else "full" if seen[hex_] else "blind"].append(
                        hex_.label)
        covered.append((index, arc, reach, tuple(brackets["half"]), tuple(brackets["full"]), tuple(brackets["blind"])))
    return tuple(covered)


def aim(state: MekaState, unit: str, target: str, weapon: Weapon) -> Aim:
    """The attack of ``unit`` on ``target`` with ``weapon`` as the board stands now, or its coded refusal."""
    meka = state.unit(unit)
    idle = why_idle(state, meka)
    if idle:
        raise refusal("mekatac.refuse_attacker_out", unit=unit, why=idle)
    check_weapon(state, meka, weapon)
    other = state.unit(target)
    name = label(meka, weapon)
    if other.side == meka.side:
        raise refusal("mekatac.refuse_own_side", unit=unit, target=target)
    if not other.in_fight:
        raise refusal("mekatac.refuse_target_out", target=target)
    if other.hidden:
        # A hidden meka is one no enemy sees (rules.rulesets.mekatac.hidden): refused as unseen before its range
        # is read, so a refusal tells nothing of where it stands.
        raise refusal("mekatac.refuse_no_sight", unit=unit, target=target)
    distance = meka.hex.distance(other.hex)
    reach = reach_of(meka, weapon)
    if distance > reach:
        raise refusal("mekatac.refuse_out_of_range", target=target, distance=distance, range=reach, weapon=name)
    arc = "F" if isinstance(weapon, str) else meka.design.mounts[weapon].arc
    if arc not in arcs_of(meka.hex, other.hex, meka.facing):
        raise refusal("mekatac.refuse_arc", target=target, arc=arc, weapon=name)
    modifiers = [*_sight(state, meka, other, weapon), *_modifiers(state.board, meka, other, weapon, distance, reach)]
    return Aim(unit, target, weapon, name, HIT_ON - sum(value for value, _ in modifiers), tuple(modifiers))


def _sight(state: MekaState, meka: Meka, other: Meka, weapon: Weapon) -> list[tuple[int, str]]:
    """No modifier with line of sight; a mortar without it fires indirectly when a friendly meka sees the target
    (our reading of "Los morteros pueden hacer fuego indirecto"); otherwise a refusal."""
    flying = "fly" in (meka.airborne, other.airborne)
    if has_sight(state.board, meka.hex, other.hex, flying):
        return []
    if not isinstance(weapon, str) and meka.design.mounts[weapon].system.family == MORTAR:
        for friend in state.units:
            if friend.side == meka.side and friend.in_fight and friend.id != meka.id and has_sight(
                    state.board, friend.hex, other.hex, "fly" in (friend.airborne, other.airborne)):
                return [(0, Reason("mekatac.mod_indirect", spotter=friend.id))]
    raise refusal("mekatac.refuse_no_sight", unit=meka.id, target=other.id)


def _modifiers(board: Board, meka: Meka, other: Meka, weapon: Weapon, distance: int, reach: int) -> list[tuple[int, str]]:
    """Every to-hit modifier of "ATAQUES" and "NOTAS SOBRE LAS ARMAS" that applies."""
    found: list[tuple[int, str]] = []

    def add(value: int, code: str, **params: str | int) -> None:
        found.append((value, Reason(code, value=signed(value), **params)))

    melee = is_melee(meka, weapon)
    if distance == 1:
        add(ADJACENT_BONUS, "mekatac.mod_adjacent")
    elif at_half_range(distance, reach):
        add(HALF_RANGE_BONUS, "mekatac.mod_half_range", distance=distance, range=reach)
    size_class = SIZES[other.design.size].size_class
    if not melee and size_class in (SMALL, LARGE):
        add(SIZE_CLASS_MODIFIER[size_class], f"mekatac.mod_{size_class}")
    if other.airborne:
        add(AIRBORNE_BONUS, "mekatac.mod_airborne")
    if not melee:
        quarters = cover_quarters(board, meka.hex, other.hex, bool(other.airborne))
        if quarters:
            add(-quarters, "mekatac.mod_cover", percent=25 * quarters)
        if meka.design.has("aimer"):
            add(AIMER_BONUS, "mekatac.mod_aimer")
        if meka.design.mounts[int(weapon)].system.family in EASY_FAMILIES:
            add(EASY_BONUS, "mekatac.mod_plasma_flamer")
        if load_of(meka, weapon) == SMART:
            add(SMART_BONUS, "mekatac.mod_smart")
    if meka.computer:
        add(COMPUTER_PENALTY * meka.computer, "mekatac.mod_computer")
    return found + aim_modifiers(meka, weapon)
