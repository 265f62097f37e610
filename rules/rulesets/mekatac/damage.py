"""Damage and the critical table ("TABLA DE DAÑO CRÍTICO").

Damage comes off the meka's armour; at none left it is destroyed. "Se tira en la tabla de daños críticos cada
vez que un impacto hace 10 o más puntos de daño": each such hit on a meka still standing rolls 1D12 and its
result takes effect at once. A flyer that falls ("Un Meka volador que cae") loses 2D6 × 10% of its original
armour.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rules.core.dice import Dice, Roll
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import (
    COMPUTER, CRITICAL_DAMAGE, CRITICAL_SIDES, CRITICALS, FALL, FALL_DICE, FALL_PERCENT_PER_POINT, FALL_SIDES, FIRE,
    LEG_DAMAGED, LEG_DESTROYED, NO_EFFECT, PILOT_WOUND_SIDES, PILOT_WOUNDS, PILOT_WOUNDED, REACTOR, SHOCK, WEAPON,
)


def _event(meka: Meka, kind: str, reason: str, rolls: tuple[Roll, ...] = (), amount: int = 0) -> Event:
    return Event(meka.id, kind, meka.hex, meka.hex, meka.facing, reason=reason, rolls=rolls, damage=amount)


def damage(state: MekaState, unit: str, amount: int, dice: Dice, critical: bool = True,
           extra: int = 0) -> tuple[MekaState, list[Event]]:
    """``amount`` off ``unit``'s armour; a critical roll when one hit did 10 or more (``critical``) and it stands,
    and ``extra`` more ("Crítico: Un ataque exitoso hace +1 críticos", whatever the hit did)."""
    meka = state.unit(unit)
    if not meka.in_fight:
        return state, []
    armour = max(meka.armour - amount, 0)
    meka = replace(meka, armour=armour, destroyed=armour == 0)
    state = state.with_unit(meka)
    events = [_event(meka, "armour", Reason("mekatac.armour_left", unit=unit, armour=armour))]
    if meka.destroyed:
        return state, [*events, _event(meka, "destroyed", Reason("mekatac.destroyed", unit=unit))]
    if critical and amount >= CRITICAL_DAMAGE:
        state, rolled = roll_critical(state, unit, amount, dice)
        events += rolled
    for _ in range(extra):
        if state.unit(unit).in_fight:
            events.append(_event(meka, "critical_card", Reason("mekatac.critical_card", unit=unit)))
            state, rolled = roll_critical(state, unit, amount, dice)
            events += rolled
    return state, events


def roll_critical(state: MekaState, unit: str, amount: int, dice: Dice) -> tuple[MekaState, list[Event]]:
    roll = dice.roll(1, CRITICAL_SIDES, f"critical on {unit}")
    return apply_critical(state, unit, CRITICALS[roll.total], dice, roll, amount)


def apply_critical(state: MekaState, unit: str, result: str, dice: Dice, roll: Roll | None = None,
                   amount: int = 0) -> tuple[MekaState, list[Event]]:
    """The effect of one critical result on ``unit``, with the event that says it and what follows from it."""
    meka = state.unit(unit)
    meka, effect, rolls = _EFFECTS[result](state, meka, dice)
    meka = replace(meka, criticals=(*meka.criticals, result))
    state = state.with_unit(meka)
    said = Reason("mekatac.critical", damage=amount, unit=unit, roll=roll.total if roll else 0, effect=effect)
    events = [_event(meka, "critical", said, (*((roll,) if roll else ()), *rolls))]
    if not meka.pilot_alive:
        events.append(_event(meka, "pilot_killed", Reason("mekatac.pilot_killed", unit=unit)))
    if result in (LEG_DESTROYED, FALL) or (result == LEG_DAMAGED and meka.wings_torn):
        state, fell = flyer_falls(state, unit, dice)
        events += fell
    return state, events


Effect = Callable[[MekaState, Meka, Dice], tuple[Meka, str, tuple[Roll, ...]]]


def _leg_destroyed(state: MekaState, meka: Meka, dice: Dice) -> tuple[Meka, str, tuple[Roll, ...]]:
    return replace(meka, leg_destroyed=True), Reason("mekatac.crit_leg_destroyed"), ()


def _pilot(state: MekaState, meka: Meka, dice: Dice) -> tuple[Meka, str, tuple[Roll, ...]]:
    roll = dice.roll(1, PILOT_WOUND_SIDES, f"wounds of the pilot of {meka.id}")
    wounds = min(meka.wounds + roll.total, PILOT_WOUNDS)
    return replace(meka, wounds=wounds), Reason("mekatac.crit_pilot_wounded", wounds=roll.total, total=wounds), (roll,)


def _leg_damaged(state: MekaState, meka: Meka, dice: Dice) -> tuple[Meka, str, tuple[Roll, ...]]:
    """"Movimiento -1 (o ala arrancada: no puede volar y cae si estaba volando)": a meka with its wings loses
    them (our reading: the wing is what the hit finds on a winged meka), any other one loses a MP."""
    if meka.design.has("wings") and not meka.wings_torn:
        return replace(meka, wings_torn=True), Reason("mekatac.crit_wing_torn"), ()
    return replace(meka, legs_damaged=meka.legs_damaged + 1), Reason("mekatac.crit_leg_damaged"), ()


def _weapon(state: MekaState, meka: Meka, dice: Dice) -> tuple[Meka, str, tuple[Roll, ...]]:
    """"1 sistema de armas elegido al azar destruido": one die over the working weapons picks it."""
    working = [index for index, _ in meka.design.weapons if index not in meka.broken]
    if not working:
        return meka, Reason("mekatac.crit_no_weapon"), ()
    rolls: tuple[Roll, ...] = ()
    pick = working[0]
    if len(working) > 1:
        roll = dice.roll(1, len(working), f"weapon destroyed on {meka.id}")
        pick, rolls = working[roll.total - 1], (roll,)
    mount = meka.design.mounts[pick]
    name = f"{mount.system.name} [{mount.arc}]" if mount.arc else mount.system.name
    return replace(meka, broken=meka.broken | {pick}), Reason("mekatac.crit_weapon", weapon=name), rolls


def _simple(change: Callable[[MekaState, Meka], Meka], code: str) -> Effect:
    def effect(state: MekaState, meka: Meka, dice: Dice) -> tuple[Meka, str, tuple[Roll, ...]]:
        return change(state, meka), Reason(code), ()
    return effect


_EFFECTS: dict[str, Effect] = {
    LEG_DESTROYED: _leg_destroyed,
    PILOT_WOUNDED: _pilot,
    LEG_DAMAGED: _leg_damaged,
    WEAPON: _weapon,
    REACTOR: _simple(lambda state, meka: replace(meka, reactor=True), "mekatac.crit_reactor"),
    COMPUTER: _simple(lambda state, meka: replace(meka, computer=meka.computer + 1), "mekatac.crit_computer"),
    SHOCK: _simple(lambda state, meka: replace(meka, shock=True), "mekatac.crit_shock"),
    # "El Meka gasta su siguiente turno levantándose": down for the rest of this turn and all of the next.
    FALL: _simple(lambda state, meka: replace(meka, down_until=state.turn + 1), "mekatac.crit_fall"),
    FIRE: _simple(lambda state, meka: replace(meka, fires=meka.fires + 1), "mekatac.crit_electrical_fire"),
    NO_EFFECT: _simple(lambda state, meka: meka, "mekatac.crit_no_effect"),
}


def flyer_falls(state: MekaState, unit: str, dice: Dice) -> tuple[MekaState, list[Event]]:
    """A meka in flight that falls lands and loses 2D6 × 10% of its original armour (no critical roll: it is
    not a hit). A meka not flying loses nothing."""
    meka = state.unit(unit)
    if meka.airborne != "fly" or not meka.in_fight:
        return state, []
    roll = dice.roll(FALL_DICE, FALL_SIDES, f"{unit} falls from the air")
    lost = meka.design.armour * roll.total * FALL_PERCENT_PER_POINT // 100
    state = state.with_unit(replace(meka, airborne=""))
    said = Reason("mekatac.flyer_falls", unit=unit, tenths=roll.total, damage=lost)
    state, hurt = damage(state, unit, lost, dice, critical=False)
    return state, [_event(meka, "fall", said, (roll,), lost), *hurt]
