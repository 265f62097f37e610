"""The lobby (issue 7): opening a match, seats, and the options every player must accept before the start."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from matches import lobby
from matches.errors import MatchError
from matches.models import Event, Match, Participant
from tests.matches.lobby_duels import DUEL


@pytest.fixture
def lobby_match(alice: User) -> Match:
    return lobby.match_open(host=alice, designs=DUEL, title="Lobby duel", options={"movement": "classic"})


def _accept(match: Match, user: User) -> dict:
    match.refresh_from_db()
    return lobby.match_accept(match_id=match.pk, user=user, accepted=True, options=match.options)


def test_open_seats_the_host_on_red_with_the_designs_and_checked_options(lobby_match: Match, alice: User) -> None:
    assert lobby_match.status == Match.Status.OPEN
    seat = Participant.objects.get(match=lobby_match)
    assert (seat.user, seat.side, seat.accepted) == (alice, "red", False)
    assert lobby_match.options == {**lobby.default_options("solaris"), "movement": "classic"}
    names = {unit["side"]: unit["name"] for unit in lobby_match.state["units"]}
    assert names == DUEL
    assert list(lobby_match.events.values_list("kind", flat=True)) == [Event.Kind.OPTIONS]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"movement": "teleport"}, "options.invalid"),
        ({"dead_zone": True}, "options.unknown"),
        ({"deadline_minutes": -1}, "options.invalid"),
        ({"turn_limit": True}, "options.invalid"),
        ("classic", "options.malformed"),
    ],
)
def test_bad_options_are_refused_with_a_code_and_nothing_is_created(alice: User, options: object, code: str) -> None:
    with pytest.raises(MatchError) as error:
        lobby.match_open(host=alice, designs=DUEL, options=options)
    assert error.value.code == code
    assert not Match.objects.exists()


def test_unknown_design_or_bad_board_is_refused(alice: User) -> None:
    with pytest.raises(MatchError) as error:
        lobby.match_open(host=alice, designs={"red": "Nope", "blue": "Jenner JR7-D"})
    assert error.value.code == "design.unknown"
    with pytest.raises(MatchError) as error:
        lobby.match_open(host=alice, designs=DUEL, board_text="size 2 2\nhex 0101 0 \"lava:9\" \"\"\nend")
    assert error.value.code.startswith("board.")
    assert not Match.objects.exists()


def test_an_uploaded_megamek_board_is_used(alice: User) -> None:
    rows = [f'hex {col:02d}{row:02d} {int((col, row) == (2, 3))} "{"woods:1" if (col, row) == (2, 3) else ""}" ""'
            for row in range(1, 6) for col in range(1, 5)]
    board = "size 4 5\n" + "\n".join(rows) + "\nend\n"
    match = lobby.match_open(host=alice, designs=DUEL, board_text=board)
    assert (match.state["board"]["width"], match.state["board"]["height"]) == (4, 5)
    assert {u["hex"] for u in match.state["units"]} == {"0305", "0301"}


def test_join_takes_the_free_side_then_the_match_is_full(lobby_match: Match, bob: User, carol: User) -> None:
    assert lobby.match_join(match_id=lobby_match.pk, user=bob, role="player") == {"role": "player", "side": "blue"}
    with pytest.raises(MatchError) as error:
        lobby.match_join(match_id=lobby_match.pk, user=carol, role="player")
    assert error.value.code == "join.full"
    assert lobby.match_join(match_id=lobby_match.pk, user=carol, role="spectator")["side"] is None
    with pytest.raises(MatchError) as error:
        lobby.match_join(match_id=lobby_match.pk, user=carol, role="referee")
    assert error.value.code == "join.role"


def test_the_match_starts_only_once_every_player_accepted_and_logs_the_options(
    lobby_match: Match, alice: User, bob: User
) -> None:
    """Solaris VII: the movement mode and the dead-zone rule are fixed before the fight, by everyone."""
    assert _accept(lobby_match, alice)["status"] == Match.Status.OPEN  # bob is not even seated
    lobby.match_join(match_id=lobby_match.pk, user=bob, role="player")
    assert _accept(lobby_match, bob)["status"] == Match.Status.IN_PROGRESS
    lobby_match.refresh_from_db()
    started = lobby_match.events.get(kind=Event.Kind.STARTED)
    assert started.payload["options"]["movement"] == "classic"
    assert lobby_match.state["options"] == {"movement": "classic", "los": "standard", "turn_limit": 0}
    assert started.payload["seed_hash"] == lobby_match.seed_hash


def test_a_change_of_options_clears_every_acceptance(lobby_match: Match, alice: User, bob: User) -> None:
    lobby.match_join(match_id=lobby_match.pk, user=bob, role="player")
    _accept(lobby_match, alice)
    lobby.match_options_set(match_id=lobby_match.pk, user=alice, options={"los": "dead_zone"})
    assert not Participant.objects.filter(match=lobby_match, accepted=True).exists()
    # bob accepting what he read before the change is refused: he must read the new options.
    with pytest.raises(MatchError) as error:
        lobby.match_accept(match_id=lobby_match.pk, user=bob, accepted=True, options={**lobby.default_options("solaris")})
    assert error.value.code == "accept.stale_options"
    _accept(lobby_match, bob)
    lobby_match.refresh_from_db()
    assert lobby_match.status == Match.Status.OPEN  # alice's acceptance was cleared


def test_only_the_host_changes_options_and_only_before_the_start(lobby_match: Match, alice: User, bob: User) -> None:
    lobby.match_join(match_id=lobby_match.pk, user=bob, role="player")
    with pytest.raises(MatchError) as error:
        lobby.match_options_set(match_id=lobby_match.pk, user=bob, options={"los": "dead_zone"})
    assert error.value.code == "options.not_host"
    _accept(lobby_match, alice)
    _accept(lobby_match, bob)
    version = Match.objects.get(pk=lobby_match.pk).version
    with pytest.raises(MatchError) as error:
        lobby.match_options_set(match_id=lobby_match.pk, user=alice, options={"los": "dead_zone"})
    assert error.value.code == "match.started"
    assert Match.objects.get(pk=lobby_match.pk).version == version
