import { describe, expect, it } from "vitest";
import type { Unit } from "../protocol";
import type { MechInfo } from "../protocol-combat";
import { type Replay, type ReplayPhase, positionBefore, sha256, unitsOf } from "../replay";

const board = { width: 2, height: 2, hexes: {} };
const at = (hex: string): Unit[] => [{ id: "A", side: "alice", kind: "mech", name: "", hex, facing: 0, walk: 5, run: 8 }];
const phase = (turn: number, hex: string, annulled?: string): ReplayPhase => ({
  v: turn, turn, phase: "movement", timeline: { mode: "pm_by_pm", ticks: [], final: {} }, state: { board, units: at(hex) }, annulled,
});
const replay: Replay = {
  match: { id: 1, title: "", seed_hash: "" },
  seed: "",
  start: { board, units: at("0101") },
  phases: [phase(1, "0102"), phase(2, "0103", "wrong dice"), phase(2, "0202")],
};

describe("the replay viewer", () => {
  it("starts each phase from the position the one before it left", () => {
    expect(positionBefore(replay, 0).units[0].hex).toBe("0101");
    expect(positionBefore(replay, 1).units[0].hex).toBe("0102");
  });

  it("skips a phase the referee annulled: the game went on from before it", () => {
    expect(positionBefore(replay, 2).units[0].hex).toBe("0102");
  });

  it("marks the units a position shows destroyed", () => {
    const mechs = { A: { destroyed: "center torso destroyed", shutdown: false } as unknown as MechInfo };
    expect(unitsOf({ board, units: at("0101"), mechs })[0].destroyed).toBe(true);
    expect(unitsOf({ board, units: at("0101") })[0].destroyed).toBeUndefined();
  });

  it("computes the revealed seed's SHA-256 as the server published it", async () => {
    // FIPS 180-2's example: SHA-256("abc").
    expect(await sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
