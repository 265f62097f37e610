"""The target's standing choice of side for a split line of sight (Solaris VII, 'Reglas dudosas, la LdV':
'Si la LdV pasa exactamente entre dos hexágonos … El objetivo seleccionará por cual de los dos pasará la
LdV'), kept in the rules state so every attack on the unit uses it, and set by its controller or, when the
controller is absent, by the referee (issue 7)."""

import pytest

from rules.battletech import codec
from rules.core.board import board_from_cells
from rules.battletech.combat.attacks import WeaponOrder, plan_weapon_attack
from rules.core.errors import RuleError
from rules.battletech.state import GameState, SplitLosSide, choose_split_los
from rules.battletech.sight.los import line_of_sight
from tests.rules.conftest import fresh, mech

# From 0102 to 0302 the line runs exactly between 0201 (left) and 0202 (right); the right hex is woods.
WOODS_ON_THE_RIGHT = {"0202": {"level": 0, "terrain": "woods:1"}}


def duel(facing=2):
    units = (mech("A", "0102", facing, "Hunchback HBK-4G", side="alice"),
             mech("B", "0302", 5, "Centurion CN9-A", side="bob"))
    return GameState(board_from_cells(16, 17, WOODS_ON_THE_RIGHT), units, phase="weapons",
                     mechs={"A": fresh("Hunchback HBK-4G"), "B": fresh("Centurion CN9-A")})


def sight(state):
    return line_of_sight(state, state.unit("A"), state.unit("B"))


def test_without_a_choice_the_side_worse_for_the_attacker_applies():
    result = sight(duel())
    assert result.split and result.side == "right" and result.modifier == 1


def test_the_controllers_standing_choice_is_the_side_every_attack_uses():
    """'El objetivo seleccionará por cual de los dos pasará la LdV': the clear left side, as chosen."""
    result = sight(choose_split_los(duel(), "B", "left"))
    assert result.side == "left" and result.modifier == 0
    assert any("The target's controller chose the left side" in reason for reason in result.reasons)


def test_a_referees_choice_says_the_referee_chose_for_the_absent_controller():
    result = sight(choose_split_los(duel(), "B", "left", by="referee"))
    assert result.side == "left"
    assert any("The referee, deciding for the target's absent controller, chose the left side" in reason
               for reason in result.reasons)


def test_a_side_given_in_the_call_wins_over_the_standing_one_and_a_cleared_choice_falls_back():
    state = choose_split_los(duel(), "B", "left")
    assert line_of_sight(state, state.unit("A"), state.unit("B"), side="right").side == "right"
    assert sight(choose_split_los(state, "B", None)).side == "right"
    assert choose_split_los(state, "B", None).split_los == {}


def test_the_choice_is_only_the_targets():
    """The choice belongs to the target: the same line the other way round (B shooting A) ignores it."""
    state = choose_split_los(duel(), "B", "left")
    reverse = line_of_sight(state, state.unit("B"), state.unit("A"))
    assert reverse.split and not any("chose" in reason for reason in reverse.reasons)


def test_the_weapon_attack_uses_the_choice_and_its_reasons_say_who_chose():
    """The to-hit number of an attack through the split line: light woods +1 only on the right side, the one
    worse for the attacker ('Efectos del terreno interviniente'); nothing once the target's side is the clear
    left one. A +0 line names the side and who chose it."""
    order = WeaponOrder("A", "B", ("Medium Laser",))
    default = plan_weapon_attack(duel(), order)[0].to_hit
    chosen = plan_weapon_attack(choose_split_los(duel(), "B", "left", by="referee"), order)[0].to_hit
    assert default.target == chosen.target + 1
    assert "+1 light woods in 0202" in default.reasons
    assert not any("split line" in reason for reason in default.reasons)
    assert "+0 split line of sight, left side: the referee, deciding for the target's absent controller, " \
           "chose the left side" in chosen.reasons


def test_the_choice_survives_the_state_codec():
    state = choose_split_los(duel(), "B", "right", by="referee")
    back = codec.state_from_json(codec.state_to_json(state))
    assert back.split_los == {"B": SplitLosSide("right", "referee")}
    assert "split_los" not in codec.state_to_json(duel())


@pytest.mark.parametrize(("unit", "side", "by", "code"), [
    ("B", "up", "controller", "los.side"),
    ("B", "left", "spectator", "los.side"),
    ("Z", "left", "controller", "unit.unknown"),
])
def test_a_bad_choice_is_refused_with_a_code(unit, side, by, code):
    with pytest.raises(RuleError) as error:
        choose_split_los(duel(), unit, side, by=by)
    assert error.value.code == code
