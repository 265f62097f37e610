"""A result the referee decides (services.match_finish) is logged as the ruleset's state stores it, so the replay
puts it back through that ruleset's codec and the match verifies, in a MEKATAC campaign as in a Solaris one
(matches/replay.py names no game)."""

from __future__ import annotations

import pytest

from matches.campaigns import pairings, services
from matches.campaigns.models import Campaign, Round
from matches.models import Event
from matches.replay import match_verify
from tests.matches.campaigns.test_campaign_mekatac import meka_league  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def test_a_mekatac_fight_the_referee_decides_verifies(meka_league: Campaign) -> None:  # noqa: F811
    round_ = Round.objects.get(season__campaign=meka_league)
    pairings.round_generate_pairings(round_id=round_.pk)
    (match,) = services.round_create_matches(round_id=round_.pk)
    services.match_finish(match_id=match.pk, winner_side="a", sides={"a": {}, "b": {}})
    match.refresh_from_db()
    assert match.events.get(kind=Event.Kind.FINISHED).payload == {"result": match.state["result"]}
    assert match.state["result"]["winner"] == "a"
    assert match_verify(match).problems == []
