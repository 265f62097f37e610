"""A campaign fields mechs and pilots, so it offers the rulesets that fight with them (Solaris' BattleTech mechs,
MEKATAC's mekas), not every registered one."""

from matches.campaigns.models import ruleset_choices
from rules.rulesets import RULESETS


def test_a_campaign_offers_only_the_rulesets_that_play_mech_duels() -> None:
    assert "skirmish" in RULESETS
    assert ruleset_choices() == [("solaris", "solaris"), ("mekatac", "mekatac")]
