"""The OpenAPI schema of the REST API (`/api/schema/`): each endpoint's request body, answers and coded
errors, which drf-spectacular cannot infer from the plain APIViews of api.py. Kept beside them as view
extensions (registered when this module is imported, from apps.py), so api.py stays about behaviour."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiViewExtension
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view, inline_serializer
from rest_framework import serializers

from rules.rulesets import DEFAULT_RULESET

from .campaigns.models import Campaign, Pilot
from .campaigns.selectors import RECORD_KEYS
from .models import Match

ERROR = inline_serializer("Error", {
    "code": serializers.CharField(help_text="A stable dotted code (docs/protocol.md, 'Error codes')."),
    "message": serializers.CharField(),
    "params": serializers.DictField(required=False),
})
# The player view (docs/protocol.md, 'Player view'): what a socket's snapshot holds, for the asking viewer.
PLAYER_VIEW = OpenApiTypes.OBJECT
# Every write may be refused: bad body, not logged in, not allowed, no such match, wrong status, too large.
WRITE_ERRORS = {status: ERROR for status in (400, 401, 403, 404, 409, 413)}


def _body(name: str, fields: dict[str, Any]) -> Any:
    return inline_serializer(name, fields)


SCHEMAS: dict[str, dict[str, Any]] = {
    "MatchListApi": {
        "get": extend_schema(
            summary="Match headers, newest first", operation_id="matches_list",
            parameters=[OpenApiParameter("status", str, enum=[s for s in Match.Status.values if s != "aborted"])],
            responses={200: inline_serializer("MatchHeader", {
                "id": serializers.IntegerField(), "title": serializers.CharField(), "status": serializers.CharField(),
                "ruleset": serializers.CharField(), "turn": serializers.IntegerField(), "phase": serializers.CharField(),
                "version": serializers.IntegerField(), "options": serializers.DictField(),
            }, many=True), 400: ERROR},
        ),
        "post": extend_schema(
            summary="Open a match in the lobby (the host sits on the side named, or its ruleset's first), or against the computer",
            request=_body("MatchCreate", {
                "designs": serializers.DictField(required=False, help_text=(
                    'Solaris: {"red": DESIGN, "blue": DESIGN}; MEKATAC: {"a": [DESIGN, ...], "b": [...]} (the '
                    "ruleset's setup in GET /api/rulesets/)")),
                "title": serializers.CharField(required=False, max_length=100),
                "ruleset": serializers.CharField(required=False, default=DEFAULT_RULESET),
                "board": serializers.CharField(required=False, help_text="A MegaMek .board file's text."),
                "options": serializers.DictField(required=False),
                "pilots": serializers.DictField(required=False, help_text='{"red": {"gunnery": 3, "piloting": 4}}'),
                "side": serializers.CharField(required=False, help_text="The host's side (the first otherwise)."),
                "bot": serializers.CharField(required=False, help_text=(
                    "Against the computer: its level (the ruleset's bots in GET /api/rulesets/); it takes the "
                    "other side and the match starts at once.")),
            }),
            responses={201: PLAYER_VIEW, **WRITE_ERRORS},
        ),
    },
    "MatchDetailApi": {"get": extend_schema(summary="The player view", responses={200: PLAYER_VIEW, 404: ERROR})},
    "MatchJoinApi": {"post": extend_schema(
        summary="Take a seat",
        request=_body("MatchJoin", {
            "role": serializers.ChoiceField(["player", "spectator"]),
            "side": serializers.CharField(required=False, help_text="A player's side (the first free one otherwise)."),
        }),
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchLeaveApi": {"post": extend_schema(
        summary="Give up one's seat (a player's or the referee's in the lobby only; not the host's)",
        request=None,
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchOptionsApi": {"post": extend_schema(
        summary="The host changes the options (every acceptance is cleared)",
        request=_body("MatchOptions", {"options": serializers.DictField()}),
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchAcceptApi": {"post": extend_schema(
        summary="Accept (ready) or withdraw (unready); the last acceptance starts the match",
        request=_body("MatchAccept", {
            "accepted": serializers.BooleanField(),
            "options": serializers.DictField(required=False, help_text="The options read (needed to accept)."),
        }),
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchRefereeSeatApi": {"post": extend_schema(
        summary="The host seats the referee",
        request=_body("MatchRefereeSeat", {"username": serializers.CharField(max_length=150)}),
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchRefereeApi": {"post": extend_schema(
        summary="The referee pauses, resumes, annuls the last phase or corrects a unit",
        request=_body("MatchReferee", {
            "action": serializers.ChoiceField(["pause", "resume", "annul", "override"]),
            "reason": serializers.CharField(max_length=500),
            "unit": serializers.CharField(required=False),
            "changes": serializers.DictField(required=False, help_text='{"hex": "0505", "facing": 2, "prone": false, "stuck": false}'),
        }),
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchLosSideApi": {"post": extend_schema(
        summary="Set a unit's split line-of-sight side",
        request=_body("MatchLosSide", {
            "unit": serializers.CharField(),
            "side": serializers.ChoiceField(["left", "right"], allow_null=True),
            "reason": serializers.CharField(required=False, max_length=500),
        }),
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchReactApi": {"post": extend_schema(
        summary="A unit's answer to the open reaction window: its reaction order, or null to pass",
        request=_body("MatchReact", {
            "window": serializers.CharField(),
            "unit": serializers.CharField(),
            "order": serializers.JSONField(allow_null=True, help_text="as the ruleset reads a reaction; null passes"),
        }),
        responses={200: PLAYER_VIEW, **WRITE_ERRORS},
    )},
    "MatchRematchApi": {"post": extend_schema(
        summary="A rematch of a finished match: the same start, options and seats, in the lobby",
        request=None,
        responses={201: inline_serializer("Rematch", {"match": serializers.IntegerField()}), **WRITE_ERRORS},
    )},
    "MatchChatApi": {
        "get": extend_schema(summary="The last messages of the rooms the viewer reads",
                             responses={200: inline_serializer("ChatMessage", {
                                 "id": serializers.IntegerField(), "room": serializers.CharField(),
                                 "player": serializers.CharField(), "text": serializers.CharField(),
                                 "at": serializers.CharField(),
                             }, many=True), 404: ERROR}),
        "post": extend_schema(
            summary="Post to the viewer's chat room",
            request=_body("MatchChat", {"text": serializers.CharField(max_length=500)}),
            responses={201: OpenApiTypes.OBJECT, 429: ERROR, **WRITE_ERRORS},
        ),
    },
    "MatchAttackOptionsApi": {"get": extend_schema(
        summary="Each attack the viewer's unit could declare now on a target: its target number, or why not",
        parameters=[OpenApiParameter("unit", str, required=True), OpenApiParameter("target", str, required=True),
                    OpenApiParameter("twist", int, enum=[-1, 0, 1]), OpenApiParameter("turn", int)],
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR})},
    "MatchLogApi": {"get": extend_schema(summary="Every phase resolved so far, as the viewer was shown it", responses={
        200: inline_serializer("MatchLog", {"v": serializers.IntegerField(), "phases": serializers.ListField(
            child=serializers.DictField(), help_text="the `playback` frames, oldest first; `annulled`: the referee's reason")}),
        404: ERROR})},
    "MatchReplayApi": {"get": extend_schema(summary="A finished match, phase by phase",
                                            responses={200: OpenApiTypes.OBJECT, 404: ERROR, 409: ERROR})},
    "DesignListApi": {"get": extend_schema(summary="The shipped designs", responses={200: inline_serializer("Design", {
        "name": serializers.CharField(), "tons": serializers.IntegerField(), "walk": serializers.IntegerField(),
        "run": serializers.IntegerField(), "jump": serializers.IntegerField(),
    }, many=True)})},
    "RulesetListApi": {"get": extend_schema(summary="The rulesets and their options schemas", responses={
        200: inline_serializer("Ruleset", {
            "name": serializers.CharField(), "default": serializers.BooleanField(),
            "options": serializers.ListField(child=serializers.DictField(), help_text=(
                "Each option: name, kind (choice: values; count: minimum, maximum), default, description.")),
            "setup": serializers.DictField(help_text=(
                "The sides, the host's choices (designs, pilots), whether a board may be uploaded, whether the guest "
                "chooses the side (rules/rulesets/setup.py).")),
            "bots": serializers.ListField(child=serializers.CharField(), help_text=(
                "The levels of the ruleset's computer opponent (none: it has none).")),
        }, many=True)})},
    "BoardListApi": {"get": extend_schema(summary="The built-in board", responses={200: inline_serializer("Board", {
        "id": serializers.CharField(), "width": serializers.IntegerField(), "height": serializers.IntegerField(),
        "board": serializers.DictField(),
    }, many=True)})},
}


# A standings row's record (matches.campaigns.selectors.RECORD_KEYS): every count a whole number.
_RECORD = {key: serializers.IntegerField() for key in RECORD_KEYS}

# The campaigns' read-only, public endpoint (matches/campaigns/api.py).
CAMPAIGN_SCHEMAS: dict[str, dict[str, Any]] = {
    "StandingsApi": {"get": extend_schema(
        summary="A campaign's standings: pilots and stables, best first", operation_id="campaign_standings",
        responses={200: inline_serializer("Standings", {
            "campaign": inline_serializer("CampaignHeader", {
                "id": serializers.IntegerField(), "name": serializers.CharField(),
                "status": serializers.ChoiceField(Campaign.Status.values),
            }),
            "pilots": inline_serializer("PilotStanding", {
                "pilot_id": serializers.IntegerField(), "pilot": serializers.CharField(),
                "callsign": serializers.CharField(), "stable": serializers.CharField(),
                "status": serializers.ChoiceField(Pilot.Status.values), **_RECORD,
            }, many=True),
            "stables": inline_serializer("StableStanding", {
                "stable": serializers.CharField(), "faction": serializers.CharField(),
                "fame": serializers.IntegerField(), **_RECORD,
            }, many=True),
        }), 404: ERROR},
    )},
}


def _extension(view_path: str, methods: dict[str, Any]) -> type[OpenApiViewExtension]:
    view_name = view_path.rsplit(".", 1)[-1]

    class Documented(OpenApiViewExtension):
        target_class = view_path

        def view_replacement(self) -> Any:
            # A subclass, so the schema's annotations never touch the view that serves requests.
            return extend_schema_view(**methods)(type(view_name, (self.target,), {}))

    Documented.__name__ = f"{view_name}Schema"
    return Documented


EXTENSIONS = [_extension(f"matches.api.{name}", methods) for name, methods in SCHEMAS.items()] + [
    _extension(f"matches.campaigns.api.{name}", methods) for name, methods in CAMPAIGN_SCHEMAS.items()
]
