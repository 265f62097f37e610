"""The lobby's HTML pages: the form that opens a match, and an open match's seats and options. Plain forms
that post to these views, which call the lobby services; an error is shown on the page, never a 500."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any, cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render

from rules.battletech.designs.design import shipped_designs
from rules.battletech.units import Unit
from rules.rulesets import DEFAULT_RULESET, get_ruleset
from rules.core.reasons import Reason

from . import lobby, selectors
from .client_input import refuse_unstorable
from .errors import MatchError
from .views import match_or_404

_PILOT_SKILLS = ("gunnery", "piloting")
# The form starts each pilot at the rules' standard skills (gunnery 4, piloting 5).
_STANDARD_PILOT = {field.name: field.default for field in fields(Unit) if field.name in _PILOT_SKILLS}


def _options_from(form: QueryDict, ruleset: str) -> dict[str, Any]:
    """The options a form posts: the ruleset's as its schema describes them (a choice or a number), then the
    match's own numbers."""
    described = get_ruleset(ruleset).options.to_json()
    options: dict[str, Any] = {o["name"]: form[o["name"]] for o in described if o["kind"] == "choice" and o["name"] in form}
    for name in [*(o["name"] for o in described if o["kind"] == "count"), *lobby.MATCH_OPTIONS]:
        if form.get(name, "").strip():
            try:
                options[name] = int(str(form[name]))
            except ValueError:
                raise MatchError("options.invalid", option=name, value=form[name],
                                 allowed=Reason("options.whole_number")) from None
    return options


def _pilots_from(form: QueryDict) -> dict[str, dict[str, int]]:
    """Each side's pilot from the fields `red_gunnery`, `red_piloting`...; lobby.match_open checks the range."""
    pilots: dict[str, dict[str, int]] = {}
    for side in lobby.SIDES:
        for skill in _PILOT_SKILLS:
            text = form.get(f"{side}_{skill}", "").strip()
            if not text:
                continue  # left empty: the standard skill
            try:
                pilots.setdefault(side, {})[skill] = int(text)
            except ValueError:
                raise MatchError("pilots.malformed", why=Reason("pilots.whole_number", side=side, skill=skill),
                                 side=side) from None
    return pilots


def _choices(ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """The form's choices: the designs, and each of the ruleset's choice options' values (from its schema)."""
    values = {o["name"]: o["values"] for o in get_ruleset(ruleset).options.to_json() if o["kind"] == "choice"}
    return {"designs": sorted(shipped_designs()), "option_values": values}


def _uploaded_text(upload: UploadedFile | None) -> str | None:
    """An uploaded board's text; a file far too large to be one (UTF-8 takes at most 4 bytes a character) is
    refused without reading it into memory."""
    if upload is None:
        return None
    if upload.size is not None and upload.size > 4 * lobby.MAX_BOARD_CHARS:
        raise lobby.board_refused()
    return upload.read().decode("utf-8", errors="replace")


@login_required
def match_new_page(request: HttpRequest) -> HttpResponse:
    error = None
    if request.method == "POST":
        try:
            refuse_unstorable(dict(request.POST.lists()))
            board_text = _uploaded_text(request.FILES.get("board"))
            match = lobby.match_open(
                host=cast(User, request.user), title=request.POST.get("title", ""), board_text=board_text,
                designs={side: request.POST.get(side, "") for side in lobby.SIDES},
                options=_options_from(request.POST, DEFAULT_RULESET), pilots=_pilots_from(request.POST),
            )
            return redirect("match-lobby", match_id=match.pk)
        except MatchError as failure:
            error = failure
    context = {**_choices(), "defaults": lobby.DEFAULT_OPTIONS, "sides": lobby.SIDES, "error": error,
               "pilot": _STANDARD_PILOT, "max_skill": lobby.MAX_SKILL}
    return render(request, "matches/new.html", context, status=400 if error else 200)


def match_lobby_page(request: HttpRequest, match_id: int) -> HttpResponse:
    error = None
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/accounts/login/?next={request.path}")
        try:
            _lobby_action(request, match_id)
            return redirect("match-lobby", match_id=match_id)
        except MatchError as failure:
            error = failure
    match = match_or_404(match_id)
    view = selectors.player_view(match=match, viewer=selectors.viewer_for(match=match, user=request.user))
    context = {
        **_choices(match.ruleset), "view": view, "error": error, "options_json": json.dumps(match.options),
        "is_host": request.user.is_authenticated and match.host_id == request.user.pk,
    }
    return render(request, "matches/lobby.html", context, status=400 if error else 200)


def _lobby_action(request: HttpRequest, match_id: int) -> None:
    """A logged-in user's lobby action (the page sends anyone else to the login first)."""
    user = cast(User, request.user)
    refuse_unstorable(dict(request.POST.lists()))
    action = request.POST.get("action")
    if action in ("player", "spectator"):
        lobby.match_join(match_id=match_id, user=user, role=action)
    elif action in ("accept", "withdraw"):
        try:
            read = json.loads(request.POST.get("options", ""))
        except (ValueError, RecursionError):  # RecursionError: arrays or objects nested thousands deep
            read = None
        lobby.match_accept(match_id=match_id, user=user, accepted=action == "accept", options=read)
    elif action == "referee":
        lobby.match_referee_seat(match_id=match_id, user=user, username=request.POST.get("referee", ""))
    elif action == "options":
        options = _options_from(request.POST, match_or_404(match_id).ruleset)
        lobby.match_options_set(match_id=match_id, user=user, options=options)
    else:
        raise MatchError("lobby.unknown_action")
