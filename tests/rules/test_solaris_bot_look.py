"""The hard Solaris bot's look ahead (issue "Play against the computer"): movement is simultaneous (Solaris VII,
'Movimiento simultáneo'), so it weighs each of its ends against ends the rules' reach offers the enemy; what each
side could fire there is the rules' own to-hit arithmetic; and it keeps its heat under the heat scale's first
to-hit penalty (TW heat scale: +1 to hit from 8 heat)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.battletech.combat.heat import heat_balance
from rules.battletech.combat.status import Motion
from rules.battletech.combat.tohit import HEAT_TO_HIT
from rules.battletech.movement.reach import reachable
from rules.battletech.state import GameState
from rules.core.dice import Dice
from rules.core.hexes import Hex
from rules.rulesets import get_ruleset
from rules.rulesets.solaris.bot import LOOK, SolarisBot
from rules.rulesets.solaris.bot_fire import SAFE_HEAT, best_volley
from rules.rulesets.solaris.bot_look import Pose, enemy_poses, exchange, facing_to

SOLARIS = get_ruleset("solaris")


def facing_each_other(distance: int, phase: str = "weapons", heat: int = 0) -> GameState:
    """The demo duel with the mechs ``distance`` hexes apart in one column, facing each other."""
    state: GameState = SOLARIS.example({})
    units = (replace(state.unit("A"), hex=Hex(7, 3 + distance), facing=0),
             replace(state.unit("B"), hex=Hex(7, 3), facing=3))
    return replace(state, units=units, phase=phase, mechs={**state.mechs, "A": replace(state.mechs["A"], heat=heat)})


@pytest.mark.parametrize("distance", [2, 4, 7, 13])
def test_the_look_ahead_numbers_a_volley_as_the_rules_check_does(distance: int) -> None:
    """The estimate of a volley from where both mechs stand is the one the check-based volley finds."""
    state = facing_each_other(distance)
    here = {unit.id: Pose(unit, Motion()) for unit in state.units}
    for shooter, target in (("A", "B"), ("B", "A")):
        checked = best_volley(SOLARIS, state, shooter, target).expected
        assert exchange(state, here[shooter], here[target], SAFE_HEAT) == pytest.approx(checked)
    assert checked > 0


def test_a_hit_from_behind_weighs_more() -> None:
    """TW hit location: attacks from the rear strike the thinner rear armour."""
    state = facing_each_other(4)
    a, b = state.unit("A"), state.unit("B")
    front = exchange(state, Pose(b, Motion()), Pose(a, Motion()), SAFE_HEAT)
    behind = exchange(state, Pose(b, Motion()), Pose(replace(a, facing=3), Motion()), SAFE_HEAT)
    assert behind > front > 0


def test_the_enemy_ends_are_ones_its_reach_offers() -> None:
    state = facing_each_other(10, "movement")
    a, b = state.unit("A"), state.unit("B")
    poses = enemy_poses(state, b, a.hex, 5.0, 6)
    assert poses[0].unit.hex == b.hex and poses[0].motion.hexes == 0  # it may stand where it is
    offered = {hex_ for mode in ("run", "jump") for hex_, _facing in reachable(state.board, b, mode)}
    assert 1 < len(poses) <= 7 and len({pose.unit.hex for pose in poses}) == len(poses)
    for pose in poses[1:]:
        assert pose.unit.hex in offered and pose.unit.facing == facing_to(pose.unit.hex, a.hex)
        assert pose.motion.moved in ("walk", "run", "jump") and pose.motion.hexes == b.hex.distance(pose.unit.hex)


def test_the_hard_bot_keeps_its_heat_below_the_to_hit_penalty() -> None:
    """From cold, four hexes from its enemy, the hard bot fires and ends the turn under 8 heat, where the
    easy one may run up to the safe heat."""
    first_penalty = min(level for level, _modifier in HEAT_TO_HIT)
    ceiling, _ends = LOOK["hard"]
    assert ceiling < first_penalty == 8
    state = facing_each_other(4)
    for level, most in (("hard", ceiling), ("easy", SAFE_HEAT)):
        (order,) = SolarisBot(SOLARIS, level).orders(state, "alice", Dice("heat"))
        planned = SOLARIS.check(state, SOLARIS.decode_order(state, order))["attacks"]["attacks"]
        labels = {attack["attack"] for attack in planned}
        fired = frozenset(i for i, component in state.mechs["A"].design.weapons if component.label in labels)
        assert fired and heat_balance(replace(state.mechs["A"], fired=fired), state.motion("A")).after <= most
