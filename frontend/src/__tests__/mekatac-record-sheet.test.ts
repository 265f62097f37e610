// @vitest-environment jsdom
// The MEKATAC record sheets (rulesets/mekatac/record-sheet.ts): each meka the view shows, the viewer's own first,
// with its armour, wounds, criticals, weapons with ammunition and rounds, and the cards played on it, in words.
import { afterEach, describe, expect, it } from "vitest";
import type { Snapshot } from "../protocol";
import { type MekaRecord, MekatacRecordSheets, recordLines } from "../rulesets/mekatac/record-sheet";
import { forgetCatalog, speak } from "./gettext";

const meka = (id: string, side: string, more: Partial<MekaRecord> = {}): MekaRecord => ({
  id, side, design: { name: "Sharpshot", size: "medium" }, armour: 38, wounds: 2, destroyed: false,
  criticals: ["computer", "weapon"], broken: [2], loads: { "1": "perforante" }, upgrades: ["blindaje_extra"],
  extra_mp: 4, stuck: false, doubt: true,
  weapons: [
    { index: 0, label: "Lasrifle [F]", ammo: null },
    { index: 1, label: "Lanzamisiles mediano [F]", ammo: 5 },
    { index: 2, label: "Plasgun [F]", ammo: null },
  ],
  ...more,
});

afterEach(forgetCatalog);

describe("a MEKATAC record sheet", () => {
  it("says the meka's armour, wounds, criticals, weapons with their rounds and the cards played on it", () => {
    expect(recordLines(meka("A1", "a"))).toEqual({
      title: "A1 · Sharpshot",
      lines: [
        "Armour 38 · pilot wounds 2 of 6",
        "Criticals: computer hit, weapon destroyed",
        "Lasrifle [F]: unlimited ammunition",
        "Lanzamisiles mediano [F]: 5 shots, armour-piercing",
        "Plasgun [F]: unlimited ammunition, destroyed",
        "Cards played: Blindaje extra, +4 MP more this turn, Duda: the target cannot attack this turn",
      ],
    });
  });

  it("is said in the page's language through the catalog (catalogue.test.ts checks every text has its Spanish)", () => {
    speak({
      "Armour %(armour)s · pilot wounds %(wounds)s of %(most)s": "Blindaje %(armour)s · heridas del piloto %(wounds)s de %(most)s",
      "%(shots)s shots": "%(shots)s disparos", "armour-piercing": "perforante", none: "ninguno",
      "Cards played: %(list)s": "Cartas jugadas: %(list)s",
    });
    const { lines } = recordLines(meka("A1", "a", { criticals: [], upgrades: [], extra_mp: 0, doubt: false }));
    expect(lines).toContain("Blindaje 38 · heridas del piloto 2 de 6");
    expect(lines).toContain("Lanzamisiles mediano [F]: 5 disparos, perforante");
    expect(lines).toContain("Cartas jugadas: ninguno");
  });

  it("lists the viewer's own mekas first", () => {
    const root = document.createElement("section");
    const snapshot = { units: [meka("A1", "a"), meka("B1", "b")], you: { role: "player", side: "b" } };
    new MekatacRecordSheets(root).show(snapshot as unknown as Snapshot);
    expect([...root.querySelectorAll("article")].map((sheet) => (sheet as HTMLElement).dataset.meka)).toEqual(["B1", "A1"]);
    expect(root.hidden).toBe(false);
  });
});
