"""Playing planned steps into timeline events: the one walk both movement modes share.

A :class:`Walk` holds where every unit stands while a phase plays (its state:
:mod:`rules.battletech.movement.walk_state`; its events in buildings: :mod:`rules.battletech.movement.walk_buildings`).
Every change goes through :meth:`Walk.record`, which appends an event to its tick and applies it, so the timeline
and the final state cannot disagree. The dice for the checks a plan requires (MASC, swamp escape, swamp,
water, skid, climb, drop, building wall…: :class:`rules.battletech.movement.psr.Check`) are thrown here, in timeline
order, and their consequences come from the pure functions of :mod:`rules.battletech.movement.psr`,
:mod:`rules.battletech.movement.buildings` and :mod:`rules.battletech.movement.skids`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.battletech.movement.buildings import building_at, wall_damage_to_unit
from rules.battletech.movement.conflicts import Cut, jump_short_of
from rules.battletech.movement.plan import RUNNING_MODES, PathPlan, PlannedStep
from rules.battletech.movement.psr import Check, climb_fall, drop_leg_damage, falling_damage, masc_streak_after
from rules.battletech.movement.skids import resolve_skid
from rules.core.timeline import Event
from rules.battletech.movement.result import UnitOutcome
from rules.core.reasons import Reason, joined
from rules.battletech.units import Unit
from rules.battletech.movement.walk_buildings import BuildingWalk
from rules.battletech.movement.walk_state import MOVING_KINDS, Free

RUN_BLOCKED_RULE = Reason("walk.run_blocked")
# Step rolls thrown before the step is taken: failing one stops the unit short of the step's hex.
ROLLED_BEFORE_STEP = frozenset({"skid", "climb", "stand"})
# Event kinds by which a rival stopped the unit (the blocked-runner rule).
STOPPED_BY_RIVAL = frozenset({"blocked", "charge"})
# What a step that stays in its hex is: a turn, standing up, an infantry floor change, or a climb
# the PM could not finish (the mech hangs higher up its hex).
STEP_KINDS = {
    "SU": "stand", "GP": "prone", "U": "floor", "D": "floor", "L": "turn", "R": "turn", "F": "climb", "B": "climb",
}
# Rolls for entering a hex whose failure ends the move in it: thrown at its edge when another mech holds it.
AT_EDGE = frozenset({"swamp", "water", "rubble"})


class Walk(BuildingWalk):
    """One movement phase played step by step into the timeline, its rolls thrown in timeline order."""

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
