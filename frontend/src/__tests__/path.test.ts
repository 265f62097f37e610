import { describe, expect, it } from "vitest";
import { type Facing, hexLabel, neighbour, parseLabel, turn } from "../hex";
import { type Position, applyStep, stepsInto, trace, turnsBetween } from "../path";

const at = (label: string, facing: Facing): Position => ({ hex: parseLabel(label), facing });
const labels = (positions: Position[]) => positions.map((p) => `${hexLabel(p.hex)}/${p.facing}`);

describe("applying steps", () => {
  it("moves forward and back along the facing, turns in place", () => {
    // Column 05 is 0-based 4, an upper column: the north-east neighbour of 0504 is 0603.
    expect(labels(trace(at("0505", 0), ["F", "R", "F", "B", "L", "L"]))).toEqual([
      "0505/0", "0504/0", "0504/1", "0603/1", "0504/1", "0504/0", "0504/5",
    ]);
  });

  it("keeps the facing when backing up", () => {
    const after = applyStep(at("0606", 2), "B");
    expect(after.facing).toBe(2);
    expect(hexLabel(after.hex)).toBe(hexLabel(neighbour(parseLabel("0606"), 5)));
  });
});

describe("turns between facings", () => {
  it("takes the short way round, right on a tie", () => {
    expect(turnsBetween(0, 0)).toEqual([]);
    expect(turnsBetween(0, 1)).toEqual(["R"]);
    expect(turnsBetween(0, 5)).toEqual(["L"]);
    expect(turnsBetween(1, 4)).toEqual(["R", "R", "R"]);
    expect(turnsBetween(4, 2)).toEqual(["L", "L"]);
  });
});

describe("clicking a neighbouring hex", () => {
  const start = at("0808", 0);
  const towards = (facing: Facing) => neighbour(start.hex, facing);

  it("walks straight ahead or straight back", () => {
    expect(stepsInto(start, towards(0), "walk")).toEqual(["F"]);
    expect(stepsInto(start, towards(3), "walk")).toEqual(["B"]);
  });

  it("turns to face a hex ahead-left or ahead-right", () => {
    expect(stepsInto(start, towards(1), "walk")).toEqual(["R", "F"]);
    expect(stepsInto(start, towards(5), "walk")).toEqual(["L", "F"]);
  });

  it("backs into a hex behind-left or behind-right with one turn", () => {
    expect(stepsInto(start, towards(2), "walk")).toEqual(["L", "B"]);
    expect(stepsInto(start, towards(4), "walk")).toEqual(["R", "B"]);
  });

  it("never backs up when running", () => {
    expect(stepsInto(start, towards(3), "run")).toEqual(["R", "R", "R", "F"]);
    expect(stepsInto(start, towards(2), "run")).toEqual(["R", "R", "F"]);
  });

  it("ends in the clicked hex whatever the facing", () => {
    for (const facing of [0, 1, 2, 3, 4, 5] as Facing[]) {
      for (const dir of [0, 1, 2, 3, 4, 5] as Facing[]) {
        const from = at("0707", facing);
        const target = neighbour(from.hex, turn(dir, 0));
        const steps = stepsInto(from, target, "walk")!;
        const end = trace(from, steps).at(-1)!;
        expect(hexLabel(end.hex)).toBe(hexLabel(target));
      }
    }
  });

  it("ignores a hex that is not adjacent", () => {
    expect(stepsInto(start, parseLabel("0810"), "walk")).toBeNull();
    expect(stepsInto(start, start.hex, "walk")).toBeNull();
  });
});
