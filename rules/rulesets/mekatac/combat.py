"""Attacks ("ATAQUES", "TABLA DE DAÑOS CUERPO A CUERPO", "NOTAS SOBRE LAS ARMAS"): whether a meka may make one
now and what it needs on 1D10, and the attack made: the rolls, the damage and what the damage sets off.

:func:`aim` is the "may I?" answer (a coded refusal or the target number with each modifier), :func:`attack`
applies it. Both read the state as it stands at the moment of the attack, which in MEKATAC is any moment of
the movement phase (:mod:`rules.rulesets.mekatac.movement`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.board import Board
from rules.core.dice import Dice, Roll
from rules.core.errors import RuleError
from rules.core.reasons import TEMPLATES as REASONS
from rules.core.reasons import Reason, signed
from rules.core.timeline import Event
from rules.rulesets.mekatac import hand
from rules.rulesets.mekatac.ammo import blast, extra_damage, load_of
from rules.rulesets.mekatac.damage import damage
from rules.rulesets.mekatac.sight import arcs_of, cover_quarters, has_sight
from rules.rulesets.mekatac.state import Burn, Meka, MekaState
from rules.rulesets.mekatac.tables import (
    ADJACENT_BONUS, AIMER_BONUS, AIRBORNE_BONUS, BLADE, BOMB, BURN_TURNS_AFTER_HIT, COMPUTER_PENALTY, EASY_BONUS,
    EASY_FAMILIES, FLAMER, HALF_RANGE_BONUS, HIT_ON, KICK, LARGE, MELEE, MORTAR, PLASMA, PUNCH, SIZE_CLASS_MODIFIER,
    SIZES, SMALL, TO_HIT_SIDES,
)
from rules.rulesets.mekatac.tables import CRITICO, DEFLEXION, DISPARO_APUNTADO, PURA_SUERTE, SMART, SMART_BONUS

Weapon = int | str  # a weapon's index in the design, or "punch" / "kick"
MELEE_NAMES = {PUNCH: "Puño", KICK: "Patada"}
BOMB_DICE = (6, 10)


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
    return ""


def check_weapon(state: MekaState, meka: Meka, weapon: Weapon) -> None:
    """Refuses a weapon the meka does not have, lost, fired this turn, has no ammunition for, or must cool."""
    name = label(meka, weapon) if _known(meka, weapon) else str(weapon)
    if not _known(meka, weapon):
        raise refusal("mekatac.refuse_not_a_weapon", unit=meka.id, weapon=name)
    if is_melee(meka, weapon) and meka.melee_used:
        raise refusal("mekatac.refuse_melee_used", unit=meka.id)
    if isinstance(weapon, str):
        return
    if weapon in meka.broken:
        raise refusal("mekatac.refuse_broken", unit=meka.id, weapon=name)
    if weapon in meka.used and weapon not in meka.again:
        raise refusal("mekatac.refuse_used", unit=meka.id, weapon=name)
    if meka.ammo.get(weapon, 1) <= 0:
        raise refusal("mekatac.refuse_no_ammo", unit=meka.id, weapon=name)
    if meka.design.mounts[weapon].system.family == PLASMA and meka.plasma_fired.get(weapon) == state.turn - 1:
        raise refusal("mekatac.refuse_plasma_cooling", unit=meka.id, weapon=name)


def _known(meka: Meka, weapon: Weapon) -> bool:
    if isinstance(weapon, str):
        return weapon in MELEE_NAMES
    return 0 <= weapon < len(meka.design.mounts) and meka.design.mounts[weapon].system.weapon


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
    distance = meka.hex.distance(other.hex)
    reach = 1 if is_melee(meka, weapon) else meka.design.mounts[int(weapon)].system.range
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
    elif 2 * distance <= reach:
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
    return found


def attack(state: MekaState, unit: str, target: str, weapon: Weapon, dice: Dice,
           card: str = "") -> tuple[MekaState, list[Event]]:
    """Makes the attack now: refused (an event with the coded reason, nothing spent), or rolled and applied;
    ``card`` is the Disparo apuntado or Crítico played with it (rules.rulesets.mekatac.plays)."""
    meka = state.unit(unit)
    if not isinstance(weapon, str) and _known(meka, weapon) and meka.design.mounts[weapon].system.family == BOMB:
        return detonate(state, unit, weapon, dice)
    try:
        aimed = aim(state, unit, target, weapon)
    except RuleError as refused:
        why = Reason("mekatac.attack_refused", unit=unit, weapon=label(meka, weapon) if _known(meka, weapon)
                     else str(weapon), target=target, why=as_reason(refused))
        return state, [Event(unit, "refused", meka.hex, meka.hex, meka.facing, reason=why, target=target)]
    state = state.with_unit(spent(meka, weapon, state.turn))
    events: list[Event] = []
    if card:
        state, events, works = hand.play(state, unit, card)
        card = card if works else ""
    state, rolled, hit = _to_hit(state, aimed, dice, card == DISPARO_APUNTADO)
    events += rolled
    if not hit:
        return state, events
    other = state.unit(target)
    if not isinstance(weapon, str) and meka.design.mounts[weapon].system.family == FLAMER:
        system = meka.design.mounts[weapon].system
        state = state.with_unit(replace(other, burns=(*other.burns, Burn(system.dice, system.sides,
                                                                          BURN_TURNS_AFTER_HIT))))
    state, hurt_events = damage(state, target, events[-1].damage, dice, extra=int(card == CRITICO))
    state, blasted = blast(state, unit, target, weapon, events[-1].damage, dice)
    return state, events + hurt_events + blasted


def _to_hit(state: MekaState, aimed: Aim, dice: Dice, sure: bool) -> tuple[MekaState, list[Event], bool]:
    """The to-hit roll (none with Disparo apuntado; rolled again once by a waiting Pura suerte), the target's
    waiting Deflección, and the damage roll of a hit (the last event's ``damage``)."""
    meka, other = state.unit(aimed.unit), state.unit(aimed.target)
    params: dict[str, str | int] = {"unit": aimed.unit, "weapon": aimed.label, "target": aimed.target,
                                    "need": aimed.need}
    events: list[Event] = []
    rolls: tuple[Roll, ...] = ()
    if not sure:
        roll = dice.roll(1, TO_HIT_SIDES, f"{aimed.unit} {aimed.label} at {aimed.target}", target=aimed.need)
        if not roll.success:
            state, lucky, works = hand.use_armed(state, aimed.unit, PURA_SUERTE)
            events += lucky
            if works:
                events.append(Event(aimed.unit, "card", meka.hex, meka.hex, meka.facing, target=aimed.target,
                                    rolls=(roll,), reason=Reason("mekatac.attack_rerolled", **params)))
                roll = dice.roll(1, TO_HIT_SIDES, f"{aimed.unit} {aimed.label} at {aimed.target}", target=aimed.need)
        if not roll.success:
            miss = Reason("mekatac.attack_miss", **params, roll=roll.total)
            return state, [*events, Event(aimed.unit, "attack", meka.hex, other.hex, meka.facing, reason=miss,
                                          target=aimed.target, rolls=(roll,))], False
        rolls, params = (roll,), {**params, "roll": roll.total}
    state, deflected, works = hand.use_armed(state, aimed.target, DEFLEXION)
    events += deflected
    if works:
        said = Reason("mekatac.attack_deflected", unit=aimed.unit, weapon=aimed.label, target=aimed.target)
        return state, [*events, Event(aimed.unit, "attack", meka.hex, other.hex, meka.facing, reason=said,
                                      target=aimed.target, rolls=rolls)], False
    hurt = _damage_roll(meka, aimed.weapon, dice, aimed.label)
    total = hurt.total + extra_damage(meka, aimed.weapon)
    hit = Reason("mekatac.attack_hit", **params, damage=total) if rolls else Reason(
        "mekatac.attack_aimed", unit=aimed.unit, weapon=aimed.label, target=aimed.target, damage=total)
    return state, [*events, Event(aimed.unit, "attack", meka.hex, other.hex, meka.facing, reason=hit,
                                  target=aimed.target, rolls=(*rolls, hurt), damage=total)], True


def spent(meka: Meka, weapon: Weapon, turn: int) -> Meka:
    """The meka once ``weapon`` has fired: used this turn, a shot fewer, a plasma weapon's turn noted."""
    if isinstance(weapon, str):
        return replace(meka, melee_used=True)
    system = meka.design.mounts[weapon].system
    ammo = {**meka.ammo, weapon: meka.ammo[weapon] - 1} if weapon in meka.ammo else meka.ammo
    fired = {**meka.plasma_fired, weapon: turn} if system.family == PLASMA else meka.plasma_fired
    again = meka.again - {weapon} if weapon in meka.used else meka.again
    return replace(meka, used=meka.used | {weapon}, again=again, ammo=ammo, plasma_fired=fired,
                   melee_used=meka.melee_used or system.family == BLADE)


def _damage_roll(meka: Meka, weapon: Weapon, dice: Dice, name: str) -> Roll:
    size_class = SIZES[meka.design.size].size_class
    if isinstance(weapon, str):
        count, sides = MELEE[size_class][weapon]
    elif meka.design.mounts[weapon].system.family == BLADE:
        count, sides = MELEE[size_class][BLADE]
    else:
        system = meka.design.mounts[weapon].system
        count, sides = system.dice, system.sides
    return dice.roll(count, sides, f"{meka.id} {name} damage")


def detonate(state: MekaState, unit: str, weapon: int, dice: Dice) -> tuple[MekaState, list[Event]]:
    """"La bomba es un mecanismo de autodestrucción. Todos los Mekas en un espacio adyacente sufren 6D10 de
    daño": the bomber is destroyed, then each adjacent meka (either side) takes its own 6D10."""
    meka = state.unit(unit)
    try:
        idle = why_idle(state, meka)
        if idle:
            raise refusal("mekatac.refuse_attacker_out", unit=unit, why=idle)
        check_weapon(state, meka, weapon)
    except RuleError as refused:
        why = Reason("mekatac.attack_refused", unit=unit, weapon=label(meka, weapon), target="", why=as_reason(refused))
        return state, [Event(unit, "refused", meka.hex, meka.hex, meka.facing, reason=why)]
    state = state.with_unit(replace(spent(meka, weapon, state.turn), destroyed=True, armour=0))
    events = [Event(unit, "bomb", meka.hex, meka.hex, meka.facing, reason=Reason("mekatac.bomb", unit=unit))]
    for other in sorted(state.units, key=lambda each: each.id):
        if other.id != unit and other.in_fight and other.hex.distance(meka.hex) == 1:
            roll = dice.roll(*BOMB_DICE, f"{unit} bomb on {other.id}")
            said = Reason("mekatac.bomb_hit", unit=unit, target=other.id, damage=roll.total)
            events.append(Event(unit, "attack", meka.hex, other.hex, meka.facing, target=other.id, rolls=(roll,),
                                damage=roll.total, reason=said))
            state, hurt = damage(state, other.id, roll.total, dice)
            events += hurt
    return state, events
