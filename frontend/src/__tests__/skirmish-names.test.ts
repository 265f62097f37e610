// A skirmish troop's name is coded (the view's `name_code`: skirmish.troop_name, its id and its profile's word),
// so a Spanish page says "Z (infantería)" wherever the troop is named (a Spanish page said "Z (infantry)"); the
// board, reaction panel and match summary say it through `unitName` (skirmish-names-dom.test.ts).
import { afterEach, describe, expect, it } from "vitest";
import po from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import type { Unit } from "../protocol";
import { unitName } from "../reasons";
import { forgetCatalog, poEntries, speak } from "./gettext";

// As the skirmish view sends them (rules/rulesets/skirmish/ruleset.py, _shown).
const troop = (id: string, side: string, profile: string, hex: string): Unit => ({
  id, side, kind: "troop", name: `${id} (${profile})`, hex, facing: 0, walk: 0, run: 0,
  name_code: { code: "skirmish.troop_name", params: { unit: id, profile } },
}) as Unit;
const units = [troop("F", "angus", "infantry", "0101"), troop("Z", "yu", "infantry", "0103"), troop("B", "angus", "bike", "0202"),
  troop("T", "yu", "tag", "0303"), troop("V", "yu", "vehicle", "0301")];

afterEach(forgetCatalog);

describe("a skirmish troop's name", () => {
  it("is its id and its profile's word in the page's language", () => {
    expect(units.map(unitName)).toEqual(["F (infantry)", "Z (infantry)", "B (bike)", "T (tag)", "V (vehicle)"]);
    speak(Object.fromEntries(poEntries(po)));
    expect(units.map(unitName)).toEqual(["F (infantería)", "Z (infantería)", "B (moto)", "T (TAG)", "V (vehículo)"]);
    expect(unitName({ name: "Phoenix Hawk" })).toBe("Phoenix Hawk");
  });

});
