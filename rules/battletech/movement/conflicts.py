"""Classifying two plotted paths as Solaris VII does, and settling the clash.

"Problemas planteados por el movimiento simultáneo en Solaris VII": the classification "depende del
camino que ambos siguen hacia el hexágono objetivo y de si éste es el mismo o diferente". The cases
(stable codes):

- ``different_paths_different_targets``: the paths cross; "la solución radica en ignorar el cruce y
  mover los dos a su hexágono objetivo".
- ``different_paths_same_target`` (the paths meet only in the final hex, or a unit jumps): "se mueve
  primero el Mech del jugador que perdió la iniciativa. A continuación, al Mech del jugador que ganó la
  iniciativa se le sitúa en el hexágono inmediatamente anterior de la trayectoria … podrá intentar una
  carga (o muerte desde el cielo si el movimiento es de salto), o intercambiar disparos a 1 hexágono".
- ``similar_paths_same_target`` (they share more than the final hex): "El perdedor … moverá a su
  destino sin problemas; el ganador se quedaría en el hexágono anterior … pudiendo intentar una carga".
- ``similar_paths_different_targets`` (opposite: shared hexes crossed in opposite order): our copy
  of the text lost its primary list, so the alternative it gives: "mover los Mechs alternativamente PM
  a PM hasta llegar al hexágono en el que se cruzan; detenerlos en ese momento, y dar al que ganó la
  iniciativa opción a intercambiar disparos a esa distancia o intentar una carga".
- ``held_hex``: a path enters the hex of a unit that does not move this phase. The text has no case
  for it; standard BattleTech: no mech enters a hex held by an enemy mech, so it stops before it.

Jumps: "si uno de ellos o incluso los dos usan movimiento de salto, el problema se obvia por
completo", except on the same final hex, decided by initiative.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from dataclasses import dataclass, replace

from rules.core.board import Board
from rules.battletech.movement.buildings import occupies
from rules.battletech.movement.costs import landing
from rules.core.errors import IllegalMove
from rules.core.hexes import Hex, line
from rules.battletech.movement.initiative import Initiative
from rules.battletech.movement.plan import PathPlan
from rules.core.timeline import schedule
from rules.battletech.movement.result import Conflict
from rules.core.reasons import Reason
from rules.battletech.units import Unit

CROSSING = "different_paths_different_targets"
SAME_TARGET = "different_paths_same_target"
SIMILAR_SAME_TARGET = "similar_paths_same_target"
OPPOSITE = "similar_paths_different_targets"
HELD_HEX = "held_hex"


@dataclass(frozen=True, slots=True)
class Cut:
    """A plan shortened by a conflict: the steps the unit still takes, and why it stops short of ``into``."""

    plan: PathPlan
    into: Hex
    other: str
    reason: str


@dataclass(frozen=True, slots=True)
class Settlement:
    conflict: Conflict
    cuts: Mapping[str, Cut]


def route(plan: PathPlan) -> list[Hex]:
    """The hexes a plan stands in, in order: its start and every hex it enters."""
    hexes = [plan.start]
    for step in plan.steps:
        if step.hex != hexes[-1]:
            hexes.append(step.hex)
    return hexes


def classify(loser: PathPlan, winner: PathPlan) -> str | None:
    """The Solaris VII case of two plotted paths, or None when there is nothing to settle (they share
    no hex, or a jump ends elsewhere)."""
    first, second = route(loser), route(winner)
    if len(first) == 1 or len(second) == 1:
        still, moving = (first, second) if len(first) == 1 else (second, first)
        return HELD_HEX if still[0] in moving[1:] else None
    jumping = "jump" in (loser.mode, winner.mode)
    if first[-1] == second[-1]:
        if jumping or not set(first[:-1]) & set(second[:-1]):
            return SAME_TARGET
        return SIMILAR_SAME_TARGET
    shared = set(first) & set(second)
    if jumping or not shared:
        return None
    return OPPOSITE if _crossed_in_opposite_order(first, second, shared) else CROSSING


def _crossed_in_opposite_order(first: list[Hex], second: list[Hex], shared: set[Hex]) -> bool:
    along_first = sorted(shared, key=first.index)
    along_second = sorted(shared, key=second.index)
    return len(shared) > 1 and along_first == along_second[::-1]


def settle(board: Board, units: Mapping[str, Unit], loser: PathPlan, winner: PathPlan) -> Settlement | None:
    """Classify two plans (initiative loser first) and say how each is cut, if at all."""
    case = classify(loser, winner)
    pair = (loser.unit, winner.unit)
    if case is None:
        return None
    if case == CROSSING:
        return Settlement(Conflict(case, pair, Reason("conflict.crossing")), {})
    if case == HELD_HEX:
        still, moving = (loser, winner) if len(route(loser)) == 1 else (winner, loser)
        if not _enters_place_of(board, moving, units[still.unit]):
            return None  # it passes another floor of the building the still unit is in
        reason = Reason("conflict.held_hex", still=still.unit, hex=still.start.label, moving=moving.unit)
        cut = cut_before(board, units[moving.unit], moving, still.start, still.unit, reason)
        return Settlement(Conflict(case, pair, reason, still.start), {moving.unit: cut})
    if case in (SAME_TARGET, SIMILAR_SAME_TARGET):
        if not _enters_place_of(board, winner, _at_end(units[loser.unit], loser)):
            return None  # they end on different floors of one building hex: both may stay there
        return _same_target(board, units, case, loser, winner)
    return _meet_head_on(board, units, loser, winner)


def _enters_place_of(board: Board, plan: PathPlan, other: Unit) -> bool:
    """Does the plan step into the place ``other`` holds (its hex; inside a building, its floor too)?"""
    return any(occupies(board, other, step.hex, step.elevation) for step in plan.steps)


def _at_end(unit: Unit, plan: PathPlan) -> Unit:
    last = plan.steps[-1]
    return replace(unit, hex=last.hex, elevation=last.elevation)


def _same_target(board: Board, units: Mapping[str, Unit], case: str, loser: PathPlan,
                 winner: PathPlan) -> Settlement:
    target = loser.end[0]
    cut = cut_before(board, units[winner.unit], winner, target, loser.unit,
                     Reason("conflict.first_takes", loser=loser.unit, hex=target.label))
    stands = cut.plan.end[0]
    if case == SAME_TARGET:
        attack = "death_from_above" if winner.mode == "jump" else "charge"
        options: tuple[str, ...] = (attack, "fire_at_1_hex")
        offer = Reason("conflict.offer", attack=attack.replace("_", " "))
    else:
        options, offer = ("charge",), Reason("conflict.offer_charge", hex=target.label)
    resolution = Reason("conflict.same_target", loser=loser.unit, hex=target.label, winner=winner.unit,
                        stays=stands.label, offer=offer)
    return Settlement(Conflict(case, (loser.unit, winner.unit), resolution, target, options),
                      {winner.unit: replace(cut, reason=resolution)})


def _meet_head_on(board: Board, units: Mapping[str, Unit], loser: PathPlan, winner: PathPlan) -> Settlement:
    """Move the pair PM by PM until one would enter the place the other stands in (its hex; inside a
    building, its floor); stop both there."""
    plans = {loser.unit: loser, winner.unit: winner}
    at = {unit_id: units[unit_id] for unit_id in plans}  # each unit where it stands so far
    taken = {loser.unit: 0, winner.unit: 0}
    pair = (loser.unit, winner.unit)
    for tick in schedule(plans, {loser.unit: 0, winner.unit: 1}):
        for unit_id, index in tick:
            other = winner.unit if unit_id == loser.unit else loser.unit
            step = plans[unit_id].steps[index]
            if step.hex != at[unit_id].hex and occupies(board, at[other], step.hex, step.elevation):
                distance = at[unit_id].hex.distance(at[other].hex)
                resolution = Reason("conflict.head_on" if distance == 1 else "conflict.head_on_far", unit=unit_id,
                                    hex=step.hex.label, other=other, loser=loser.unit,
                                    loser_hex=at[loser.unit].hex.label, winner=winner.unit,
                                    winner_hex=at[winner.unit].hex.label, distance=distance)
                cuts = {unit: _cut_at(plans[unit], taken[unit], other_unit, resolution)
                        for unit, other_unit in ((loser.unit, winner.unit), (winner.unit, loser.unit))
                        if taken[unit] < len(plans[unit].steps)}
                return Settlement(Conflict(OPPOSITE, pair, resolution, step.hex, ("charge", "fire")), cuts)
            at[unit_id] = replace(at[unit_id], hex=step.hex, elevation=step.elevation)
            taken[unit_id] = index + 1
    return Settlement(Conflict(OPPOSITE, pair, Reason("conflict.never_meet")), {})


def _cut_at(plan: PathPlan, keep: int, other: str, reason: str) -> Cut:
    return Cut(replace(plan, steps=plan.steps[:keep]), plan.steps[keep].hex, other, reason)


def cut_before(board: Board, unit: Unit, plan: PathPlan, hex_: Hex, other: str, reason: str) -> Cut:
    """The plan stopped in the hex before it first enters ``hex_``; a jump lands short of it instead."""
    if plan.mode == "jump":
        return Cut(jump_short_of(board, unit, plan, hex_, reason), hex_, other, reason)
    for index, step in enumerate(plan.steps):
        before = plan.steps[index - 1].hex if index else plan.start
        if step.hex == hex_ and before != hex_:
            return _cut_at(plan, index, other, reason)
    return Cut(plan, hex_, other, reason)


def jump_short_of(board: Board, unit: Unit, plan: PathPlan, hex_: Hex, reason: str,
                  free: Callable[[Hex, int], bool] = lambda _hex, _elevation: True) -> PathPlan:
    """The jump landing in the nearest hex before ``hex_`` on the straight line of its flight that allows a
    landing and is ``free`` at the elevation it would land at (both hexes of a split are tried, in label order); with no such hex
    before its start the unit stays where it is (no steps)."""
    jump = plan.steps[0]
    for cell in reversed(line(plan.start, hex_)[:-1]):
        for short in cell:
            if short == plan.start:
                return replace(plan, steps=())
            # Along the board's edge one hex of a split pair can lie off the board.
            if short not in board:
                continue
            try:
                entry = landing(board, unit, short)
            except IllegalMove:
                continue
            if not free(short, entry.elevation):
                continue
            step = replace(jump, hex=short, mp=plan.start.distance(short), elevation=entry.elevation,
                           effects=entry.effects, reasons=(reason,) + entry.reasons)
            return replace(plan, steps=(step,))
    return replace(plan, steps=())


PairFilter = Callable[[PathPlan, PathPlan], bool]


def settle_all(board: Board, units: Sequence[Unit], plans: Mapping[str, PathPlan], initiative: Initiative,
               considered: PairFilter = lambda loser, winner: True) -> tuple[dict[str, Cut], tuple[Conflict, ...]]:
    """Settle every pair of plans (initiative loser first) until no clash is left.

    A cut can create a new clash (a winner placed in the hex before its target may stand where a third
    unit ends), so the pairs are looked at again until nothing changes; every round shortens a plan,
    so this ends."""
    by_id = {unit.id: unit for unit in units}
    current = dict(plans)
    cuts: dict[str, Cut] = {}
    conflicts: list[Conflict] = []
    changed = True
    while changed:
        changed = False
        for loser, winner in combinations(initiative.order, 2):
            if not considered(current[loser], current[winner]):
                continue
            settlement = settle(board, by_id, current[loser], current[winner])
            if settlement is None:
                continue
            new_cuts = {unit_id: cut for unit_id, cut in settlement.cuts.items() if cut.plan != current[unit_id]}
            # A pair looked at again is reported again only if it changed something.
            if new_cuts or all(conflict.units != settlement.conflict.units for conflict in conflicts):
                conflicts.append(settlement.conflict)
            for unit_id, cut in new_cuts.items():
                current[unit_id], cuts[unit_id], changed = cut.plan, cut, True
    return cuts, tuple(conflicts)
