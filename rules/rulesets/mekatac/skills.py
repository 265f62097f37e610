"""Pilot skills ("HABILIDADES DE LOS PILOTOS"): each in play, at most once a turn where the text says "por turno".

- Puntería / Guía: the meka's first ballistic / missile attack of the turn, +1 to hit.
- Agilidad / Parada: the first ranged / melee attack of the turn that hits the meka is dodged / blocked on 1-3
  on 1D6 (the roll is made, and the skill spent, whatever it gives).
- Artes marciales: one more melee attack a turn if it is a punch (-1 to hit) or a kick (-2). Katas con armas: one
  more blade attack (-2), with the blade that has struck or another. Artillería: a ballistic weapon that has fired
  fires once more (-2). Each is an attack the meka could not otherwise make, taken the moment it is made.
- Maniobrabilidad: +1 MP. Tácticas: +2 to each initiative roll, and its side draws one more card each card phase
  (our reading of "puede tomar una carta más": every turn, as the three are). Golpe brutal: +1 damage on each
  melee hit. Ataque preciso: the meka's first ranged hit of the turn rolls on the critical table whatever its
  damage.
- Mecánico ("empieza el juego con una carta de mejora extra"): with the upgrade deck agreed (option ``decks``),
  its side is dealt one more upgrade card before the deployment (rules.rulesets.mekatac.prepare.mechanics); with
  no upgrade deck in play it has nothing to give.

"Tras una gran batalla, campaña o periodo de entrenamiento un piloto puede conseguir una habilidad al azar":
:func:`learn` rolls 1D12 on the table; a skill the pilot has is rolled again (our reading).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.core.dice import Dice, Roll
from rules.core.errors import RuleError
from rules.core.reasons import Reason, signed
from rules.core.timeline import Event
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import (
    AGILIDAD, AIMING_SKILLS, ARTES_MARCIALES, ARTILLERIA, BALLISTIC, BLADE, DODGE_SIDES, DODGE_UP_TO, EXTRA_BALLISTIC,
    EXTRA_BLADE, EXTRA_KICK, EXTRA_PUNCH, KATAS, KICK, PARADA, PILOT_SKILLS, PUNCH, SKILL_NAMES, SKILL_SIDES,
)

Weapon = int | str


def ready(meka: Meka, skill: str) -> bool:
    """The pilot has ``skill`` and has not used it this turn."""
    return skill in meka.skills and skill not in meka.skill_used


def family(meka: Meka, weapon: Weapon) -> str:
    return "" if isinstance(weapon, str) else meka.design.mounts[weapon].system.family


def extra_attack(meka: Meka, weapon: Weapon) -> tuple[str, int] | None:
    """The skill (and its to-hit) that lets the meka make an attack it could not otherwise make now."""
    melee = isinstance(weapon, str) or family(meka, weapon) == BLADE
    fired = not isinstance(weapon, str) and weapon in meka.used and weapon not in meka.again
    if melee and not (meka.melee_used or fired):
        return None
    if weapon in (PUNCH, KICK) and ready(meka, ARTES_MARCIALES):
        return ARTES_MARCIALES, EXTRA_PUNCH if weapon == PUNCH else EXTRA_KICK
    if melee and family(meka, weapon) == BLADE and ready(meka, KATAS):
        return KATAS, EXTRA_BLADE
    if fired and family(meka, weapon) == BALLISTIC and ready(meka, ARTILLERIA):
        return ARTILLERIA, EXTRA_BALLISTIC
    return None


def more_uses(meka: Meka, weapon: Weapon) -> int:
    """How many more attacks than one the pilot's skills may give ``weapon`` this turn (the order's check)."""
    kind = family(meka, weapon)
    return int(kind == BALLISTIC and ARTILLERIA in meka.skills or kind == BLADE and KATAS in meka.skills)


def more_melee(meka: Meka) -> int:
    """How many more melee attacks than one the pilot's skills may give this turn (the order's check)."""
    return int(ARTES_MARCIALES in meka.skills) + int(KATAS in meka.skills)


def aim_modifiers(meka: Meka, weapon: Weapon) -> list[tuple[int, str]]:
    """Puntería and Guía (+1), and the to-hit of an extra attack a skill gives."""
    found: list[tuple[int, str]] = []
    for skill, kind in AIMING_SKILLS.items():
        if ready(meka, skill) and family(meka, weapon) == kind:
            found.append((1, Reason("mekatac.mod_skill", skill=SKILL_NAMES[skill], value=signed(1))))
    extra = extra_attack(meka, weapon)
    if extra is not None:
        found.append((extra[1], Reason("mekatac.mod_skill", skill=SKILL_NAMES[extra[0]], value=signed(extra[1]))))
    return found


def used_by(meka: Meka, weapon: Weapon) -> Meka:
    """The meka once ``weapon`` has attacked (before :func:`rules.rulesets.mekatac.combat.spent`): the skills the
    attack took are spent for the turn."""
    taken = {skill for skill, kind in AIMING_SKILLS.items() if ready(meka, skill) and family(meka, weapon) == kind}
    extra = extra_attack(meka, weapon)
    if extra is not None:
        taken.add(extra[0])
    return replace(meka, skill_used=meka.skill_used | taken) if taken else meka


def dodge(state: MekaState, unit: str, target: str, melee: bool,
          dice: Dice) -> tuple[MekaState, list[Event], str, tuple[Roll, ...]]:
    """Agilidad (a ranged attack) or Parada (a melee attack): the target's pilot rolls 1D6 the first time it is
    hit this turn; on 1 to 3 the attack misses (the reason and the roll; else the event of the roll that failed)."""
    skill = PARADA if melee else AGILIDAD
    other = state.unit(target)
    if not ready(other, skill):
        return state, [], "", ()
    roll = dice.roll(1, DODGE_SIDES, f"{SKILL_NAMES[skill]} of {target}")
    state = state.with_unit(replace(other, skill_used=other.skill_used | {skill}))
    params: dict[str, str | int] = {"target": target, "unit": unit, "skill": SKILL_NAMES[skill], "roll": roll.total}
    if roll.total <= DODGE_UP_TO:
        return state, [], Reason("mekatac.skill_dodge", **params), (roll,)
    said = Reason("mekatac.skill_no_dodge", **params)
    return state, [Event(target, "skill", other.hex, other.hex, other.facing, reason=said, rolls=(roll,),
                         target=unit)], "", ()


def trained(meka: Meka, skills: Sequence[str]) -> Meka:
    """The meka with its pilot's ``skills``; a coded refusal for one not in the table."""
    for skill in skills:
        if skill not in PILOT_SKILLS:
            raise RuleError("mekatac.refuse_skill", unit=meka.id, skill=str(skill), known=", ".join(PILOT_SKILLS))
    return replace(meka, skills=tuple(dict.fromkeys(skills)))


def learn(skills: tuple[str, ...], dice: Dice) -> tuple[str, ...]:
    """A pilot's new skill at random after a battle (1D12, a skill already held rolled again); all twelve: none."""
    if set(PILOT_SKILLS) <= set(skills):
        return skills
    while True:
        skill = PILOT_SKILLS[dice.roll(1, SKILL_SIDES, "pilot skill").total - 1]
        if skill not in skills:
            return (*skills, skill)
