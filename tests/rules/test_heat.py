"""Heat (Total Warfare 'Heat' and the heat scale)."""

from dataclasses import replace

from rules.battletech.combat.heat import heat_mp_loss, movement_heat, resolve_heat
from rules.battletech.combat.status import Motion
from tests.rules.conftest import ScriptedDice, fresh


def test_movement_heat():
    """TW: walking 1, running 2, jumping 1 per hex with a minimum of 3."""
    assert [movement_heat(Motion(m, 4))[0] for m in ("none", "walk", "run")] == [0, 1, 2]
    assert movement_heat(Motion("jump", 2))[0] == 3 and movement_heat(Motion("jump", 5))[0] == 5


def test_heat_scale_movement_loss():
    """TW heat scale: -1 MP at 5, -2 at 10, -3 at 15, -4 at 20, -5 at 25."""
    assert [heat_mp_loss(h) for h in (4, 5, 10, 15, 20, 25)] == [0, 1, 2, 3, 4, 5]


def test_weapons_and_movement_against_heat_sinks():
    """Hunchback: AC/20 (7) + two medium lasers (3 each) + running (2) = 15 against 13 heat sinks → 2."""
    status = fresh()
    fired = frozenset(i for i, c in status.design.weapons if c.name in ("AC/20", "Medium Laser"))
    outcome = resolve_heat(replace(status, fired=fired), Motion("run", 5), ScriptedDice())
    assert (outcome.generated, outcome.dissipated, outcome.status.heat) == (15, 13, 2)
    assert outcome.status.fired == frozenset()


def test_engine_hits_add_five_heat_each():
    status = replace(fresh(), hit_slots=frozenset({("CT", 0)}))
    assert resolve_heat(status, Motion(), ScriptedDice()).generated == 5


def test_shutdown_avoid_roll_from_14():
    """TW heat scale: 14 shutdown avoid on 4+; a failed roll shuts the reactor down."""
    status = replace(fresh(), heat=14 + 13)
    outcome = resolve_heat(status, Motion(), ScriptedDice(1, 2))
    assert outcome.status.heat == 14 and outcome.status.shutdown


def test_automatic_shutdown_at_30():
    outcome = resolve_heat(replace(fresh(), heat=30 + 13), Motion(), ScriptedDice(6, 6))
    assert outcome.status.shutdown


def test_ammunition_explosion_avoid_roll_from_19():
    """TW heat scale: 19 ammunition explosion avoid 4+; a failure explodes the most damaging bin (AC/20: 5×20)."""
    status = replace(fresh(), heat=19 + 13)
    outcome = resolve_heat(status, Motion(), ScriptedDice(1, 1, 6, 6, 6, 6, 6, 6))
    assert any("explodes" in r for r in outcome.reasons)
    assert "LT" in outcome.status.destroyed_locations


def test_walking_mp_after_damage_and_heat():
    """TW: hip hit halves walking MP, each other leg actuator -1, a destroyed leg leaves 1 MP; heat 5 -1."""
    from rules.battletech.combat.heat import walking_mp

    assert walking_mp(4, fresh())[0] == 4
    assert walking_mp(5, replace(fresh(), hit_slots=frozenset({("LL", 0)})))[0] == 3
    assert walking_mp(4, replace(fresh(), hit_slots=frozenset({("LL", 3)}), heat=5))[0] == 2
    assert walking_mp(4, replace(fresh(), destroyed_locations=frozenset({"RL"})))[0] == 1


def test_a_hip_hit_cancels_only_its_own_legs_actuators():
    """TW 'Hip' critical hit (audit of issue 6, as MegaMek's walking MP counts it): the hip halves walking MP
    and the other actuators of that leg no longer count, but an actuator hit in the other leg still costs 1 MP."""
    from rules.battletech.combat.heat import walking_mp

    # Hunchback legs: slot 0 hip, 1 upper leg, 2 lower leg, 3 foot.
    hip_and_own_foot = replace(fresh(), hit_slots=frozenset({("LL", 0), ("LL", 3)}))
    hip_and_other_foot = replace(fresh(), hit_slots=frozenset({("LL", 0), ("RL", 3)}))
    assert walking_mp(5, hip_and_own_foot)[0] == 3
    assert walking_mp(5, hip_and_other_foot)[0] == 3 - 1


def _shutting_down(dice):
    """A standing Hunchback whose heat (30 after its 13 sinks) shuts it down in the heat phase."""
    from rules.core.board import Board
    from rules.battletech.state import GameState
    from rules.battletech.combat.heat import resolve_heat_phase
    from tests.rules.conftest import mech

    state = GameState(Board(16, 17), (mech("A", "0808"),), phase="heat", mechs={"A": replace(fresh(), heat=30 + 13)})
    return resolve_heat_phase(state, dice)


def test_a_mech_that_shuts_down_rolls_piloting_at_plus_three():
    """TW piloting skill roll table, 'reactor shutdown' (+3; MegaMek rolls it the same way): a standing mech
    that shuts down stays standing when its piloting roll (5 + 3) passes, and falls when it fails."""
    after, report = _shutting_down(ScriptedDice(6, 6, 4, 4))  # ammunition avoid roll at 30 heat, then piloting
    assert after.mechs["A"].shutdown and not after.unit("A").prone
    assert any("against 8" in reason and "passes" in reason for reason in report.reasons)
    after, _ = _shutting_down(ScriptedDice(6, 6, 3, 4, 1, 4, 3, 6, 6))  # fails; facing, one 5-point group, pilot
    assert after.mechs["A"].shutdown and after.unit("A").prone


def test_water_cools_the_heat_sinks_in_it_up_to_six_more():
    """Total Warfare (the Solaris VII texts are silent): heat sinks under water dissipate twice, at most 6 more a
    turn. The Hunchback's 13 heat sinks: 2 in each leg, the rest in the torsos and the engine. Standing in depth
    1 only the legs' are in the water (+4); prone in it, or in depth 2, all of them (+13, at most +6); a leg sink
    destroyed is one fewer."""
    from rules.battletech.combat.heat import water_cooling

    hunchback = fresh()
    assert water_cooling(hunchback, 0, False) == (0, None)
    extra, why = water_cooling(hunchback, 1, False)
    assert extra == 4 and why.code == "heat.water_legs" and "Total Warfare" in why
    assert water_cooling(hunchback, 1, True)[0] == water_cooling(hunchback, 2, False)[0] == 6
    leg_sink = next(c for c in hunchback.design.components if c.name == "Heat Sink" and c.location == "LL")
    hit = replace(hunchback, hit_slots=frozenset(("LL", slot) for slot in leg_sink.slots))
    assert water_cooling(hit, 1, False)[0] == 3
    doubled = replace(hunchback, design=replace(hunchback.design, double_heat_sinks=True))
    assert water_cooling(doubled, 1, False)[0] == 6  # 4 double sinks: 8, at most 6


def test_the_heat_phase_counts_the_water_each_mech_stands_in():
    """The heat phase reads each mech's hex: from 10 heat the Hunchback runs (2) and fires its AC/20 (7), 19
    against its 13 heat sinks: 6 on dry land; standing in depth 1 water its 4 leg sinks take 4 more, 2, and the
    reason says why."""
    from rules.battletech.combat.heat import resolve_heat_phase
    from rules.battletech.state import GameState
    from rules.core.board import board_from_cells
    from tests.rules.conftest import mech

    board = board_from_cells(16, 17, {"0505": {"terrain": "water:1"}})
    status = replace(fresh(), heat=10, fired=frozenset(i for i, c in fresh().design.weapons if c.name == "AC/20"))
    for at, left in (("0505", 2), ("0808", 6)):
        state = GameState(board, (mech("A", at),), phase="heat", mechs={"A": status},
                          motions={"A": Motion("run", 3)})
        after, report = resolve_heat_phase(state, ScriptedDice())
        assert after.mechs["A"].heat == left
        assert (report.reasons[0].params["reason"].code == "heat.balance_water") == (at == "0505")
