"""Playing planned steps into timeline events: the one walk both movement modes share.

A :class:`Walk` holds where every unit stands while a phase plays. Every change goes through
:meth:`Walk.record`, which appends an event to its tick and applies it, so the timeline and the
final state cannot disagree. The dice for the checks a plan requires (MASC, swamp escape, swamp,
water, skid, climb, drop, building wall…: :class:`rules.battletech.movement.psr.Check`) are thrown here, in timeline
order, and their consequences come from the pure functions of :mod:`rules.battletech.movement.psr`,
:mod:`rules.battletech.movement.buildings` and :mod:`rules.battletech.movement.skids`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rules.core.board import Board
from rules.battletech.movement.buildings import (
    BASEMENT_BY_ROLL, BASEMENTS, Building, basement_at, bridge_at, bridge_gives_way, building_at, collapses,
    falls_into_basement, occupies, wall_damage_to_building, wall_damage_to_unit,
)
from rules.battletech.movement.conflicts import Cut, jump_short_of
from rules.core.dice import Dice
from rules.core.hexes import Hex
from rules.battletech.movement.plan import RUNNING_MODES, PathPlan, PlannedStep
from rules.battletech.movement.psr import Check, climb_fall, drop_leg_damage, falling_damage, masc_streak_after
from rules.battletech.movement.skids import resolve_skid
from rules.core.timeline import Event
from rules.battletech.movement.result import BuildingsHit, UnitOutcome, buildings_hit
from rules.core.reasons import Reason, joined, listed
from rules.battletech.units import VEHICLE_KINDS, Unit

RUN_BLOCKED_RULE = Reason("walk.run_blocked")
# Step rolls thrown before the step is taken: failing one stops the unit short of the step's hex.
ROLLED_BEFORE_STEP = frozenset({"skid", "climb", "stand"})
# Event kinds that end a unit's movement for the phase.
ENDS_MOVEMENT = frozenset({"blocked", "charge", "stuck", "fall", "immobile", "collapse"})
# Event kinds by which a rival stopped the unit (the blocked-runner rule).
STOPPED_BY_RIVAL = frozenset({"blocked", "charge"})
# What a step that stays in its hex is: a turn, standing up, an infantry floor change, or a climb
# the PM could not finish (the mech hangs higher up its hex).
STEP_KINDS = {
    "SU": "stand", "GP": "prone", "U": "floor", "D": "floor", "L": "turn", "R": "turn", "F": "climb", "B": "climb",
}
# Rolls for entering a hex whose failure ends the move in it: thrown at its edge when another mech holds it.
AT_EDGE = frozenset({"swamp", "water", "rubble"})
MOVING_KINDS = frozenset({"step", "turn", "stand", "prone", "floor", "climb", "skid"})


@dataclass(frozen=True, slots=True)
class Free:
    """Where a unit last stood in a hex no other mech holds, as it stood there: its tick, how many events that
    tick held then, and its MP and hexes spent so far (:meth:`Walk._back_to_free`)."""

    tick: int
    events: int
    unit: Unit
    spent: int
    hexes: int


class Walk:
    """The state of every unit while one movement phase plays; changed only by recorded events."""

    def __init__(self, board: Board, units: Sequence[Unit], plans: Mapping[str, PathPlan], dice: Dice,
                 ticks: int, *, charges: Mapping[str, str] | None = None) -> None:
        self.board, self.dice = board, dice
        self.plans = dict(plans)
        self.cuts: Mapping[str, Cut] = {}
        self.charges = charges or {}
        self.units = {unit.id: unit for unit in units}
        self.ticks: list[list[Event]] = [[] for _ in range(ticks)]
        self.spent = dict.fromkeys(self.units, 0)
        self.hexes = dict.fromkeys(self.units, 0)
        self.taken = dict.fromkeys(self.units, 0)  # how many of its plotted steps each unit has come to
        self.ended: dict[str, str] = {}  # unit → the event kind that ended its movement
        self.free: dict[str, Free] = {}
        self.holders: dict[Hex, list[str]] = {}
        for unit in units:
            plan = self.plans.get(unit.id)
            # A jumping unit is in the air from the start of the phase until it lands: it blocks nobody.
            if not (plan and plan.mode == "jump" and plan.steps):
                self.holders.setdefault(unit.hex, []).append(unit.id)

    # --- applying events ---------------------------------------------------------------------------

    def record(self, tick: int, event: Event) -> None:
        self.ticks[tick - 1].append(event)
        unit = self.units.get(event.unit)
        if unit is None:  # an event about something that is not a unit (a building)
            return
        self.spent[unit.id] += event.mp
        if event.kind == "step":  # a jump's one step counts every hex it covers
            self.hexes[unit.id] += event.from_hex.distance(event.to_hex)
        if event.kind in MOVING_KINDS:
            if unit.id in self.holders.get(unit.hex, ()):
                self.holders[unit.hex].remove(unit.id)
            self.holders.setdefault(event.to_hex, []).append(unit.id)
            unit = replace(unit, hex=event.to_hex, facing=event.facing, elevation=event.elevation,
                           prone=(unit.prone and event.kind != "stand") or event.kind == "prone",
                           climbing=event.kind == "climb" or (unit.climbing and event.kind != "step"))
        if event.kind in ("fall", "stuck", "freed", "immobile"):
            # A fall from a climb ends on the ground of the hex, one through a building's floor in its basement.
            grounded = event.kind == "fall" and unit.climbing
            elevation = event.elevation if event.kind == "fall" and event.building else 0 if grounded else unit.elevation
            unit = replace(unit, prone=unit.prone or event.kind == "fall", stuck=event.kind == "stuck",
                           legs_frozen=unit.legs_frozen or event.kind == "immobile",
                           elevation=elevation, climbing=unit.climbing and not grounded)
        self.units[unit.id] = unit
        if event.kind in ENDS_MOVEMENT:
            self.ended.setdefault(unit.id, event.kind)

    def occupant(self, hex_: Hex, elevation: int, other_than: str) -> str | None:
        """Who holds the place a unit at ``elevation`` in ``hex_`` would take (:func:`rules.battletech.movement.buildings.occupies`)."""
        return next((unit_id for unit_id in self.holders.get(hex_, ())
                     if unit_id != other_than and occupies(self.board, self.units[unit_id], hex_, elevation)), None)

    # --- playing a plan -----------------------------------------------------------------------------

    def start(self, order: Sequence[str]) -> None:
        """The rolls due before anyone moves (MASC, escaping a swamp), in move order, on the first tick:
        "Al principio de la fase de movimiento … el jugador que controla la unidad atrapada realizará
        un chequeo de pilotaje"."""
        for unit_id in order:
            plan = self.plans.get(unit_id)
            if plan is not None and plan.steps:
                all(self._passes(1, unit_id, check) for check in plan.checks)

    def moving_plans(self) -> dict[str, PathPlan]:
        """The plans as they stand after the start-of-phase rolls: a unit they stopped stays put."""
        return {unit_id: replace(plan, steps=()) if unit_id in self.ended else plan
                for unit_id, plan in self.plans.items()}

    def cut(self, cuts: Mapping[str, Cut]) -> None:
        """Plans shortened by conflicts are played as cut; the schedule still counts the plotted steps."""
        self.cuts = cuts
        self.plans.update({unit_id: cut.plan for unit_id, cut in cuts.items()})

    def take_step(self, tick: int, unit_id: str, index: int, *, blocking: bool) -> None:
        """Play step ``index`` of the unit's plan at ``tick``. With ``blocking`` (PM-by-PM mode) a unit
        walking or running into a hex another unit holds is blocked or, if it plotted it, charges."""
        if unit_id in self.ended:
            return
        self.taken[unit_id] = index + 1
        plan, unit = self.plans[unit_id], self.units[unit_id]
        if self.occupant(unit.hex, unit.elevation, unit_id) is None:
            self.free[unit_id] = Free(tick, len(self.ticks[tick - 1]), unit, self.spent[unit_id], self.hexes[unit_id])
        if index >= len(plan.steps):
            cut = self.cuts[unit_id]
            self.record(tick, Event(unit_id, "blocked", unit.hex, cut.into, unit.facing, reason=cut.reason,
                                    target=cut.other, elevation=unit.elevation))
            return
        step = plan.steps[index]
        before = [check for check in step.checks if check.code in ROLLED_BEFORE_STEP]
        if not all(self._passes(tick, unit_id, check) for check in before):
            return
        occupant = self.occupant(step.hex, step.elevation, unit_id) if step.hex != unit.hex else None
        if occupant is not None and blocking and plan.mode != "jump":
            self._meet(tick, unit, occupant, step)
            return
        last_hex = all(later.hex == step.hex for later in plan.steps[index + 1:])
        if occupant is not None and last_hex and (blocking or self._done(occupant)):
            landed = self._end_short(tick, unit, plan, step, occupant)
            if landed is None:
                return
            step = landed
        # A hex another mech holds is rolled for at its edge (:meth:`_fails_at_edge`), not in it.
        held = occupant is not None and plan.mode != "jump"
        edge = [check for check in step.checks if check.code in AT_EDGE] if held else []
        if edge and occupant is not None and self._fails_at_edge(tick, unit, step, occupant, edge):
            return
        kind = "step" if step.hex != unit.hex else STEP_KINDS.get(step.step, "turn")
        self.record(tick, Event(unit_id, kind, unit.hex, step.hex, step.facing, step.mp, joined(step.reasons),
                                elevation=step.elevation))
        for check in step.checks:
            if check.wall is not None:
                self._wall(tick, unit_id, check.wall)
        if kind == "step" and step.elevation == 0:
            self._basement(tick, self.units[unit_id])
        after = [check for check in step.checks if check.code not in ROLLED_BEFORE_STEP and check not in edge]
        if all(self._passes(tick, unit_id, check) for check in after):
            for effect in step.effects:
                self._effect(tick, unit_id, effect)
        self._weigh(tick, self.units[unit_id])

    def _done(self, unit_id: str) -> bool:
        """Has the unit finished moving this phase (so it stays where it stands)?"""
        return unit_id in self.ended or self.taken[unit_id] >= len(self.plans[unit_id].steps)

    def _end_short(self, tick: int, unit: Unit, plan: PathPlan, step: PlannedStep, occupant: str) -> PlannedStep | None:
        """A move would end in a hex another mech holds and keeps: a jump landing there in PM-by-PM mode
        (it lands when everyone else is done), or any move onto a mech done moving in classic mode,
        typically one a roll left stuck or fallen on the way. No mech ends on another (standard
        BattleTech; the Solaris text has no case for it): a jump lands short on its line of flight,
        anything else stops before the hex."""
        reason = Reason("walk.ends_short", hex=step.hex.label, occupant=occupant, unit=unit.id)
        if plan.mode == "jump":
            short = jump_short_of(self.board, unit, plan, step.hex, reason,
                                  lambda hex_, elevation: self.occupant(hex_, elevation, unit.id) is None)
            if short.steps:
                return short.steps[0]
        unit, back = self._back_to_free(tick, unit)
        self.record(tick, Event(unit.id, "blocked", unit.hex, step.hex, unit.facing, reason=joined([reason, *back]),
                                target=occupant, elevation=unit.elevation))
        return None

    def _back_to_free(self, tick: int, unit: Unit) -> tuple[Unit, list[str]]:
        """A classic move stopped short of a hex it may not end in (:meth:`_end_short`, :meth:`_fails_at_edge`)
        while the unit passes through a hex another mech holds too: it may not end there either (Total Warfare
        stacking; the Solaris text is silent), so its movement ends in the last hex of its path no other mech
        holds (:class:`Free`), its start hex if there is none. A classic tick is that unit's move alone, so the
        steps past that hex are taken back out of the tick before the stop is recorded (the playback needs no
        move back) and what else it met there (its rolls, a wall) is recorded again in that hex, in order. The
        unit as it stands for the stop, and the reason it stands there (none when it stands where it was)."""
        holder = self.occupant(unit.hex, unit.elevation, unit.id)
        free = self.free.get(unit.id)
        if holder is None or free is None or free.tick != tick:
            return unit, []
        passed, events = unit.hex, self.ticks[tick - 1][free.events:]
        del self.ticks[tick - 1][free.events:]
        self.holders[passed].remove(unit.id)
        self.holders.setdefault(free.unit.hex, []).append(unit.id)
        self.units[unit.id], self.spent[unit.id], self.hexes[unit.id] = free.unit, free.spent, free.hexes
        back = free.unit
        for event in events:  # only the unit's own: anything about another ends its move too (a collapse)
            if event.kind not in MOVING_KINDS:
                self.record(tick, replace(event, from_hex=back.hex, to_hex=back.hex, facing=back.facing,
                                          elevation=back.elevation))
        why = Reason("walk.ends_back", unit=unit.id, passed=passed.label, holder=holder, stays=back.hex.label)
        return back, [why]

    def _fails_at_edge(self, tick: int, unit: Unit, step: PlannedStep, occupant: str, checks: list[Check]) -> bool:
        """The rolls for entering a hex another mech holds (swamp, water, rubble), thrown as the mech enters
        it; True when one fails. Classic mode lets a path pass through a hex another mech has ended its move
        in ("ignorar el cruce"), but a failed roll would end the move there, on the other mech: stuck in its
        swamp or fallen in its water or rubble. The Solaris text has no case for it, so the standard rule
        (Total Warfare stacking: no mech ends its movement in a hex another mech holds) decides: the roll
        fails at the hex's edge and takes effect in the hex the mech stands in, the last one it could end in
        (further back when another mech holds that one too: :meth:`_back_to_free`).
        Bogged down there the mech is not stuck (it is not in the swamp); a fall is one of 0 levels there.
        MegaMek displaces the occupant instead where it can (its 'accidental stacking violation' of a mech
        bogged down or fallen in a friendly's hex, as a mech may not enter an enemy's); falling into a hex
        whose occupant cannot be displaced, it too makes the mech fall in the hex it came from."""
        for check in checks:
            if self._throw(tick, unit.id, check):
                continue
            unit, back = self._back_to_free(tick, unit)
            where = {"unit": unit.id, "hex": step.hex.label, "occupant": occupant, "stays": unit.hex.label}
            if check.code == "swamp":
                reason = joined([Reason("walk.bogged_at_edge", **where), *back])
                self.record(tick, Event(unit.id, "blocked", unit.hex, step.hex, unit.facing, target=occupant,
                                        elevation=unit.elevation, reason=reason))
                return True
            damage = falling_damage(unit.tons, 0, into_water=self.board.terrain(unit.hex).depth >= 1)
            reason = joined([Reason("walk.fall_at_edge", roll=check.code, damage=damage, **where), *back])
            self.record(tick, Event(unit.id, "fall", unit.hex, unit.hex, unit.facing, reason=reason, damage=damage,
                                    elevation=unit.elevation))
            return True
        return False

    def _meet(self, tick: int, unit: Unit, occupant: str, step: PlannedStep) -> None:
        """Solaris VII 'Movimiento PM a PM': a mech trying to enter a hex held by another either charges
        it (if it plotted that charge and a charge is allowed) or stops in its previous hex."""
        refusal = None
        if self.charges.get(unit.id) == occupant:
            refusal = self._charge_refusal(unit, self.units[occupant])
            if refusal is None:
                self.record(tick, Event(
                    unit.id, "charge", unit.hex, step.hex, unit.facing, target=occupant, elevation=unit.elevation,
                    reason=Reason("walk.charge", unit=unit.id, target=occupant, hexes=self.hexes[unit.id]),
                ))
                return
        where = {"hex": step.hex.label, "occupant": occupant, "unit": unit.id, "stays": unit.hex.label}
        reason = Reason("walk.blocked", **where) if refusal is None else Reason("walk.blocked_no_charge", why=refusal,
                                                                                 **where)
        self.record(tick, Event(unit.id, "blocked", unit.hex, step.hex, unit.facing, target=occupant,
                                elevation=unit.elevation, reason=reason))

    def _charge_refusal(self, unit: Unit, target: Unit) -> Reason | None:
        """Why a charge is not allowed, or None: "un mech no puede cargar si no ha recorrido previamente,
        al menos, 1 hexágono. Tampoco se puede cargar contra objetivos tumbados, o a distintas elevaciones"."""
        if self.hexes[unit.id] < 1:
            return Reason("walk.charge_not_moved")
        if target.prone:
            return Reason("walk.charge_prone", unit=target.id)
        if self._level(unit) != self._level(target):
            return Reason("walk.charge_elevation", unit=target.id)
        return None

    def _level(self, unit: Unit) -> int:
        return self.board.terrain(unit.hex).level + unit.elevation

    def _effect(self, tick: int, unit_id: str, effect: str) -> None:
        """What a step does without a roll (:mod:`rules.battletech.movement.costs`): a jump into a swamp. (The ``climbing``
        effect is the ``climb`` event itself; the ``collapse`` the plan foresees is :meth:`_weigh`'s.)"""
        unit = self.units[unit_id]
        if effect == "stuck":
            reason = Reason("move.jump_swamp")
            self.record(tick, Event(unit_id, "stuck", unit.hex, unit.hex, unit.facing, reason=reason,
                                    elevation=unit.elevation))

    def _current(self, hex_: Hex) -> Building | None:
        """The building in ``hex_`` with its current CF: the phase's start CF less what walls and skids took
        from it so far; None when there is none or it has collapsed this phase."""
        building = building_at(self.board.terrain(hex_))
        if building is None:  # most hexes: no need to look through the phase's events
            return None
        hit = self._hit()
        if hex_ in hit.collapsed:
            return None
        return replace(building, cf=max(0, building.cf - hit.damage.get(hex_, 0)))

    def _basement(self, tick: int, unit: Unit) -> None:
        """Solaris VII 'Sótanos': a unit entering a building's ground floor finds what lies below (the scenario's
        word, the roll already made this phase, or a 2D6 on the Basements Table now) and falls through the
        floor into it when it weighs more than the current CF; a vehicle in a two-level basement is trapped
        for the rest of the match. Not modelled: the hole left below the hex (a unit climbs out of it as
        from the ground floor)."""
        building = self._current(unit.hex)
        if building is None:
            return
        basement = basement_at(self.board.terrain(unit.hex))
        if basement is None:
            found = self._hit().basements.get(unit.hex)
            if found is None:
                roll = self.dice.roll_2d6(Reason("walk.basement_roll", unit=unit.id, hex=unit.hex.label))
                found = roll.total
                self.record(tick, Event(
                    unit.id, "basement", unit.hex, unit.hex, unit.facing, rolls=(roll,), building=unit.hex,
                    elevation=unit.elevation,
                    reason=Reason("walk.basement", unit=unit.id, hex=unit.hex.label, roll=roll.total,
                                  basement=Reason(BASEMENTS[BASEMENT_BY_ROLL[roll.total]].name)),
                ))
            basement = BASEMENTS[BASEMENT_BY_ROLL[found]]
        if not falls_into_basement(basement, unit, building.cf):
            return
        damage = falling_damage(unit.tons, basement.depth)
        self.record(tick, Event(
            unit.id, "fall", unit.hex, unit.hex, unit.facing, damage=damage, building=unit.hex,
            elevation=-basement.depth, levels=basement.depth,
            reason=Reason("walk.basement_fall", unit=unit.id, tons=unit.tons, cf=building.cf,
                          basement=Reason(basement.name), levels=basement.depth, damage=damage),
        ))
        if unit.is_vehicle and basement.depth == 2:
            self.record(tick, Event(unit.id, "immobile", unit.hex, unit.hex, unit.facing, elevation=-basement.depth,
                                    reason=Reason("walk.basement_trapped")))

    def _wall(self, tick: int, unit_id: str, wall: Hex) -> None:
        """Solaris VII 'Entrando en Edificaciones': "cuando un BattleMech o un vehículo se mueve a través de
        una pared de un edificio … el edificio sufre daño equivalente al peso de la unidad dividido entre 10
        y redondeado hacia arriba, se supere o no el chequeo de pilotaje"."""
        unit, building = self.units[unit_id], self._current(wall)
        if building is None:
            return
        damage = wall_damage_to_building(unit)
        self.record(tick, Event(
            unit_id, "wall", unit.hex, unit.hex, unit.facing, damage=damage, building=wall, elevation=unit.elevation,
            reason=Reason("walk.wall", unit=unit_id, hex=wall.label, damage=damage, tons=unit.tons, cf=building.cf,
                          left=max(0, building.cf - damage)),
        ))

    def _weigh(self, tick: int, unit: Unit) -> None:
        """Solaris VII 'Colapso': "si hay un BattleMech y vehículos en un único nivel de un hexágono del
        edificio cuyo peso combinado exceda el FC actual del edificio" (any level but the ground floor),
        it collapses at once: the movement of every unit in the hex ends, and the collapse's damage and
        falls land when the phase's movement is done, with the attack phases' collapse (our reading: the
        phase's moves were priced on the board as it started)."""
        if unit.kind == "infantry":
            return
        building = self._current(unit.hex)
        if building is None:
            self._weigh_bridge(tick, unit)
            return
        here, level, tons, weights = self._load(unit)
        if not collapses(building, tons, unit.elevation):
            return
        why = Reason("walk.weight_collapse", weights=weights, tons=tons, level=unit.elevation, hex=unit.hex.label,
                     cf=building.cf)
        for other in here:
            self.record(tick, Event(other.id, "collapse", other.hex, other.hex, other.facing, reason=why,
                                    building=unit.hex, elevation=other.elevation))

    def _load(self, unit: Unit) -> tuple[list[Unit], list[Unit], int, str]:
        """Who is in the unit's hex, who of them weighs on its level (mechs and vehicles), their tons and the
        reason listing them."""
        here = [self.units[unit_id] for unit_id in self.holders.get(unit.hex, ())]
        level = [other for other in here if other.elevation == unit.elevation
                 and (other.kind == "mech" or other.kind in VEHICLE_KINDS)]
        weights = listed([Reason("walk.unit_weight", unit=other.id, tons=other.tons) for other in level])
        return here, level, sum(other.tons for other in level), weights

    def _weigh_bridge(self, tick: int, unit: Unit) -> None:
        """A bridge deck carrying more tons than its CF collapses at once (:func:`rules.battletech.movement.buildings.bridge_gives_way`)
        and "cae sobre el río" (Solaris VII): everyone on the deck falls with it to the bottom, the deck's height
        plus the depth in levels (a standard fall, halved into water), and stops moving. The board loses the
        bridge when the phase's movement is done, as it loses a collapsed building."""
        terrain = self.board.terrain(unit.hex)
        deck = bridge_at(terrain)
        if deck is None or unit.elevation != deck.height or unit.hex in self._hit().collapsed:
            return
        _, on_deck, tons, weights = self._load(unit)
        if not bridge_gives_way(deck, tons):
            return
        why = Reason("walk.bridge_collapse", weights=weights, tons=tons, hex=unit.hex.label, cf=deck.cf)
        levels = deck.height + terrain.depth
        for other in on_deck:
            self.record(tick, Event(other.id, "collapse", other.hex, other.hex, other.facing, reason=why,
                                    building=unit.hex, elevation=other.elevation))
            damage = falling_damage(other.tons, levels, into_water=terrain.depth >= 1)
            self.record(tick, Event(other.id, "fall", other.hex, other.hex, other.facing, damage=damage,
                                    building=unit.hex, elevation=-terrain.depth, levels=levels,
                                    reason=Reason("walk.bridge_fall", unit=other.id, levels=levels, damage=damage)))

    def _hit(self) -> BuildingsHit:
        """What the phase has done to buildings and bridges so far."""
        return buildings_hit(event for tick in self.ticks for event in tick)

    # --- dice ----------------------------------------------------------------------------------------

    def _throw(self, tick: int, unit_id: str, check: Check) -> bool:
        """Throw a check's 2D6 and record the roll; True when it succeeds."""
        unit = self.units[unit_id]
        roll = self.dice.roll_2d6(Reason("walk.roll", unit=unit_id, roll=check.code), target=check.target)
        self.record(tick, Event(unit_id, "roll", unit.hex, unit.hex, unit.facing, reason=joined(check.reasons),
                                rolls=(roll,), elevation=unit.elevation))
        return roll.success is True

    def _passes(self, tick: int, unit_id: str, check: Check) -> bool:
        """Throw a check's 2D6 and record it; on a failure record its consequence.
        True while the unit may go on moving."""
        unit = self.units[unit_id]
        if self._throw(tick, unit_id, check):
            if check.code == "swamp_escape":
                self.record(tick, Event(unit_id, "freed", unit.hex, unit.hex, unit.facing, elevation=unit.elevation,
                                        reason=Reason("walk.freed")))
            return True
        for event in self._failure(unit, check):
            self.record(tick, event)
        return unit_id not in self.ended

    def _failure(self, unit: Unit, check: Check) -> list[Event]:
        code = check.code

        def event(kind: str, reason: str, damage: int = 0, levels: int = 0) -> Event:
            return Event(unit.id, kind, unit.hex, unit.hex, unit.facing, reason=reason, damage=damage,
                         elevation=unit.elevation, levels=levels)

        if code in ("swamp", "swamp_escape"):
            return [event("stuck", Reason("walk.stuck"))]
        if code == "masc":
            return [event("immobile", Reason("walk.masc_failed"))]
        if code == "building_wall":
            building = building_at(self.board.terrain(check.wall)) if check.wall is not None else None
            damage = wall_damage_to_unit(building) if building else 0
            return [event("damage", Reason("walk.wall_failed", damage=damage), damage)]
        if code == "drop_legs":
            damage = drop_leg_damage(check.levels)
            return [event("damage", Reason("walk.drop_failed", damage=damage), damage, check.levels)]
        if code == "skid":
            return self._skid(unit, check)
        if code == "climb":
            fall = climb_fall(unit, check)
            return [event("fall", joined(fall.reasons), fall.damage, fall.levels)]
        levels = check.levels if code == "drop_fall" else 0
        damage = falling_damage(unit.tons, levels, into_water=code == "water")
        return [event("fall", Reason("walk.fall", roll=code, levels=levels, damage=damage), damage, levels)]

    def _skid(self, unit: Unit, check: Check) -> list[Event]:
        """A failed skid roll: the fall, each hex slid, and each crash (resolved at once as a charge)."""
        in_way = {hex_: self.units[ids[0]] for hex_, ids in self.holders.items() if ids and ids != [unit.id]}
        skid = resolve_skid(self.board, unit, check, in_way)
        events = [Event(unit.id, "fall", unit.hex, unit.hex, unit.facing, reason=joined(skid.reasons),
                        damage=skid.fall_damage, elevation=unit.elevation)]
        crashes = {collision.hex: collision for collision in skid.collisions}
        here = unit.hex
        for ahead in skid.path + tuple(hex_ for hex_ in crashes if hex_ not in skid.path):
            crash = crashes.get(ahead)
            if crash is not None:
                events.append(Event(unit.id, "charge", here, ahead, unit.facing, target=crash.target,
                                    damage=crash.damage_to_target, own_damage=crash.damage_to_skidder,
                                    building=ahead if crash.target == "building" else None,
                                    reason=Reason("walk.skid_charge", target=crash.target, hex=ahead.label,
                                                  damage=crash.damage_to_target, own_damage=crash.damage_to_skidder)))
            if ahead in skid.path:
                events.append(Event(unit.id, "skid", here, ahead, unit.facing, damage=skid.damage_per_hex,
                                    reason=Reason("walk.skid_step", hex=ahead.label, damage=skid.damage_per_hex)))
                here = ahead
        return events

    # --- the end -------------------------------------------------------------------------------------

    def timeline(self) -> tuple[tuple[Event, ...], ...]:
        return tuple(tuple(tick) for tick in self.ticks)

    def outcomes(self) -> dict[str, UnitOutcome]:
        final = {}
        for unit_id, unit in self.units.items():
            plan, spent = self.plans.get(unit_id), self.spent[unit_id]
            moved, reasons = "none", tuple[str, ...]()
            if plan is not None and spent:
                moved = plan.moved
                if self.ended.get(unit_id) in STOPPED_BY_RIVAL and plan.mode in RUNNING_MODES and spent <= unit.walk:
                    moved, reasons = "walk", (RUN_BLOCKED_RULE,)
            # "Por cada turno en el que no se utilice el MASC se reduce la tirada en un intervalo."
            unit = replace(unit, masc_streak=masc_streak_after(unit, plan is not None and plan.mode == "masc"))
            final[unit_id] = UnitOutcome(unit, moved, self.hexes[unit_id], spent, reasons)
        return final
