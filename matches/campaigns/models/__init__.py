"""A Solaris campaign: stables of pilots and their mechs fighting weekly rounds in named arenas.

The organiser runs it from the admin. Pilots' and stables' resources (experience, money, fame, wounds,
mech damage) are stored and change when a result is applied; a pilot's record (wins, kills, victory
points) is always counted from the applied results (`selectors.py`), so it cannot drift from them.
"""

from .campaign import (
    MEKATAC,
    SKILLS,
    Arena,
    Campaign,
    Round,
    Season,
    default_purses,
    default_skill_costs,
    options_problem,
    ruleset_choices,
)
from .fixtures import (
    SIDE_A,
    SIDE_B,
    SIDES,
    Bye,
    CampaignLog,
    Fixture,
    MatchResult,
    SideResult,
    match_sides,
    protect_played,
)
from .designs import CampaignDesign, campaign_design, design_choices, mech_figures
from .roster import LETHAL_WOUNDS, MEKATAC_FACTIONS, MEKATAC_SKILLS, SKILL_RANGE, Mech, Pilot, Stable

__all__ = [
    "LETHAL_WOUNDS", "MEKATAC", "MEKATAC_FACTIONS", "MEKATAC_SKILLS", "SIDES", "SIDE_A", "SIDE_B", "SKILLS", "SKILL_RANGE",
    "Arena", "Bye", "Campaign", "CampaignDesign", "CampaignLog", "Fixture", "MatchResult", "Mech", "Pilot", "Round", "Season", "SideResult",
    "Stable", "default_purses", "default_skill_costs", "campaign_design", "design_choices", "mech_figures", "match_sides", "options_problem",
    "protect_played", "ruleset_choices",
]
