// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { showSummary } from "../match-summary";
import type { Unit } from "../protocol";

const units = [{ id: "A", side: "alice", name: "Phoenix Hawk" }, { id: "B", side: "bob", name: "Shadow Hawk" }] as Unit[];
const sides = [{ side: "alice", player: "alice", submitted: false }, { side: "bob", player: "bob", submitted: false }];

describe("the end-of-match summary", () => {
  it("tabulates each unit's counts from the server, in the page's words", () => {
    document.body.innerHTML = `<section id="summary" hidden></section>`;
    const root = document.querySelector<HTMLElement>("#summary")!;
    const counts = (shots: number, hits: number, dealt: number, taken: number) =>
      ({ shots, hits, damage_dealt: dealt, damage_taken: taken });
    showSummary(root, { units: { A: counts(4, 3, 17, 9), B: counts(3, 2, 9, 17) } }, units, sides);
    expect(root.hidden).toBe(false);
    const rows = [...root.querySelectorAll("tr")].map((row) => [...row.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Unit", "Shots", "Hits", "Damage dealt", "Damage taken"],
      ["Phoenix Hawk (alice)", "4", "3", "17", "9"],
      ["Shadow Hawk (bob)", "3", "2", "9", "17"],
    ]);
  });

  it("hides when the ruleset counted nothing", () => {
    document.body.innerHTML = `<section id="summary"></section>`;
    const root = document.querySelector<HTMLElement>("#summary")!;
    showSummary(root, {}, units, sides);
    expect(root.hidden).toBe(true);
    showSummary(root, undefined, units, sides);
    expect(root.hidden).toBe(true);
  });
});
