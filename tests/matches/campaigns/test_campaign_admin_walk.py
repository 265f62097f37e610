"""The organiser's whole console walked (issue 17): every list, add, change and delete page and every action of
the campaign admin, with the forms as a browser sends them and with each field in turn spoiled. No page
answers 500 (the test client raises on one), and after every step the campaign has no orphan: every
applied fixture keeps its result, no pilot is in two fixtures of a round nor drives another stable's mech,
and every public page still answers."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib import admin
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches.campaigns import decisions, pairings, results, services
from matches.campaigns.models import Campaign, Fixture, MatchResult, Mech, Pilot, Round, Season
from tests.matches.campaigns.conftest import League, finish
from tests.matches.campaigns.forms import form_of

pytestmark = pytest.mark.django_db

SPOILS = {"empty": "", "null character": "x\x00", "negative": "-1", "huge": "9" * 30, "bad JSON": "[1",
          "bad option": '{"turn_limit": -1}'}
MODELS = ["campaign", "season", "round", "stable", "pilot", "mech", "fixture", "matchresult", "campaignlog"]


def assert_no_orphans(client: Client | None) -> None:
    """The campaign's rows hang together; with a client, every public page answers too."""
    for fixture in Fixture.objects.select_related("result", "match"):
        assert fixture.pilot_a_id != fixture.pilot_b_id
        if fixture.applied_at is not None:
            assert fixture.result is not None and fixture.result.match_id == fixture.match_id
            assert fixture.result.sides.count() == 2
        else:
            assert fixture.result is None
    for round_ in Round.objects.all():
        booked = [p for pair in round_.fixtures.filter(voided_at__isnull=True).values_list("pilot_a", "pilot_b")
                  for p in pair]
        assert len(booked) == len(set(booked)), round_
    for mech in Mech.objects.filter(pilot__isnull=False).select_related("pilot"):
        assert mech.pilot is not None and mech.pilot.stable_id == mech.stable_id
        assert mech.pilot.status != Pilot.Status.DEAD
    if client is None:
        return
    for campaign in Campaign.objects.all():
        assert client.get(reverse("campaign-standings", args=[campaign.pk])).status_code == 200
        assert client.get(reverse("api-campaign-standings", args=[campaign.pk])).status_code == 200
    for pilot in Pilot.objects.all():
        assert client.get(reverse("campaign-pilot", args=[pilot.pk])).status_code == 200
    for round_ in Round.objects.all():
        assert client.get(reverse("campaign-round", args=[round_.pk])).status_code == 200


@pytest.fixture
def season(league: League) -> League:
    """Round 1 applied (one result by the referee), round 2 live with one fixture voided and one overdue,
    a round 3 planned, a result recorded but not applied."""
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    first, second = league.round.fixtures.order_by("id")
    finish(first, "a", a={"kills": 1, "victory_points": 3}, b={"damage_taken": 20, "wounds": 1})
    decisions.fixture_decide(fixture_id=second.pk, decision="forfeit", winner_side="b", reason="Conceded")
    results.round_apply_results(round_id=league.round.pk)
    round2 = results.round_advance(round_id=league.round.pk)
    Round.objects.filter(pk=round2.pk).update(deadline=timezone.now() - timedelta(days=1))
    Pilot.objects.filter(status=Pilot.Status.INJURED).update(status=Pilot.Status.ACTIVE, wounds=0)
    pairings.round_generate_pairings(round_id=round2.pk)
    services.round_create_matches(round_id=round2.pk)
    voided, played = round2.fixtures.order_by("id")
    decisions.fixture_void(fixture_id=voided.pk, reason="Wrong arena")
    finish(played, "")
    round3 = Round.objects.create(season=round2.season, number=3)
    Fixture.objects.create(round=round3, arena=league.arena, pilot_a=league.pilots["Gray"],
                           pilot_b=league.pilots["Stone"])
    Season.objects.create(campaign=league.campaign, number=2)
    return league


@pytest.fixture
def console(organiser: Any) -> Client:
    client = Client(raise_request_exception=True)
    client.force_login(organiser)
    return client


def url(model: str, view: str, *args: Any) -> str:
    return reverse(f"admin:campaigns_{model}_{view}", args=args)


def spoilable(name: str) -> bool:
    """The page's own fields and the first row of each inline (the other rows are the same fields)."""
    management = ("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS", "csrfmiddlewaretoken")
    parts = name.split("-")
    return not name.endswith(management) and (len(parts) < 3 or parts[1] == "0")


def spoiled(form: dict[str, Any], names: list[str], kind: str) -> dict[str, Any]:
    """The form with `names` spoiled as `kind`, where that kind fits the field (a number, JSON or any text)."""
    def fits(value: str) -> bool:
        if kind in ("negative", "huge"):
            return value.lstrip("-").isdigit()
        return value.startswith(("{", "[")) if kind in ("bad JSON", "bad option") else True

    return {**form, **{name: [SPOILS[kind]] for name in names if fits(form[name][0] if form[name] else "")}}


def post_spoiled(console: Client, page_url: str, each_field: bool) -> None:
    """Posts the page's form as it is, then every field spoiled at once in each way, and (`each_field`) each
    field emptied in turn, so that a save with one bad value is tried too. A saved form leaves no orphan; each
    spoiled post starts from the same campaign."""
    form = form_of(console.get(page_url).content.decode())
    assert form, page_url
    assert console.post(page_url, form).status_code in (200, 302), page_url
    assert_no_orphans(console)
    names = [name for name in form if spoilable(name)]
    tries = [spoiled(form, names, kind) for kind in SPOILS]
    tries += [spoiled(form, [name], "empty") for name in names] if each_field else []
    for data in [data for index, data in enumerate(tries) if data != form and data not in tries[:index]]:
        with transaction.atomic():
            response = console.post(page_url, data)
            assert response.status_code in (200, 302), (page_url, data)
            assert_no_orphans(None)
            transaction.set_rollback(True)


@pytest.mark.parametrize("model", MODELS)
def test_every_add_and_change_page_with_good_and_spoiled_input(console: Client, season: League, model: str) -> None:
    model_admin = next(a for m, a in admin.site._registry.items() if m._meta.model_name == model)
    assert console.get(url(model, "changelist")).status_code == 200
    if model_admin.has_add_permission(_request(console)):
        post_spoiled(console, url(model, "add"), each_field=True)
    first = True
    for pk in model_admin.model.objects.order_by("pk").values_list("pk", flat=True):
        response = console.get(url(model, "change", pk))
        assert response.status_code == 200
        if response.context.get("has_change_permission"):
            post_spoiled(console, url(model, "change", pk), each_field=first)
            first = False


def _request(console: Client) -> Any:
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = console.get(reverse("admin:index")).wsgi_request.user
    return request


@pytest.mark.parametrize("model", MODELS)
def test_every_action_and_delete_on_every_object(console: Client, season: League, model: str) -> None:
    model_admin = next(a for m, a in admin.site._registry.items() if m._meta.model_name == model)
    ids = list(model_admin.model.objects.values_list("pk", flat=True))
    for action in model_admin.get_actions(_request(console)):
        # Each action on every object at once: one refusal does not stop the others.
        form = {"action": action, admin.helpers.ACTION_CHECKBOX_NAME: ids}
        first = console.post(url(model, "changelist"), form, follow=True)
        assert first.status_code == 200, action
        if "reason_given" in first.content.decode():  # the reason page, then the action itself
            for reason in ("", "The organiser decided so"):
                done = console.post(url(model, "changelist"), {**form, "reason_given": "1", "reason": reason,
                                                                "days": "7"}, follow=True)
                assert done.status_code == 200, action
        elif action == "delete_selected" and "post" in first.content.decode():
            assert console.post(url(model, "changelist"), {**form, "post": "yes"}, follow=True).status_code == 200
        assert_no_orphans(None)
    for pk in model_admin.model.objects.values_list("pk", flat=True):
        assert console.get(url(model, "delete", pk)).status_code in (200, 403)
        assert console.post(url(model, "delete", pk), {"post": "yes"}).status_code in (200, 302, 403)
        assert_no_orphans(None)
    assert_no_orphans(console)


def test_the_decide_page_with_good_and_spoiled_input(console: Client, league: League) -> None:
    pairings.round_generate_pairings(round_id=league.round.pk)
    services.round_create_matches(round_id=league.round.pk)
    first = league.round.fixtures.order_by("id").first()
    assert first is not None
    page = url("fixture", "decide", first.pk)
    assert "Declare a result" in console.get(url("fixture", "change", first.pk)).content.decode()
    form = {"decision": "declared", "winner_side": "a", "reason": "The referee saw it", **{
        f"{side}_{name}": "0" for side in "ab" for name in ("kills", "damage_taken", "wounds", "victory_points")}}
    for name in form:
        for spoil in SPOILS.values():
            with transaction.atomic():
                response = console.post(page, {**form, name: spoil})
                assert response.status_code in (200, 302), (name, spoil)
                assert response.status_code == 302 or not MatchResult.objects.exists(), (name, spoil)
                assert_no_orphans(None)
                transaction.set_rollback(True)

    assert console.post(page, form).status_code == 302

    assert MatchResult.objects.get().decision == "declared"
    assert console.post(page, form).status_code == 200  # decided already: the page says why
    assert_no_orphans(console)
