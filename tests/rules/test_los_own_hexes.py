"""What the attacker's and the target's own hexes do to a shot, line of sight between two units under water, and
rubble (Solaris VII 'Reglas dudosas, la LdV'; Total Warfare's to-hit table where the text is silent). Attacker in
0510, target in 0505, as in test_los.py."""

import pytest

from rules.battletech.sight.los import line_of_sight
from tests.rules.test_los import board, los, mech


@pytest.mark.parametrize("terrain, modifier", [("woods:1", 1), ("woods:2", 2), ("smoke:1", 2), ("woods:1;swamp:1", 1)])
def test_the_targets_own_woods_add_to_the_shot(terrain, modifier):
    """'Los hexágonos que contienen a la unidad atacante y al objetivo no se tienen en cuenta al determinar la
    LdV' is a line-of-sight rule: the target's woods never block the line (Diagram 1, mech D), but Total
    Warfare's to-hit table counts the target's own hex, +1 light and +2 heavy woods (the Solaris VII texts give
    no target-hex modifier); smoke counts as heavy woods 'a efectos de cálculo de modificadores al disparo'."""
    result = los(board(h0505=(0, terrain)))
    assert result.los and result.modifier == modifier
    (item,) = result.modifiers
    assert item.reason.code == "los.mod_target_woods"
    assert any(reason.code == "los.target_woods" and "Total Warfare" in reason for reason in result.reasons)


def test_own_woods_count_for_adjacent_targets_but_not_for_the_attacker_nor_a_woods_hex_target():
    """Adjacent units always see each other ('Unidades adyacentes'), and the target's woods still count; the
    attacker's own woods add nothing (Total Warfare); shooting at the woods hex itself has no target-hex
    modifier: the woods are the target."""
    assert los(board(h0505=(0, "woods:2")), attacker="0506").modifier == 2
    assert los(board(h0510=(0, "woods:2"))).modifier == 0
    terrain = board(h0505=(0, "woods:2"))
    assert line_of_sight(terrain, mech("0510", "A"), mech("0505").hex).modifier == 0


def test_intervening_and_own_woods_add_up_and_a_blocked_line_adds_nothing():
    """Two light woods between (+2) and light woods around the target (+1): +3. Three light woods between block
    the line ('Tres o más hexágonos de bosque disperso intervinientes bloquean la LdV'), whatever the target's."""
    assert los(board(h0508=(0, "woods:1"), h0507=(0, "woods:1"), h0505=(0, "woods:1"))).modifier == 3
    blocked = los(board(h0508=(0, "woods:1"), h0507=(0, "woods:1"), h0506=(0, "woods:1"), h0505=(0, "woods:2")))
    assert not blocked.los and blocked.modifiers == ()


def test_two_mechs_at_depth_two_get_no_cover_from_the_next_water_hex():
    """'La línea de visión se calcula normalmente, tratando los niveles de profundidad como números negativos':
    between two mechs on the bed of depth 2 water (level -1 standing), the next depth 2 hex rises to -2 and its
    surface (level 0) is not a hill: no partial cover, no punch table."""
    lake = {f"h050{row}": (0, "water:2") for row in range(5, 10)}
    result = los(board(h0510=(0, "water:2"), **lake))
    assert result.los and not result.partial_cover and result.modifier == 0


def test_under_water_a_shallower_bed_next_to_the_target_is_a_hill():
    """With depths as negative levels, a depth 1 bed (level -1) next to a mech standing on the bed of depth 2
    (level -1) and between it and the attacker is a hex of its height: partial cover ('Cobertura parcial')."""
    lake = {f"h050{row}": (0, "water:2") for row in range(5, 10)}
    lake["h0506"] = (0, "water:1")
    result = los(board(h0510=(0, "water:2"), **lake))
    assert result.los and result.partial_cover and result.modifier == 3


def test_rubble_has_no_height_of_its_own():
    """'Terreno interviniente': "Sólo aquellas características del terreno que tienen altura, como árboles y
    edificios, pueden interferir en la LdV. Por ejemplo, no lo harían los escombros de un hexágono, aunque el
    propio hexágono que contiene los escombros puede que sí (por su altura)"."""
    assert los(board(h0507=(0, "rubble:1"))).los
    assert not los(board(h0507=(2, "rubble:1"))).los
