"""An order's rules: its moves checked bullet by bullet ('Condiciones Generales de Movimiento') and laid out
as the steps the playback plays.

A move's path is the hexes it enters; its length is measured hex by hex along them, so a path that goes round
an obstacle costs what it walks. A troop may stop short of its MOV. It passes over scenery no taller than its
silhouette template on either side without Jump or Climb and without spending movement on the height; a taller
step up is a wall it cannot pass, a taller step down a drop into the void it may never take. Allies no taller
than it do not obstruct it, but it may not end on one, nor on scenery (a wall top is no surface to stand on):
the end of the first MOV value must be a valid surface for the second to follow (the text's 20 cm example).
Changing between Normal and Prone happens at the start of the move and costs one hex of it (our reading of
'ello afectará a la cantidad de centímetros', docs/skirmish.md).

Mounting and dismounting ('Montar y desmontar') happen after the order's first skill is declared and before
it is measured; the skill must be one the troop's original profile may declare, and the new profile is the
troop's for the whole order (its MOV, silhouette and skills).
"""

from __future__ import annotations

from dataclasses import dataclass
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.rulesets.skirmish.lof import has_ladder, is_obstacle, scenery, sight
from rules.rulesets.skirmish.orders import Attack, Idle, Move, SkirmishOrder
from rules.rulesets.skirmish.state import SkirmishState
from rules.rulesets.skirmish.troops import ENGAGED, IMMOBILISED, POSSESSED, PRONE, Troop

DECLARE, STEP = "declare", "step"
POSTURE_COST = 1  # hexes a change between Normal and Prone takes from the move


@dataclass(frozen=True, slots=True)
class Step:
    """One tick of an order's play: a skill declared (``hex`` where the troop then stands, ``prone`` the
    posture a move changes to, ``mount`` whether the troop mounts or dismounts first) or one hex entered, for
    skill number ``skill``."""

    kind: str
    skill: int
    hex: Hex
    prone: bool | None = None
    mount: bool | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """An order checked: its steps in play order, where the troop ends, how it faces there, and for its
    attack the first point of its path (up to that skill) with a line of fire to the target."""

    order: SkirmishOrder
    steps: tuple[Step, ...]
    end: Hex
    facing: int
    shot_from: tuple[Hex, ...] = ()

    @property
    def idle(self) -> bool:
        """Nothing moves and nothing is shot: the order is an Inacción (a Move with no valid point to go to
        is one, 'la Tropa no ejecuta el movimiento y se considera que realiza una Inacción')."""
        return all(isinstance(skill, Idle) or (isinstance(skill, Move) and not skill.path and skill.prone is None)
                   for skill in self.order.skills)


def plan_order(state: SkirmishState, order: SkirmishOrder) -> Plan:
    """The order's steps, or the coded refusal of the first rule it breaks (nothing is changed)."""
    troop = state.unit(order.unit)
    here, facing, prone, moves = troop.hex, troop.facing, troop.has(PRONE), 0
    steps: list[Step] = []
    positions = [here]
    shot_from: tuple[Hex, ...] = ()
    for index, skill in enumerate(order.skills):
        if isinstance(skill, Move):
            declarer = troop
            if skill.mount is not None:
                troop = _remounted(troop, skill, index)
            allowance = _allowance(declarer, troop, skill, moves)
            moves += 1
            change = skill.prone if skill.prone is not None and skill.prone != prone else None
            steps.append(Step(DECLARE, index, here, change, skill.mount))
            check_path(state, troop, here, skill.path, allowance - (POSTURE_COST if change is not None else 0))
            prone = prone if change is None else change
            for hex_ in skill.path:
                step_facing = here.direction_to(hex_)
                facing = facing if step_facing is None else step_facing
                steps.append(Step(STEP, index, hex_))
                here = hex_
            positions += skill.path
            facing = skill.facing if skill.facing is not None else facing
        else:
            steps.append(Step(DECLARE, index, here))
            if isinstance(skill, Attack):
                shot_from = _firing_points(state, troop, skill, positions)
    return Plan(order, tuple(steps), here, facing, shot_from)


def _allowance(declarer: Troop, troop: Troop, move: Move, moves: int) -> int:
    """The hexes this move may go: the first MOV value for an order's first Move (and for Cautious
    Movement), the second for its second, of the profile ``troop`` moves with; ``declarer`` is the profile
    that declared it (the original one when the troop mounts or dismounts)."""
    if declarer.has(IMMOBILISED):
        raise RuleError("skirmish.immobilised", unit=troop.id)
    if declarer.has(ENGAGED):
        raise RuleError("skirmish.engaged", unit=troop.id)
    if move.long and not declarer.stats.cautious:
        raise RuleError("skirmish.no_cautious", unit=troop.id, profile=declarer.stats.name)
    return troop.stats.mov[min(moves, 1)]


def _remounted(troop: Troop, move: Move, index: int) -> Troop:
    """The troop in the profile it mounts or dismounts to, or the refusal of the rule it breaks: only with the
    order's first skill ('al inicio de la Orden, tras haber declarado la primera Habilidad'), never Engaged or
    Immobilised, never with Cautious Movement a TAG, vehicle or bike cannot declare, never from a Possessed
    TAG (FAQ: 'su Piloto no puede Montar ni Desmontar'), and only to a profile it has."""
    unit = troop.id
    if index > 0:
        raise RuleError("skirmish.mount_not_first", unit=unit)
    if troop.has(POSSESSED):
        raise RuleError("skirmish.mount_possessed", unit=unit)
    if troop.has(ENGAGED):
        raise RuleError("skirmish.mount_engaged", unit=unit)
    if troop.has(IMMOBILISED):
        raise RuleError("skirmish.mount_immobilised", unit=unit)
    if move.long and not troop.stats.cautious:
        raise RuleError("skirmish.mount_cautious", unit=unit, profile=troop.stats.name)
    if move.mount and not troop.may_mount:
        raise RuleError("skirmish.no_mount", unit=unit)
    if not move.mount and not troop.mounted:
        raise RuleError("skirmish.not_mounted", unit=unit)
    return troop.remounted()


def check_path(state: SkirmishState, troop: Troop, start: Hex, path: tuple[Hex, ...], allowance: int) -> None:
    """One move's path from ``start`` against every bullet of the text; the first broken is refused."""
    if len(path) > allowance:
        raise RuleError("skirmish.too_far", unit=troop.id, hexes=len(path), allowance=max(allowance, 0))
    here = start
    for hex_ in path:
        _check_step(state, troop, here, hex_)
        here = hex_
    if path:
        _check_end(state, troop, here)


def _check_step(state: SkirmishState, troop: Troop, here: Hex, hex_: Hex) -> None:
    if hex_ not in state.board:
        raise RuleError("skirmish.off_board", unit=troop.id, hex=hex_.label)
    if here.distance(hex_) != 1:
        raise RuleError("skirmish.not_adjacent", unit=troop.id, hex=hex_.label, previous=here.label)
    # Ladders and stairs at either end of the step count as flat ground, whatever their height ('sin
    # necesidad de declarar Saltar ni Trepar'). Measured along the surface, the climb is inside the hex step
    # here: a level has no table length on our board (our reading, docs/skirmish.md).
    flat = has_ladder(state.board, hex_) or has_ladder(state.board, here)
    rise = 0 if flat else scenery(state.board, hex_) - scenery(state.board, here)
    tall = troop.stats.height
    if rise > tall:
        raise RuleError("skirmish.obstacle", unit=troop.id, hex=hex_.label, levels=rise, height=tall)
    if -rise > tall:
        raise RuleError("skirmish.drop", unit=troop.id, hex=hex_.label, levels=-rise, height=tall)
    other = state.at(hex_)
    if (other is not None and other.side == troop.side and other.id != troop.id
            and other.stats.height > troop.stats.height):
        raise RuleError("skirmish.ally_blocks", unit=troop.id, hex=hex_.label, ally=other.id)


def _check_end(state: SkirmishState, troop: Troop, end: Hex) -> None:
    """Where a Move ends must be a surface to stand on, with no other troop on it."""
    if is_obstacle(state.board, end):
        raise RuleError("skirmish.no_surface", unit=troop.id, hex=end.label)
    other = state.at(end)
    if other is not None and other.id != troop.id and other.side == troop.side:
        raise RuleError("skirmish.ends_on_ally", unit=troop.id, hex=end.label, ally=other.id)


def _firing_points(state: SkirmishState, troop: Troop, attack: Attack, positions: list[Hex]) -> tuple[Hex, ...]:
    """The points of the troop's path up to its attack from which it has a line of fire to the target (it sees
    all round while it moves); refused when the target is no visible enemy or none is."""
    target = next((unit for unit in state.units if unit.id == attack.target), None)
    if target is None or target.side == troop.side or target.hidden or target.out:
        raise RuleError("skirmish.no_target", unit=troop.id, target=attack.target)
    points = tuple(hex_ for hex_ in positions
                   if sight(state.board, hex_, troop.height, target.hex, target.height).open)
    if not points:
        raise RuleError("skirmish.no_lof", unit=troop.id, target=target.id)
    return points


def contact(state: SkirmishState, troop: Troop) -> list[Troop]:
    """The enemies in silhouette contact with the troop (adjacent hexes, 5 cm apart), hidden ones too."""
    return [other for other in state.enemies(troop.side) if not other.out and other.hex.distance(troop.hex) <= 1]
