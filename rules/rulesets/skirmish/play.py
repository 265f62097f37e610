"""An order played step by step with :func:`rules.core.playback.play`, its reactions opened where they open.

Each step of the order's plan is a tick: a skill declared (a Move's change of posture happens here, at its
start), or one hex entered. After each tick the hook looks from every enemy troop that has not yet been
offered a reaction this order: one whose line of fire (its front 180°) now reaches the active troop is asked,
in a reaction window at this very step, whether it reacts (ARO) or lets it go. Either way it has had its one
reaction of the order: a troop that could react to the first skill and did not keeps none for the second.
A troop in hidden deployment is asked at the end of each skill instead, whether or not it has a line of fire
(:mod:`rules.rulesets.skirmish.ambush`), so that no window's timing tells the active player where it is.
What a reaction does is only declared here; every declaration resolves together at the end of the order
(:mod:`rules.rulesets.skirmish.resolve`), so the troop always reaches its declared end point, and the result
is applied there.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import Dice
from rules.core.playback import Answers, HookOutcome, Moment, Played, Reaction, ReactionWindow, play
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.skirmish.ambush import SkillEnd, Trail, fresh_sighting, is_asked_hidden, skill_end_key
from rules.rulesets.skirmish.lof import in_front, sight
from rules.rulesets.skirmish.movement import DECLARE, Plan, Step, contact
from rules.rulesets.skirmish.orders import Attack, Idle, Move
from rules.rulesets.skirmish.state import Declaration, SkirmishState
from rules.rulesets.skirmish.troops import ENGAGED, IDLE, PRONE, Troop


def window_key(tick: int, trigger: Troop) -> str:
    """A window's key names its step and where the active troop then stood, so an answer can be checked
    against the line of fire it claims."""
    return f"{tick}:{trigger.id}:{trigger.hex.label}"


def sees(state: SkirmishState, watcher: Troop, troop: Troop) -> bool:
    """Whether ``watcher``, not moving, has a line of fire to ``troop``: in its front arc and open."""
    return (in_front(watcher.hex, watcher.facing, troop.hex)
            and sight(state.board, watcher.hex, watcher.height, troop.hex, troop.height).open)


def may_react(state: SkirmishState, watcher: Troop, troop: Troop) -> bool:
    return watcher.side != troop.side and not watcher.out and sees(state, watcher, troop)


def play_order(state: SkirmishState, plan: Plan, dice: Dice, answers: Answers) -> Played[SkirmishState]:
    unit = plan.order.unit
    ticks = [[(unit, index)] for index in range(len(plan.steps))]
    skills = [step.skill for step in plan.steps]
    # Each skill's last tick, with the skill's first: where the troops in hidden deployment are asked.
    ends = {tick: skills.index(skill) + 1 for tick, skill in enumerate(skills, start=1)
            if tick == len(skills) or skills[tick] != skill}

    def step(now: SkirmishState, unit_id: str, index: int) -> tuple[SkirmishState, tuple[Event, ...]]:
        return _step(now, plan, plan.steps[index])

    def hook(moment: Moment[SkirmishState]) -> HookOutcome[SkirmishState]:
        return _reactions(moment, unit, ends.get(moment.tick))

    return play(state, ticks, step, dice, hook, answers)


def _step(state: SkirmishState, plan: Plan, step: Step) -> tuple[SkirmishState, tuple[Event, ...]]:
    troop = state.unit(plan.order.unit)
    if step.kind == DECLARE:
        return _declare(state, troop, plan, step)
    if state.progress.stopped:
        return state, ()
    facing = troop.hex.direction_to(step.hex)
    moved = replace(troop, hex=step.hex, facing=troop.facing if facing is None else facing)
    state = state.with_unit(moved)
    events = [Event(troop.id, "step", troop.hex, step.hex, moved.facing, mp=1,
                    reason=Reason("skirmish.step", unit=troop.id, hex=step.hex.label))]
    touching = contact(state, moved)
    if touching:
        state = replace(state, progress=replace(state.progress, stopped=True))
        for enemy in touching:
            state = state.with_unit(replace(enemy, hidden=False).with_states(ENGAGED))
            events.append(Event(troop.id, "contact", step.hex, step.hex, moved.facing, target=enemy.id,
                                reason=Reason("skirmish.contact", unit=troop.id, enemy=enemy.id, hex=step.hex.label)))
        state = state.with_unit(state.unit(troop.id).with_states(ENGAGED))
    return state, tuple(events)


def _declare(state: SkirmishState, troop: Troop, plan: Plan, step: Step) -> tuple[SkirmishState, tuple[Event, ...]]:
    """A skill declared: the troop leaves hidden deployment and any Idle of its last order; a Move mounts or
    dismounts here, before it is measured, then changes its posture at its start."""
    troop = replace(troop, hidden=False).with_states(without=(IDLE,))
    skill = plan.order.skills[step.skill]
    if plan.idle:
        troop = troop.with_states(IDLE)
        reason = Reason("skirmish.declare_idle", unit=troop.id)
    elif isinstance(skill, Move):
        reason = Reason("skirmish.declare_cautious" if skill.long else "skirmish.declare_move", unit=troop.id,
                        hex=troop.hex.label)
    elif isinstance(skill, Attack):
        reason = Reason("skirmish.declare_attack", unit=troop.id, target=skill.target)
    else:
        assert isinstance(skill, Idle)
        reason = Reason("skirmish.declare_idle", unit=troop.id)
    events = [Event(troop.id, "declare", troop.hex, troop.hex, troop.facing, reason=reason)]
    if step.mount is not None:
        troop = troop.remounted()
        code = "skirmish.mounts" if step.mount else "skirmish.dismounts"
        events.append(Event(troop.id, "mount" if step.mount else "dismount", troop.hex, troop.hex, troop.facing,
                            reason=Reason(code, unit=troop.id, profile=troop.profile, other=troop.other)))
    if step.prone is not None:
        troop = troop.with_states(PRONE) if step.prone else troop.with_states(without=(PRONE,))
        events.append(Event(troop.id, "posture", troop.hex, troop.hex, troop.facing,
                            reason=Reason("skirmish.posture", unit=troop.id, posture=troop.posture)))
    return state.with_unit(troop), tuple(events)


def _reactions(moment: Moment[SkirmishState], unit: str, since: int | None) -> HookOutcome[SkirmishState]:
    """The seen enemies whose line of fire to the active troop opened at this tick, in one window; then, at the
    end of a skill (``since``: its first tick), every enemy in hidden deployment, in a window of its own. Each
    is applied if answered, asked otherwise. The active troop's trail (each tick's hex and height) is kept for
    the skill's end."""
    state = moment.state
    troop = state.unit(unit)
    trail: Trail = (*state.progress.trail, (troop.hex.label, troop.height))
    state = replace(state, progress=replace(state.progress, trail=trail))
    enemies = sorted((w for w in state.units if w.side != troop.side), key=lambda u: u.id)
    watchers = [w for w in enemies if not w.hidden and w.id not in state.progress.offered and may_react(state, w, troop)]
    events: list[Event] = []
    if watchers:
        key = window_key(moment.tick, troop)
        given = moment.answers.get(key, {})
        if not all(w.id in given for w in watchers):
            reason = Reason("skirmish.sighted", unit=unit, hex=troop.hex.label)
            return HookOutcome(state, (), ReactionWindow(key, moment.tick, unit, tuple(w.id for w in watchers), reason))
        for watcher in watchers:
            state, answered = _answer(state, watcher, troop, given[watcher.id], moment.tick)
            events += answered
    # Revealed by a reaction just now, a troop is no longer asked as a hidden one.
    hidden = [w for w in state.units if is_asked_hidden(w, troop)] if since is not None else []
    if hidden:
        key = skill_end_key(moment.tick, troop, since or 1, trail)
        given = moment.answers.get(key, {})
        if not all(w.id in given for w in hidden):
            reason = Reason("skirmish.skill_end", unit=unit, hex=troop.hex.label)
            window = ReactionWindow(key, moment.tick, unit, tuple(sorted(w.id for w in hidden)), reason)
            return HookOutcome(state, tuple(events), window)
        for watcher in sorted(hidden, key=lambda u: u.id):
            state, answered = _answer_hidden(state, watcher, troop, given[watcher.id], since or 1)
            events += answered
    return HookOutcome(state, tuple(events))


def _answer_hidden(state: SkirmishState, watcher: Troop, troop: Troop, answer: Reaction,
                   since: int) -> tuple[SkirmishState, tuple[Event, ...]]:
    """A hidden troop's answer at a skill's end: a reaction taken at the step where its line of fire opened
    during the skill (with its cover there), which reveals it; a pass, or an answer with nothing to react to,
    leaves no trace in the play everyone watches."""
    seen = fresh_sighting(state.board, watcher, SkillEnd(since, state.progress.trail))
    if seen is None:
        return state, ()
    progress = replace(state.progress, offered=(*state.progress.offered, watcher.id))
    if answer.passed:
        return replace(state, progress=progress), ()
    declared = Declaration(watcher.id, troop.id, watcher.hex, seen.hex, seen.cover, seen.tick)
    state = replace(state, progress=replace(progress, reactions=(*progress.reactions, declared)))
    state = state.with_unit(replace(watcher, hidden=False))
    return state, (Event(watcher.id, "aro", watcher.hex, seen.hex, watcher.facing, target=troop.id,
                         reason=Reason("skirmish.reacts_hidden", unit=watcher.id, target=troop.id,
                                       hex=seen.hex.label, cover=seen.cover)),)


def _answer(state: SkirmishState, watcher: Troop, troop: Troop, answer: Reaction,
            tick: int) -> tuple[SkirmishState, tuple[Event, ...]]:
    """A pass by a troop still in hidden deployment leaves no trace in the play everyone watches."""
    progress = replace(state.progress, offered=(*state.progress.offered, watcher.id))
    if answer.passed:
        state = replace(state, progress=progress)
        if watcher.hidden:
            return state, ()
        return state, (Event(watcher.id, "pass", watcher.hex, watcher.hex, watcher.facing, target=troop.id,
                             reason=Reason("skirmish.passes", unit=watcher.id)),)
    cover = sight(state.board, watcher.hex, watcher.height, troop.hex, troop.height).cover
    declared = Declaration(watcher.id, troop.id, watcher.hex, troop.hex, cover, tick)
    state = replace(state, progress=replace(progress, reactions=(*progress.reactions, declared)))
    state = state.with_unit(replace(watcher, hidden=False))
    return state, (Event(watcher.id, "aro", watcher.hex, troop.hex, watcher.facing, target=troop.id,
                         reason=Reason("skirmish.reacts", unit=watcher.id, target=troop.id, hex=troop.hex.label,
                                       cover=cover)),)
