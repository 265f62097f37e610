"""The orders of an active turn and their codec.

An order is spent on one troop: one or two short skills (Move, BS Attack, Idle; at most one attack, so Move,
Move + Move, Move + Attack, Attack + Move, Attack, Idle) or a long skill alone (Cautious Movement):

    {"unit": "F", "skills": [{"skill": "move", "path": ["0504", "0604"], "facing": 2, "prone": false},
                             {"skill": "attack", "target": "Z"}]}

A move's ``path`` is every hex it enters, in order; ``facing`` (optional) is where it faces at the end (free
facing), ``prone`` (optional) the posture it changes to at the start, ``mount`` (optional, an order's
first skill only) true to mount, false to dismount, before the move is measured. The codec checks only the
shape; the order phase checks the rules (:mod:`rules.rulesets.skirmish.movement`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.errors import MalformedOrder
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.reasons import Param, Reason

MOVE, ATTACK, IDLE, CAUTIOUS = "move", "attack", "idle", "cautious"
SHORT_SKILLS = (MOVE, ATTACK, IDLE)
MOST_STEPS = 32


@dataclass(frozen=True, slots=True)
class Move:
    """A skill with the Movement label: the hexes entered, the facing at the end (None: as it goes), the
    posture taken at the start (None: no change), and whether the troop mounts (True) or dismounts (False)
    first. ``long`` marks Cautious Movement."""

    path: tuple[Hex, ...]
    facing: int | None = None
    prone: bool | None = None
    long: bool = False
    mount: bool | None = None


@dataclass(frozen=True, slots=True)
class Attack:
    """BS Attack on an enemy troop."""

    target: str


@dataclass(frozen=True, slots=True)
class Idle:
    """Inacción: the troop does nothing."""


Skill = Move | Attack | Idle


@dataclass(frozen=True, slots=True)
class SkirmishOrder:
    unit: str
    skills: tuple[Skill, ...]

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(skill for skill in self.skills if isinstance(skill, Move))

    @property
    def attack(self) -> Attack | None:
        return next((skill for skill in self.skills if isinstance(skill, Attack)), None)


def _malformed(problem: str, **params: Param) -> MalformedOrder:
    """``order.malformed``, its cause said with the shape an order has."""
    return MalformedOrder(why=Reason("skirmish.order_shape", problem=Reason(problem, **params)))


def decode_order(data: Any) -> SkirmishOrder:
    """The order's shape; anything else is ``order.malformed``."""
    if not isinstance(data, dict) or set(data) != {"unit", "skills"} or not isinstance(data["unit"], str):
        raise _malformed("skirmish.not_an_order")
    skills = data["skills"]
    if not isinstance(skills, list) or not 1 <= len(skills) <= 2:
        raise _malformed("skirmish.skill_count")
    decoded = tuple(_skill(skill) for skill in skills)
    if len(decoded) == 2 and any(isinstance(s, Move) and s.long for s in decoded):
        raise _malformed("skirmish.long_alone")
    if sum(isinstance(skill, Attack) for skill in decoded) > 1:
        raise _malformed("skirmish.one_attack")
    return SkirmishOrder(data["unit"], decoded)


def _skill(data: Any) -> Skill:
    if not isinstance(data, dict) or data.get("skill") not in (*SHORT_SKILLS, CAUTIOUS):
        raise _malformed("skirmish.skill_kind")
    kind = data["skill"]
    if kind == IDLE and set(data) == {"skill"}:
        return Idle()
    if kind == ATTACK and set(data) == {"skill", "target"} and isinstance(data["target"], str):
        return Attack(data["target"])
    if kind in (MOVE, CAUTIOUS) and {"skill", "path"} <= set(data) <= {"skill", "path", "facing", "prone", "mount"}:
        return _move(data, long=kind == CAUTIOUS)
    raise _malformed("skirmish.skill_malformed", skill=kind)


def _move(data: Json, *, long: bool) -> Move:
    path, facing, prone, mount = data["path"], data.get("facing"), data.get("prone"), data.get("mount")
    if not isinstance(path, list) or len(path) > MOST_STEPS or not all(isinstance(label, str) for label in path):
        raise _malformed("skirmish.path_shape", most=MOST_STEPS)
    if facing is not None and (type(facing) is not int or not 0 <= facing <= 5):
        raise _malformed("skirmish.facing_range")
    if prone is not None and type(prone) is not bool:
        raise _malformed("skirmish.prone_flag")
    if mount is not None and type(mount) is not bool:
        raise _malformed("skirmish.mount_flag")
    return Move(tuple(Hex.parse(label) for label in path), facing, prone, long, mount)


def encode_order(order: SkirmishOrder) -> Json:
    return {"unit": order.unit, "skills": [_encode_skill(skill) for skill in order.skills]}


def _encode_skill(skill: Skill) -> Json:
    if isinstance(skill, Attack):
        return {"skill": ATTACK, "target": skill.target}
    if isinstance(skill, Idle):
        return {"skill": IDLE}
    data: Json = {"skill": CAUTIOUS if skill.long else MOVE, "path": [hex_.label for hex_ in skill.path]}
    if skill.facing is not None:
        data["facing"] = skill.facing
    if skill.prone is not None:
        data["prone"] = skill.prone
    if skill.mount is not None:
        data["mount"] = skill.mount
    return data
