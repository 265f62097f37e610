// A hex's terrain: MegaMek's notation (`woods:2;swamp:1`, what the server sends and what people type
// into a board) read into features, and said in words for the hex tooltip and screen readers.
import { t } from "./i18n";

export type Feature = [name: string, level: number];

/** `"woods:2;swamp:1"` → [["woods", 2], ["swamp", 1]]; a feature without a level has level 1. */
export function parseTerrain(terrain: string): Feature[] {
  return terrain
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name, level] = part.split(":");
      return [name, level === undefined ? 1 : Number(level)];
    });
}

/**
 * A building's or bridge's construction factor when the hex does not say it: the most its type has
 * (1 light 15, 2 medium 40, 3 heavy 90, 4 hardened 150, as rules/board.py STRUCTURE_TYPES; an unmarked
 * bridge is medium).
 */
const MAX_CF: Record<number, number> = { 1: 15, 2: 40, 3: 90, 4: 150 };
const MEDIUM = 2;

/** The construction factor standing in the hex (a building's, else a bridge's), or null when there is none. */
export function constructionFactor(features: Feature[]): number | null {
  const feature = new Map(features);
  for (const [structure, cf] of [["building", "bldg_cf"], ["bridge", "bridge_cf"]]) {
    if (feature.has(structure)) return feature.get(cf) ?? MAX_CF[feature.get(structure) || MEDIUM];
  }
  return null;
}

// Each type its own sentence: Spanish agrees the adjective with the noun (edificio medio, but the order
// differs from English's "building (medium, CF 40)").
const BUILDINGS: Record<number, (cf: number) => string> = {
  1: (cf) => t("building (light, CF %(cf)s)", { cf }),
  2: (cf) => t("building (medium, CF %(cf)s)", { cf }),
  3: (cf) => t("building (heavy, CF %(cf)s)", { cf }),
  4: (cf) => t("building (hardened, CF %(cf)s)", { cf }),
};
const BRIDGES: Record<number, (cf: number) => string> = {
  1: (cf) => t("bridge (light, CF %(cf)s)", { cf }),
  2: (cf) => t("bridge (medium, CF %(cf)s)", { cf }),
  3: (cf) => t("bridge (heavy, CF %(cf)s)", { cf }),
  4: (cf) => t("bridge (hardened, CF %(cf)s)", { cf }),
};

/** One feature in words; "" for the features that only qualify another (a building's CF) or have no effect. */
function featureInWords([name, level]: Feature, features: Feature[]): string {
  const cf = () => constructionFactor(features) ?? MAX_CF[MEDIUM];
  switch (name) {
    case "woods":
      // Woods 3 is MegaMek's ultra-heavy woods; the Solaris VII text knows light and heavy only.
      return level >= 3 ? t("ultra-heavy woods") : level === 2 ? t("heavy woods") : t("light woods");
    case "water":
      return t("water, depth %(depth)s", { depth: level });
    case "building":
      return (BUILDINGS[level] ?? BUILDINGS[MEDIUM])(cf());
    case "bridge":
      return (BRIDGES[level] ?? BRIDGES[MEDIUM])(cf());
    case "pavement":
      return t("pavement");
    case "road":
      return t("road");
    case "rough":
      return t("rough");
    case "rubble":
      return t("rubble");
    case "swamp":
      return t("swamp");
    case "ice":
      return t("ice");
    case "smoke":
      return level >= 2 ? t("heavy smoke") : t("smoke");
    case "bldg_cf": case "bldg_elev": case "bldg_class": case "bldg_basement_type":
    case "bridge_cf": case "bridge_elev": case "foliage_elev": case "fluff":
      return "";
    default:
      // A feature the client has no words for yet is still named, in the board's notation.
      return `${name}:${level}`;
  }
}

/** The hex's terrain in words, "heavy woods, swamp"; "" for clear ground. */
export function terrainInWords(features: Feature[]): string {
  return features.map((feature) => featureInWords(feature, features)).filter(Boolean).join(", ");
}
