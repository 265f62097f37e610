"""The lobby: open a match, take seats, agree the options, start.

The options are agreed by every player before the start (the Solaris VII texts ask for the movement mode and
the dead-zone rule to be fixed before the fight): a change by the host clears every acceptance, and the
match starts by itself once every side is seated and every player has accepted the current options. Every
step is appended to the event log, so the accepted options are on record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from rules.core.board import Board, parse_megamek_board
from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.rulesets import BOTS, DEFAULT_RULESET, get_ruleset
from rules.rulesets.bot import LEVELS

from . import bots, services
from .errors import MatchError
from .models import Event, Match, Participant
from .pipeline import Command, Right, Step, is_host, is_logged_in, is_player, match_create, match_start, run_command

MAX_BOARD_CHARS = 500_000
MAX_TITLE_CHARS = 100
# The match's own options, beside its ruleset's (checked by the ruleset's schema): the phase deadline (0: none)
# and how far spectators lag behind the players, in resolved phases or in seconds (0: live; one or the other).
MATCH_OPTIONS: dict[str, int] = {"deadline_minutes": 0, "spectator_delay": 0, "spectator_delay_seconds": 0}
_MATCH_OPTION_LIMITS = {"deadline_minutes": 14 * 24 * 60, "spectator_delay": 10, "spectator_delay_seconds": 60 * 60}


def default_options(ruleset: str) -> dict[str, Any]:
    """A new match's options under `ruleset` (a registered name)."""
    return {**get_ruleset(ruleset).options.defaults, **MATCH_OPTIONS}


def sides_of(ruleset: str) -> list[str]:
    """The sides a match of `ruleset` seats, in order (its host takes the first)."""
    sides: list[str] = get_ruleset(ruleset).setup_offer()["sides"]
    return sides


def options_checked(options: Any, current: dict[str, Any] | None = None, ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """`options` laid over `current` (or the defaults), every value checked: the ruleset's by its schema (the
    one validator of campaigns and scenarios too), the match's own here."""
    if not isinstance(options, dict):
        raise MatchError("options.malformed")
    schema = get_ruleset(ruleset).options
    known = [*schema.names, *MATCH_OPTIONS]
    unknown = set(options) - set(known)
    if unknown:
        raise MatchError("options.unknown", option=sorted(unknown)[0], known=known)
    # The defaults first: a match opened before an option existed lacks it.
    merged = {**MATCH_OPTIONS, **(current or {}), **options}
    for name, limit in _MATCH_OPTION_LIMITS.items():
        value = merged[name]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit:
            raise MatchError("options.invalid", option=name, value=value, minimum=0, maximum=limit,
                             allowed=Reason("options.count", minimum=0, maximum=limit))
    if merged["spectator_delay"] and merged["spectator_delay_seconds"]:
        raise MatchError("options.two_delays", options=["spectator_delay", "spectator_delay_seconds"])
    try:
        agreed = schema.validate(_rules_options(merged, ruleset))
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    return {**merged, **agreed}


def _rules_options(options: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """The ruleset's part of a match's options."""
    names = get_ruleset(ruleset).options.names
    return {name: value for name, value in options.items() if name in names}


def board_refused() -> MatchError:
    return MatchError("board.malformed", why=Reason("board.upload", limit=MAX_BOARD_CHARS))


def board_from_upload(board_text: str | None) -> Board | None:
    """A MegaMek `.board` file's text as a board (None: the ruleset's own board)."""
    if board_text is None:
        return None
    if not isinstance(board_text, str) or len(board_text) > MAX_BOARD_CHARS or "\x00" in board_text:
        raise board_refused()
    try:
        return parse_megamek_board(board_text)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error


def match_open(
    *, host: User, designs: Any = None, title: str = "", ruleset: str = DEFAULT_RULESET,
    board_text: str | None = None, options: Any = None, pilots: Any = None, bot: Any = None, side: Any = None,
) -> Match:
    """A new match in the lobby, the host seated on `side` (its ruleset's first side by default), set up as the
    ruleset offers (`rules.rulesets.setup`): `designs` (a Solaris duel's design per side, a MEKATAC side's
    mekas), `pilots` (a Solaris side's pilot skills), `board_text` (a MegaMek board); what the host leaves out
    is the game's own. With `bot` (a level: "easy", "normal", "hard") the match is against the computer: the
    bot takes the other side and the match starts at once (`against_the_computer`)."""
    if not isinstance(title, str):
        raise MatchError("title.malformed", limit=MAX_TITLE_CHARS)
    ruleset = str(ruleset)  # JSON may send anything; an unknown name is refused just below
    try:
        rules = get_ruleset(ruleset)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    host_side = _host_side(ruleset, side)
    computer = None if bot is None else _computer(ruleset, bot)
    checked = options_checked(options or {}, ruleset=ruleset)
    choices = {name: value for name, value in (("designs", designs), ("pilots", pilots)) if value is not None}
    try:
        state = rules.setup(rules.options.validate(_rules_options(checked, ruleset)), choices,
                            board_from_upload(board_text))
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    with transaction.atomic():  # against the computer: opened and started, or not at all
        match = match_create(
            state=state, players={host_side: host}, ruleset=ruleset, title=title[:MAX_TITLE_CHARS],
            options=checked, host=host,
        )
        if computer is not None:
            against_the_computer(match=match, host=host, computer=computer)
            match.refresh_from_db()
    return match


def _host_side(ruleset: str, side: Any) -> str:
    sides = sides_of(ruleset)
    if side is None:
        return sides[0]
    if side not in sides:
        raise MatchError("join.side", side=str(side), sides=sides)
    return str(side)


def bot_levels(ruleset: str) -> list[str]:
    """The levels a computer opponent plays `ruleset` at (none: the ruleset has no bot)."""
    return list(LEVELS) if ruleset in BOTS else []


def _computer(ruleset: str, level: Any) -> User:
    """The bot user who plays `ruleset` at `level` (refused where the ruleset has no bot at that level)."""
    if level not in bot_levels(ruleset):
        raise MatchError("bot.unknown_level", level=str(level))
    return bots.bot_user(level)


def against_the_computer(*, match: Match, host: User, computer: User) -> None:
    """The computer takes the match's free side and accepts its options, as a person would (each a command of
    the one pipeline); so does the host, who chose them: the match starts, and the bot plays its phases."""
    run_command(match_id=match.pk, user=computer, command=Join(Participant.Role.PLAYER))
    for user in (computer, host):
        run_command(match_id=match.pk, user=user, command=Accept(True, match.options))


def match_join(*, match_id: int, user: User, role: Any, side: Any = None) -> dict[str, Any]:
    """`user` takes a seat: a player's on `side`, or the first free side when it names none."""
    if role not in (Participant.Role.PLAYER, Participant.Role.SPECTATOR) or (
            side is not None and (role != Participant.Role.PLAYER or not isinstance(side, str))):
        raise MatchError("join.role")
    return run_command(match_id=match_id, user=user, command=Join(role, side))


def match_referee_seat(*, match_id: int, user: User, username: Any) -> dict[str, Any]:
    if not isinstance(username, str) or not username.strip() or len(username) > 150:
        raise MatchError("referee_seat.malformed")
    return run_command(match_id=match_id, user=user, command=SeatReferee(username.strip()))


def match_leave(*, match_id: int, user: User) -> dict[str, Any]:
    return run_command(match_id=match_id, user=user, command=Leave())


def match_options_set(*, match_id: int, user: User, options: Any) -> dict[str, Any]:
    return run_command(match_id=match_id, user=user, command=SetOptions(options))


def match_accept(*, match_id: int, user: User, accepted: Any, options: Any) -> dict[str, Any]:
    if not isinstance(accepted, bool):
        raise MatchError("accept.malformed")
    return run_command(match_id=match_id, user=user, command=Accept(accepted, options))


def _in_lobby(match: Match) -> None:
    if match.status != Match.Status.OPEN:
        raise MatchError("match.started")


@dataclass(frozen=True)
class Join(Command[dict[str, Any]]):
    """Takes a free side as a player (the one named, or the first), or a spectator's seat (spectators may join
    at any time). Where the ruleset lets the guest choose the side (MEKATAC: "El otro elige que bando quiere
    jugar"), the guest may take the host's side, and the host moves to a free one."""

    role: str
    side: str | None = None
    right: ClassVar[Right] = Right(is_logged_in, "auth.required")

    def apply(self, step: Step) -> dict[str, Any]:
        match, user = step.match, step.user
        if Participant.objects.filter(match=match, user_id=user.pk).exists():
            raise MatchError("join.already_seated")
        side = self._side(step) if self.role == Participant.Role.PLAYER else ""
        Participant.objects.create(match=match, user=user, role=self.role, side=side)
        step.bots = None  # the seats the row was locked with are no longer all of them
        step.log(Event.Kind.JOINED, {"player": user.get_username(), "role": self.role, "side": side or None})
        return {"role": self.role, "side": side or None}

    def _side(self, step: Step) -> str:
        match = step.match
        sides = sides_of(match.ruleset)
        seats = {seat.side: seat for seat in Participant.objects.filter(match=match, role=Participant.Role.PLAYER)}
        free = [side for side in sides if side not in seats]
        if match.status != Match.Status.OPEN or not free:
            raise MatchError("join.full")
        side = free[0] if self.side is None else self.side
        if side not in sides:
            raise MatchError("join.side", side=side, sides=sides)
        if side in free:
            return side
        host = seats[side]
        if host.user_id != match.host_id or not get_ruleset(match.ruleset).setup_offer()["guest_chooses_side"]:
            raise MatchError("join.side_taken", side=side)
        # The host moves over, and accepts the options again on the side they now play.
        Participant.objects.filter(pk=host.pk).update(side=free[0], accepted=False)
        step.log(Event.Kind.JOINED, {"player": host.user.get_username(), "role": Participant.Role.PLAYER,
                                     "side": free[0], "by": step.user.get_username()})
        return side


@dataclass(frozen=True)
class Leave(Command[dict[str, Any]]):
    """Gives up one's seat: a player's or the referee's while the match is in the lobby (after the start the
    seat is the match's), a spectator's at any time. The host stays: the lobby is theirs. The other players'
    acceptances stand, since the options did not change; whoever takes the side accepts them anew."""

    right: ClassVar[Right] = Right(is_logged_in, "auth.required")

    def apply(self, step: Step) -> dict[str, Any]:
        match, user = step.match, step.user
        seat = Participant.objects.filter(match=match, user_id=user.pk).first()
        if seat is None:
            raise MatchError("leave.not_seated")
        if seat.role != Participant.Role.SPECTATOR:
            if match.status != Match.Status.OPEN:
                raise MatchError("leave.started")
            if user.pk == match.host_id:
                raise MatchError("leave.host")
        seat.delete()
        step.log(Event.Kind.LEFT, {"player": user.get_username(), "role": seat.role, "side": seat.side or None})
        return {"role": None, "side": None}


@dataclass(frozen=True)
class SeatReferee(Command[dict[str, Any]]):
    """The host seats a referee (any user, by username) while the match is in the lobby. A match has one
    seated referee: seating another replaces them. A spectator's seat becomes the referee's; a player's
    cannot (nobody referees their own fight)."""

    username: str
    right: ClassVar[Right] = Right(is_host, "referee_seat.not_host")

    def apply(self, step: Step) -> dict[str, Any]:
        match = step.match
        _in_lobby(match)
        chosen = get_user_model().objects.filter(username=self.username).first()
        if chosen is None:
            raise MatchError("referee_seat.unknown_user", username=self.username)
        seat = Participant.objects.filter(match=match, user=chosen).first()
        if seat is not None and seat.role == Participant.Role.PLAYER:
            raise MatchError("referee_seat.player")
        Participant.objects.filter(match=match, role=Participant.Role.REFEREE).exclude(user=chosen).delete()
        Participant.objects.update_or_create(match=match, user=chosen, defaults={"role": Participant.Role.REFEREE, "side": ""})
        step.log(Event.Kind.JOINED, {
            "player": chosen.get_username(), "role": Participant.Role.REFEREE, "side": None, "by": step.user.get_username(),
        })
        return {"role": Participant.Role.REFEREE, "referee": chosen.get_username()}


@dataclass(frozen=True)
class SetOptions(Command[dict[str, Any]]):
    """The host changes the options: every player's acceptance is cleared."""

    options: Any
    right: ClassVar[Right] = Right(is_host, "options.not_host")

    def apply(self, step: Step) -> dict[str, Any]:
        match = step.match
        _in_lobby(match)
        match.options = options_checked(self.options, match.options, match.ruleset)
        Participant.objects.filter(match=match).update(accepted=False)
        step.log(Event.Kind.OPTIONS, {"options": match.options, "by": step.user.get_username()})
        return match.options


@dataclass(frozen=True)
class Accept(Command[dict[str, Any]]):
    """A player accepts (or withdraws from) the options. `options` must be the ones the player read, so an
    acceptance never lands on options the host changed meanwhile. The last acceptance starts the match."""

    accepted: bool
    options: Any
    right: ClassVar[Right] = Right(is_player, "accept.not_player")

    def apply(self, step: Step) -> dict[str, Any]:
        match, viewer = step.match, step.viewer
        _in_lobby(match)
        if self.accepted and self.options != match.options:
            raise MatchError("accept.stale_options", options=match.options)
        Participant.objects.filter(match=match, user=step.user).update(accepted=self.accepted)
        step.log(Event.Kind.ACCEPTED, {"player": step.user.get_username(), "side": viewer.side,
                                       "accepted": self.accepted, "options": match.options})
        players = Participant.objects.filter(match=match, role=Participant.Role.PLAYER)
        if {p.side for p in players} == set(sides_of(match.ruleset)) and all(p.accepted for p in players):
            ruleset = get_ruleset(match.ruleset)
            agreed = ruleset.options.validate(_rules_options(match.options, match.ruleset))
            match.state = ruleset.state_to_json(ruleset.with_options(ruleset.state_from_json(match.state), agreed))
            match_start(step)
            services.phase_unattended(step)
        return {"accepted": self.accepted, "status": match.status}
