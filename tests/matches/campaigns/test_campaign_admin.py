"""The admin as the organiser's console: who gets in, every action, and the forms' validation messages."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.campaigns.models import Fixture, MatchResult, Mech, Pilot, Round, SideResult, Stable
from matches.models import Match

from tests.matches.campaigns.conftest import League, finish, play_out
from tests.matches.campaigns.forms import form_of

pytestmark = pytest.mark.django_db

MODELS = ["campaign", "season", "round", "stable", "pilot", "mech", "fixture", "matchresult"]


@pytest.fixture
def console(organiser: User) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


def admin_url(model: str, *args: Any, view: str = "changelist") -> str:
    return reverse(f"admin:campaigns_{model}_{view}", args=args)


def run_action(client: Client, model: str, action: str, ids: list[int]) -> list[str]:
    response = client.post(admin_url(model), {"action": action, "_selected_action": ids}, follow=True)
    assert response.status_code == 200
    return [str(message) for message in response.context["messages"]]


@pytest.mark.parametrize("model", MODELS)
def test_staff_see_every_list_and_add_page(console: Client, league: League, model: str) -> None:
    assert console.get(admin_url(model)).status_code == 200
    assert console.get(admin_url(model, view="add")).status_code == 200


def test_stable_page_shows_its_pilots_and_mechs_inline(console: Client, league: League) -> None:
    page = console.get(admin_url("stable", league.steiner.pk, view="change")).content.decode()

    assert "Gray" in page and "Kell" in page and '<option value="Hunchback HBK-4G" selected>' in page
    assert "Stone" not in page


def test_pilot_list_filters_by_stable_and_status(console: Client, league: League) -> None:
    Pilot.objects.filter(name="Kell").update(status=Pilot.Status.INJURED, wounds=1)

    page = console.get(admin_url("pilot"), {"stable__id__exact": league.steiner.pk, "status__exact": "injured"})

    assert [p.name for p in page.context["cl"].result_list] == ["Kell"]


@pytest.mark.parametrize("model", ["campaign", "pilot", "round"])
def test_others_are_refused(client: Client, league: League, model: str) -> None:
    player = league.pilots["Gray"].player
    anonymous = client.get(admin_url(model))
    client.force_login(player)
    logged_in = client.get(admin_url(model))

    for response in (anonymous, logged_in):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))


def test_the_round_actions_run_a_round(console: Client, league: League) -> None:
    ids = [league.round.pk]

    assert run_action(console, "round", "generate_pairings", ids) == [f"{league.round}: 2 fixtures paired."]
    assert run_action(console, "round", "create_matches", ids) == [f"{league.round}: 2 matches created."]
    first, second = league.round.fixtures.order_by("id")
    play_out(first)
    finish(first, "a", a={"victory_points": 3})
    assert run_action(console, "round", "apply_results", ids) == [
        f"{league.round}: 1 applied, 0 already applied, 1 waiting for their result."
    ]
    refused = run_action(console, "round", "advance", ids)
    assert refused == [f"{league.round} still has results to apply."]  # no developer code in brackets
    finish(second, "")
    run_action(console, "round", "apply_results", ids)
    assert run_action(console, "round", "advance", ids) == [
        f"{league.round}: closed; {Round.objects.get(number=2)} is open."
    ]


def test_the_round_page_links_its_live_matches(console: Client, league: League) -> None:
    run_action(console, "round", "generate_pairings", [league.round.pk])
    run_action(console, "round", "create_matches", [league.round.pk])
    match = Match.objects.first()
    assert match is not None

    page = console.get(admin_url("round", league.round.pk, view="change")).content.decode()

    assert f'href="{reverse("match-detail", args=[match.pk])}"' in page


def test_the_fixture_action_applies_once(console: Client, league: League) -> None:
    run_action(console, "round", "generate_pairings", [league.round.pk])
    run_action(console, "round", "create_matches", [league.round.pk])
    fixture = league.round.fixtures.order_by("id").first()
    assert fixture is not None
    finish(fixture, "a", a={"kills": 1})

    assert run_action(console, "fixture", "apply_result", [fixture.pk]) == [f"{fixture}: applied."]
    assert run_action(console, "fixture", "apply_result", [fixture.pk]) == [
        f"{fixture}: already applied: nothing changed."
    ]
    page = console.get(admin_url("fixture", fixture.pk, view="change")).content.decode()
    assert "+3 XP" in page  # the report: 2 for the win and 1 for the kill
    card = console.get(admin_url("pilot", fixture.pilot_a_id, view="change")).content.decode()
    assert "1-0-0, 1 kills, 0 VP" in card and "S1 R1 at Steiner Coliseum: win" in card


def test_an_applied_result_is_read_only(console: Client, league: League) -> None:
    run_action(console, "round", "generate_pairings", [league.round.pk])
    run_action(console, "round", "create_matches", [league.round.pk])
    fixture = league.round.fixtures.order_by("id").first()
    assert fixture is not None
    finish(fixture, "a")
    result = MatchResult.objects.get()
    assert console.get(admin_url("matchresult", result.pk, view="change")).context["has_change_permission"]

    run_action(console, "fixture", "apply_result", [fixture.pk])

    assert not console.get(admin_url("matchresult", result.pk, view="change")).context["has_change_permission"]


def test_the_mech_action_repairs_or_says_why_not(console: Client, league: League) -> None:
    Mech.objects.filter(pk__in=[league.mechs["Gray"].pk, league.mechs["Stone"].pk]).update(damage=10)

    messages = run_action(console, "mech", "repair", [league.mechs["Gray"].pk, league.mechs["Stone"].pk])

    assert sorted(messages) == sorted([
        f"{league.mechs['Gray']}: repaired for 10000 C-bills.",
        f"{league.mechs['Stone']}: repairs cost 10000 C-bills and Davion Blades has 0.",
    ])
    assert Stable.objects.get(pk=league.steiner.pk).money == 90_000


def test_the_pilot_actions_improve_skills(console: Client, league: League) -> None:
    gray = league.pilots["Gray"]
    Pilot.objects.filter(pk=gray.pk).update(experience=20)

    # The default table: gunnery 3 costs 16 XP, piloting 4 costs 6.
    assert run_action(console, "pilot", "improve_gunnery", [gray.pk]) == [f"{gray}: gunnery improved for 16 XP."]
    assert run_action(console, "pilot", "improve_piloting", [gray.pk]) == [
        f"{gray} needs 6 XP for piloting 4 and has 4."
    ]
    gray.refresh_from_db()
    assert (gray.gunnery, gray.piloting, gray.experience) == (3, 5, 4)


def form_errors(response: Any) -> dict[str, list[str]]:
    """Field errors of the admin form and its inlines, by field name."""
    assert response.status_code == 200, "the form was accepted"
    errors: dict[str, list[str]] = {}
    forms = [response.context["adminform"].form]
    forms += [form for inline in response.context["inline_admin_formsets"] for form in inline.formset.forms]
    for form in forms:
        for field, messages in form.errors.items():
            errors.setdefault(field, []).extend(messages)
    return errors


def pilot_form(league: League, **changes: Any) -> dict[str, Any]:
    return {
        "stable": league.steiner.pk, "name": "Rook", "callsign": "", "gunnery": 4, "piloting": 5, "experience": 0,
        "wounds": 0, "status": "active", "fame": 0, "mekatac_skills": "[]", **changes,
    }


def test_pilot_skills_must_be_in_range(console: Client, league: League) -> None:
    response = console.post(admin_url("pilot", view="add"), pilot_form(league, gunnery=9, piloting=-1))

    errors = form_errors(response)
    assert errors["gunnery"] == [MaxValueValidator.message % {"limit_value": 8}]
    assert "piloting" in errors
    assert not Pilot.objects.filter(name="Rook").exists()


def test_a_wounded_pilot_cannot_be_active_and_skills_come_from_mekatac(console: Client, league: League) -> None:
    response = console.post(
        admin_url("pilot", view="add"), pilot_form(league, wounds=2, mekatac_skills='["Telepatía"]')
    )

    errors = form_errors(response)
    assert errors["mekatac_skills"][0].startswith("A list of MEKATAC skills: Puntería")


def mech_form(league: League, **changes: Any) -> dict[str, Any]:
    return {"stable": league.davion.pk, "design": "Hunchback HBK-4G", "tons": 50, "walk": 4, "jump": 0, "damage": 0,
            **changes}


def test_a_mech_is_piloted_from_its_own_stable(console: Client, league: League) -> None:
    response = console.post(admin_url("mech", view="add"), mech_form(league, pilot=league.pilots["Gray"].pk))

    assert form_errors(response)["pilot"] == ["The pilot must belong to the mech's stable."]


def test_a_pilot_drives_one_mech(console: Client, league: League) -> None:
    response = console.post(admin_url("mech", view="add"), mech_form(league, pilot=league.pilots["Stone"].pk))

    assert form_errors(response)["pilot"] == ["This pilot already has a mech: a pilot drives one mech at a time."]
    assert Mech.objects.count() == 4


def test_campaign_options_are_the_rules_options(console: Client, league: League) -> None:
    response = console.get(admin_url("campaign", league.campaign.pk, view="change"))
    data = {
        key: value for key, value in response.context["adminform"].form.initial.items() if not isinstance(value, bool)
    }
    data.update({
        "ruleset": "skirmish", "match_options": '{"fog": true}', "purses": '{"1": 50000}',
        "skill_costs": '{"gunnery": {}}',
        "arenas-TOTAL_FORMS": 0, "arenas-INITIAL_FORMS": 0, "seasons-TOTAL_FORMS": 0, "seasons-INITIAL_FORMS": 0,
    })

    errors = form_errors(console.post(admin_url("campaign", league.campaign.pk, view="change"), data))

    assert errors["ruleset"] == ["Select a valid choice. skirmish is not one of the available choices."]
    assert errors["match_options"] == [
        "Unknown match option fog; the options are los, movement, turn_limit, deadline_minutes, spectator_delay, "
        "spectator_delay_seconds."
    ]
    assert errors["skill_costs"][0].startswith('Skill costs give "gunnery" and "piloting"')
    # The options are the campaign ruleset's: its schema checks them.
    errors = form_errors(console.post(admin_url("campaign", league.campaign.pk, view="change"),
                                      {**data, "ruleset": "solaris"}))
    assert errors["match_options"][0].startswith("Unknown match option fog; the options are los, movement, turn_limit")
    # A campaign whose mechs are built keeps its ruleset (MEKATAC's mekas are not BattleTech designs).
    errors = form_errors(console.post(admin_url("campaign", league.campaign.pk, view="change"),
                                      {**data, "ruleset": "mekatac", "match_options": "{}"}))
    assert errors["ruleset"] == ["A campaign whose mechs are built keeps its ruleset: they are built to its designs."]


def test_a_pilot_fights_once_a_round(console: Client, league: League) -> None:
    gray, kell, stone = (league.pilots[name].pk for name in ("Gray", "Kell", "Stone"))
    Fixture.objects.create(round=league.round, arena=league.arena, pilot_a_id=gray, pilot_b_id=kell)

    response = console.post(
        admin_url("fixture", view="add"),
        {"round": league.round.pk, "arena": league.arena.pk, "pilot_a": stone, "pilot_b": gray},
    )

    assert form_errors(response)["pilot_b"] == ["This pilot already fights in this round."]


def test_results_only_for_finished_matches(console: Client, league: League) -> None:
    run_action(console, "round", "generate_pairings", [league.round.pk])
    run_action(console, "round", "create_matches", [league.round.pk])
    match = Match.objects.order_by("id").first()
    assert match is not None

    response = console.post(admin_url("matchresult", view="add"), {
        "match": match.pk, "winner_side": "a", "sides-TOTAL_FORMS": 0, "sides-INITIAL_FORMS": 0,
    })

    assert form_errors(response)["match"] == [
        "Results can only be recorded for a finished match; end a live one from its fixture (declare a result, "
        "a forfeit or a no-show)."
    ]
    assert not MatchResult.objects.exists()


def test_a_referee_records_a_result_by_hand(console: Client, league: League) -> None:
    run_action(console, "round", "generate_pairings", [league.round.pk])
    run_action(console, "round", "create_matches", [league.round.pk])
    match = Match.objects.order_by("id").first()
    assert match is not None
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    side = {"kills": 0, "damage_taken": 0, "wounds": 0, "victory_points": 0}
    form = {
        "match": match.pk, "winner_side": "z", "sides-TOTAL_FORMS": 2, "sides-INITIAL_FORMS": 0,
        **{f"sides-{i}-{key}": value for i, s in enumerate("ab") for key, value in {**side, "side": s}.items()},
    }

    assert form_errors(console.post(admin_url("matchresult", view="add"), form))["winner_side"] == [
        "The winner must be one of the match's sides: a, b."
    ]
    wrong_side = console.post(admin_url("matchresult", view="add"), {**form, "winner_side": "b", "sides-1-side": "x"})
    assert form_errors(wrong_side)["side"] == ["A side of the match: a, b."]
    one_line = console.post(admin_url("matchresult", view="add"), {
        **{k: v for k, v in form.items() if not k.startswith("sides-1-")}, "winner_side": "b", "sides-TOTAL_FORMS": 1,
    })
    assert one_line.status_code == 200 and one_line.context["inline_admin_formsets"][0].formset.non_form_errors()
    assert not MatchResult.objects.exists()
    response = console.post(admin_url("matchresult", view="add"), {**form, "winner_side": "b"})
    assert response.status_code == 302
    assert list(SideResult.objects.values_list("side", flat=True)) == ["a", "b"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"los": "x-ray"}, "The match option los is one of standard, dead_zone, not x-ray."),
        ({"movement": "classic", "los": "dead_zone"}, None),
        ({"turn_limit": -1}, "The match option turn_limit is a whole number from 0 to 1000, not -1."),
        ({"fog": True}, "Unknown match option fog; the options are los, movement, turn_limit, deadline_minutes, "
                        "spectator_delay, spectator_delay_seconds."),
        ([1], 'Match options are a JSON object, e.g. {"los": "dead_zone", "turn_limit": 12}.'),
        ({"deadline_minutes": 1440, "spectator_delay": 2}, None),
        ({"deadline_minutes": -5}, "The match option deadline_minutes is a whole number from 0 to 20160, not -5."),
    ],
)
def test_match_options_are_checked_against_the_rules(league: League, options: Any, message: str | None) -> None:
    league.campaign.match_options = options

    if message is None:
        league.campaign.full_clean()
    else:
        with pytest.raises(ValidationError) as refused:
            league.campaign.full_clean()
        assert refused.value.message_dict == {"match_options": [message]}


def test_the_pilot_list_counts_records_in_one_pass(console: Client, league: League) -> None:
    run_action(console, "round", "generate_pairings", [league.round.pk])
    run_action(console, "round", "create_matches", [league.round.pk])
    for fixture in league.round.fixtures.all():
        finish(fixture, "a", a={"kills": 1, "victory_points": 3})
    run_action(console, "round", "apply_results", [league.round.pk])

    with CaptureQueriesContext(connection) as four_pilots:
        page = console.get(admin_url("pilot")).content.decode()
    for n in range(4):
        Pilot.objects.create(stable=league.davion, name=f"Rookie {n}")
    with CaptureQueriesContext(connection) as eight_pilots:
        console.get(admin_url("pilot"))

    assert page.count("1-0-0, 1 kills, 3 VP") == 2 and page.count("0-0-1, 0 kills, 0 VP") == 2
    assert len(eight_pilots) == len(four_pilots)


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        ({"board": {"width": 3}}, {"board": ["Not a board: give width, height and hexes as the rules' JSON."]}),
        ({"board": {"width": 3, "height": 3, "hexes": {}}, "start_a": "0101", "start_b": "0101"},
         {"start_b": ["The two mechs need different starting hexes."]}),
        ({"start_a": "2020"}, {"start_a": ["Not a hex on this board: hex 2020 is off the 16x17 board."]}),
    ],
)
def test_an_arena_needs_a_board_and_two_starting_hexes(
    league: League, changes: dict[str, Any], errors: dict[str, list[str]]
) -> None:
    for field, value in changes.items():
        setattr(league.arena, field, value)

    with pytest.raises(ValidationError) as refused:
        league.arena.full_clean()

    assert refused.value.message_dict == errors


def test_pairings_are_editable_until_their_matches_exist(console: Client, league: League) -> None:
    run_action(console, "round", "generate_pairings", [league.round.pk])
    fixture = league.round.fixtures.order_by("id").first()
    assert fixture is not None
    round_page = admin_url("round", league.round.pk, view="change")
    assert 'name="fixtures-0-pilot_a"' in console.get(round_page).content.decode()

    run_action(console, "round", "create_matches", [league.round.pk])

    assert 'name="fixtures-0-pilot_a"' not in console.get(round_page).content.decode()
    assert 'name="pilot_a"' not in console.get(admin_url("fixture", fixture.pk, view="change")).content.decode()
    assert console.post(admin_url("fixture", fixture.pk, view="delete"), {"post": "yes"}).status_code == 403
    assert Fixture.objects.filter(pk=fixture.pk).exists()


def test_a_new_stable_gets_its_pilots_mechs_in_one_save(console: Client, league: League) -> None:
    """Issue 17: adding a stable took two saves before its mech could get a pilot."""
    pilot = {"callsign": "", "player": "", "gunnery": 4, "piloting": 5, "experience": 0, "wounds": 0,
             "status": "active"}
    form = {
        "campaign": league.campaign.pk, "name": "Kurita Dragons", "faction": "", "money": 0, "fame": 0,
        "pilots-TOTAL_FORMS": 2, "pilots-INITIAL_FORMS": 0, "mechs-TOTAL_FORMS": 0, "mechs-INITIAL_FORMS": 0,
        **{f"pilots-0-{key}": value for key, value in {**pilot, "name": "Oda", "new_mech": "Jenner JR7-D"}.items()},
        **{f"pilots-1-{key}": value for key, value in {**pilot, "name": "Hideki", "new_mech": ""}.items()},
    }

    assert console.post(admin_url("stable", view="add"), form).status_code == 302

    stable = Stable.objects.get(name="Kurita Dragons")
    assert [(m.design, m.pilot.name, m.tons) for m in stable.mechs.select_related("pilot")] == [
        ("Jenner JR7-D", "Oda", 35)]
    page = console.get(admin_url("stable", stable.pk, view="change"))
    change = form_of(page.content.decode())
    oda = next(name.split("-")[1] for name, value in change.items() if name.endswith("-name") and value == ["Oda"])
    change[f"pilots-{oda}-new_mech"] = ["Locust LCT-1V"]
    errors = form_errors(console.post(admin_url("stable", stable.pk, view="change"), change))
    assert errors["new_mech"] == ["This pilot already has a mech: a pilot drives one mech at a time."]
