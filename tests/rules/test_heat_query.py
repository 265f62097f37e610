"""The ``heat`` query of ``python -m rules explain`` (docs/scenario.md): one mech's heat phase explained, from the
heat it generates (Total Warfare: movement, weapons, engine hits) to what it dissipates (heat sinks, water) and
the heat scale's effects where it ends."""

import pytest

from rules.core.errors import RuleError
from rules.io.explain import explain

HUNCHBACK = {"id": "A", "hex": "0808", "design": "Hunchback HBK-4G"}


def heat(query, unit=None, hexes=None, seed=1):
    return explain({"board": {"size": [16, 17], "hexes": hexes or {}}, "units": [{**HUNCHBACK, **(unit or {})}],
                    "seed": seed, "query": {"heat": {"unit": "A", **query}}})


def test_what_the_mech_generates_and_dissipates():
    """TW: ran 2, AC/20 7, two medium lasers 3 each, one engine hit 5: 20; 13 heat sinks, one destroyed: 12. From
    9 heat it ends at 17: -3 MP, +3 to hit, a shutdown avoid roll of 4 and no ammunition roll yet (19)."""
    answer = heat({"fired": ["AC/20", "Medium Laser", "Medium Laser"], "engine_hits": 1, "heat_sink_hits": 1,
                   "roll": False}, {"heat": 9, "moved": "run", "hexes_moved": 5})
    assert answer["heat"] == 9
    assert answer["generated"] == {"movement": 2, "weapons": [{"weapon": "AC/20 [RT]", "heat": 7},
                                                              {"weapon": "Medium Laser [LA]", "heat": 3},
                                                              {"weapon": "Medium Laser [RA]", "heat": 3}],
                                   "engine": 5, "total": 20}
    assert answer["dissipated"] == {"heat_sinks": 13, "working": 12, "double": False, "sinks": 12, "water": 0,
                                    "water_depth": 0, "total": 12}
    assert answer["after"] == 17
    assert answer["effects"] == {"mp_loss": 3, "to_hit": 3, "shutdown_avoid": 4, "automatic_shutdown": False,
                                 "ammo_explosion_avoid": 0, "life_support_wounds": 0}
    assert [code["code"] for code in answer["reason_codes"]] == ["heat.balance_engine"]
    assert "rolls" not in answer


def test_water_and_the_heat_sinks_it_reaches():
    """Standing in depth 1 water only the legs' heat sinks are in it (Total Warfare; the Solaris VII texts are
    silent): with one of the four destroyed (named by its location), 3 more."""
    answer = heat({"heat_sink_hits": ["LL"], "roll": False}, {"heat": 10}, {"0808": {"terrain": "water:1"}})
    assert (answer["dissipated"]["water"], answer["dissipated"]["water_depth"], answer["after"]) == (3, 1, 0)
    assert answer["reason_codes"][0]["params"]["why"]["code"] == "heat.water_legs"


def test_rolled_with_the_seed_it_plays_the_heat_phase():
    """From 30 heat, still: 30 - 13 = 17, a shutdown avoid roll (4+) with the scenario's seed; the answer lists the
    phase's reasons and rolls and how the mech ends. At 30 or more after dissipation it shuts down with no roll,
    and a standing mech then makes a piloting roll at +3 (TW)."""
    answer = heat({}, {"heat": 30})
    assert answer["after"] == 17 and [roll["reason"] for roll in answer["rolls"]] == ["shutdown avoid A"]
    assert answer["outcome"]["heat"] == 17 and answer["outcome"]["shutdown"] == (answer["rolls"][0]["total"] < 4)
    hot = heat({}, {"heat": 43})
    assert hot["effects"]["automatic_shutdown"] and hot["outcome"]["shutdown"]
    assert any(roll["reason"].startswith("piloting A") for roll in hot["rolls"])


@pytest.mark.parametrize("query, code", [
    ({"fired": ["Gauss Rifle"]}, "scenario.query"),
    ({"fired": ["AC/20", "AC/20"]}, "scenario.query"),
    ({"engine_hits": 4}, "scenario.query"),
    ({"heat_sink_hits": ["HD"]}, "scenario.query"),
    ({"heat_sink_hits": 9}, "scenario.query"),
    ({"overheat": True}, "scenario.query"),
])
def test_a_malformed_heat_query_is_a_coded_error(query, code):
    with pytest.raises(RuleError) as error:
        heat(query)
    assert error.value.code == code


def test_heat_needs_a_mech_with_a_design():
    with pytest.raises(RuleError) as error:
        explain({"board": {"size": [16, 17]}, "units": [{"id": "A", "hex": "0808"}],
                 "query": {"heat": {"unit": "A"}}})
    assert error.value.code == "heat.no_design"
