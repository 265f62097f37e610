"""The project's settings with the Sentry test game registered (tests/rulesets/sentry.py), for a server that
plays a ruleset with reaction windows in the browser tests (tests/e2e/test_reaction_windows_in_browser.py)."""

from project.settings import *  # noqa: F403

from rules.rulesets import RULESETS
from tests.rulesets.sentry import SentryRuleset

RULESETS["sentry"] = SentryRuleset()
