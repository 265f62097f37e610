"""Phase deadlines: from minutes for live play to days for weekly league rounds (the match option
`deadline_minutes`, 0 for none).

A phase's clock starts when the phase opens: at the start, after each resolution, when the referee resumes
the match or annuls a phase. When it runs out, every unit still without an order gets the documented default
(a unit without a movement order stands still, one without a weapon or physical order holds fire: that is
how the rules resolve a missing order) and the phase resolves through the same pipeline as a last order.
`now` is passed in, so tests freeze it and nothing here reads the clock itself.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from rules.io import codec
from rules.rulesets import get_ruleset

from .models import Event, Match
from .selectors import current_orders, phase_deadline
from .services import event_next, events_publish, events_store, phase_resolve


def deadlines_expire(*, now: datetime) -> list[int]:
    """Resolves every phase whose deadline passed by `now`; returns the ids of the matches it resolved."""
    candidates = Match.objects.filter(status=Match.Status.IN_PROGRESS, options__deadline_minutes__gt=0)
    return [match.pk for match in candidates if _expire(match.pk, now)]


def _expire(match_id: int, now: datetime) -> bool:
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        # Checked again under the lock: the last order may have resolved the phase meanwhile.
        deadline = phase_deadline(match)
        if deadline is None or now < deadline:
            return False
        state = codec.state_from_json(match.state)
        orders = current_orders(match)
        ordered = {order.unit for order in orders}
        missing = [unit for unit in get_ruleset(match.ruleset).units_to_order(state) if unit not in ordered]
        events = [event_next(match, Event.Kind.EXPIRED, {
            "turn": match.turn, "phase": match.phase, "deadline": deadline.isoformat(), "units": missing,
            "default": "stand still" if match.phase == "movement" else "hold fire",
        })]
        events += phase_resolve(match, state, [codec.phase_order_from_json(o.phase, o.order) for o in orders])
        events_store(events)
        match.save()
        events_publish(match, events)
    return True
