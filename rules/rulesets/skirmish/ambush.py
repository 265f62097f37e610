"""Troops in hidden deployment and the timing of reaction windows: no window tells where a hidden troop is.

A troop the opponent sees is asked at the very step where its line of fire to the active troop opens
(:mod:`rules.rulesets.skirmish.play`). A troop in hidden deployment cannot be: a match that stops for
everyone at a step only when a hidden troop has a line of fire there would tell the active player that one
does, and from where. In the game the reactive player is given the chance to declare AROs after every
declaration whether or not any of their troops can react, so a pause is no tell at the table; on a live
server every pause is seen. Our reading (docs/skirmish.md, "Troops in hidden deployment"): the reactive player
is asked about its hidden troops at the same points of every order, **at the end of each skill** of the
active troop (after its last step, before the next skill is declared), as the text's worked example orders
them ('Una vez asomado … Una vez que el Zhanshi comprueba que obtiene LDT con el Fusilero, declara su ORA. El
Fusilero, por su parte, declara la segunda Habilidad Corta'). Every troop of theirs in hidden deployment is
asked there, whether or not it had a line of fire during the skill, so such a window opens at every skill's
end while the side has a hidden troop and nothing about it depends on lines of fire. A hidden troop that
gained a line of fire during the skill may react (BS Attack), its reaction taken at the step where that line
opened, with its cover there; one that gained none may only pass, and one that could react to an earlier
skill of the order and did not keeps none for this one.

The window's key names the skill's end and the active troop's trail so far (each tick's hex and height, all
of it seen by everyone), ``TICK:TROOP:HEX:SINCE:HEX/HEIGHT.HEX/HEIGHT…``, ``SINCE`` the skill's first tick: so
the server checks a hidden troop's answer, and offers its choices, from the window alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.board import Board
from rules.core.hexes import Hex
from rules.rulesets.skirmish.lof import in_front, sight
from rules.rulesets.skirmish.troops import Troop

Trail = tuple[tuple[str, int], ...]  # the active troop after each tick of its order: (hex label, height)


@dataclass(frozen=True, slots=True)
class SkillEnd:
    """A window at the end of a skill: the skill's first tick, and the active troop's trail up to its end."""

    since: int
    trail: Trail


@dataclass(frozen=True, slots=True)
class Sighting:
    """The first tick of the order at which a hidden troop's line of fire reached the active troop, where the
    active troop then stood, and its cover from the hidden troop there."""

    tick: int
    hex: Hex
    cover: str


def skill_end_key(tick: int, trigger: Troop, since: int, trail: Trail) -> str:
    steps = ".".join(f"{label}/{height}" for label, height in trail)
    return f"{tick}:{trigger.id}:{trigger.hex.label}:{since}:{steps}"


def skill_end(key: str) -> SkillEnd | None:
    """The skill's end a window key names, or None for a window at a step (``TICK:TROOP:HEX``)."""
    parts = key.split(":")
    if len(parts) != 5:
        return None
    trail = tuple((label, int(height)) for label, height in (step.split("/") for step in parts[4].split(".")))
    return SkillEnd(int(parts[3]), trail)


def first_sighting(board: Board, watcher: Troop, trail: Trail) -> Sighting | None:
    """Where ``watcher`` (not moving: its front 180°) first had a line of fire to the active troop, if anywhere."""
    for tick, (label, height) in enumerate(trail, start=1):
        spot = board.hex(label)
        if not in_front(watcher.hex, watcher.facing, spot):
            continue
        seen = sight(board, watcher.hex, watcher.height, spot, height)
        if seen.open:
            return Sighting(tick, spot, seen.cover)
    return None


def fresh_sighting(board: Board, watcher: Troop, end: SkillEnd) -> Sighting | None:
    """The sighting a hidden troop asked at a skill's end may react to: one during this skill. A first sighting
    during an earlier skill was that skill's to react to, and a troop that did not keeps none for this one."""
    seen = first_sighting(board, watcher, end.trail)
    return seen if seen is not None and seen.tick >= end.since else None


def is_asked_hidden(watcher: Troop, trigger: Troop) -> bool:
    """A troop a skill's end asks: in hidden deployment, of another side, still standing."""
    return watcher.hidden and watcher.side != trigger.side and not watcher.out
