import { describe, expect, it } from "vitest";
import type { Timeline } from "../protocol";
import { rulings } from "../rulings";

describe("rulings of a resolved phase", () => {
  it("lists the rolls, the order, unusual events, clashes and the rules followed", () => {
    const initiative = [
      { dice: [3, 4], total: 7, reason: "initiative A", target: null },
      { dice: [1, 2], total: 3, reason: "initiative B", target: null },
    ];
    const timeline: Timeline = {
      mode: "pm_by_pm",
      initiative: { order: ["B", "A"], rolls: initiative },
      ticks: [
        [{ unit: "A", kind: "step", from: "0816", to: "0815", facing: 0, mp: 1 }],
        [{ unit: "B", kind: "blocked", from: "0803", to: "0804", facing: 3, mp: 0, target: "A", reason: "0804 is held by A" }],
      ],
      final: { A: { hex: "0815", facing: 0, reasons: ["walked 1 hex"] } },
      conflicts: [{ case: "same_hex", units: ["B", "A"], resolution: "B stops in 0803", hex: "0804" }],
      rolls: [...initiative, { dice: [6, 5], total: 11, reason: "piloting skid", target: 7 }],
      reasons: ["Solaris VII 'Movimiento PM a PM'"],
    };
    expect(rulings(timeline)).toEqual([
      "initiative A: 3 + 4 = 7",
      "initiative B: 1 + 2 = 3",
      "piloting skid: 6 + 5 = 11 (needs 7)",
      "Initiative order: B, A (the loser moves first)",
      "Tick 2: B blocked (A): 0804 is held by A",
      "same_hex (B, A in 0804): B stops in 0803",
      "A: walked 1 hex",
      "Solaris VII 'Movimiento PM a PM'",
    ]);
  });

  it("says nothing it was not told", () => {
    expect(rulings({ mode: "pm_by_pm", ticks: [], final: {} })).toEqual([]);
  });
});
