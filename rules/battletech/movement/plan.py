"""Movement orders and their cost: is a plotted path legal, what does each step cost, and why.

Interface for the timeline (:mod:`rules.core.timeline`) and the server, kept stable:

- ``MoveOrder(unit, mode, steps=(), to=None, facing=None, charge=None)``; modes ``walk``, ``run`` (run PM =
  ceil(1.5 × walk) unless the unit gives one), ``masc`` (2 × walk) and ``jump`` (``to`` hex and final
  ``facing``, no steps). Steps in the PBEM notation: ``F``/``B`` one hex forward/backward, ``L``/``R``
  turn one hexside, ``SU`` stand up, ``GP`` go prone (a standing mech drops to the ground), ``U``/``D`` infantry
  up/down one floor inside a building.
  ``charge`` names a unit the order charges if it would enter that unit's hex (the timeline decides).
- ``plan_path(board, unit, order) -> PathPlan`` raises :class:`IllegalMove` naming the first bad step;
  ``check_path`` returns the legal prefix and the error instead (for the ``move`` query).
- ``PathPlan.checks`` are the rolls due before moving (``masc``, ``swamp_escape``); each
  ``PlannedStep.checks`` the rolls that step needs, in order, as :class:`rules.battletech.movement.psr.Check` values;
  ``PlannedStep.effects`` what happens without a roll: ``stuck`` (a jumping mech lands in a swamp),
  ``collapse`` (its weight brings the building down at once), ``climbing`` (the PM ran out mid-climb:
  the step stays in its hex and the unit should end with ``climbing=True`` at ``step.elevation``).
  ``PlannedStep.elevation`` is where the unit stands after the step (building floor or roof, bridge
  deck, negative under water). The consequences of a roll are the pure functions in :mod:`rules.battletech.movement.psr`
  (falls, climb falls, drop leg damage, MASC streak), :mod:`rules.battletech.movement.buildings` (wall damage, collapse)
  and :mod:`rules.battletech.movement.skids` (:func:`rules.battletech.movement.skids.resolve_skid`).
- ``advance(board, unit, pose, step, mode) -> StepOutcome`` prices one step from a :class:`Pose`;
  :mod:`rules.battletech.movement.reach` explores with it.

The answer to "may I?" (this module) is separate from "do it" (the timeline, which rolls the dice).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import ceil

from rules.core.board import Board, HexTerrain
from rules.battletech.movement.buildings import bridge_at, building_at, underwater
from rules.battletech.movement.costs import enter_hex, landing, water_refusal
from rules.core.errors import IllegalMove, MalformedOrder
from rules.core.hexes import Hex, turn
from rules.battletech.movement.psr import Check, masc_check, skid_check, stand_check, swamp_check
from rules.core.reasons import Reason
from rules.battletech.units import Unit

MOVE_MODES = ("walk", "run", "jump", "masc")
RUNNING_MODES = ("run", "masc")
STEPS = ("F", "B", "L", "R", "SU", "GP", "U", "D")
STAND_MP = 2  # standard BattleTech: standing up costs 2 PM
GO_PRONE_MP = 1  # standard BattleTech: a mech drops to the ground of its own will for 1 PM, with no roll


@dataclass(frozen=True, slots=True)
class MoveOrder:
    unit: str
    mode: str
    steps: tuple[str, ...] = ()
    to: Hex | None = None  # jumps only
    facing: int | None = None  # jumps only
    charge: str | None = None  # the unit to charge if the path runs into it (PM-by-PM resolution)

    def __post_init__(self) -> None:
        if self.mode not in MOVE_MODES:
            raise MalformedOrder("order.malformed", why=Reason("move.unknown_mode", mode=self.mode,
                                                               modes=", ".join(MOVE_MODES)), mode=self.mode)
        for index, step in enumerate(self.steps):
            if step not in STEPS:
                raise IllegalMove("move.unknown_step", step=index + 1, given=step, steps=list(STEPS))
        if self.mode == "jump":
            if self.to is None or self.facing not in range(6) or self.steps:
                raise MalformedOrder("order.malformed", why=Reason("move.jump_order"))
        elif self.to is not None or self.facing is not None:
            raise MalformedOrder("order.malformed", why=Reason("move.steps_order"))
        if self.charge is not None and (self.mode == "jump" or self.charge == self.unit):
            raise MalformedOrder("order.charge_target", unit=self.unit, charge=self.charge)


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a unit is mid-path: hex, facing, elevation above the hex level, and whether prone."""

    hex: Hex
    facing: int
    elevation: int = 0
    prone: bool = False
    climbing: bool = False  # hanging `elevation` levels up a climb under way
    waded: bool = False  # the path has entered water of depth 1+: no running PM (see costs.water_refusal)


@dataclass(frozen=True, slots=True)
class StepOutcome:
    pose: Pose
    mp: int
    reasons: tuple[str, ...]
    checks: tuple[Check, ...] = ()
    effects: tuple[str, ...] = ()
    climb_levels: int = 0
    climb_mp_per_level: int = 0
    wading: bool = False  # this step enters water of depth 1+


@dataclass(frozen=True, slots=True)
class PlannedStep:
    step: str
    hex: Hex
    facing: int
    mp: int
    checks: tuple[Check, ...] = ()
    reasons: tuple[str, ...] = ()
    elevation: int = 0
    prone: bool = False
    effects: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PathPlan:
    unit: str
    mode: str
    start: Hex
    start_facing: int
    steps: tuple[PlannedStep, ...]
    moved: str  # "none", "walk", "run" or "jump"
    reasons: tuple[str, ...] = field(default=())
    checks: tuple[Check, ...] = ()  # rolled before the unit moves: MASC, escaping a swamp

    @property
    def step_costs(self) -> tuple[int, ...]:
        return tuple(step.mp for step in self.steps)

    @property
    def lands_last(self) -> bool:
        """A jump lands after every unit on the ground has made its last step (the PM schedule)."""
        return self.mode == "jump"

    @property
    def mp(self) -> int:
        return sum(step.mp for step in self.steps)

    @property
    def end(self) -> tuple[Hex, int]:
        if not self.steps:
            return self.start, self.start_facing
        return self.steps[-1].hex, self.steps[-1].facing

    @property
    def hexes_moved(self) -> int:
        if self.mode == "jump":
            return self.start.distance(self.end[0])
        return sum(1 for step in self.steps if step.step in ("F", "B"))


def budget(unit: Unit, mode: str) -> int:
    return {"walk": unit.walk, "run": unit.run, "masc": 2 * unit.walk, "jump": unit.jump}[mode]


def is_paved(terrain: HexTerrain, elevation: int) -> bool:
    """Pavement, road or ice, or a bridge deck: where a runner may skid."""
    on_deck = bridge_at(terrain) is not None and elevation >= 0
    return on_deck or any(terrain.has(name) for name in ("pavement", "road", "ice"))


def advance(board: Board, unit: Unit, pose: Pose, step: str, mode: str) -> StepOutcome:
    """Price one step from ``pose``; raise :class:`IllegalMove` if the rules forbid it."""
    if pose.climbing and step != "F":
        raise IllegalMove("move.climbing", unit=unit.id)
    if step in ("L", "R"):
        facing = turn(pose.facing, -1 if step == "L" else 1)
        return StepOutcome(replace(pose, facing=facing), 1, (Reason("move.turn"),))
    if step == "SU":
        if unit.kind != "mech" or not pose.prone:
            raise IllegalMove("move.not_prone", unit=unit.id)
        return StepOutcome(replace(pose, prone=False), STAND_MP,
                           (Reason("move.stand", mp=STAND_MP),), (stand_check(unit),))
    if step == "GP":
        if unit.kind != "mech" or pose.prone:
            raise IllegalMove("move.not_standing", unit=unit.id)
        return StepOutcome(replace(pose, prone=True), GO_PRONE_MP, (Reason("move.go_prone", mp=GO_PRONE_MP),))
    if step in ("U", "D"):
        return _change_floor(board, unit, pose, step)
    if pose.prone:
        raise IllegalMove("move.prone", why=Reason("move.stand_up_first", unit=unit.id), unit=unit.id)
    if step == "B" and mode in RUNNING_MODES:
        raise IllegalMove("move.run_backwards")
    target = pose.hex.neighbour(pose.facing if step == "F" else turn(pose.facing, 3))
    if target not in board:
        raise IllegalMove("move.off_board", hex=target.label)
    climbed = pose.elevation if pose.climbing else 0
    entry = enter_hex(board, unit, pose.hex, pose.elevation, target, mode, climbed)
    if step == "B" and entry.rise:
        where = Reason("level.up" if entry.rise > 0 else "level.down", levels=abs(entry.rise))
        raise IllegalMove("move.backward_level", unit=unit.id, hex=target.label, where=where)
    return StepOutcome(Pose(target, pose.facing, entry.elevation, waded=pose.waded or entry.wading), entry.cost,
                       entry.reasons, entry.checks, entry.effects, entry.climb_levels, entry.climb_mp_per_level,
                       entry.wading)


def _change_floor(board: Board, unit: Unit, pose: Pose, step: str) -> StepOutcome:
    building = building_at(board.terrain(pose.hex))
    floor = pose.elevation + (1 if step == "U" else -1)
    if unit.kind != "infantry" or building is None or pose.elevation not in building.floors:
        raise IllegalMove("move.building_level", why=Reason("move.floors_infantry_only"))
    if floor not in building.floors:
        raise IllegalMove("move.building_level", why=Reason("move.floors", top=building.height - 1))
    return StepOutcome(replace(pose, elevation=floor), 1, (Reason("move.floor_infantry"),))


def _start_checks(unit: Unit, order: MoveOrder) -> tuple[Check, ...]:
    checks = []
    if order.mode == "masc":
        checks.append(masc_check(unit))
    if unit.stuck:
        checks.append(swamp_check(unit, "swamp_escape"))
    return tuple(checks)


def _refuse_order(board: Board, unit: Unit, order: MoveOrder) -> None:
    if unit.legs_frozen and (order.steps or order.mode == "jump"):
        raise IllegalMove("move.legs_frozen", unit=unit.id)
    if order.mode == "masc" and not unit.masc:
        raise IllegalMove("move.no_masc", unit=unit.id)
    if order.mode == "jump" and unit.jump < 1:
        raise IllegalMove("move.no_jump", unit=unit.id)
    if order.mode == "jump" and unit.prone:
        raise IllegalMove("move.prone", why=Reason("move.prone_no_jump", unit=unit.id), unit=unit.id)
    if order.mode == "jump" and underwater(board.terrain(unit.hex), unit):
        raise IllegalMove("move.jump_underwater", unit=unit.id)


def road_boosted(unit: Unit) -> Unit:
    """A ground vehicle that spends its whole move on pavement or road gets +1 cruise PM (standard
    BattleTech; the text only says "pueden obtener puntos de movimiento adicionales")."""
    return replace(unit, walk=unit.walk + 1, run=ceil((unit.walk + 1) * 1.5))


ROAD_BONUS = Reason("move.road_bonus")


def check_path(board: Board, unit: Unit, order: MoveOrder) -> tuple[PathPlan, IllegalMove | None]:
    """The legal prefix of a plotted path and the error at the first bad step (None if all legal)."""
    reasons: tuple[str, ...] = (Reason("move.budget_masc" if order.mode == "masc" else "move.budget", mode=order.mode,
                                       mp=budget(unit, order.mode)),)
    if unit.stuck:
        reasons += (Reason("move.stuck"),)
    empty = PathPlan(unit.id, order.mode, unit.hex, unit.facing, (), "none", reasons, _start_checks(unit, order))
    try:
        _refuse_order(board, unit, order)
    except IllegalMove as refused:
        return empty, refused
    if order.mode == "jump":
        return _plan_jump(board, unit, order, empty)

    boosted = road_boosted(unit) if unit.is_vehicle and order.mode in ("walk", "run") else unit
    paved = boosted is not unit and is_paved(board.terrain(unit.hex), unit.elevation)
    pose = Pose(unit.hex, unit.facing, unit.elevation, unit.prone, unit.climbing)
    planned: list[PlannedStep] = []
    spent = hexes_moved = 0
    direction = unit.facing
    turned_on_pavement = False
    for index, step in enumerate(order.steps, start=1):
        try:
            outcome = advance(board, unit, pose, step, order.mode)
        except IllegalMove as refused:
            return replace(empty, steps=tuple(planned), moved=_moved(unit, spent)), _at_step(refused, index, step)
        checks = outcome.checks
        if step in ("F", "B"):
            if turned_on_pavement and unit.kind not in ("infantry", "submarine"):
                checks = (skid_check(unit, hexes_moved, direction),) + checks
            direction = pose.facing if step == "F" else turn(pose.facing, 3)
            hexes_moved += 1
            turned_on_pavement = False
            paved = paved and is_paved(board.terrain(outcome.pose.hex), outcome.pose.elevation)
        elif step in ("L", "R") and order.mode in RUNNING_MODES:
            turned_on_pavement = turned_on_pavement or is_paved(board.terrain(pose.hex), pose.elevation)
        mover = boosted if paved else unit
        limit = budget(mover, order.mode)
        if spent + outcome.mp > limit and index == len(order.steps) and outcome.climb_levels:
            partial = _partial_climb(pose, outcome, limit - spent)
            if partial is not None:
                planned.append(partial)
                return replace(empty, steps=tuple(planned), moved=_moved(unit, spent + partial.mp)), None
        wading = water_refusal(unit, order.mode, outcome.pose.waded, spent + outcome.mp)
        if wading is not None:
            return replace(empty, steps=tuple(planned), moved=_moved(unit, spent)), _at_step(wading, index, step)
        if spent + outcome.mp > limit and not minimum_movement(order.steps, limit, outcome):
            needed = spent + outcome.mp
            why = Reason("move.needs_mp", needed=needed, unit=unit.id, available=limit, mode=order.mode)
            error = IllegalMove("move.insufficient_mp", why=why, needed=needed, available=limit)
            return replace(empty, steps=tuple(planned), moved=_moved(mover, spent)), _at_step(error, index, step)
        spent += outcome.mp
        pose = outcome.pose
        planned.append(PlannedStep(step, pose.hex, pose.facing, outcome.mp, checks, outcome.reasons,
                                   pose.elevation, pose.prone, outcome.effects))
        if spent > limit:
            return replace(empty, steps=tuple(planned), moved="run", reasons=reasons + (MINIMUM_MOVEMENT,)), None
    if paved and spent > budget(unit, order.mode):
        reasons += (ROAD_BONUS,)
    return replace(empty, steps=tuple(planned), moved=_moved(boosted if paved else unit, spent), reasons=reasons), None


MINIMUM_MOVEMENT = Reason("move.minimum")


def _partial_climb(pose: Pose, outcome: StepOutcome, left: int) -> PlannedStep | None:
    """A climb the PM left cannot finish: the mech climbs what it can pay for and hangs there, in its
    hex at that height, until a later phase (our reading of Maximum Tech's climbing; the state keeps
    LOS at the climbing height, rear weapons only, no physical attacks, −2 to be hit)."""
    levels = left // outcome.climb_mp_per_level
    if levels < 1:
        return None
    reached = pose.elevation + levels if pose.climbing else levels
    checks = tuple(check for check in outcome.checks if check.code == "climb" and check.levels <= reached)
    reason = Reason("move.partial_climb", levels=levels, total=outcome.climb_levels, mp=outcome.climb_mp_per_level)
    return PlannedStep("F", pose.hex, pose.facing, levels * outcome.climb_mp_per_level, checks, (reason,),
                       pose.elevation + levels, False, ("climbing",))


def minimum_movement(steps: tuple[str, ...], limit: int, outcome: StepOutcome) -> bool:
    """May this lone step cost more than the budget? A lone ``F`` with at least 1 PM, unless it is a
    climb or enters water of depth 1+ (minimum movement counts as running, and runners can neither
    climb nor wade), or a lone ``SU`` with exactly 1 PM."""
    if len(steps) != 1:
        return False
    if steps[0] == "F":
        return limit >= 1 and not outcome.climb_levels and not outcome.wading
    return steps[0] == "SU" and limit == 1


def _plan_jump(board: Board, unit: Unit, order: MoveOrder, empty: PathPlan) -> tuple[PathPlan, IllegalMove | None]:
    assert order.to is not None and order.facing is not None  # MoveOrder guarantees both for jumps
    distance = unit.hex.distance(order.to)
    try:
        if order.to not in board:
            raise IllegalMove("move.off_board", hex=order.to.label)
        if distance > unit.jump:
            why = Reason("move.jump_too_far", hex=order.to.label, hexes=distance, unit=unit.id, jump=unit.jump)
            raise IllegalMove("move.insufficient_mp", why=why, needed=distance, available=unit.jump)
        entry = landing(board, unit, order.to)
    except IllegalMove as refused:
        return empty, _at_step(refused, 1, "J")
    reasons = (Reason("move.jump", hexes=distance),) + entry.reasons
    step = PlannedStep("J", order.to, order.facing, distance, (), reasons, entry.elevation, False, entry.effects)
    return replace(empty, steps=(step,), moved="jump"), None


def _at_step(error: IllegalMove, index: int, step: str) -> IllegalMove:
    return IllegalMove(error.code, at=Reason("move.at_step", step=index, name=step), **{**error.params, "step": index})


def _moved(unit: Unit, spent: int) -> str:
    return "none" if spent == 0 else ("walk" if spent <= unit.walk else "run")


def plan_path(board: Board, unit: Unit, order: MoveOrder) -> PathPlan:
    """Check a plotted path step by step; raise :class:`IllegalMove` naming the first bad step."""
    planned, error = check_path(board, unit, order)
    if error is not None:
        raise error
    return planned
