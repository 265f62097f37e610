"""Phase deadlines: from minutes for live play to days for weekly league rounds (the match option
`deadline_minutes`, 0 for none).

A phase's clock starts when the phase opens: at the start, after each resolution, when the referee resumes
the match or annuls a phase. When it runs out, every unit still without an order gets the documented default
(a unit without a movement order stands still, one without a weapon or physical order holds fire: that is
how the rules resolve a missing order) and the phase resolves through the same pipeline as a last order.
`now` is passed in, so tests freeze it and nothing here reads the clock itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from rules.rulesets import get_ruleset

from .models import Event, Match
from .pipeline import Command, Right, Step, is_server, run_command
from .selectors import current_orders, phase_deadline
from .services import phase_resolve


def deadlines_expire(*, now: datetime) -> list[int]:
    """Resolves every phase whose deadline passed by `now`; returns the ids of the matches it resolved."""
    candidates = Match.objects.filter(status=Match.Status.IN_PROGRESS, options__deadline_minutes__gt=0)
    # Read without the lock first: the sweeper runs every few seconds and must not lock every match with a clock.
    due = [match for match in candidates if (deadline := phase_deadline(match)) is not None and now >= deadline]
    return [match.pk for match in due if run_command(match_id=match.pk, user=None, command=Expire(now))]


@dataclass(frozen=True)
class Expire(Command[bool]):
    """The server resolves a phase whose deadline passed by `now`; False when it had not (yet)."""

    now: datetime
    right: ClassVar[Right] = Right(is_server, "deadline.server_only")

    def apply(self, step: Step) -> bool:
        match = step.match
        # Checked again under the lock: the last order may have resolved the phase meanwhile.
        deadline = phase_deadline(match)
        if deadline is None or self.now < deadline:
            return False
        ruleset = get_ruleset(match.ruleset)
        state = ruleset.state_from_json(match.state)
        orders = current_orders(match)
        ordered = {order.unit for order in orders}
        missing = [unit for unit in ruleset.awaits(state) if unit not in ordered]
        step.log(Event.Kind.EXPIRED, {
            "turn": match.turn, "phase": match.phase, "deadline": deadline.isoformat(), "units": missing,
            "default": ruleset.without_order(state),
        })
        phase_resolve(step, state, orders)
        return True
