"""The end of an order: every attack declared in it resolves together, and the results land where the troops
ended (standard d20 mechanics, docs/skirmish.md).

A roll succeeds on 1d20 at or under the attribute plus modifiers (BS; partial cover -3 to the attacker).
When the active troop and a reacting troop attack each other it is a face-to-face roll: a success cancels the
other's lower success, equal successes cancel each other. Every other attack is a normal roll. A hit makes
the target roll to save: it saves when 1d20 + ARM (+3 in partial cover) beats the weapon's damage (13); each
failed save costs a wound: at 0 left the troop is Unconscious, below it Dead. Criticals, bursts and range
bands are not modelled.

A TAG with an Escape System that is put out of action leaves its operator (its other profile) where it
stood, never Possessed (the FAQ: 'el perfil del Operador no estará en Estado Poseído'). The Escape System's
own page is not in our text: what sets it off is our reading of the standard rule (the TAG falls Unconscious
or Dead), and the wrecked TAG leaves the board (docs/skirmish.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.dice import Dice, Roll
from rules.core.reasons import Param, Reason, signed
from rules.core.timeline import Event
from rules.rulesets.skirmish.lof import PARTIAL
from rules.rulesets.skirmish.state import Declaration, SkirmishState
from rules.rulesets.skirmish.troops import DEAD, POSSESSED, UNCONSCIOUS, Troop

COVER_MOD = -3
COVER_SAVE = 3
DAMAGE = 13
D20 = 20


@dataclass(frozen=True, slots=True)
class Shot:
    declaration: Declaration
    roll: Roll
    target: int
    face_to_face: bool

    @property
    def success(self) -> bool:
        return self.roll.total <= self.target


def resolve_attacks(state: SkirmishState, declarations: list[Declaration],
                    dice: Dice) -> tuple[SkirmishState, tuple[Event, ...]]:
    """``declarations`` in order (the active troop's first): each rolled once, face-to-face where two of them
    target each other, then the saving rolls of the hits."""
    shots = [_roll(state, declared, dice, any(other.unit == declared.target and other.target == declared.unit
                                              for other in declarations)) for declared in declarations]
    events = [_roll_event(state, shot) for shot in shots]
    hits: list[Declaration] = []
    for shot in shots:
        rival = next((other for other in shots if other.declaration.unit == shot.declaration.target
                      and other.declaration.target == shot.declaration.unit), None)
        hit, event = _outcome(state, shot, rival)
        events.append(event)
        if hit:
            hits.append(shot.declaration)
    for declared in hits:
        state, saved = _save(state, declared, dice)
        events += saved
    return state, tuple(events)


def _roll(state: SkirmishState, declared: Declaration, dice: Dice, face_to_face: bool) -> Shot:
    shooter = state.unit(declared.unit)
    mod = COVER_MOD if declared.cover == PARTIAL else 0
    kind = "face-to-face" if face_to_face else "normal"
    roll = dice.roll(1, D20, f"{shooter.id} shoots {declared.target} ({kind} roll)")
    return Shot(declared, roll, shooter.stats.bs + mod, face_to_face)


def _roll_event(state: SkirmishState, shot: Shot) -> Event:
    declared = shot.declaration
    shooter = state.unit(declared.unit)
    reason = Reason("skirmish.roll_face_to_face" if shot.face_to_face else "skirmish.roll_normal", unit=shooter.id,
                    target=shot.target, bs=shooter.stats.bs, mod=signed(shot.target - shooter.stats.bs),
                    roll=shot.roll.total)
    return Event(shooter.id, "roll", declared.origin, declared.aim, shooter.facing, reason=reason,
                 target=declared.target, rolls=(shot.roll,))


def _outcome(state: SkirmishState, shot: Shot, rival: Shot | None) -> tuple[bool, Event]:
    declared = shot.declaration
    names = {"unit": declared.unit, "target": declared.target}
    if not shot.success:
        reason = Reason("skirmish.miss", **names)
    elif rival is not None and rival.success and rival.roll.total > shot.roll.total:
        reason = Reason("skirmish.beaten", unit=declared.unit, other=rival.declaration.unit)
    elif rival is not None and rival.success and rival.roll.total == shot.roll.total:
        reason = Reason("skirmish.tie", unit=declared.unit, other=rival.declaration.unit)
    else:
        return True, Event(declared.unit, "hit", declared.origin, declared.aim, 0, target=declared.target,
                           reason=Reason("skirmish.hit", **names))
    return False, Event(declared.unit, "miss", declared.origin, declared.aim, 0, target=declared.target,
                        reason=reason)


def _save(state: SkirmishState, declared: Declaration, dice: Dice) -> tuple[SkirmishState, tuple[Event, ...]]:
    """The target's saving roll, and what a failed one leaves it in, where it now stands."""
    target = state.unit(declared.target)
    if target.has(DEAD):
        return state, ()
    bonus = COVER_SAVE if declared.cover == PARTIAL else 0
    roll = dice.roll(1, D20, f"{target.id} saving roll")
    params: dict[str, Param] = {"unit": target.id, "roll": roll.total, "arm": target.stats.arm, "bonus": signed(bonus),
              "damage": DAMAGE}
    if roll.total + target.stats.arm + bonus > DAMAGE:
        return state, (Event(target.id, "save", target.hex, target.hex, target.facing, rolls=(roll,),
                             reason=Reason("skirmish.save", **params)),)
    wounds = target.wounds - 1
    hurt = replace(target, wounds=wounds)
    events = [Event(target.id, "wound", target.hex, target.hex, target.facing, rolls=(roll,), damage=1,
                    reason=Reason("skirmish.save_failed", wounds=max(wounds, 0), **params))]
    if wounds < 0:
        hurt = hurt.with_states(DEAD, without=(UNCONSCIOUS,))
        events.append(Event(target.id, DEAD, target.hex, target.hex, target.facing,
                            reason=Reason("skirmish.dead", unit=target.id, hex=target.hex.label)))
    elif wounds == 0:
        hurt = hurt.with_states(UNCONSCIOUS)
        events.append(Event(target.id, UNCONSCIOUS, target.hex, target.hex, target.facing,
                            reason=Reason("skirmish.unconscious", unit=target.id, hex=target.hex.label)))
    if hurt.out and hurt.escape and hurt.mounted:
        hurt = _escaped(hurt)
        events.append(Event(target.id, "escape", target.hex, target.hex, target.facing,
                            reason=Reason("skirmish.escape", unit=target.id, profile=hurt.profile,
                                          hex=target.hex.label)))
    return state.with_unit(hurt), tuple(events)


def _escaped(tag: Troop) -> Troop:
    """The operator the Escape System leaves in the TAG's place: its own profile and wounds, without the TAG's
    states (Possessed among them), and no mount to go back to."""
    operator = replace(tag, profile=tag.other, wounds=tag.other_wounds, other="", other_wounds=0, escape=False)
    return operator.with_states(without=(UNCONSCIOUS, DEAD, POSSESSED))
