"""Where a charge, a death from above or a push leaves the mechs, and jumping MP after jump jet hits.

The Solaris VII texts say who may charge ('En la fase de disparo este jugador podrá intentar una carga (o
muerte desde el cielo si el movimiento es de salto)') but not where the mechs end, so these are the Total
Warfare rules: 'Charge attacks' and 'Death from above attacks' (location after attack), 'Unit
displacement' (domino effect, accidental falls) and the jump jet critical hit.
"""

from dataclasses import replace

from rules.core.board import board_from_cells
from rules.battletech.codec import report_to_json
from rules.battletech.combat.attacks import PhysicalOrder
from rules.battletech.combat.resolve import resolve_physical_attacks
from rules.core.dice import Dice, Roll
from rules.battletech.state import GameState
from rules.battletech.combat.heat import jumping_mp
from rules.core.reasons import reason_code
from rules.rulesets import get_ruleset
from rules.battletech.combat.status import Motion
from tests.rules.conftest import fresh, mech


class Rigged(Dice):
    """Seeded dice, except that a roll whose reason starts with one of ``faces``' keys shows that face on
    every die (the first key that matches wins)."""

    def __init__(self, faces: dict[str, int]) -> None:
        super().__init__("displacement")
        self.faces = faces

    def roll(self, count: int, sides: int, reason: str, target: int | None = None) -> Roll:
        face = next((face for prefix, face in self.faces.items() if reason.startswith(prefix)), None)
        if face is None:
            return super().roll(count, sides, reason, target)
        result = Roll((face,) * count, reason, target, sides)
        self.rolls.append(result)
        return result


HIT = {"to hit": 6, "piloting": 6}
MISS = {"to hit": 1, "piloting": 6}


def duel(kind: str, cells: dict | None = None, third: str = "") -> GameState:
    """A (Phoenix Hawk, jumps 6) in 0808 facing north attacks B in 0807; C, when given, stands in ``third``."""
    units = [mech("A", "0808", 0, "Phoenix Hawk PXH-1", side="alice"), mech("B", "0807", 3, side="bob")]
    if third:
        units.append(mech("C", third, 3, side="bob"))
    motion = Motion("jump", 1) if kind == "dfa" else Motion("run", 3)
    return GameState(board_from_cells(16, 17, cells or {}), tuple(units), phase="physical",
                     mechs={u.id: fresh(u.name) for u in units}, motions={"A": motion})


def attack(state: GameState, kind: str, faces: dict[str, int]):
    return resolve_physical_attacks(state, [PhysicalOrder("A", "B", kind)], Rigged(faces))


def test_a_charge_that_hits_displaces_the_target_and_the_attacker_takes_its_hex():
    """TW charge: the target is displaced one hex in the direction of the charge and the charger moves
    into the hex the target left; the move is in the report and in the state."""
    after, report = attack(duel("charge"), "charge", HIT)
    assert report.attacks[0].hit
    assert (after.unit("A").hex.label, after.unit("B").hex.label) == ("0807", "0806")
    assert after.unit("B").facing == 3  # a displaced unit keeps its facing
    assert {(u, a.label, b.label) for u, a, b in report.displaced} == {("A", "0808", "0807"), ("B", "0807", "0806")}
    combat = report_to_json(get_ruleset("solaris").resolve_phase(duel("charge"), [PhysicalOrder("A", "B", "charge")],
                                                                 Rigged(HIT)))["combat"][0]
    assert {"unit": "B", "from": "0807", "to": "0806"} in combat["displaced"]


def test_a_missed_charge_moves_nobody():
    after, report = attack(duel("charge"), "charge", MISS)
    assert not report.attacks[0].hit and not report.displaced
    assert (after.unit("A").hex.label, after.unit("B").hex.label) == ("0808", "0807")


def test_domino_effect_pushes_the_mech_behind_and_makes_it_roll():
    """TW domino effect: a mech in the hex the target is displaced into is pushed on in the same direction
    and makes a piloting roll (here passed: it does not fall)."""
    after, report = attack(duel("charge", third="0806"), "charge", HIT)
    assert [after.unit(u).hex.label for u in "ABC"] == ["0807", "0806", "0805"]
    reasons = report.attacks[0].reasons
    assert any("C displaced to 0805 (domino effect from B" in r for r in reasons)
    assert any("piloting roll (domino effect)" in r for r in reasons) and not after.unit("C").prone


def test_a_failed_domino_roll_makes_the_pushed_mech_fall():
    """TW domino effect: a failed piloting roll and the pushed mech falls in its new hex."""
    faces = {"to hit": 6, "piloting C: domino": 1, "piloting": 6}
    after, report = attack(duel("charge", third="0806"), "charge", faces)
    assert after.unit("C").hex.label == "0805" and after.unit("C").prone
    assert any("C falls (domino effect)" in r for r in report.attacks[0].reasons)


def test_a_target_that_cannot_be_displaced_keeps_both_mechs_in_place():
    """TW unit displacement: a unit is never displaced into a hex it could not enter (here a cliff two
    levels up); a charged target that cannot move leaves both mechs where they are."""
    after, report = attack(duel("charge", {"0806": {"level": 2}}), "charge", HIT)
    assert (after.unit("A").hex.label, after.unit("B").hex.label) == ("0808", "0807")
    assert "B cannot be displaced: both mechs stay where they are" in report.attacks[0].reasons


def test_a_death_from_above_lands_in_the_target_hex_or_the_nearest_one():
    """TW 'DFA location after attack': the target goes one hex away from the attacker, or, when that hex is
    prohibited, into the hex as close as possible to it; the attacker lands in the target's hex."""
    after, _ = attack(duel("dfa"), "dfa", HIT)
    assert (after.unit("A").hex.label, after.unit("B").hex.label) == ("0807", "0806")
    blocked, _ = attack(duel("dfa", {"0806": {"level": 3}}), "dfa", HIT)
    assert blocked.unit("A").hex.label == "0807"
    assert blocked.unit("B").hex.label == mech("X", "0807").hex.neighbour(5).label  # the hex to the left


def test_a_missed_death_from_above_falls_into_the_target_hex():
    """TW: a death from above that misses: the attacker falls (two levels) into the target's hex, and the
    target is displaced out of it."""
    after, report = attack(duel("dfa"), "dfa", MISS)
    assert not report.attacks[0].hit
    assert after.unit("A").hex.label == "0807" and after.unit("A").prone
    assert after.unit("B").hex.label == "0806"


def test_displaced_two_levels_down_the_target_falls():
    """TW unit displacement: a unit displaced into a hex two or more levels lower falls that far."""
    state = duel("charge", {"0808": {"level": 2}, "0807": {"level": 2}})
    after, report = attack(state, "charge", HIT)
    assert after.unit("B").hex.label == "0806" and after.unit("B").prone
    assert any("B falls (displaced 2 levels down)" in r for r in report.attacks[0].reasons)


def test_displaced_two_levels_down_onto_a_mech_an_accidental_fall_that_hits_lands_on_it():
    """TW 'Accidental falls from above' (the Solaris VII texts are silent; MegaMek resolves it the same way): B,
    charged off a 2-level plateau into 0806 where C stands, rolls against 7 + C's target movement modifier (C
    did not move: +0) + the woods of C's hex (none). A hit: C takes B's tons / 10 (50 t: 5) in 5-point groups
    on the punch table, is displaced on to 0805 and owes a piloting roll; B falls into 0806 on its back (no
    facing roll: turned around, hit on the rear column)."""
    state = duel("charge", {"0808": {"level": 2}, "0807": {"level": 2}}, third="0806")
    after, report = attack(state, "charge", {**HIT, "accidental fall": 6})
    assert [after.unit(u).hex.label for u in "ABC"] == ["0807", "0806", "0805"]
    assert after.unit("B").prone and not after.unit("C").prone
    reasons = report.attacks[0].reasons
    assert any("an accidental fall from above needs 7 (7, +0 for C's 0 hexes moved, +0 for woods" in r for r in reasons)
    assert any(r.startswith("it lands on C: 5 damage (50 tons / 10, rounded up; TW) and falls on its back")
               for r in reasons)
    assert sum(fresh().armour.values()) - sum(after.mechs["C"].armour.values()) == 5
    assert any(r.startswith("B falls (accidental fall from above) and lands on its back") for r in reasons)
    assert not any("facing" in roll.reason for roll in report.rolls) and after.unit("B").facing == 0
    assert any("piloting roll (fallen on from above)" in r for r in report.reasons)
    coded = [*reasons, *report.reasons, *(roll.reason for roll in report.rolls)]
    assert [text for text in coded if reason_code(text)["code"] is None] == []  # rules/reasons.py


def test_the_woods_of_the_hex_below_make_an_accidental_fall_harder():
    """TW 'Accidental falls from above': the target's terrain modifier counts (MegaMek: the target terrain
    modifier): C in heavy woods makes it 7 + 2 = 9, so a roll of 8 misses."""
    cells = {"0808": {"level": 2}, "0807": {"level": 2}, "0806": {"terrain": "woods:2"}}
    after, report = attack(duel("charge", cells, third="0806"), "charge", {**HIT, "accidental fall": 4})
    reasons = report.attacks[0].reasons
    assert any("needs 9 (7, +0 for C's 0 hexes moved, +2 for woods or smoke in its hex" in r for r in reasons)
    assert "it misses C and falls beside it" in reasons and after.mechs["C"] == fresh()


def test_an_accidental_fall_that_misses_lands_beside_the_unit_below():
    """TW 'Accidental falls from above': a miss leaves C untouched and B falls into the next free hex beyond it
    (straight on first: 0805), two levels down."""
    state = duel("charge", {"0808": {"level": 2}, "0807": {"level": 2}}, third="0806")
    after, report = attack(state, "charge", {**HIT, "accidental fall": 1})
    assert [after.unit(u).hex.label for u in "ABC"] == ["0807", "0805", "0806"]
    assert after.mechs["C"] == fresh() and after.unit("B").prone
    assert "it misses C and falls beside it" in report.attacks[0].reasons
    assert any("B falls (accidental fall from above)" in r for r in report.attacks[0].reasons)


def test_a_mech_displaced_into_a_building_damages_its_wall():
    """Solaris VII 'Entrando en Edificaciones': "cuando un BattleMech o un vehículo se mueve a través de una pared
    de un edificio … el edificio sufre daño equivalente al peso de la unidad dividido entre 10": B (50 t),
    charged into the medium building at 0806, costs it 5, settled at the end of the phase (CF 40 → 35)."""
    state = duel("charge", {"0806": {"terrain": "building:2;bldg_cf:40;bldg_elev:2;bldg_basement_type:1"}})
    after, report = attack(state, "charge", HIT)
    assert after.unit("B").hex.label == "0806"
    assert ("the building in 0806 takes 5 as B is displaced through its wall (Solaris VII 'Entrando en "
            "Edificaciones')") in report.attacks[0].reasons
    assert after.board.terrain(after.unit("B").hex).get("bldg_cf") == 35


def test_a_push_into_an_occupied_hex_pushes_the_occupant_on():
    """TW push: the target is displaced one hex straight ahead of the attacker, with the domino effect."""
    after, _ = attack(duel("push", third="0806"), "push", HIT)
    assert [after.unit(u).hex.label for u in "ABC"] == ["0807", "0806", "0805"]


def test_a_push_that_hits_moves_the_attacker_into_the_hex_the_target_left():
    """TW push: the target goes one hex straight ahead of the attacker, which follows into the vacated hex;
    the target makes a piloting roll."""
    after, report = attack(duel("push"), "push", HIT)
    assert (after.unit("A").hex.label, after.unit("B").hex.label) == ("0807", "0806")
    assert after.unit("A").facing == 0 and after.unit("B").facing == 3
    assert {(u, a.label, b.label) for u, a, b in report.displaced} == {("A", "0808", "0807"), ("B", "0807", "0806")}
    assert "A ends in 0807, the hex B left (TW)" in report.attacks[0].reasons
    assert any("piloting roll (hit by a push)" in r for r in report.reasons)


def test_a_push_that_cannot_displace_its_target_moves_nobody():
    """TW push: a target that cannot be displaced (a cliff 2 levels up behind it) stays, and so does the
    attacker; the target still makes its piloting roll."""
    after, report = attack(duel("push", {"0806": {"level": 2}}), "push", HIT)
    assert (after.unit("A").hex.label, after.unit("B").hex.label) == ("0808", "0807")
    assert not report.displaced
    assert any("piloting roll (hit by a push)" in r for r in report.reasons)


def test_two_mechs_pushing_each_other_both_hit_and_neither_moves():
    """TW push: when two mechs push each other and both attacks hit, neither is displaced; both roll."""
    units = [mech("A", "0808", 0, "Phoenix Hawk PXH-1", side="alice"), mech("B", "0807", 3, side="bob")]
    state = GameState(board_from_cells(16, 17, {}), tuple(units), phase="physical",
                      mechs={u.id: fresh(u.name) for u in units})
    orders = [PhysicalOrder("A", "B", "push"), PhysicalOrder("B", "A", "push")]
    after, report = resolve_physical_attacks(state, orders, Rigged(HIT))
    assert all(result.hit for result in report.attacks) and not report.displaced
    assert "A and B push each other and both hit: neither moves (TW)" in report.attacks[0].reasons
    assert sum("piloting roll (hit by a push)" in r for r in report.reasons) == 2


def test_each_jump_jet_destroyed_costs_one_jumping_mp():
    """TW critical hits, jump jet: each one destroyed lowers jumping MP by 1 (heat does not)."""
    status = fresh("Jenner JR7-D")
    jets = [c for c in status.design.components if c.name == "Jump Jet"]
    assert status.design.jump == 5 and jumping_mp(5, replace(status, heat=15)) == (5, [])
    hit = replace(status, hit_slots=frozenset((c.location, c.slots[0]) for c in jets[:2]))
    assert jumping_mp(5, hit)[0] == 3


def test_the_ruleset_gives_units_the_jumping_mp_their_jets_leave():
    """The next movement phase sees the lower jumping MP (TW jump jet critical hit)."""
    status = fresh("Jenner JR7-D")
    jet = next(c for c in status.design.components if c.name == "Jump Jet")
    units = (mech("A", "0808", 0, "Jenner JR7-D", side="alice"), mech("B", "0303", 3, side="bob"))
    state = GameState(board_from_cells(16, 17, {}), units, phase="heat",
                      mechs={"A": replace(status, hit_slots=frozenset({(jet.location, jet.slots[0])})), "B": fresh()})
    after = get_ruleset("solaris").resolve_phase(state, [], Rigged({})).state
    assert after.phase == "movement" and after.unit("A").jump == 4 and after.unit("B").jump == 0


def test_the_ruleset_gives_units_the_walking_mp_heat_and_leg_damage_leave():
    """TW heat scale (5+: −1 MP) and leg damage (a destroyed hip halves walking MP): the next movement
    phase sees the lower walking MP and running MP of 1.5 × that, rounded up."""
    status = fresh("Jenner JR7-D")
    hip = next(c for c in status.design.components if c.name == "Hip")
    units = (mech("A", "0808", 0, "Jenner JR7-D", side="alice"), mech("B", "0303", 3, side="bob"))
    state = GameState(board_from_cells(16, 17, {}), units, phase="heat",
                      mechs={"A": replace(status, hit_slots=frozenset({(hip.location, hip.slots[0])})), "B": fresh()})
    after = get_ruleset("solaris").resolve_phase(state, [], Rigged({})).state
    assert status.design.walk == 7
    assert (after.unit("A").walk, after.unit("A").run) == (4, 6)
    assert after.unit("B").walk == fresh().design.walk


def test_a_mech_displaced_into_water_stands_on_the_bottom_and_rolls():
    """TW unit displacement into water: the mech stands on the bottom of its new hex (Solaris VII 'un
    BattleMech en el agua permanece en el fondo') and makes the water piloting roll ('debe hacer un chequeo de
    pilotaje … para cada hexágono de agua de profundidad 1 o superior al que mueve'), here failed: it falls."""
    faces = {"to hit": 6, "piloting B: displaced into water": 1, "piloting": 6}
    after, report = attack(duel("push", {"0806": {"terrain": "water:2"}}), "push", faces)
    b = after.unit("B")
    assert b.hex.label == "0806" and b.elevation == -2 and b.prone
    reasons = report.attacks[0].reasons
    assert any(r.startswith("piloting roll (displaced into water)") and "depth 2 water" in r for r in reasons)
    assert any(r.startswith("B falls (displaced into water)") for r in reasons)


def test_a_mech_displaced_out_of_water_stands_on_dry_ground():
    """Both in depth 1 water: the target leaves it for dry ground (elevation 0); the pusher follows onto the
    bottom of the hex it left."""
    units = [mech("A", "0808", 0, "Phoenix Hawk PXH-1", side="alice", elevation=-1),
             mech("B", "0807", 3, side="bob", elevation=-1)]
    water = {"terrain": "water:1"}
    state = GameState(board_from_cells(16, 17, {"0808": water, "0807": water}), tuple(units), phase="physical",
                      mechs={u.id: fresh(u.name) for u in units})
    after, _ = attack(state, "push", HIT)
    assert after.unit("B").hex.label == "0806" and after.unit("B").elevation == 0
    assert after.unit("A").hex.label == "0807" and after.unit("A").elevation == -1


def test_a_death_from_above_on_a_prone_target_lands_on_its_back():
    """TW 'Death from above', prone targets (MegaMek resolves it the same way): the damage goes on the
    standard hit location table's rear column, not the punch table. Every 2D6 location roll here is 6, the
    right torso: rear armour goes, front armour stays, though A attacks from B's front."""
    state = duel("dfa")
    state = replace(state, units=(state.unit("A"), replace(state.unit("B"), prone=True)))
    after, report = attack(state, "dfa", {**HIT, "hit location": 3})
    assert report.attacks[0].hit and report.attacks[0].attack.table == "standard"
    assert after.mechs["B"].rear_armour["RT"] == 0
    assert after.mechs["B"].armour["RT"] == fresh().armour["RT"]


def test_a_missed_death_from_above_lands_the_attacker_on_its_back():
    """TW 'Death from above', a miss (MegaMek resolves it the same way): the attacker falls two levels with no
    facing roll, onto its back: turned around, the damage on the rear column, never on front torso armour."""
    after, report = attack(duel("dfa"), "dfa", MISS)
    a, fresh_a = after.mechs["A"], fresh("Phoenix Hawk PXH-1")
    assert after.unit("A").facing == 3
    assert not any(roll.reason.startswith("fall facing A") for roll in report.rolls)
    assert all(a.armour[torso] == fresh_a.armour[torso] for torso in ("CT", "LT", "RT"))
    assert any("lands on its back" in reason for reason in report.attacks[0].reasons)
