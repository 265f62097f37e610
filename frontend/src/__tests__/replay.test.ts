import { describe, expect, it } from "vitest";
import type { Unit } from "../protocol";
import { type Replay, type ReplayPhase, unitsBefore } from "../replay";

const at = (hex: string): Unit[] => [{ id: "A", side: "alice", kind: "mech", name: "", hex, facing: 0, walk: 5, run: 8 }];
const phase = (turn: number, hex: string, annulled?: string): ReplayPhase => ({
  v: turn, turn, phase: "movement", timeline: { mode: "pm_by_pm", ticks: [], final: {} }, state: { units: at(hex) }, annulled,
});
const replay: Replay = {
  match: { id: 1, title: "" },
  start: { board: { width: 2, height: 2, hexes: {} }, units: at("0101") },
  phases: [phase(1, "0102"), phase(2, "0103", "wrong dice"), phase(2, "0202")],
};

describe("the replay viewer", () => {
  it("starts each phase from the position the one before it left", () => {
    expect(unitsBefore(replay, 0)[0].hex).toBe("0101");
    expect(unitsBefore(replay, 1)[0].hex).toBe("0102");
  });

  it("skips a phase the referee annulled: the game went on from before it", () => {
    expect(unitsBefore(replay, 2)[0].hex).toBe("0102");
  });
});
