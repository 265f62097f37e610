"""The one error that leaves the server: a stable dotted code, its message and an HTTP status.

The server's codes join the rules' in one catalogue (``rules.core.errors.TEMPLATES``): ``MatchError(code,
**params)`` is said by its code's English template, as a :class:`RuleError` is, and the client says it in the
player's language from the same catalogue (docs/protocol.md, "Error codes"). :data:`STATUS` gives each code
its HTTP status, whichever side refused: a rules error and a match error with the same code answer alike.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from rules.core.errors import RuleError, error_json, register, say
from rules.core.reasons import register as register_reasons

register({
    "auth.required": "Log in, or send `Authorization: Token <key>`.",
    "api.not_found": "There is no such API endpoint.",
    "message.malformed": "%(why)s",
    "message.too_large": "That body is too large.",
    "message.unknown_type": "Unknown message type %(type)r; expected plot, submit, withdraw, react, reach, los, "
                            "los_side, chat, rematch or resync.",
    "message.rate_limited": "At most %(count)s messages every %(seconds)s seconds.",
    "server.error": "Something went wrong on the server.",
    "server.unavailable": "The database did not answer; send it again.",
    "status.unknown": "The status is one of %(statuses)s.",
    "match.not_found": "There is no match %(match)s.",
    "match.started": "The options are fixed once the match has started.",
    "match.not_in_progress": "%(match)s is not being played.",
    "replay.not_finished": "A match is replayed once it has finished.",
    # The lobby (lobby.py, lobby_views.py)
    "options.two_delays": "Delay spectators by phases or by seconds, not both.",
    "options.not_host": "Only the host changes the options.",
    "title.malformed": "The title is text (at most %(limit)s characters are kept).",
    "join.role": "Join as a player or as a spectator.",
    "join.already_seated": "You already have a seat in this match.",
    "join.full": "Every side of this match is taken.",
    "join.side": "There is no side %(side)r; the sides are %(sides)s.",
    "join.side_taken": "Side %(side)s is taken.",
    "leave.not_seated": "You have no seat in this match.",
    "leave.started": "Once the match has started, its players and referee keep their seats.",
    "leave.host": "The host keeps their seat: the lobby is theirs.",
    "referee_seat.malformed": "Name the referee by their username.",
    "referee_seat.not_host": "Only the host seats the referee.",
    "referee_seat.unknown_user": "There is no user %(username)r.",
    "referee_seat.player": "A player of this match cannot referee it.",
    "accept.malformed": "`accepted` is true or false.",
    "accept.not_player": "Only a seated player accepts the options.",
    "accept.stale_options": "The options changed; read them again.",
    "lobby.unknown_action": "Unknown lobby action.",
    # Orders, reactions, split lines of sight (services.py, reactions.py, los_sides.py, stale.py)
    "order.spectator": "Only a player seated in this match can send orders.",
    "order.not_your_unit": "Unit %(unit)r is not yours to command.",
    "order.already_submitted": "Unit %(unit)r already has its order.",
    "order.not_submitted": "Unit %(unit)r has no order to take back.",
    "order.in_play": "The phase is being played (a reaction window is open): %(unit)s's order stands.",
    "order.stale_version": "The position changed after version %(seen)s; read it again (resync).",
    "reaction.not_yours": "The window does not ask %(unit)r of your side.",
    "reaction.already_given": "%(unit)s has answered this window.",
    "deadline.server_only": "Only the server expires a deadline.",
    "los_side.not_yours": "Only the unit's player (or the referee) picks its side.",
    "los_side.wrong_status": "Not possible while the match is %(match_status)s.",
    "rematch.not_player": "Only a player of this match asks for a rematch.",
    "rematch.not_finished": "A rematch is offered once the match has finished.",
    "rematch.no_start": "This match's starting position was not logged: it cannot be played again.",
    "rematch.not_lobby_sides": "This match's sides (%(sides)s) are not the lobby's: its rematch cannot be set up there.",
    # The referee (referee.py, replay.py)
    "referee.only": "Only the match's referee may do that.",
    "referee.unknown_action": "The action is pause, resume, annul or override.",
    "referee.reason": "Give a reason (at most %(limit)s characters); it is logged.",
    "referee.wrong_status": "Not possible while the match is %(match_status)s.",
    "referee.nothing_to_annul": "There is no resolved phase to annul.",
    # Chat (chat.py)
    "chat.anonymous": "Log in to chat.",
    "chat.malformed": "A chat message is 1 to %(limit)s characters of text.",
    "chat.rate_limited": "At most %(count)s messages every %(seconds)s seconds.",
    # Campaigns (campaigns/; their pages show these in the page's language too, django.po)
    "decision.reason": "Give the reason, in at most %(max)s characters.",
    "decision.unknown": "A decision is one of %(decisions)s.",
    "decision.winner": "The winner is side a or side b (a declared draw: none).",
    "round.extension": "Extend by 1 to %(max)s days.",
    "unapply.not_applied": "%(fixture)s has no applied result.",
    "fixture.voided": "%(fixture)s is voided already.",
    "round.voided": "%(round)s is voided already.",
    "fixture.decided": "%(fixture)s is voided or has its result applied already.",
    "fixture.no_live_match": "%(fixture)s has no live match to end.",
    "round.closed": "%(round)s is closed.",
    "round.already_paired": "%(round)s already has its pairings.",
    "round.no_arena": "%(campaign)s has no arena to fight in.",
    "round.no_pairing": "No two fit pilots can be paired in %(round)s.",
    "unapply.later_fight": "%(later)s (round %(round)s), applied later, involves the same pilots or mechs: un-apply it "
                           "first.",
    "fixture.not_found": "There is no fixture %(id)s.",
    "result.not_finished": "%(fixture)s: results apply only to a finished match.",
    "result.incomplete": "%(fixture)s: the result needs a line for each side.",
    "unapply.experience_spent": "%(pilot)s has %(has)s XP left and this result gave %(xp)s: the experience was spent "
                                "on skills.",
    "round.not_live": "%(round)s has no matches under way to close.",
    "round.results_pending": "%(round)s still has results to apply.",
    "round.next_exists": "%(round)s is already followed by round %(next)s.",
    "campaign.not_found": "There is no campaign %(id)s.",
    "round.not_found": "There is no round %(id)s.",
    "season.not_found": "There is no season %(id)s.",
    "result.missing": "%(fixture)s: the finished match has no result recorded.",
    "round.not_paired": "%(round)s has no pairings yet.",
    "round.double_booked": "%(pilot)s is in two fixtures of %(round)s: change or void one first.",
    "fixture.same_player": "%(fixture)s: one account cannot play both sides.",
    "fixture.bad_arena": "%(fixture)s: the arena %(arena)s is not playable.",
    "skill.unknown": "Skills are %(skills)s.",
    "pilot.other_campaign": "A pilot moves between stables of one campaign.",
    "pilot.in_fight": "%(pilot)s is in a fight whose result is not applied yet.",
    "repair.destroyed": "%(mech)s is destroyed: it cannot be repaired.",
    "repair.nothing": "%(mech)s has no damage to repair.",
    "repair.in_fight": "%(mech)s is fielded in a fight whose result is not applied yet.",
    "repair.no_money": "%(mech)s: repairs cost %(cost)s C-bills and %(stable)s has %(money)s.",
    "skill.pilot_gone": "%(pilot)s is %(status)s.",
    "skill.at_best": "%(pilot)s's %(skill)s cannot improve further.",
    "skill.not_enough_experience": "%(pilot)s needs %(cost)s XP for %(skill)s %(level)s and has %(has)s.",
    "mech.not_found": "There is no mech %(id)s.",
    "pilot.not_found": "There is no pilot %(id)s.",
    "fixture.pilot_unfit": "%(fixture)s: %(why)s.",
    "result.sides": "A result names the sides %(sides)s and no other.",
    "result.field": "Side %(side)s: a line has only %(fields)s.",
    "result.value": "Side %(side)s: %(problems)s",
    "result.server_only": "A result is recorded from the campaign.",
    "stable.not_found": "There is no stable %(id)s.",
    "buy.unknown_design": "%(design)s is not a design of the rules nor one uploaded into the campaign.",
    "buy.no_money": "A %(design)s costs %(price)s C-bills and %(stable)s has %(money)s.",
    "mech.sold": "%(mech)s was sold.",
    "sell.in_fight": "%(mech)s is fielded in a fight whose result is not applied yet.",
    "import.malformed": "Send a CSV file in UTF-8 (at most %(limit)s bytes and %(rows)s rows) whose first row names "
                        "its columns, %(required)s at least.",
    "import.unknown_column": "Unknown column %(column)s; the columns are %(columns)s.",
    "import.invalid": "Row %(row)s, %(field)s: %(problem)s",
    "import.unknown_player": "Row %(row)s: there is no user %(player)s.",
    "import.unknown_design": "Row %(row)s: %(design)s is not a design of the rules nor one uploaded into the "
                             "campaign.",
    "import.duplicate": "Row %(row)s: %(stable)s has a pilot %(pilot)s already.",
    "design_upload.malformed": "A design is a MegaMek .mtf file in UTF-8 of at most %(limit)s bytes.",
    "fixture.weight_class": "%(fixture)s: %(why)s",
    "trade.unknown_action": "A trade is one of %(actions)s.",
    "trade.not_allowed": "In %(campaign)s the organisers buy, sell and repair the mechs.",
    "design_upload.taken": "A design %(design)s is shipped by the rules or in the campaign already.",
})

# What is wrong, for the codes that several refusals share (``%(why)s``).
register_reasons({
    "message.not_an_object": "Send one JSON object.",
    "message.nested_too_deeply": "That JSON is nested too deeply.",
    "message.nul": "Text may not contain the NUL character (U+0000).",
    "message.lone_surrogate": "Text may not contain a lone surrogate (U+D800 to U+DFFF).",
    "message.not_finite": "Numbers must be finite (not NaN, not infinite, not beyond the range of a float).",
    "message.too_long": "Send one JSON object as text, at most %(limit)s characters.",
    "message.not_json": "That message is not valid JSON.",
    "message.no_type": "A message is a JSON object with a string `type`.",
    "message.not_an_integer": "`%(key)s` must be %(meaning)s (an integer).",
    "message.phase_name": "`phase` must be a phase name such as \"weapons\".",
    "message.reach": "A reach request names a `unit` and a `mode` (%(modes)s).",
    "message.los_ends": "`from` and `to` are a unit id or a hex label (CCRR).",
    "message.los_side": "Name a `unit` and a `side`: \"left\", \"right\" or null (no choice).",
    "message.reaction": "Name the `window` (its key) and the `unit` that reacts.",
    "message.withdraw": "Name the `unit` whose order is taken back.",
    "message.attack_options": "Attack options name a `unit`, a `target` and a `twist` of -1, 0 or 1.",
    "order.phase_over": "That phase is over; orders go to the current phase.",
    "order.no_order_now": "Unit %(unit)r has no order to give now.",
    "order.late": "The %(phase)s phase is over; this is the %(current)s.",
    "reaction.no_window": "No reaction window %(window)r is open.",
    "board.upload": "A board is the text of a MegaMek .board file (at most %(limit)s characters).",
    "options.whole_number": "a whole number",
    "pilots.whole_number": "The %(side)s pilot's %(skill)s is a whole number.",
})

# Every code answered with another status than 400 (a bad request).
STATUS: dict[str, int] = {
    "auth.required": 401,
    **dict.fromkeys((
        "order.spectator", "order.not_your_unit", "rematch.not_player", "reaction.not_yours", "deadline.server_only", "los_side.not_yours",
        "referee.only", "result.server_only", "referee_seat.not_host", "options.not_host", "accept.not_player",
        "chat.anonymous", "trade.not_allowed",
    ), 403),
    **dict.fromkeys((
        "api.not_found", "match.not_found", "referee_seat.unknown_user", "campaign.not_found", "round.not_found",
        "season.not_found",
        "fixture.not_found", "mech.not_found", "pilot.not_found", "stable.not_found",
    ), 404),
    **dict.fromkeys((
        "order.phase_closed", "order.already_submitted", "order.stale_version", "order.not_submitted", "order.in_play", "reaction.not_asked",
        "reaction.already_given", "rematch.not_finished", "rematch.no_start", "rematch.not_lobby_sides", "match.started", "match.not_in_progress", "replay.not_finished",
        "join.already_seated", "join.full", "join.side_taken", "leave.not_seated", "leave.started", "leave.host", "referee_seat.player", "accept.stale_options", "los_side.wrong_status",
        "referee.wrong_status", "referee.nothing_to_annul", "referee.hex_occupied", "choice.not_offered", "round.already_paired",
        "round.no_pairing", "round.closed", "round.not_paired", "round.not_live", "round.results_pending",
        "fixture.pilot_unfit", "fixture.same_player", "result.not_finished", "result.incomplete", "result.missing",
        "repair.destroyed", "repair.nothing", "repair.in_fight", "repair.no_money", "skill.pilot_gone",
        "skill.at_best", "skill.not_enough_experience", "query.not_offered", "unapply.not_applied",
        "unapply.later_fight", "unapply.experience_spent", "fixture.voided", "fixture.decided", "fixture.no_live_match",
        "round.voided", "round.next_exists", "round.double_booked", "pilot.in_fight", "buy.no_money", "mech.sold",
        "sell.in_fight", "design_upload.taken", "fixture.weight_class",
    ), 409),
    "message.too_large": 413,
    **dict.fromkeys(("chat.rate_limited", "message.rate_limited"), 429),
    "server.error": 500,
    "server.unavailable": 503,
}


class MatchError(Exception):
    """A coded refusal of the server; ``params`` fill its code's template and go out with it. ``message`` is
    the English (what goes out); ``text`` the same said in the language active where it was refused."""

    def __init__(self, code: str, /, *, at: str = "", **params: Any) -> None:
        self.code, self.params, self.at = code, params, at
        self.message = say(code, params, at)
        self.status = STATUS.get(code, 400)
        self.text = self.said_here()
        super().__init__(self.message)

    @classmethod
    def from_rule_error(cls, error: RuleError) -> MatchError:
        # The rules library's codes (`move.*`, `order.*`) pass through unchanged, said as the rules said them.
        made = cls.__new__(cls)
        Exception.__init__(made, error.message)
        made.code, made.params, made.at, made.message = error.code, dict(error.params), error.at, error.message
        made.status = STATUS.get(error.code, 400)
        made.text = made.said_here()
        return made

    @classmethod
    def database_unavailable(cls) -> MatchError:
        """The database connection broke mid-command (PostgreSQL restarting, a terminated backend): the
        transaction rolled back, and the next command opens a fresh connection, so sending it again is safe."""
        return cls("server.unavailable")

    def said_here(self) -> str:
        """The message in the language active where it was refused, for a page the server renders (the
        campaign admin): its template through Django's catalog (django.po), the same parameters."""
        return say(self.code, self.params, self.at, gettext)

    def __str__(self) -> str:
        return self.text

    def as_json(self) -> dict[str, Any]:
        return error_json(self.code, self.message, self.params, self.at)
