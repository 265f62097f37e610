"""REST API: thin DRF views over the selectors; every match body is a player view."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpResponse
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from rules.core.board import board_to_json
from rules.core.errors import RuleError
from rules.rulesets import DEFAULT_RULESET, RULESETS, Ruleset, get_ruleset
from rules.core.reasons import Reason

from . import chat, lobby, los_sides, queries, reactions, referee, rematch, replay, selectors, snapshots
from .client_input import refuse_unstorable
from .crowd import spectators_now
from .errors import MatchError
from .models import Match


def _user(request: Request) -> Any:
    if not request.user.is_authenticated:
        raise MatchError("auth.required")
    return request.user


def _body(request: Request) -> dict[str, Any]:
    # A body too large or too deep fails here, or earlier in a session's CSRF check, which reads the body
    # first: either way the exception handler answers it.
    data = request.data
    if not isinstance(data, dict):
        raise MatchError("message.malformed", why=Reason("message.not_an_object"))
    refuse_unstorable(data)
    return dict(data)


def _viewed(request: Request, match_id: int, status: int = 200) -> HttpResponse:
    """The viewer's snapshot with the crowd count: the very text a socket gets (a spectator's snapshot comes
    from the per-process cache)."""
    match, viewer = selectors.match_and_viewer(match_id=match_id, user=request.user)
    _, text = snapshots.encoded_snapshot(match=match, viewer=viewer)
    body = snapshots.with_spectators(text, spectators_now(match.pk))
    return HttpResponse(body, status=status, content_type="application/json")


class MatchListApi(APIView):
    def get(self, request: Request) -> Response:
        """Match headers, newest first; `?status=open` (or in_progress, paused, finished) filters, on the status
        the asker is shown (a delayed spectator's may be older than the live one)."""
        matches = Match.objects.exclude(status=Match.Status.ABORTED)
        wanted = request.query_params.get("status")
        if wanted is not None and wanted not in Match.Status.values:
            raise MatchError("status.unknown", statuses=list(Match.Status.values))
        if wanted == Match.Status.IN_PROGRESS:
            # A delayed spectator is shown a paused or finished match as in progress until the delay passes.
            matches = matches.filter(status__in=(wanted, Match.Status.PAUSED, Match.Status.FINISHED))
        elif wanted is not None:
            matches = matches.filter(status=wanted)
        headers = [selectors.header_for(match=match, user=request.user) for match in matches]
        return Response([header for header in headers if wanted is None or header["status"] == wanted])

    def post(self, request: Request) -> HttpResponse:
        """Opens a match in the lobby: `{"ruleset", "title", "options": {...}` and the set-up its ruleset offers
        (`GET /api/rulesets/`): for Solaris `"designs": {"red": NAME, "blue": NAME}`, `"board": MEGAMEK BOARD
        TEXT` (optional; the demo board otherwise) and `"pilots": {"red": {"gunnery": 3, "piloting": 4}}`
        (optional; 4/5 otherwise); for MEKATAC `"designs": {"a": [NAME, ...], "b": [...]}` (optional)`}`;
        `"side"` the host's (the first otherwise) and, against the computer, `"bot"` its level (the ruleset's
        `bots`): the bot takes the other side and the match starts at once."""
        body = _body(request)
        match = lobby.match_open(
            host=_user(request), designs=body.get("designs"), title=body.get("title", ""),
            ruleset=body.get("ruleset", DEFAULT_RULESET), board_text=body.get("board"), options=body.get("options"),
            pilots=body.get("pilots"), bot=body.get("bot"), side=body.get("side"),
        )
        return _viewed(request, match.pk, status=201)


class MatchDetailApi(APIView):
    def get(self, request: Request, match_id: int) -> HttpResponse:
        return _viewed(request, match_id)


class MatchJoinApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """`{"role": "player" | "spectator", "side": SIDE (optional)}`: a player takes the side named, or the
        first free one."""
        body = _body(request)
        lobby.match_join(match_id=match_id, user=_user(request), role=body.get("role"), side=body.get("side"))
        return _viewed(request, match_id)


class MatchLeaveApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """Gives up the seat: a player's or the referee's while the match is in the lobby, a spectator's any time."""
        lobby.match_leave(match_id=match_id, user=_user(request))
        return _viewed(request, match_id)


class MatchOptionsApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """The host changes options (`{"options": {...}}`); every acceptance is cleared."""
        lobby.match_options_set(match_id=match_id, user=_user(request), options=_body(request).get("options"))
        return _viewed(request, match_id)


class MatchAcceptApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """`{"accepted": true, "options": THE OPTIONS READ}`; the last acceptance starts the match."""
        body = _body(request)
        lobby.match_accept(match_id=match_id, user=_user(request), accepted=body.get("accepted"),
                           options=body.get("options"))
        return _viewed(request, match_id)


class MatchRefereeSeatApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """`{"username": "dana"}`: the host seats the match's referee while it is in the lobby."""
        lobby.match_referee_seat(match_id=match_id, user=_user(request), username=_body(request).get("username"))
        return _viewed(request, match_id)


REFEREE_ACTIONS = {"pause": referee.referee_pause, "resume": referee.referee_resume, "annul": referee.referee_annul}


class MatchRefereeApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """`{"action": "pause" | "resume" | "annul", "reason"}` or
        `{"action": "override", "unit": "B", "changes": {"hex": "0505", "facing": 2}, "reason"}`."""
        body, user = _body(request), _user(request)
        action = body.get("action")
        if action == "override":
            referee.referee_override(match_id=match_id, user=user, unit=body.get("unit"), changes=body.get("changes"),
                                     reason=body.get("reason"))
        elif isinstance(action, str) and action in REFEREE_ACTIONS:
            REFEREE_ACTIONS[action](match_id=match_id, user=user, reason=body.get("reason"))
        else:
            raise MatchError("referee.unknown_action")
        return _viewed(request, match_id)


class MatchLosSideApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """`{"unit": "B", "side": "left" | "right" | null}` (the unit's player), or the same with a `reason` (the referee)."""
        body = _body(request)
        los_sides.los_side_choose(match_id=match_id, user=_user(request), unit=body.get("unit"), side=body.get("side"),
                                  reason=body.get("reason"))
        return _viewed(request, match_id)


class MatchReactApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """`{"window": KEY, "unit": "S", "order": REACTION | null}`: the unit's answer to the open reaction window
        (null passes)."""
        body = _body(request)
        reactions.react(match_id=match_id, user=_user(request), window=body.get("window"), unit=body.get("unit"),
                        order=body.get("order"))
        return _viewed(request, match_id)


class MatchRematchApi(APIView):
    def post(self, request: Request, match_id: int) -> HttpResponse:
        """`{}`: a player of the finished match asks for a rematch; 201 with `{"match": ID}`, its lobby's match."""
        reply = rematch.match_rematch(match_id=match_id, user=_user(request))
        return Response({"match": reply["match"]}, status=201)


class MatchChatApi(APIView):
    def get(self, request: Request, match_id: int) -> Response:
        """The last messages of the rooms the viewer reads."""
        match, viewer = selectors.match_and_viewer(match_id=match_id, user=request.user)
        return Response(chat.chat_history(match=match, viewer=viewer))

    def post(self, request: Request, match_id: int) -> Response:
        frame = chat.chat_post(match_id=match_id, user=_user(request), text=_body(request).get("text"),
                               now=timezone.now())
        return Response(frame, status=201)


def _ruleset(request: Request) -> Ruleset[Any, Any]:
    """The ruleset `?ruleset=` names (the default one when none)."""
    try:
        return get_ruleset(request.query_params.get("ruleset", DEFAULT_RULESET))
    except RuleError as error:
        raise MatchError.from_rule_error(error) from error


class DesignListApi(APIView):
    def get(self, request: Request) -> Response:
        """The shipped designs a lobby match of the ruleset may use (Solaris: mechs with their tons and MP)."""
        return Response(_ruleset(request).designs())


class RulesetListApi(APIView):
    def get(self, request: Request) -> Response:
        """The rulesets a match may play, each with its options schema (what a form offers for each option) and
        its set-up (the sides and what the host chooses: rules.rulesets.setup) and the levels of its computer
        opponent (`bots`); the match's own options (deadline, spectator delays) come beside them
        (docs/protocol.md)."""
        return Response([
            {"name": name, "default": name == DEFAULT_RULESET, "options": ruleset.options.to_json(),
             "setup": ruleset.setup_offer(), "bots": lobby.bot_levels(name)}
            for name, ruleset in RULESETS.items()
        ])


class BoardListApi(APIView):
    def get(self, request: Request) -> Response:
        """The ruleset's built-in board, its example's (a Solaris match may instead upload a MegaMek `.board`)."""
        ruleset = _ruleset(request)
        board = ruleset.example(ruleset.options.defaults).board
        return Response([{"id": "demo", "width": board.width, "height": board.height, "board": board_to_json(board)}])


class MatchAttackOptionsApi(APIView):
    def get(self, request: Request, match_id: int) -> Response:
        query = request.query_params
        twist, turn = query.get("twist", "0"), query.get("turn")
        return Response(queries.attack_options(
            match_id=match_id, user=request.user, unit_id=query.get("unit"), target=query.get("target"),
            twist=int(twist) if twist in ("-1", "0", "1") else twist,
            turn=int(turn) if turn and turn.isdigit() else None,
        ))


class MatchLogApi(APIView):
    def get(self, request: Request, match_id: int) -> Response:
        return Response(queries.match_log(match_id=match_id, user=request.user))


class MatchReplayApi(APIView):
    def get(self, request: Request, match_id: int) -> Response:
        return Response(replay.match_replay(match_id=match_id))


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Coded JSON errors (`{"code", "message"}`) for everything, DRF's own errors included."""
    if isinstance(exc, Http404):
        exc = MatchError("api.not_found")
    elif isinstance(exc, (OperationalError, InterfaceError)):
        exc = MatchError.database_unavailable()
    elif isinstance(exc, RequestDataTooBig):
        exc = MatchError("message.too_large")
    if isinstance(exc, MatchError):
        return Response(exc.as_json(), status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException):
        response.data = {"code": f"api.{exc.default_code}", "message": str(exc.detail)}
    return response
