"""The lobby: open a match, take seats, agree the options, start.

The options are agreed by every player before the start (the Solaris VII texts ask for the movement mode and
the dead-zone rule to be fixed before the fight): a change by the host clears every acceptance, and the
match starts by itself once every side is seated and every player has accepted the current options. Every
step is appended to the event log, so the accepted options are on record.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User

from rules.core.board import Board, parse_megamek_board
from rules.rulesets.solaris.demo import demo_board
from rules.battletech.designs.design import shipped_design
from rules.core.errors import RuleError
from rules.battletech.state import GameState, equip
from rules.core.hexes import Hex
from rules.rulesets import DEFAULT_RULESET, get_ruleset
from rules.battletech.units import Unit
from rules.core.reasons import Reason

from .errors import MatchError
from .models import Event, Match, Participant
from .pipeline import Command, Right, Step, is_host, is_logged_in, is_player, match_create, match_start, run_command

# Lobby matches are duels: one mech per side, red starting on the south edge and blue on the north edge.
SIDES = ("red", "blue")
MAX_BOARD_CHARS = 500_000
MAX_SKILL = 8  # gunnery and piloting skills run from 0 (the best) to 8
MAX_TITLE_CHARS = 100
# The match's own options, beside its ruleset's (checked by the ruleset's schema): the phase deadline (0: none)
# and how far spectators lag behind the players, in resolved phases or in seconds (0: live; one or the other).
MATCH_OPTIONS: dict[str, int] = {"deadline_minutes": 0, "spectator_delay": 0, "spectator_delay_seconds": 0}
_MATCH_OPTION_LIMITS = {"deadline_minutes": 14 * 24 * 60, "spectator_delay": 10, "spectator_delay_seconds": 60 * 60}
# A new match's options with the default ruleset.
DEFAULT_OPTIONS: dict[str, Any] = {**get_ruleset(DEFAULT_RULESET).options.defaults, **MATCH_OPTIONS}


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
        agreed = schema.validate({name: value for name, value in merged.items() if name in schema.names})
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    return {**merged, **agreed}


def board_refused() -> MatchError:
    return MatchError("board.malformed", why=Reason("board.upload", limit=MAX_BOARD_CHARS))


def board_from_upload(board_text: str | None) -> Board:
    """The built-in demo board, or a MegaMek `.board` file's text."""
    if board_text is None:
        return demo_board()
    if not isinstance(board_text, str) or len(board_text) > MAX_BOARD_CHARS or "\x00" in board_text:
        raise board_refused()
    try:
        return parse_megamek_board(board_text)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error


def _pilot(pilots: dict[str, Any], side: str) -> dict[str, Any]:
    """A side's pilot skills, `{"gunnery": G, "piloting": P}` (either may be left out: the standard 4/5)."""
    pilot = pilots.get(side, {})
    if not isinstance(pilot, dict) or set(pilot) - {"gunnery", "piloting"} or not all(
        type(skill) is int and 0 <= skill <= MAX_SKILL for skill in pilot.values()
    ):
        raise MatchError("pilots.malformed", why=Reason("pilots.skills", limit=MAX_SKILL), side=side)
    return pilot


def _duel_state(board: Board, designs: Any, pilots: Any = None) -> GameState:
    if not isinstance(designs, dict) or set(designs) != set(SIDES) or not all(isinstance(d, str) for d in designs.values()):
        raise MatchError("units.malformed", sides=list(SIDES))
    pilots = {} if pilots is None else pilots
    if not isinstance(pilots, dict) or set(pilots) - set(SIDES):
        raise MatchError("pilots.malformed", why=Reason("pilots.per_side", sides=", ".join(SIDES)))
    if board.height < 2:
        # Red starts on the south edge, blue on the north: on a board one hex high they would share a hex.
        raise MatchError("board.too_small", height=board.height)
    middle = board.width // 2
    units = (
        Unit("A", Hex(middle, board.height - 1), 0, side="red", **_pilot(pilots, "red")),
        Unit("B", Hex(middle, 0), 3, side="blue", **_pilot(pilots, "blue")),
    )
    try:
        return equip(GameState(board, units), {"A": shipped_design(designs["red"]), "B": shipped_design(designs["blue"])})
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error


def match_open(
    *, host: User, designs: Any, title: str = "", ruleset: str = DEFAULT_RULESET,
    board_text: str | None = None, options: Any = None, pilots: Any = None,
) -> Match:
    """A new match in the lobby, the host seated on the red side; `pilots` gives a side's pilot skills."""
    if not isinstance(title, str):
        raise MatchError("title.malformed", limit=MAX_TITLE_CHARS)
    ruleset = str(ruleset)  # JSON may send anything; an unknown name is refused just below
    try:
        get_ruleset(ruleset)
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error
    if ruleset != DEFAULT_RULESET:
        # The lobby seats BattleTech duels (a design per side); another ruleset's position it cannot build yet.
        raise MatchError("ruleset.not_in_lobby", ruleset=ruleset)
    checked = options_checked(options or {}, ruleset=ruleset)
    state = _duel_state(board_from_upload(board_text), designs, pilots)
    return match_create(
        state=state, players={SIDES[0]: host}, ruleset=ruleset, title=title[:MAX_TITLE_CHARS], options=checked, host=host
    )


def match_join(*, match_id: int, user: User, role: Any) -> dict[str, Any]:
    if role not in (Participant.Role.PLAYER, Participant.Role.SPECTATOR):
        raise MatchError("join.role")
    return run_command(match_id=match_id, user=user, command=Join(role))


def match_referee_seat(*, match_id: int, user: User, username: Any) -> dict[str, Any]:
    if not isinstance(username, str) or not username.strip() or len(username) > 150:
        raise MatchError("referee_seat.malformed")
    return run_command(match_id=match_id, user=user, command=SeatReferee(username.strip()))


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
    """Takes the first free side as a player, or a spectator's seat (spectators may join at any time)."""

    role: str
    right: ClassVar[Right] = Right(is_logged_in, "auth.required")

    def apply(self, step: Step) -> dict[str, Any]:
        match, user = step.match, step.user
        if Participant.objects.filter(match=match, user_id=user.pk).exists():
            raise MatchError("join.already_seated")
        side = ""
        if self.role == Participant.Role.PLAYER:
            taken = set(Participant.objects.filter(match=match).values_list("side", flat=True))
            free = [s for s in SIDES if s not in taken]
            if match.status != Match.Status.OPEN or not free:
                raise MatchError("join.full")
            side = free[0]
        Participant.objects.create(match=match, user=user, role=self.role, side=side)
        step.log(Event.Kind.JOINED, {"player": user.get_username(), "role": self.role, "side": side or None})
        return {"role": self.role, "side": side or None}


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
        if {p.side for p in players} == set(SIDES) and all(p.accepted for p in players):
            ruleset = get_ruleset(match.ruleset)
            agreed = ruleset.options.validate(
                {name: value for name, value in match.options.items() if name in ruleset.options.names}
            )
            match.state = ruleset.state_to_json(replace(ruleset.state_from_json(match.state), options=agreed))
            match_start(step)
        return {"accepted": self.accepted, "status": match.status}
