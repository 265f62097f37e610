"""An attack made ("ATAQUES", "NOTAS SOBRE LAS ARMAS"): aimed by :func:`rules.rulesets.mekatac.combat.aim`, then
rolled and applied at the moment it happens (any moment of the movement phase), with what the cards, the pilot's
skills and the ammunition do to it, and the damage and what the damage sets off."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import Dice, Roll
from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac import hand
from rules.rulesets.mekatac.ammo import blast, extra_damage
from rules.rulesets.mekatac.combat import Aim, Weapon, aim, as_reason, check_weapon, is_melee, known, label, refusal, \
    why_idle
from rules.rulesets.mekatac.damage import damage
from rules.rulesets.mekatac.skills import dodge, ready, used_by
from rules.rulesets.mekatac.state import Burn, Meka, MekaState
from rules.rulesets.mekatac.tables import (
    ATAQUE_PRECISO, BLADE, BOMB, BRUTAL_DAMAGE, BURN_TURNS_AFTER_HIT, CRITICAL_DAMAGE, CRITICO, DEFLEXION,
    DISPARO_APUNTADO, FLAMER, GOLPE_BRUTAL, MELEE, PLASMA, PURA_SUERTE, SIZES, TO_HIT_SIDES,
)

BOMB_DICE = (6, 10)


def attack(state: MekaState, unit: str, target: str, weapon: Weapon, dice: Dice,
           card: str = "") -> tuple[MekaState, list[Event]]:
    """Makes the attack now: refused (an event with the coded reason, nothing spent), or rolled and applied;
    ``card`` is the Disparo apuntado or Crítico played with it (rules.rulesets.mekatac.plays)."""
    meka = state.unit(unit)
    if not isinstance(weapon, str) and known(meka, weapon) and meka.design.mounts[weapon].system.family == BOMB:
        return detonate(state, unit, weapon, dice)
    try:
        aimed = aim(state, unit, target, weapon)
    except RuleError as refused:
        why = Reason("mekatac.attack_refused", unit=unit, weapon=label(meka, weapon) if known(meka, weapon)
                     else str(weapon), target=target, why=as_reason(refused))
        return state, [Event(unit, "refused", meka.hex, meka.hex, meka.facing, reason=why, target=target)]
    state = state.with_unit(spent(used_by(meka, weapon), weapon, state.turn))
    events: list[Event] = []
    if card:
        state, events, works = hand.play(state, unit, card)
        card = card if works else ""
    state, rolled, hit = _to_hit(state, aimed, dice, card == DISPARO_APUNTADO)
    events += rolled
    if not hit:
        return state, events
    other, amount, extra = state.unit(target), events[-1].damage, int(card == CRITICO)
    if not is_melee(meka, weapon) and ready(state.unit(unit), ATAQUE_PRECISO):
        # "1 ataque a distancia por turno que impacte es un impacto crítico"
        shooter = state.unit(unit)
        state = state.with_unit(replace(shooter, skill_used=shooter.skill_used | {ATAQUE_PRECISO}))
        extra += int(amount < CRITICAL_DAMAGE)
    if not isinstance(weapon, str) and meka.design.mounts[weapon].system.family == FLAMER:
        system = meka.design.mounts[weapon].system
        state = state.with_unit(replace(other, burns=(*other.burns, Burn(system.dice, system.sides,
                                                                          BURN_TURNS_AFTER_HIT))))
    state, hurt_events = damage(state, target, amount, dice, extra=extra)
    state, blasted = blast(state, unit, target, weapon, amount, dice)
    return state, events + hurt_events + blasted


def _roll(state: MekaState, aimed: Aim, dice: Dice) -> tuple[MekaState, list[Event], Roll]:
    """The to-hit roll, rolled again once by a waiting Pura suerte if it misses."""
    meka = state.unit(aimed.unit)
    what = f"{aimed.unit} {aimed.label} at {aimed.target}"
    roll = dice.roll(1, TO_HIT_SIDES, what, target=aimed.need)
    if roll.success:
        return state, [], roll
    state, events, works = hand.use_armed(state, aimed.unit, PURA_SUERTE)
    if not works:
        return state, events, roll
    said = Reason("mekatac.attack_rerolled", unit=aimed.unit, weapon=aimed.label)
    events.append(Event(aimed.unit, "card", meka.hex, meka.hex, meka.facing, target=aimed.target, rolls=(roll,),
                        reason=said))
    return state, events, dice.roll(1, TO_HIT_SIDES, what, target=aimed.need)


def _averted(state: MekaState, aimed: Aim, dice: Dice) -> tuple[MekaState, list[Event], str, tuple[Roll, ...]]:
    """What makes a hit miss after all: the target's waiting Deflección, its pilot's Agilidad or Parada."""
    state, events, works = hand.use_armed(state, aimed.target, DEFLEXION)
    if works:
        return state, events, Reason("mekatac.attack_deflected", unit=aimed.unit, weapon=aimed.label,
                                     target=aimed.target), ()
    melee = is_melee(state.unit(aimed.unit), aimed.weapon)
    state, failed, why, rolls = dodge(state, aimed.unit, aimed.target, melee, dice)
    return state, events + failed, why, rolls


def _to_hit(state: MekaState, aimed: Aim, dice: Dice, sure: bool) -> tuple[MekaState, list[Event], bool]:
    """The to-hit roll (none with Disparo apuntado), what averts a hit, and the damage roll of a hit (the last
    event's ``damage``)."""
    meka, other = state.unit(aimed.unit), state.unit(aimed.target)
    params: dict[str, str | int] = {"unit": aimed.unit, "weapon": aimed.label, "target": aimed.target,
                                    "need": aimed.need}
    events: list[Event] = []
    rolls: tuple[Roll, ...] = ()

    def attacked(reason: str, *shown: Roll, amount: int = 0) -> Event:
        return Event(aimed.unit, "attack", meka.hex, other.hex, meka.facing, reason=reason, target=aimed.target,
                     rolls=shown, damage=amount)

    if not sure:
        state, events, roll = _roll(state, aimed, dice)
        if not roll.success:
            return state, [*events, attacked(Reason("mekatac.attack_miss", **params, roll=roll.total), roll)], False
        rolls, params = (roll,), {**params, "roll": roll.total}
    state, averting, why, more = _averted(state, aimed, dice)
    events += averting
    if why:
        return state, [*events, attacked(why, *rolls, *more)], False
    hurt = _damage_roll(meka, aimed.weapon, dice, aimed.label)
    total = hurt.total + extra_damage(meka, aimed.weapon)
    total += BRUTAL_DAMAGE if is_melee(meka, aimed.weapon) and GOLPE_BRUTAL in meka.skills else 0
    hit = Reason("mekatac.attack_hit", **params, damage=total) if rolls else Reason(
        "mekatac.attack_aimed", unit=aimed.unit, weapon=aimed.label, target=aimed.target, damage=total)
    return state, [*events, attacked(hit, *rolls, hurt, amount=total)], True


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
