"""The snapshot's hints: what the current phase offers each viewer, from the ruleset (docs/protocol.md, "Hints")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User

from matches.selectors import player_view, viewer_for
from tests.matches.duels import duel_match

pytestmark = pytest.mark.django_db


def test_each_viewer_gets_the_phases_hints_for_its_own_units(alice: User, bob: User) -> None:
    match = duel_match(alice, bob, phase="movement")
    mine = player_view(match=match, viewer=viewer_for(match=match, user=alice))["hints"]
    assert (mine["phase"], mine["panels"], list(mine["units"]), mine["split_los"]) == ("movement", ["plot"], ["A"], ["A"])
    assert mine["units"]["A"]["modes"]["walk"] == {"mp": 6, "plain": 6}  # the Phoenix Hawk PXH-1 walks 6
    watching = player_view(match=match, viewer=viewer_for(match=match, user=AnonymousUser()))["hints"]
    assert (watching["units"], watching["split_los"]) == ({}, [])


def test_an_attack_phase_offers_the_attack_panel_and_the_targets(alice: User, bob: User) -> None:
    match = duel_match(alice, bob, phase="weapons")
    hints = player_view(match=match, viewer=viewer_for(match=match, user=bob))["hints"]
    assert (hints["panels"], hints["units"]) == (["attack"], {"B": {"orders": True, "targets": ["A"]}})
