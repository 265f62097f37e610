import { describe, expect, it } from "vitest";
import { combatRulings, phaseName, resultText, withConditions } from "../combat-report";
import type { Unit } from "../protocol";
import type { CombatReport, MechInfo } from "../protocol-combat";
import { rulings } from "../rulings";

const laser = { unit: "A", target: "B", attack: "Large Laser [RA]", to_hit: { target: 8, modifiers: [] } };
const REPORTS: CombatReport[] = [
  {
    phase: "weapons",
    attacks: [
      { ...laser, roll: { dice: [1, 3], total: 4, reason: "to hit", target: 8 }, hit: false, damage: 0,
        reasons: ["Large Laser [RA] needs 8: rolled 4", "miss"] },
      { ...laser, unit: "B", target: "A", attack: "AC/5 [LT]", roll: { dice: [5, 6], total: 11, reason: "to hit", target: 8 },
        hit: true, damage: 5, reasons: ["AC/5 [LT] needs 8: rolled 11", "5 damage to A standard location table, front, roll 7: center torso", "5 to center torso armour"] },
    ],
    reasons: ["B: piloting roll 9 against 6: stays standing"],
    rolls: [],
  },
  { phase: "heat", attacks: [], reasons: ["A: heat 14: +2 to hit, -2 MP"], rolls: [] },
];

describe("combat rulings", () => {
  it("gives each attack's roll, hit location and damage, then the phase's own rulings and the heat", () => {
    expect(combatRulings(REPORTS)).toEqual([
      "Weapons: A Large Laser [RA] → B: 1 + 3 = 4 against 8: miss",
      "Weapons: B AC/5 [LT] → A: 5 + 6 = 11 against 8: hit, 5 damage",
      "  5 damage to A standard location table, front, roll 7: center torso",
      "  5 to center torso armour",
      "Weapons: B: piloting roll 9 against 6: stays standing",
      "Heat: A: heat 14: +2 to hit, -2 MP",
    ]);
  });

  it("are part of the rulings of a resolution without movement", () => {
    expect(rulings({ combat: REPORTS })).toHaveLength(6);
  });
});

describe("conditions and the result", () => {
  const mech = (over: Partial<MechInfo>): MechInfo => ({
    design: "", heat: 0, armour: {}, internal: {}, conscious: true, shutdown: false, destroyed: "",
    surrendered: false, active: true, weapons: [], ...over,
  });
  const units: Unit[] = ["A", "B", "C"].map((id) => ({ id, side: id, kind: "mech", name: id, hex: "0101", facing: 0, walk: 4, run: 6 }));

  it("marks destroyed and shut down mechs, and leaves units without a design alone", () => {
    const marked = withConditions(units, { A: mech({ destroyed: "center torso destroyed" }), B: mech({ shutdown: true }) });
    expect(marked.map((u) => [u.destroyed, u.shutdown])).toEqual([[true, false], [false, true], [undefined, undefined]]);
  });

  it("names the winner by player and lists the victory points", () => {
    const sides = [{ side: "alice", player: "Alice", submitted: false }, { side: "bob", player: "Bob", submitted: false }];
    const result = { winner: "alice", reason: "the other side is out of the fight", victory_points: { alice: 7, bob: 2 }, turn: 4 };
    expect(resultText(result, sides)).toBe(
      "Match over after turn 4: Alice wins (the other side is out of the fight). Victory points: Alice 7, Bob 2.",
    );
    expect(resultText({ ...result, winner: "" }, sides)).toContain(": a draw (");
  });
});

describe("a phase in words", () => {
  it("names every ruleset's phases, skirmish's numbered orders too", () => {
    expect(["movement", "weapons", "end", "cards", "preparation", "order-3"].map(phaseName))
      .toEqual(["Movement", "Weapons", "End of turn", "Cards", "Preparation", "Order 3"]);
  });
});
