"""A ruleset's options schema (rules.core.options), here Solaris's: one validator for every way in."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.rulesets import get_ruleset

SOLARIS = get_ruleset("solaris").options


def test_the_defaults_fill_every_option_in_the_schemas_order():
    """Solaris VII: "en caso de omisión se utilizará SIEMPRE la regla estándar de LdV"."""
    assert SOLARIS.validate({}) == {"los": "standard", "movement": "pm_by_pm", "turn_limit": 0}
    assert list(SOLARIS.validate({"turn_limit": 3, "los": "dead_zone"})) == ["los", "movement", "turn_limit"]


def test_given_options_lie_over_the_agreed_ones():
    agreed = SOLARIS.validate({"movement": "classic"})
    assert SOLARIS.validate({"los": "dead_zone"}, agreed) == {"los": "dead_zone", "movement": "classic", "turn_limit": 0}


@pytest.mark.parametrize(("raw", "code", "params"), [
    ({"movement": "teleport"}, "options.invalid", {"option": "movement", "values": ["classic", "pm_by_pm"]}),
    ({"los": 1}, "options.invalid", {"option": "los", "values": ["standard", "dead_zone"]}),
    ({"turn_limit": True}, "options.invalid", {"option": "turn_limit", "minimum": 0, "maximum": 1000}),
    ({"turn_limit": -1}, "options.invalid", {"option": "turn_limit", "minimum": 0, "maximum": 1000}),
    ({"dead_zone": True}, "options.unknown", {"option": "dead_zone", "known": ["los", "movement", "turn_limit"]}),
    (["los"], "options.malformed", {}),
])
def test_a_refusal_names_the_option_and_the_rule(raw, code, params):
    with pytest.raises(RuleError) as refused:
        SOLARIS.validate(raw)
    # The refusal may say more (the value given, what is allowed): the params named here are kept.
    assert refused.value.code == code and {name: refused.value.params[name] for name in params} == params


def test_the_schema_describes_itself_for_a_form():
    described = {option["name"]: option for option in SOLARIS.to_json()}
    assert described["los"]["kind"] == "choice" and described["los"]["values"] == ["standard", "dead_zone"]
    assert (described["turn_limit"]["kind"], described["turn_limit"]["maximum"]) == ("count", 1000)
    assert all(option["description"] for option in described.values())


def test_the_ruleset_passes_the_agreed_rules_to_the_mechanics():
    """Solaris VII: the referee fixes the movement rule and the LOS rule at the start; the mechanics get what
    the options chose (a movement mode, a line-of-sight rule), never reading the options themselves."""
    from dataclasses import replace

    from rules.core.dice import Dice
    from rules.rulesets.solaris.demo import demo_state

    ruleset = get_ruleset("solaris")
    classic = replace(demo_state(), options={"movement": "classic"})
    assert ruleset.resolve_phase(classic, [], Dice("x")).movement.mode == "classic"
    assert ruleset.los_rule(replace(classic, options={"los": "dead_zone"})) == "dead_zone"
    assert (ruleset.movement_mode(demo_state()), ruleset.los_rule(demo_state())) == ("pm_by_pm", "standard")


def test_the_state_codec_gives_every_option_its_default():
    """A state stored before an option existed reads back with the option's default."""
    from rules.battletech.codec import state_to_json
    from rules.rulesets.solaris.demo import demo_state

    stored = {**state_to_json(demo_state()), "options": {"los": "dead_zone"}}
    options = get_ruleset("solaris").state_from_json(stored).options
    assert options == {"los": "dead_zone", "movement": "pm_by_pm", "turn_limit": 0}
