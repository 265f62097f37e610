import { describe, expect, it } from "vitest";
import recorded from "./match-page-frames.json";
import { OwedTurn } from "../owed";
import type { Order, Snapshot } from "../protocol";

// bob's snapshot of the movement phase (version 0): it asks bob for B's move.
const movement = recorded.bob[0] as unknown as Snapshot;
const at = (v: number, my_orders: Order[] = []): Snapshot => ({ ...movement, v, my_orders });
const move: Order = { unit: "B", mode: "walk", steps: [] };

describe("what the your-turn cue says is owed", () => {
  it("is the move the phase asks for, until the order is among the viewer's orders", () => {
    const owed = new OwedTurn();
    expect(owed.owes(at(0))).toBe(true);
    expect(owed.owes(at(1, [move]))).toBe(false);
    expect(owed.owes(null)).toBe(false);
  });

  it("counts an accepted order as given while the position shown is older than the reply", () => {
    const owed = new OwedTurn();
    owed.accept("B", 4);
    expect(owed.owes(at(3))).toBe(false); // the events of the order are on their way (or a snapshot older)
    expect(owed.owes(at(4, [move]))).toBe(false);
    // From the reply's version on the position decides: the order taken back, the unit owes one again.
    expect(owed.owes(at(5))).toBe(true);
  });

  it("lets the position decide once it has reached the reply's version", () => {
    const owed = new OwedTurn();
    owed.accept("B", 4);
    // The broadcast came first: the phase resolved at version 4 and the next one asks B for a new order.
    expect(owed.owes(at(4))).toBe(true);
    expect(owed.owes(at(3))).toBe(true); // the reply is forgotten once reached
  });
});
