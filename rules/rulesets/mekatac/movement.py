"""The movement phase ("FASE DE MOVIMIENTO", "MOVIMIENTO Y ENCARAMIENTO", "ATAQUES"), played tick by tick.

"Los Mekas se mueven en orden de menor a mayor tirada de iniciativa": one meka after another, one step (1 MP)
per tick, each meka's move opening with a tick of its own where it has not stepped yet. "Un Meka puede atacar
en cualquier momento de la fase de movimiento, incluso si otro Meka se está moviendo": the mover fires the
attacks of its order after the step it names, and after each hex the mover enters every enemy meka that has
a legal shot at it is asked, in id order, through a reaction window (:mod:`rules.core.playback`): it fires
one or more of the weapons offered, passes, or holds its fire for the rest of that move. A meka's order may
set a standing instruction instead ("react": "fire" at the first legal shot, or "hold" its fire for the whole
phase), so that the match does not wait on its player.

A window's key names the tick, the mover, the meka asked and the weapons it may fire there (``12:A:B:0.2.p``),
so the answer is checked against what could fire at that moment, not at the start of the phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from rules.core.board import Board
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.hexes import Hex, turn
from rules.core.playback import Answers, HookOutcome, Moment, Played, ReactionWindow, play
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.combat import MELEE_NAMES, Weapon, aim, check_weapon, is_melee, refusal, why_idle
from rules.rulesets.mekatac.strike import attack
from rules.rulesets.mekatac.hidden import reveal, tread
from rules.rulesets.mekatac.transform import check_transform, start
from rules.rulesets.mekatac.orders import ASK, FIRE, HOLD, Fire, Hold, MoveOrder
from rules.rulesets.mekatac.plays import begin, check_cards, extra_uses, order_mp
from rules.rulesets.mekatac.sight import OBSTACLE_LEVELS
from rules.rulesets.mekatac.skills import more_melee, more_uses
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import FLY_MP, JUMP_MP, MANIOBRABILIDAD, MANOEUVRE_MP
from rules.rulesets.mekatac.victory import decided

MELEE_KEYS = {"punch": "p", "kick": "k"}
KEY_MELEE = {key: name for name, key in MELEE_KEYS.items()}


def budget(meka: Meka, mode: str) -> int:
    """The MP of a move: the size's, +2 with four legs, -1 per damaged leg, +1 for a pilot with Maniobrabilidad,
    and what its cards gave it this turn; +4 jumping, +8 flying."""
    walk = max(meka.design.walk_mp - meka.legs_damaged, 0) + meka.extra_mp + (
        MANOEUVRE_MP if MANIOBRABILIDAD in meka.skills else 0)
    return walk + (JUMP_MP if mode == "jump" else FLY_MP if mode == "fly" else 0)


def why_not_mode(meka: Meka, mode: str) -> bool:
    if mode == "jump":
        return not meka.design.has("jump_jets")
    if mode == "fly":
        return not meka.design.has("wings") or meka.wings_torn
    return False


def why_immobile(state: MekaState, meka: Meka, shock: bool = True) -> str:
    """Why the meka cannot move now ("" when it can); ``shock`` False once its move has begun (a shock taken
    during a move costs the next one)."""
    if not meka.in_fight:
        return Reason("mekatac.why_out")
    if meka.down(state.turn):
        return Reason("mekatac.why_fallen")
    if meka.leg_destroyed:
        return Reason("mekatac.why_leg")
    if shock and meka.shock:
        return Reason("mekatac.why_shock")
    if meka.stuck:
        return Reason("mekatac.why_stuck")
    return ""


def check_order(state: MekaState, order: MoveOrder) -> None:
    """Refuses what the order may never do, whatever happens before it: a mode without its system, more MP
    than the meka has (with the MP its cards give), a move it may not make, a card its side does not hold, a
    weapon it cannot fire, a weapon twice (unless a card lets it fire again), two melee attacks."""
    meka = state.unit(order.unit)
    if order.transform:
        check_transform(state, order)
    if why_not_mode(meka, order.mode):
        raise refusal("mekatac.refuse_mode", unit=meka.id, mode=order.mode)
    stuck = why_immobile(state, meka)
    if order.steps and stuck:
        raise refusal("mekatac.move_idle", unit=meka.id, why=stuck)
    mp = budget(meka, order.mode) + order_mp(order)
    if len(order.steps) > mp:
        raise refusal("mekatac.refuse_no_mp", unit=meka.id, mp=mp, needed=len(order.steps))
    check_cards(state, order)
    extra, fired, melee = extra_uses(meka, order), Counter[Weapon](), 0
    for volley in order.attacks:
        state.unit(volley.target)
        for weapon in volley.weapons:
            check_weapon(state, meka, weapon)
            fired[weapon] += 1
            if fired[weapon] > 1 + (extra[weapon] if isinstance(weapon, int) else 0) + more_uses(meka, weapon):
                raise refusal("mekatac.refuse_used", unit=meka.id, weapon=str(weapon))
            melee += is_melee(meka, weapon)
            if melee > 1 + more_melee(meka):
                raise refusal("mekatac.refuse_melee_used", unit=meka.id)


def path(state: MekaState, order: MoveOrder) -> list[tuple[str, Hex, int]]:
    """Each step's code, hex and facing as the board stands now (the other mekas where they are, but for the
    enemy's hidden ones: the check tells nothing of where they stand; the play finds them)."""
    meka, here, facing, steps = state.unit(order.unit), state.unit(order.unit).hex, state.unit(order.unit).facing, []
    state = replace(state, units=tuple(unit for unit in state.units if not unit.hidden or unit.side == meka.side))
    for code in order.steps:
        if code == "F":
            ahead = here.neighbour(facing)
            why = why_blocked(state, meka, ahead, here, order.mode)
            if why:
                raise refusal("mekatac.move_blocked", unit=meka.id, hex=ahead.label, why=why)
            here = ahead
        else:
            facing = turn(facing, 1 if code == "R" else -1)
        steps.append((code, here, facing))
    return steps


def why_blocked(state: MekaState, meka: Meka, ahead: Hex, here: Hex, mode: str) -> str:
    board: Board = state.board
    if ahead not in board:
        return Reason("mekatac.why_off_board")
    if mode != "fly" and any(other.hex == ahead and other.id != meka.id and not other.destroyed
                             for other in state.units):
        return Reason("mekatac.why_occupied")
    # "Jump Jets: Puede saltar obstáculos": a building or a rise of two levels or more stops a walker.
    terrain = board.terrain(ahead)
    if mode == "walk" and (terrain.has("building") or terrain.level - board.terrain(here).level >= OBSTACLE_LEVELS):
        return Reason("mekatac.why_obstacle")
    return ""


def schedule(state: MekaState, orders: Mapping[str, MoveOrder]) -> list[list[tuple[str, int]]]:
    """One tick per step, meka after meka in initiative order; each move opens with a tick of no step (0)."""
    ticks: list[list[tuple[str, int]]] = []
    for unit in state.order:
        steps = len(orders[unit].steps) if unit in orders else 0
        ticks += [[(unit, index)] for index in range(steps + 1)]
    return ticks


class MovementPlay:
    """One play of the movement phase with ``orders``: the step rule and the tick hook of the core's playback."""

    def __init__(self, state: MekaState, orders: Sequence[MoveOrder]) -> None:
        self.orders = {order.unit: order for order in orders}
        self.ticks = schedule(state, self.orders)
        self.halted: set[str] = set()  # mekas whose move ended early (blocked, shocked, fallen, grounded)
        self.idle: set[str] = set()  # shocked: neither moves nor attacks in this move
        self.allowance: dict[str, int] = {}  # each mover's MP at its first step (cards played, legs as they are)

    def run(self, state: MekaState, dice: Dice, answers: Answers) -> Played[MekaState]:
        return play(state, self.ticks, self.step, dice, self.hook, answers)

    def step(self, state: MekaState, unit: str, index: int) -> tuple[MekaState, list[Event]]:
        meka = state.unit(unit)
        order = self.orders.get(unit, MoveOrder(unit))
        if index == 0:
            return self._begin(state, meka, order)
        stuck = why_immobile(state, meka, shock=False) or (Reason("mekatac.why_grounded") if why_not_mode(meka, order.mode) else "")
        if unit in self.halted or stuck or state.result is not None:
            self.halted.add(unit)
            return state, []
        if index > self.allowance.setdefault(unit, budget(meka, order.mode)):
            self.halted.add(unit)
            spent = Reason("mekatac.move_idle", unit=unit, why=Reason("mekatac.why_no_mp"))
            return state, [Event(unit, "idle", meka.hex, meka.hex, meka.facing, reason=spent)]
        code, airborne = order.steps[index - 1], meka.airborne or ("" if order.mode == "walk" else order.mode)
        if code != "F":
            moved = replace(meka, facing=turn(meka.facing, 1 if code == "R" else -1), airborne=airborne)
            return state.with_unit(moved), [Event(unit, "turn", meka.hex, meka.hex, moved.facing, mp=1)]
        ahead = meka.hex.neighbour(meka.facing)
        why = why_blocked(state, meka, ahead, meka.hex, order.mode)
        if why:
            self.halted.add(unit)
            said = Reason("mekatac.move_blocked", unit=unit, hex=ahead.label if ahead in state.board else "", why=why)
            return state, [Event(unit, "blocked", meka.hex, ahead, meka.facing, reason=said)]
        moved = replace(meka, hex=ahead, airborne=airborne)
        return state.with_unit(moved), [Event(unit, "step", meka.hex, ahead, meka.facing, mp=1)]

    def _begin(self, state: MekaState, meka: Meka, order: MoveOrder) -> tuple[MekaState, list[Event]]:
        """"El Meka no puede hacer nada en su siguiente movimiento": a shocked meka's move is spent doing nothing."""
        if meka.shock and meka.in_fight:
            self.halted.add(meka.id)
            self.idle.add(meka.id)
            idle = Reason("mekatac.move_idle", unit=meka.id, why=Reason("mekatac.why_shock"))
            return state.with_unit(replace(meka, shock=False)), [
                Event(meka.id, "idle", meka.hex, meka.hex, meka.facing, reason=idle)]
        return state, []

    def hook(self, moment: Moment[MekaState]) -> HookOutcome[MekaState]:
        ((mover, index),) = self.ticks[moment.tick - 1]
        state, events = moment.state, list[Event]()
        order = self.orders.get(mover, MoveOrder(mover))
        if moment.tick == 1:
            given = [self.orders[unit] for unit in state.order if unit in self.orders]
            state, changing = start(state, given)
            state, events = begin(state, given, moment.dice)
            events = changing + events
        if mover not in self.idle:
            for volley in order.attacks:
                if volley.at == index:
                    for number, weapon in enumerate(volley.weapons):
                        card = volley.card if number == 0 else ""
                        state, fired = _attack_now(state, mover, volley.target, weapon, moment.dice, card)
                        events += fired
        state, mined = tread(state, moment.events, moment.dice)
        state, shown = reveal(state, [*moment.events, *events])
        events += mined + shown
        if not any(event.unit == mover and event.kind == "step" for event in moment.events):
            return HookOutcome(state, tuple(events))
        for enemy in sorted(state.units, key=lambda unit: unit.id):
            offered = offered_weapons(state, enemy, mover)
            if enemy.side == state.unit(mover).side or not offered or holds(moment.answers, mover, enemy.id) \
                    or enemy.hidden:
                continue
            standing = self.orders[enemy.id].react if enemy.id in self.orders else ASK
            key = window_key(moment.tick, mover, enemy.id, offered)
            answer = moment.answers.get(key, {}).get(enemy.id)
            if standing == HOLD:
                continue
            if standing == FIRE:
                weapons = first_shot(enemy, offered)
                events.append(Event(enemy.id, "standing", enemy.hex, enemy.hex, enemy.facing, target=mover,
                                    reason=Reason("mekatac.standing_fire", unit=enemy.id, target=mover)))
            elif answer is None:
                why = Reason("mekatac.attack_interrupt", unit=enemy.id, target=mover)
                return HookOutcome(state, tuple(events), ReactionWindow(key, moment.tick, mover, (enemy.id,), why))
            else:
                weapons = list(answer.order.weapons) if isinstance(answer.order, Fire) else []
            for weapon in weapons:
                state, fired = _attack_now(state, enemy.id, mover, weapon, moment.dice)
                events += fired
        return HookOutcome(state, tuple(events))


def _attack_now(state: MekaState, unit: str, target: str, weapon: Weapon, dice: Dice,
                card: str = "") -> tuple[MekaState, list[Event]]:
    """One attack, unless the match is already decided; the result is recorded the moment a side is out."""
    if state.result is not None:
        return state, []
    state, events = attack(state, unit, target, weapon, dice, card)
    return decided(state), events


def offered_weapons(state: MekaState, meka: Meka, target: str) -> list[Weapon]:
    """The weapons (and at most one of punch and kick) ``meka`` may fire at ``target`` right now."""
    if state.result is not None or why_idle(state, meka) or meka.side == state.unit(target).side:
        return []
    offered: list[Weapon] = []
    candidates: list[Weapon] = [*(index for index, _ in meka.design.weapons), *MELEE_NAMES]
    for weapon in candidates:
        try:
            aim(state, meka.id, target, weapon)
        except RuleError:
            continue
        offered.append(weapon)
    return offered


def first_shot(meka: Meka, offered: Sequence[Weapon]) -> list[Weapon]:
    """What a meka told to fire at the first legal shot fires: every ranged weapon offered, or else the one melee
    attack offered first (one a turn)."""
    ranged = [weapon for weapon in offered if not is_melee(meka, weapon)]
    return ranged or list(offered[:1])


def window_key(tick: int, mover: str, unit: str, offered: Sequence[Weapon]) -> str:
    weapons = ".".join(MELEE_KEYS[w] if isinstance(w, str) else str(w) for w in offered)
    return f"{tick}:{mover}:{unit}:{weapons}"


def offered_in(key: str) -> list[Weapon]:
    """The weapons a window's key offers (:func:`window_key` read back)."""
    weapons = key.split(":")[-1]
    return [KEY_MELEE[w] if w in KEY_MELEE else int(w) for w in weapons.split(".") if w]


def holds(answers: Answers, mover: str, unit: str) -> bool:
    """Whether ``unit`` answered an earlier window of ``mover``'s move by holding its fire for the rest of it."""
    for key, given in answers.items():
        parts = key.split(":")
        answer = given.get(unit)
        if parts[1:3] == [mover, unit] and answer is not None and isinstance(answer.order, Hold):
            return True
    return False
