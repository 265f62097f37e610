"""The Solaris client hints (rules.rulesets.solaris.hints): what the browser offers each viewer, from the rules."""

from __future__ import annotations

from dataclasses import replace

from rules.rulesets import get_ruleset
from rules.rulesets.solaris.demo import demo_duel_state

SOLARIS = get_ruleset("solaris")


def test_a_player_plotting_gets_each_modes_mp_budget():
    """MASC runs at 2 × walk (TW), a jump goes its jumping MP in hexes; past its walk a move must run."""
    state = demo_duel_state()
    a = state.unit("A")
    hints = SOLARIS.hints(replace(state, units=(replace(a, masc=True), state.unit("B"))), "player", "alice")
    assert (hints["phase"], hints["panels"]) == ("movement", ["plot"])
    assert list(hints["units"]) == ["A"]
    assert hints["units"]["A"] == {
        "orders": True, "stand_up": False,
        "modes": {"walk": {"mp": a.walk, "plain": a.walk}, "run": {"mp": a.run, "plain": a.walk},
                  "jump": {"mp": a.jump, "plain": a.jump}, "masc": {"mp": 2 * a.walk, "plain": a.run}},
    }


def test_a_prone_mech_without_jump_jets_must_stand_up_and_cannot_jump():
    state = demo_duel_state()
    b = replace(state.unit("B"), prone=True, jump=0)
    hints = SOLARIS.hints(replace(state, units=(state.unit("A"), b)), "player", "bob")
    assert hints["units"]["B"]["stand_up"] is True and list(hints["units"]["B"]["modes"]) == ["walk", "run"]


def test_the_physical_phase_waits_for_standing_mechs_only():
    """Total Warfare: a prone mech makes no physical attack, so its panel stays closed."""
    state = replace(demo_duel_state(), phase="physical")
    state = replace(state, units=(replace(state.unit("A"), prone=True), state.unit("B")))
    assert SOLARIS.hints(state, "player", "alice")["units"] == {"A": {"orders": False}}
    assert SOLARIS.hints(state, "player", "bob")["units"] == {"B": {"orders": True, "targets": ["A"]}}
    assert SOLARIS.hints(state, "player", "bob")["panels"] == ["attack"]


def test_who_chooses_a_split_line_of_sights_side():
    """Solaris VII: 'El objetivo seleccionará por cual de los dos pasará la LdV': the unit's player, or the
    referee for one who is away; a spectator chooses for nobody."""
    state = demo_duel_state()
    assert SOLARIS.hints(state, "player", "alice")["split_los"] == ["A"]
    assert SOLARIS.hints(state, "referee", None)["split_los"] == ["A", "B"]
    spectator = SOLARIS.hints(state, "spectator", None)
    assert (spectator["split_los"], spectator["units"]) == ([], {})


def test_an_orderless_phase_shows_no_panel():
    assert SOLARIS.hints(replace(demo_duel_state(), phase="heat"), "player", "alice")["panels"] == []
