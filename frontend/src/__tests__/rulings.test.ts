import { describe, expect, it } from "vitest";
import type { Timeline } from "../protocol";
import { rulings } from "../rulings";

describe("rulings of a resolved phase", () => {
  it("lists the initiative rolls, the order, blocked units and the rules followed", () => {
    const timeline: Timeline = {
      mode: "pm_by_pm",
      initiative: {
        order: ["B", "A"],
        rolls: [
          { dice: [3, 4], total: 7, reason: "initiative A", target: null },
          { dice: [1, 2], total: 3, reason: "initiative B", target: null },
        ],
      },
      ticks: [[], [{ unit: "B", kind: "blocked", from: "0803", to: "0804", facing: 3, mp: 0, reason: "0804 is held by A; movement ends" }]],
      final: {},
      reasons: ["Solaris VII 'Movimiento PM a PM'"],
    };
    expect(rulings(timeline)).toEqual([
      "initiative A: 3 + 4 = 7",
      "initiative B: 1 + 2 = 3",
      "Initiative order: B, A (the loser moves first)",
      "Tick 2: B is blocked: 0804 is held by A; movement ends",
      "Solaris VII 'Movimiento PM a PM'",
    ]);
  });

  it("says nothing it was not told", () => {
    expect(rulings({ mode: "pm_by_pm", ticks: [], final: {} })).toEqual([]);
  });
});
