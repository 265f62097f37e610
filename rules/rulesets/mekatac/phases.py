"""The MEKATAC turn as a phase table ("SECUENCIA DE TURNO"): cards → initiative → movement (with every attack in
it) → end of turn. Only the movement phase takes orders; the others resolve as soon as they begin.

The text's third heading is "Fase de disparo", but its sections are "FASE DE MOVIMIENTO" and "ATAQUES", which
says "Un Meka puede atacar en cualquier momento de la fase de movimiento, incluso si otro Meka se está
moviendo": we read the movement phase as the phase where every attack happens, and there is no separate
firing phase (docs/mekatac.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.core.dice import Dice
from rules.core.phases import NO_ANSWERS, Json, OrderlessPhase, PhaseTable, every_awaited_unit_ordered
from rules.core.playback import Answers, ReactionWindow
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac import cards, prepare
from rules.rulesets.mekatac.damage import damage
from rules.rulesets.mekatac.movement import MovementPlay, budget, check_order, path
from rules.rulesets.mekatac.orders import MoveOrder, move_order_from_json, move_order_to_json
from rules.rulesets.mekatac.plays import turn_over
from rules.rulesets.mekatac.transform import finish
from rules.rulesets.mekatac.preview import preview_attacks, preview_cover
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import (
    CARD_NAMES, FIRE_SIDES, INICIATIVA, PREPARATION_NAMES, REACTOR_EXPLODES_ON, REACTOR_SIDES, SIZES, SKILL_NAMES,
    SORPRESA, SURPRISE_BONUS, TACTICAS, TACTICS_INITIATIVE, TO_HIT_SIDES,
)
from rules.rulesets.mekatac.victory import at_turn_limit, decided

# Ties are rolled again; past this many rounds (never seen in practice) the tied mekas keep their id order.
MOST_TIE_ROUNDS = 20


@dataclass(frozen=True, slots=True)
class Report:
    """What one phase did: its ticks of events (one tick for a phase that is not played step by step). ``ties``:
    for the initiative's ties that a hidden meka is in, each tie ruling's and re-roll's place in the one tick,
    with the mekas tied (the report tells each viewer only the ties it could see: report.timeline_view)."""

    phase: str
    ticks: tuple[tuple[Event, ...], ...] = ()
    ties: tuple[tuple[int, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class MekaOutcome:
    state: MekaState
    reports: tuple[Report, ...] = ()
    pending: ReactionWindow | None = None

    def followed_by(self, later: MekaOutcome) -> MekaOutcome:
        return MekaOutcome(later.state, self.reports + later.reports, later.pending)

    def moved_to(self, state: Any) -> MekaOutcome:
        return replace(self, state=state)


def _event(meka: Meka, kind: str, reason: str, rolls: tuple[Any, ...] = (), amount: int = 0) -> Event:
    return Event(meka.id, kind, meka.hex, meka.hex, meka.facing, reason=reason, rolls=rolls, damage=amount)


def _turn_start_damage(state: MekaState, dice: Dice) -> tuple[MekaState, list[Event]]:
    """"Recibe 1D4 de daño al principio de cada turno" for each electrical fire, and a flamer's fire for the
    turns it still burns; neither is a hit, so neither rolls a critical."""
    events: list[Event] = []
    for meka in state.units:
        if not meka.in_fight:
            continue
        for _ in range(meka.fires):
            roll = dice.roll(1, FIRE_SIDES, f"electrical fire on {meka.id}")
            events.append(_event(meka, "fire", Reason("mekatac.fire_damage", unit=meka.id, damage=roll.total), (roll,)))
            state, hurt = damage(state, meka.id, roll.total, dice, critical=False)
            events += hurt
        for burn in state.unit(meka.id).burns:
            roll = dice.roll(burn.dice, burn.sides, f"{meka.id} burns")
            events.append(_event(meka, "burn", Reason("mekatac.burning", unit=meka.id, damage=roll.total), (roll,)))
            state, hurt = damage(state, meka.id, roll.total, dice, critical=False)
            events += hurt
        left = state.unit(meka.id)
        state = state.with_unit(replace(left, burns=tuple(replace(b, turns=b.turns - 1) for b in left.burns
                                                          if b.turns > 1)))
    return decided(state), events


def _cards(state: MekaState, dice: Dice) -> MekaOutcome:
    """"FASE DE CARTAS": the turn's fires burn, then each player draws 3 action cards (and, in the first, the
    agreed upgrade and strategy decks are dealt)."""
    state, events = _turn_start_damage(state, dice)
    state, drawn = cards.draw_phase(state, dice)
    state, dealt = prepare.deal(state, dice)
    return MekaOutcome(state, (Report("cards", (tuple(events + drawn + dealt),)),))


def _initiative(state: MekaState, dice: Dice) -> MekaOutcome:
    """"Tira 1D10 por cada Meka en juego", plus its size's modifier; mekas that tie roll again among
    themselves; the movement order runs from the lowest to the highest."""
    mekas = [meka for meka in state.units if meka.in_fight]
    events: list[Event] = []
    totals = {meka.id: _roll_initiative(meka, dice, events, _bonuses(state, meka)) for meka in mekas}
    ties: dict[int, tuple[str, ...]] = {}
    order = _ranked(state, totals, dice, events, 0, ties)
    spent = tuple(replace(meka, initiative_bonus=0) for meka in state.units)
    return MekaOutcome(replace(state, units=spent, order=tuple(order), initiative=totals, surprise=()),
                       (Report("initiative", (tuple(events),), tuple(sorted(ties.items()))),))


def _bonuses(state: MekaState, meka: Meka) -> list[tuple[int, str]]:
    """An Iniciativa played on the meka (+10) and its side's Sorpresa ("+10 a la primera tirada de iniciativa
    del juego": each of the side's mekas, our reading of "Consigues")."""
    return [*([(meka.initiative_bonus, CARD_NAMES[INICIATIVA])] if meka.initiative_bonus else []),
            *([(SURPRISE_BONUS, PREPARATION_NAMES[SORPRESA])] if meka.side in state.surprise else [])]


def _roll_initiative(meka: Meka, dice: Dice, events: list[Event], bonuses: Sequence[tuple[int, str]] = ()) -> int:
    """The roll with the size's modifier, the +2 of a pilot with Tácticas (every roll), and the ``bonuses`` of
    cards (its first roll of the turn only: a tie is rolled again without them)."""
    modifier = SIZES[meka.design.size].initiative
    roll = dice.roll(1, TO_HIT_SIDES, f"initiative of {meka.id}")
    every = [*bonuses, *([(TACTICS_INITIATIVE, SKILL_NAMES[TACTICAS])] if TACTICAS in meka.skills else [])]
    bonus = sum(value for value, _ in every)
    total = roll.total + modifier + bonus
    shown: dict[str, str | int] = {"unit": meka.id, "roll": roll.total, "modifier": f"{modifier:+d}", "total": total}
    said = Reason("mekatac.initiative", **shown)
    if [name for _, name in every] == [CARD_NAMES[INICIATIVA]]:
        said = Reason("mekatac.initiative_card", **shown, bonus=f"{bonus:+d}")
    elif every:
        said = Reason("mekatac.initiative_bonus", **shown, bonus=f"{bonus:+d}",
                      sources=", ".join(name for _, name in every))
    events.append(_event(meka, "initiative", said, (roll,)))
    return total


def _ranked(state: MekaState, totals: dict[str, int], dice: Dice, events: list[Event], rounds: int,
            ties: dict[int, tuple[str, ...]]) -> list[str]:
    """The order of ``totals``, ties rolled again. A tie a hidden meka is in is told by a meka in the open, where
    one is tied, and its ruling and re-rolls are noted in ``ties`` (by their place in ``events``)."""
    order: list[str] = []
    for total in sorted(set(totals.values())):
        tied = sorted(unit for unit, value in totals.items() if value == total)
        if len(tied) == 1 or rounds >= MOST_TIE_ROUNDS:
            order += tied
            continue
        first = next((meka for meka in map(state.unit, tied) if not meka.hidden), state.unit(tied[0]))
        start = len(events)
        events.append(_event(first, "initiative_tie", Reason("mekatac.initiative_tie", units=", ".join(tied),
                                                            total=total)))
        again = {unit: _roll_initiative(state.unit(unit), dice, events) for unit in tied}
        if any(state.unit(unit).hidden for unit in tied):
            ties.update((place, tuple(tied)) for place in range(start, len(events)))
        order += _ranked(state, again, dice, events, rounds + 1, ties)
    return order


def _end(state: MekaState, dice: Dice) -> MekaOutcome:
    """The end of the turn: damaged reactors roll, hands over 8 are cut, weapons are ready again, the next turn."""
    events: list[Event] = []
    for meka in state.units:
        if meka.reactor and meka.in_fight:
            roll = dice.roll(1, REACTOR_SIDES, f"reactor of {meka.id}", target=REACTOR_EXPLODES_ON)
            outcome = Reason("mekatac.reactor_explodes" if roll.success else "mekatac.reactor_holds")
            events.append(_event(meka, "reactor", Reason("mekatac.reactor_roll", unit=meka.id, roll=roll.total,
                                                         outcome=outcome), (roll,)))
            state = state.with_unit(replace(meka, reactor=False, destroyed=bool(roll.success),
                                            armour=0 if roll.success else meka.armour))
    state, cut = cards.cut_hands(state)
    ready = tuple(replace(turn_over(finish(meka)), used=frozenset(), melee_used=False, airborne="")
                  for meka in state.units)
    state = at_turn_limit(decided(replace(state, units=ready, tacticas={})), int(state.options.get("turn_limit", 0)))
    if state.result is None:
        state = replace(state, turn=state.turn + 1)
    return MekaOutcome(state, (Report("end", (tuple(events + cut),)),))


class PreparationPhase:
    """With the decks agreed, each side's lead meka gives the side's preparation order once, before the first
    initiative roll (rules.rulesets.mekatac.prepare); otherwise, and after it, it waits for nobody and the
    table passes it over."""

    name = "preparation"
    takes_orders = True
    without_order = "plays none of its upgrade and strategy cards"

    def awaits(self, state: MekaState) -> list[str]:
        if state.options.get("decks") != "on" or state.prepared:
            return []
        return sorted(prepare.leads(state).values())

    def ends(self, state: MekaState, ordered: Collection[str]) -> bool:
        return every_awaited_unit_ordered(self.awaits(state), ordered)

    def decode_order(self, state: MekaState, data: Any) -> prepare.PrepareOrder:
        return prepare.prepare_order_from_json(data)

    def encode_order(self, order: prepare.PrepareOrder) -> Json:
        return prepare.prepare_order_to_json(order)

    def check(self, state: MekaState, order: prepare.PrepareOrder) -> Json:
        return prepare.check_prepare(state, order)

    def resolve(self, state: MekaState, orders: Sequence[prepare.PrepareOrder], dice: Dice,
                answers: Answers = NO_ANSWERS) -> MekaOutcome:
        state, events = prepare.prepare(state, orders, dice)
        return MekaOutcome(state, (Report("preparation", (tuple(events),)),))


class MekaTable(PhaseTable[MekaState, MekaOutcome]):
    """The turn's phases; the preparation phase, when it waits for nobody, is passed over."""

    def advance(self, state: MekaState) -> MekaState:
        state = super().advance(state)
        if state.phase == PREPARATION.name and not PREPARATION.awaits(state):
            return super().advance(state)
        return state


PREPARATION = PreparationPhase()
CARDS: OrderlessPhase[MekaState, MekaOutcome] = OrderlessPhase("cards", _cards)
INITIATIVE: OrderlessPhase[MekaState, MekaOutcome] = OrderlessPhase("initiative", _initiative)
END: OrderlessPhase[MekaState, MekaOutcome] = OrderlessPhase("end", _end)


class MovementPhase:
    """Every meka able to act gives its move and its attacks; they are played in initiative order, with the
    reaction windows of the mekas that may fire at the one moving."""

    name = "movement"
    takes_orders = True
    without_order = "stands still and makes no attack of its own"

    def awaits(self, state: MekaState) -> list[str]:
        return [unit for unit in state.order if _acts(state, state.unit(unit))]

    def ends(self, state: MekaState, ordered: Collection[str]) -> bool:
        return every_awaited_unit_ordered(self.awaits(state), ordered)

    def decode_order(self, state: MekaState, data: Any) -> MoveOrder:
        return move_order_from_json(data)

    def encode_order(self, order: MoveOrder) -> Json:
        return move_order_to_json(order)

    def check(self, state: MekaState, order: MoveOrder) -> Json:
        check_order(state, order)
        steps = path(state, order)
        return {"mp": len(order.steps), "budget": budget(state.unit(order.unit), order.mode),
                "steps": [{"step": code, "hex": hex_.label, "facing": facing} for code, hex_, facing in steps],
                "attacks": preview_attacks(state, order, steps), "cover": preview_cover(state, order, steps)}

    def resolve(self, state: MekaState, orders: Sequence[MoveOrder], dice: Dice,
                answers: Answers = NO_ANSWERS) -> MekaOutcome:
        played = MovementPlay(state, orders).run(state, dice, answers)
        report = (Report("movement", played.ticks),)
        if played.pending is not None:
            return MekaOutcome(played.state, report, played.pending)
        return MekaOutcome(decided(played.state), report)


def _acts(state: MekaState, meka: Meka) -> bool:
    """A meka gives an order unless it is out of the fight, standing up, or shocked (its move is lost)."""
    return meka.in_fight and not meka.down(state.turn) and not meka.shock
