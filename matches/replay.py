"""A match replayed from its event log: the replay the REST API serves, and the proof that the dice were fair.

The log holds the starting position (`started`), every order (`submitted`), every reaction window and answer
(`reaction_window`, `reacted`), every resolution (`playback`), every referee correction (`annulled`,
`overridden`) and every split-LOS side chosen (`los_side`). Replaying it re-resolves each phase through the
match's ruleset with the dice derived from the match seed, makes each correction and choice again through it,
and checks that each resolution (every roll included) and the final state come out exactly as they were logged.

A phase's dice stream is not read from the log: it is the number of annulments of that phase logged before
the resolution (`phase_dice_seed`), as when it was played, and the log's versions must run 1, 2, 3... (from
0 for a match created under way, whose `started` is version 0: `pipeline.match_create`). So a
phase re-resolved on other dice without an `annulled` event, an annulment moved or dropped, or any event
dropped, does not verify: whoever can write the database cannot pick the dice.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.playback import Answers, ReactionWindow
from rules.rulesets import get_ruleset

from .errors import MatchError
from .models import Event, Match, Participant, phase_dice_seed, seed_hash
from .frames import PUBLIC
from .selectors import match_header, match_summary, window_from_json

# The standing choice a `los_side` event logs and its message makes (a ruleset's `choices`: Solaris's split line
# of sight; los_sides.py).
SPLIT_LOS = "los_side"


@dataclass
class Replay:
    start: dict[str, Any] | None = None
    phases: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    rolls: int = 0
    # Each phase still in force, newest last: the state before it and its index in `phases`. An annulment
    # goes back to the last one.
    before: list[tuple[Any, int]] = field(default_factory=list)  # each a ruleset state
    state: Any = None  # the ruleset's state
    # Annulments replayed so far, by (turn, phase): the n-th resolution of a phase is played on dice stream n.
    annulments: Counter[tuple[int, str]] = field(default_factory=Counter)


def _plain(data: Any) -> Any:
    """JSON as the database gives it back (tuples become lists), so logged and recomputed values compare."""
    return json.loads(json.dumps(data))


def replay_log(match: Match) -> Replay:
    """Re-resolves every phase of the log in order; `problems` lists every difference from what was logged."""
    replay = Replay()
    ruleset = get_ruleset(match.ruleset)
    pending: list[dict[str, Any]] = []
    # The reaction windows of the phase being played and the answers logged to them (reactions.py).
    reacted = Reactions()
    versions, first = [], 1
    for event in match.events.order_by("version"):
        versions.append(event.version)
        payload = event.payload
        if event.kind == Event.Kind.STARTED:
            if "state" not in payload:
                # Logged afterwards for a match already played (migration 0005): its start was never recorded.
                replay.problems.append("the starting position was not logged: the match cannot be replayed")
                return replay
            replay.start = payload["state"]
            replay.state = ruleset.state_from_json(payload["state"])
            first = 0 if event.version == 0 else first
        elif replay.state is None:
            continue  # lobby events before the start
        elif event.kind == Event.Kind.SUBMITTED:
            pending.append(payload["order"])
        elif event.kind == Event.Kind.WITHDRAWN:
            pending = [order for order in pending if order != payload["order"]]
        elif event.kind == Event.Kind.REACTED:
            reacted.answers.setdefault(payload["window"], {})[payload["unit"]] = payload["order"]
        elif event.kind == Event.Kind.REACTION_WINDOW:
            _replay_window(replay, ruleset, match.seed, event, pending, reacted)
        elif event.kind == Event.Kind.PLAYBACK:
            _replay_phase(replay, ruleset, match.seed, event, pending, reacted)
            pending, reacted = [], Reactions()
        elif event.kind == Event.Kind.ANNULLED:
            _replay_annulment(replay, ruleset, event)
            pending, reacted = [], Reactions()
        elif event.kind == Event.Kind.OVERRIDDEN:
            _replay_override(replay, ruleset, event)
        elif event.kind == Event.Kind.LOS_SIDE:
            replay.state = ruleset.choose(replay.state, SPLIT_LOS, payload["unit"], payload["side"],
                                          payload["chooser"])
        elif event.kind == Event.Kind.FINISHED and replay.state.result is None:
            # An end the play did not reach: the referee's decision (campaigns' match_finish), logged as the
            # state's result is stored.
            replay.state = ruleset.state_from_json({**ruleset.state_to_json(replay.state), "result": payload["result"]})
    if versions != list(range(first, match.version + 1)):
        replay.problems.append(
            f"the log's versions do not run {first} to {match.version}: events were dropped or added"
        )
    if replay.state is None:
        replay.problems.append("the log has no start")
    elif _plain(ruleset.state_to_json(replay.state)) != _plain(match.state):
        replay.problems.append("the replayed final state differs from the match's state")
    return replay


def _replay_annulment(replay: Replay, ruleset: Any, event: Event) -> None:
    """Goes back to before the last phase in force; its next resolution takes the next dice stream."""
    assert replay.state is not None
    if not replay.before:
        replay.problems.append(f"v{event.version}: an annulment with no resolved phase before it")
        return
    before, index = replay.before.pop()
    annulled = replay.phases[index]
    if (event.payload.get("turn"), event.payload.get("phase")) != (annulled["turn"], annulled["phase"]):
        replay.problems.append(f"v{event.version}: the annulment names another phase than the last one resolved")
    replay.annulments[(annulled["turn"], annulled["phase"])] += 1
    replay.state = ruleset.annulled(before, replay.state)
    annulled["annulled"] = event.payload["reason"]


def _replay_override(replay: Replay, ruleset: Any, event: Event) -> None:
    """Makes the logged changes again: the state logged with them must be exactly what they do, so an edited
    log cannot slip armour, ammunition or anything else in as a correction."""
    assert replay.state is not None
    payload = event.payload
    try:
        state = ruleset.overridden(replay.state, payload["unit"], payload["changes"])
    except RuleError as error:
        replay.problems.append(f"v{event.version}: the referee's correction cannot be made ({error.code})")
        return
    if _plain(ruleset.state_to_json(state)) != _plain(payload["state"]):
        replay.problems.append(f"v{event.version}: the referee's correction changed more than it says")
    replay.state = state


@dataclass
class Reactions:
    """The reaction windows logged for the phase being played, by key, and the answers logged to them."""

    windows: dict[str, ReactionWindow] = field(default_factory=dict)
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)

    def decoded(self, ruleset: Any, state: Any) -> Answers:
        return {key: {unit: ruleset.decode_reaction(state, self.windows[key], unit, order)
                      for unit, order in given.items()} for key, given in self.answers.items()}


def _resolved(replay: Replay, ruleset: Any, seed: str, event: Event, orders: list[dict[str, Any]],
              reacted: Reactions) -> tuple[Any, int] | None:
    """The logged phase played again on its dice with its orders and the answers so far, and the rolls it
    made (None: it no longer resolves, which is a problem recorded)."""
    assert replay.state is not None
    payload, turn, phase = event.payload, replay.state.turn, replay.state.phase
    attempt = replay.annulments[(turn, phase)]
    if (payload.get("turn"), payload.get("phase"), payload.get("attempt", 0)) != (turn, phase, attempt):
        replay.problems.append(
            f"v{event.version}: logged as turn {payload.get('turn')} {payload.get('phase')} on dice stream "
            f"{payload.get('attempt', 0)}, where the log has turn {turn} {phase} after {attempt} annulments of it"
        )
    dice = Dice(phase_dice_seed(seed, turn, phase, attempt))
    try:
        decoded = [ruleset.decode_order(replay.state, order) for order in orders]
        result = ruleset.resolve_phase(replay.state, decoded, dice, reacted.decoded(ruleset, replay.state))
    except RuleError as error:
        replay.problems.append(f"v{event.version}: the logged orders no longer resolve ({error.code})")
        return None
    return result, len(dice.rolls)


def _replay_window(replay: Replay, ruleset: Any, seed: str, event: Event, orders: list[dict[str, Any]],
                   reacted: Reactions) -> None:
    """A logged reaction window must be where the play stops with the orders and answers logged before it."""
    window = window_from_json(event.payload["window"])
    resolved = _resolved(replay, ruleset, seed, event, orders, reacted)
    if resolved is not None and (resolved[0].pending != window or _plain(ruleset.report_to_json(resolved[0]))
                                 != _plain(event.payload["timeline"])):
        replay.problems.append(f"v{event.version}: the play does not stop for reaction window {window.key} as logged")
    reacted.windows[window.key] = window


def _replay_phase(replay: Replay, ruleset: Any, seed: str, event: Event, orders: list[dict[str, Any]],
                  reacted: Reactions) -> None:
    payload = event.payload
    assert replay.state is not None
    resolved = _resolved(replay, ruleset, seed, event, orders, reacted)
    if resolved is None:
        return
    result, rolls = resolved
    replay.rolls += rolls
    timeline = _plain(ruleset.report_to_json(result))
    if timeline != _plain(payload["timeline"]):
        replay.problems.append(f"v{event.version}: turn {payload['turn']} {payload['phase']} resolves differently")
    replay.before.append((replay.state, len(replay.phases)))
    replay.state = result.state
    replay.phases.append({
        "v": event.version, "turn": payload["turn"], "phase": payload["phase"], "orders": orders,
        "timeline": payload["timeline"], "state": ruleset.state_to_json(result.state),
    })


def match_replay(*, match_id: int) -> dict[str, Any]:
    """`GET /api/matches/<id>/replay/`: a finished match phase by phase, with the orders that were given."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise MatchError("match.not_found", match=match_id)
    if match.status != Match.Status.FINISHED:
        # Before the end the orders of the open phase are secret and the seed is not revealed.
        raise MatchError("replay.not_finished")
    replay = replay_log(match)
    ruleset = get_ruleset(match.ruleset)

    def seen(state: dict[str, Any]) -> dict[str, Any]:
        # What anyone may see of it (the ruleset's view), and the result once there is one.
        return {**ruleset.view(ruleset.state_from_json(state), PUBLIC.role, PUBLIC.side), "result": state.get("result")}

    start = None if replay.start is None else seen(replay.start)
    phases = [{**phase, "state": seen(phase["state"])} for phase in replay.phases]
    players = {seat.side: seat.user.get_username()
               for seat in match.participants.filter(role=Participant.Role.PLAYER).select_related("user")}
    return {"match": match_header(match), "seed": match.seed, "start": start, "phases": phases, "players": players,
            "summary": match_summary(match)}


def match_verify(match: Match) -> Replay:
    """Checks the revealed seed against the hash published at the start, then every roll and the final state."""
    replay = replay_log(match)
    if seed_hash(match.seed) != match.seed_hash:
        replay.problems.insert(0, "the seed does not match the published hash")
    return replay
