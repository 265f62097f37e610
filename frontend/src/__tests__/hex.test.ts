import { describe, expect, it } from "vitest";
import {
  FACINGS,
  distance,
  facingTowards,
  facingVector,
  hexCenter,
  hexLabel,
  neighbour,
  parseLabel,
} from "../hex";
import vectors from "./hex-vectors.json";

// The vectors come from rules/hexes.py (tests/vectors/make_hex_vectors.py), so client and server agree.

describe("hex labels", () => {
  it.each(vectors.labels)("$label is column $col, row $row (0-based) and back", ({ label, col, row }) => {
    expect(parseLabel(label)).toEqual({ col, row });
    expect(hexLabel({ col, row })).toBe(label);
  });

  it("refuses what is not a label", () => {
    for (const bad of ["", "505", "05a5", "0005", "12345", "1000001", "²²²²", "0".repeat(15) + "1"]) {
      expect(() => parseLabel(bad)).toThrow();
    }
  });
});

describe("neighbours and facings agree with rules.hexes", () => {
  const entries = Object.entries(vectors.neighbours);

  it("covers the whole demo board", () => {
    expect(entries).toHaveLength(16 * 17);
  });

  it("has the same neighbour in every facing of every hex", () => {
    for (const [label, expected] of entries) {
      const hex = parseLabel(label);
      const actual = FACINGS.map((f) => {
        const n = neighbour(hex, f);
        return [n.col, n.row];
      });
      expect(actual, label).toEqual(expected);
    }
  });

  it("finds the facing towards each neighbour, and none towards a hex two away", () => {
    for (const [label, expected] of entries) {
      const hex = parseLabel(label);
      expected.forEach(([col, row], facing) => expect(facingTowards(hex, { col, row })).toBe(facing));
      expect(facingTowards(hex, { col: hex.col, row: hex.row + 2 })).toBeNull();
    }
  });
});

describe("distances agree with rules.hexes", () => {
  it("matches every vector", () => {
    for (const [from, to, d] of vectors.distances) {
      expect(distance(parseLabel(from as string), parseLabel(to as string)), `${from}->${to}`).toBe(d);
    }
  });
});

describe("pixel layout", () => {
  const size = 10;

  it("puts printed even columns half a hex lower", () => {
    const top01 = hexCenter(parseLabel("0101"), size);
    const top02 = hexCenter(parseLabel("0201"), size);
    expect(top02.y - top01.y).toBeCloseTo((Math.sqrt(3) * size) / 2);
    expect(top02.x - top01.x).toBeCloseTo(1.5 * size);
  });

  it("places each neighbour one hex away in its facing's direction", () => {
    for (const label of ["0101", "0202", "0808", "0917"]) {
      const hex = parseLabel(label);
      const c = hexCenter(hex, size);
      for (const f of FACINGS) {
        const n = hexCenter(neighbour(hex, f), size);
        const v = facingVector(f);
        expect((n.x - c.x) / (Math.sqrt(3) * size)).toBeCloseTo(v.x);
        expect((n.y - c.y) / (Math.sqrt(3) * size)).toBeCloseTo(v.y);
      }
    }
  });
});
