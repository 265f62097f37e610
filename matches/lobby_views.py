"""The lobby's HTML pages: the form that opens a match, and an open match's seats and options. Plain forms
that post to these views, which call the lobby services; an error is shown on the page, never a 500."""

from __future__ import annotations

import json
from typing import Any, cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render

from rules.rulesets import DEFAULT_RULESET, RULESETS, get_ruleset
from rules.core.reasons import Reason

from . import lobby, selectors
from .client_input import refuse_unstorable
from .errors import MatchError
from .models import Match
from .views import match_or_404


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


def _designs_from(form: QueryDict, offer: dict[str, Any]) -> Any:
    """Each side's designs from its selects (named after the side; an empty one chooses nothing): one name where
    a side has one, a list otherwise; None when the ruleset offers no designs or none was chosen at all."""
    choice = offer["choices"].get("designs")
    if choice is None:
        return None
    if choice["maximum"] == 1:
        return {side: form.get(side, "") for side in offer["sides"]}
    chosen = {side: [name for name in form.getlist(side) if name] for side in offer["sides"]}
    return chosen if any(chosen.values()) else None


def _pilots_from(form: QueryDict, offer: dict[str, Any]) -> dict[str, dict[str, int]] | None:
    """Each side's pilot from the fields `red_gunnery`, `red_piloting`...; the ruleset checks the range."""
    choice = offer["choices"].get("pilots")
    if choice is None:
        return None
    pilots: dict[str, dict[str, int]] = {}
    for side in offer["sides"]:
        for skill in choice["skills"]:
            text = form.get(f"{side}_{skill}", "").strip()
            if not text:
                continue  # left empty: the standard skill
            try:
                pilots.setdefault(side, {})[skill] = int(text)
            except ValueError:
                raise MatchError("pilots.malformed", why=Reason("pilots.whole_number", side=side, skill=skill),
                                 side=side) from None
    return pilots


def _option_fields(ruleset: str, options: dict[str, Any]) -> dict[str, Any]:
    """The option fields of a form (options-fields.html): the ruleset's options schema, each with its value."""
    described = get_ruleset(ruleset).options.to_json()
    return {"option_fields": [{**option, "current": options.get(option["name"], option["default"])}
                              for option in described]}


def _design_options(offer: dict[str, Any]) -> list[dict[str, Any]]:
    """The designs a select offers (new.html), each with the option it needs agreed, if any (MEKATAC's
    transformers)."""
    designs = offer["choices"].get("designs") or {"values": []}
    return [{"name": name, "needs": designs.get("needs", {}).get(name)} for name in designs["values"]]


def _setup_fields(offer: dict[str, Any]) -> list[dict[str, Any]]:
    """Each side's set-up fields (new.html): its design selects (the first ones required) and pilot skills."""
    designs, pilots = offer["choices"].get("designs"), offer["choices"].get("pilots")
    return [{
        "side": side,
        "designs": [] if designs is None else [index < designs["minimum"] for index in range(designs["maximum"])],
        "pilot": None if pilots is None else pilots["skills"],
    } for side in offer["sides"]]


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
    """The new-match form of the ruleset chosen (`?ruleset=`, the default otherwise), with what its set-up
    offers (rules.rulesets.setup)."""
    error = None
    ruleset = request.POST.get("ruleset", request.GET.get("ruleset", DEFAULT_RULESET))
    if ruleset not in RULESETS:
        ruleset, error = DEFAULT_RULESET, MatchError("ruleset.unknown", ruleset=ruleset, known=list(RULESETS))
    offer = get_ruleset(ruleset).setup_offer()
    if request.method == "POST" and error is None:
        try:
            refuse_unstorable(dict(request.POST.lists()))
            board_text = _uploaded_text(request.FILES.get("board"))
            match = lobby.match_open(
                host=cast(User, request.user), title=request.POST.get("title", ""), board_text=board_text,
                ruleset=ruleset, designs=_designs_from(request.POST, offer), options=_options_from(request.POST, ruleset),
                pilots=_pilots_from(request.POST, offer), side=request.POST.get("side") or None,
                bot=request.POST.get("bot") or None,
            )
            # Against the computer the match has started: straight to its board.
            return redirect("match-lobby" if match.status == Match.Status.OPEN else "match-detail", match_id=match.pk)
        except MatchError as failure:
            error = failure
    context = {
        **_option_fields(ruleset, lobby.default_options(ruleset)), "defaults": lobby.default_options(ruleset),
        "rulesets": list(RULESETS), "ruleset": ruleset, "offer": offer, "side_fields": _setup_fields(offer),
        "design_options": _design_options(offer), "bot_levels": lobby.bot_levels(ruleset), "error": error,
    }
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
        **_option_fields(match.ruleset, match.options), "view": view, "error": error, "options_json": json.dumps(match.options),
        "is_host": request.user.is_authenticated and match.host_id == request.user.pk,
    }
    return render(request, "matches/lobby.html", context, status=400 if error else 200)


def _lobby_action(request: HttpRequest, match_id: int) -> None:
    """A logged-in user's lobby action (the page sends anyone else to the login first)."""
    user = cast(User, request.user)
    refuse_unstorable(dict(request.POST.lists()))
    action = request.POST.get("action")
    if action in ("player", "spectator"):
        lobby.match_join(match_id=match_id, user=user, role=action, side=request.POST.get("side") or None)
    elif action in ("accept", "withdraw"):
        try:
            read = json.loads(request.POST.get("options", ""))
        except (ValueError, RecursionError):  # RecursionError: arrays or objects nested thousands deep
            read = None
        lobby.match_accept(match_id=match_id, user=user, accepted=action == "accept", options=read)
    elif action == "leave":
        lobby.match_leave(match_id=match_id, user=user)
    elif action == "referee":
        lobby.match_referee_seat(match_id=match_id, user=user, username=request.POST.get("referee", ""))
    elif action == "options":
        options = _options_from(request.POST, match_or_404(match_id).ruleset)
        lobby.match_options_set(match_id=match_id, user=user, options=options)
    else:
        raise MatchError("lobby.unknown_action")
