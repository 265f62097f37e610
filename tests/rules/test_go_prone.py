"""Going prone (issue 16: every order the rules accept can be given from the page). The Solaris VII texts are
silent; standard BattleTech (Total Warfare, 'Dropping to the ground'): a standing mech drops prone of its own
will for 1 MP, with no piloting roll, and once prone it only turns or stands up (SU) again."""

import pytest

from movement_fixtures import board, plan, refusal, unit
from timeline_fixtures import events, phase, unit as scenario_unit, walk


def test_going_prone_costs_one_pm_and_no_roll():
    path = plan(board(), unit(walk=4), "F", "GP")
    prone = path.steps[-1]
    assert (prone.step, prone.mp, prone.prone, prone.checks) == ("GP", 1, True, ())
    assert path.mp == 2 and "going prone: 1 PM, no roll (standard BattleTech)" in prone.reasons


def test_a_prone_mech_only_turns_or_stands_after_going_prone():
    assert refusal(board(), unit(walk=4), "GP", "F").code == "move.prone"
    assert plan(board(), unit(walk=5), "GP", "L", "SU", "F").mp == 1 + 1 + 2 + 1


@pytest.mark.parametrize("fields", [{"prone": True}, {"kind": "tracked"}, {"kind": "infantry"}])
def test_only_a_standing_mech_goes_prone(fields):
    assert refusal(board(), unit(walk=4, **fields), "GP").code == "move.not_standing"


@pytest.mark.parametrize("mode", ["pm_by_pm", "classic"])
def test_the_phase_leaves_a_mech_that_went_prone_lying_where_it_dropped(mode):
    answer = phase([scenario_unit("A", "0505", kind="mech", walk=4), scenario_unit("B", "0805", kind="mech", walk=4)],
                   [walk("A", "F", "GP"), walk("B")], initiative=["B", "A"], mode=mode)
    assert answer["final"]["A"]["hex"] == "0504" and answer["final"]["A"]["prone"] is True
    assert [event["kind"] for _, event in events(answer, "A")][-1] == "prone"

