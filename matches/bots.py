"""Computer players' seats: a bot is a user seated like any player, whose orders go through `order_submit`.

A bot user is named `computer-<level>` ("computer-easy", "computer-normal", "computer-hard") and cannot log
in. Once a command that opened a phase commits (`phase_opened`; `schedule` for a match just created), a worker thread asks each bot seated in the
match for its orders (the ruleset's bot, `rules.rulesets.get_bot`, given the rules state it decodes to its
side's view) and submits them as that user: checked, stored, logged and verifiable like a person's. The one
worker thread keeps the bots off the sockets' threads; a bot that finds its phase closed by a faster order
simply stops (the next phase opens its own turn).
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor, wait

from django.contrib.auth.models import User
from django.db import connections

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.rulesets import get_bot, get_ruleset
from rules.rulesets.bot import LEVELS

from .errors import MatchError
from .models import Match, Participant
from .pipeline import Step
from .selectors import current_orders

log = logging.getLogger(__name__)
PREFIX = "computer-"
# How long a test or a shutdown waits for the bots' pending work.
SETTLE_SECONDS = 60.0
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
_pending: list[Future[int]] = []


def bot_user(level: str) -> User:
    """The user who plays at ``level`` (created on first use, without a usable password)."""
    if level not in LEVELS:
        raise MatchError("bot.unknown_level", level=level)
    user, created = User.objects.get_or_create(username=PREFIX + level)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def level_of(user: User) -> str | None:
    """The bot level a user plays at (None: a person)."""
    level = user.get_username().removeprefix(PREFIX)
    return level if user.get_username().startswith(PREFIX) and level in LEVELS else None


def phase_opened(step: Step) -> None:
    """Once the running command commits: the match's bots give the orders its open phase awaits of them."""
    if step.match.status == Match.Status.IN_PROGRESS:
        match_id = step.match.pk
        step.later(lambda: schedule(match_id))


def schedule(match_id: int) -> None:
    """Queues the bots' orders for the match's open phase on the bots' worker thread (none without a bot)."""
    # Most matches seat no bot: one query here, after the commit and outside the row lock, tells.
    if Participant.objects.filter(match_id=match_id, user__username__startswith=PREFIX).exists():
        _pending.append(_WORKER.submit(_work, match_id))


def _work(match_id: int) -> int:
    try:
        return play_bots(match_id)
    finally:
        connections.close_all()  # the worker's connection must not outlive its work


def play_bots(match_id: int) -> int:
    """Submits every order the bots seated in the match owe its open phase; how many were accepted."""
    from .services import order_submit  # services calls `phase_opened` when a resolution opens a phase

    match = Match.objects.get(pk=match_id)
    if match.status != Match.Status.IN_PROGRESS:
        return 0
    ruleset = get_ruleset(match.ruleset)
    state = ruleset.state_from_json(match.state)
    given = {order.unit for order in current_orders(match)}
    seats = Participant.objects.filter(match=match, role=Participant.Role.PLAYER,
                                       user__username__startswith=PREFIX).select_related("user").order_by("side")
    accepted = 0
    for seat in seats:
        level = level_of(seat.user)
        bot = get_bot(match.ruleset, level) if level is not None else None
        if bot is None:
            continue
        dice = Dice(f"bot:{match.seed}:{match.turn}:{match.phase}:{seat.side}")
        for order in bot.orders(state, seat.side, dice):
            if order.get("unit") in given:
                continue
            try:
                order_submit(match_id=match_id, user=seat.user, order_json=order, turn=match.turn, phase=match.phase)
            except (MatchError, RuleError) as refused:
                # A faster order closed the phase (its next opening brings the bot back) or the rules refused.
                log.info("bot %s: order not taken in match %s: %s", seat.user.get_username(), match_id, refused)
                return accepted
            accepted += 1
    return accepted


def settle(timeout: float = SETTLE_SECONDS) -> None:
    """Waits until the bots' pending work is done (tests; a clean shutdown)."""
    while _pending:
        done, _not_done = wait(list(_pending), timeout=timeout)
        if not done:
            raise TimeoutError("the bots' work did not finish in time")
        for future in done:
            _pending.remove(future)
            future.result()
