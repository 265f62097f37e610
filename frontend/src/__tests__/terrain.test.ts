// Terrain in words (issue 8): the tooltip and screen readers say "heavy woods", not `woods:2`.
import { afterEach, describe, expect, it } from "vitest";
import { parseTerrain, terrainInWords } from "../terrain";
import { forgetCatalog, speak } from "./gettext";

const words = (terrain: string) => terrainInWords(parseTerrain(terrain));

afterEach(forgetCatalog);

describe("terrain in words", () => {
  it("reads MegaMek's notation, a bare feature at level 1", () => {
    expect(parseTerrain(" woods:2; swamp ")).toEqual([["woods", 2], ["swamp", 1]]);
  });

  it("names woods by density and water by depth", () => {
    expect(words("woods:1")).toBe("light woods");
    expect(words("woods:2;swamp:1")).toBe("heavy woods, swamp");
    expect(words("water:2")).toBe("water, depth 2");
    expect(words("")).toBe("");
  });

  it("gives a building its type and standing CF, the type's most when the hex does not say", () => {
    expect(words("building:2;bldg_cf:25;bldg_elev:2")).toBe("building (medium, CF 25)");
    expect(words("building:4")).toBe("building (hardened, CF 150)");
    expect(words("bridge:1;bridge_cf:10;bridge_elev:1")).toBe("bridge (light, CF 10)");
  });

  it("keeps the notation for a feature it has no words for", () => {
    expect(words("pavement:1;lava:1")).toBe("pavement, lava:1");
  });

  it("speaks the page's language", () => {
    const spanish: Record<string, string> = {
      "building (medium, CF %(cf)s)": "edificio medio (FC %(cf)s)",
      "water, depth %(depth)s": "agua de profundidad %(depth)s",
    };
    speak(spanish);
    expect(words("building:2;water:1")).toBe("edificio medio (FC 40), agua de profundidad 1");
  });
});
