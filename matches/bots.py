"""Computer players' seats: a bot is a user seated like any player, whose orders go through `order_submit`.

A bot user is named `computer-<level>` ("computer-easy", "computer-normal", "computer-hard") and cannot log
in. Once a command that opened a phase commits (`phase_opened`; `schedule` for a match just created), a worker thread asks each bot seated in the
match for its orders (the ruleset's bot, `rules.rulesets.get_bot`, given the rules state it decodes to its
side's view) and submits them as that user: checked, stored, logged and verifiable like a person's. The one
worker thread keeps the bots off the sockets' threads; a bot that finds its phase closed by a faster order
simply stops (the next phase opens its own turn). A bot's budget in rules/ is a count, never a clock; the
server bounds its decision in wall-clock time (`settings.ARBITRO_BOT_SECONDS`): past it, the bot's fallback
orders (found without weighing anything) are sent instead. A reaction window that asks a bot's units is
answered by the bot at once rather than left to its deadline.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor, wait

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connections

from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.phases import Json
from rules.rulesets import get_bot, get_ruleset
from rules.rulesets.bot import LEVELS, Bot

from .errors import MatchError
from .models import Match, Participant
from .pipeline import Step
from .selectors import current_orders, open_window, window_from_json

log = logging.getLogger(__name__)
PREFIX = "computer-"
# How long a test or a shutdown waits for the bots' pending work.
SETTLE_SECONDS = 60.0
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
# Where a bot decides, so the worker can stop waiting for it at the deadline.
_THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-thinking")
_pending: list[Future[int]] = []
# Matches whose bots a caller plays on its own thread (`play_out`): the worker leaves them alone.
_held: set[int] = set()


def bot_user(level: str, seat: int = 0) -> User:
    """The user who plays at ``level`` (created on first use, without a usable password); ``seat`` 1, 2...
    name another one at the same level ("computer-hard-2"), for a match of a bot against itself."""
    if level not in LEVELS:
        raise MatchError("bot.unknown_level", level=level)
    user, created = User.objects.get_or_create(username=PREFIX + level + (f"-{seat + 1}" if seat else ""))
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def level_of(user: User) -> str | None:
    """The bot level a user plays at (None: a person)."""
    name = user.get_username()
    level, _, seat = name.removeprefix(PREFIX).partition("-")
    return level if name.startswith(PREFIX) and level in LEVELS and (not seat or seat.isdigit()) else None


def phase_opened(step: Step) -> None:
    """Once the running command commits: the match's bots give the orders its open phase awaits of them.
    Nothing to do in a match the command found seating no bot (`Step.bots`, told with the locked row)."""
    if step.match.status == Match.Status.IN_PROGRESS and step.bots is not False:
        match_id = step.match.pk
        step.later(lambda: schedule(match_id))


def schedule(match_id: int) -> None:
    """Queues the bots' orders for the match's open phase on the bots' worker thread (none without a bot)."""
    # Most matches seat no bot: one query here, after the commit and outside the row lock, tells.
    if match_id not in _held and Participant.objects.filter(match_id=match_id, user__username__startswith=PREFIX).exists():
        _pending.append(_WORKER.submit(_work, match_id))


def _work(match_id: int) -> int:
    try:
        return play_bots(match_id)
    finally:
        connections.close_all()  # the worker's connection must not outlive its work


def play_bots(match_id: int) -> int:
    """Submits every order (or reaction, when a window is open) the bots seated in the match owe its open
    phase; how many were accepted."""
    from .reactions import react  # reactions and services call `phase_opened` when a phase opens
    from .services import order_submit

    match = Match.objects.get(pk=match_id)
    if match.status != Match.Status.IN_PROGRESS:
        return 0
    state = get_ruleset(match.ruleset).state_from_json(match.state)
    opened = open_window(match)
    window = None if opened is None else window_from_json(opened.payload["window"])
    given = {order.unit for order in current_orders(match)}
    accepted = 0
    for seat, bot in _seated(match):
        dice = Dice(f"bot:{match.seed}:{match.turn}:{match.phase}:{seat.side}")
        try:
            if window is not None:
                for unit in window.units:
                    if state.unit(unit).side == seat.side:
                        react(match_id=match_id, user=seat.user, window=window.key, unit=unit,
                              order=bot.react(state, window, unit, dice))
                        accepted += 1
                continue
            for order in _decided(bot, state, seat.side, dice):
                if order.get("unit") not in given:
                    order_submit(match_id=match_id, user=seat.user, order_json=order, turn=match.turn,
                                 phase=match.phase)
                    accepted += 1
        except (MatchError, RuleError) as refused:
            # A faster order closed the phase (its next opening brings the bot back) or the rules refused.
            log.info("bot %s: not taken in match %s: %s", seat.user.get_username(), match_id, refused)
            return accepted
    return accepted


def _seated(match: Match) -> list[tuple[Participant, Bot]]:
    """The match's bot seats with their bots, by side."""
    seats = Participant.objects.filter(match=match, role=Participant.Role.PLAYER,
                                       user__username__startswith=PREFIX).select_related("user").order_by("side")
    found = [(seat, level_of(seat.user)) for seat in seats]
    bots = [(seat, get_bot(match.ruleset, level)) for seat, level in found if level is not None]
    return [(seat, bot) for seat, bot in bots if bot is not None]


def _decided(bot: Bot, state: object, side: str, dice: Dice) -> list[Json]:
    """The bot's orders, or its fallback orders once its decision overruns the server's deadline (the thinking
    goes on unwatched; what it finds is dropped)."""
    thinking = _THINKER.submit(bot.orders, state, side, dice)
    try:
        return thinking.result(timeout=settings.ARBITRO_BOT_SECONDS)
    except TimeoutError:
        log.warning("bot of side %s overran %ss: its fallback orders are sent", side, settings.ARBITRO_BOT_SECONDS)
        return bot.fallback(state, side)


def play_out(*, match_id: int, turns: int) -> Match:
    """The match's bots play it on this thread (not the worker's), phase after phase, until it ends, passes
    turn ``turns``, or they owe nothing (a person's order or a deadline is awaited): `manage.py bot_match`."""
    _held.add(match_id)
    try:
        while True:
            match = Match.objects.get(pk=match_id)
            if match.status != Match.Status.IN_PROGRESS or match.turn > turns or not play_bots(match_id):
                return match
    finally:
        _held.discard(match_id)


def settle(timeout: float = SETTLE_SECONDS) -> None:
    """Waits until the bots' pending work is done (tests; a clean shutdown)."""
    while _pending:
        done, _not_done = wait(list(_pending), timeout=timeout)
        if not done:
            raise TimeoutError("the bots' work did not finish in time")
        for future in done:
            _pending.remove(future)
            future.result()
