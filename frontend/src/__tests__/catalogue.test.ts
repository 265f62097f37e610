// Every English text the client passes to t() as a literal (and every error code's template) has its Spanish entry in the JavaScript catalog
// (locale/es/LC_MESSAGES/djangojs.po, added by hand: makemessages does not scan the client).
import { describe, expect, it } from "vitest";
import catalog from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import { PHYSICAL_CHOICES } from "../rulesets/solaris/attack";
import { PHASE_NAMES } from "../combat-report";
import errorCatalogue from "../error-catalogue.json";
import { LOCATION_NAMES } from "../rulesets/solaris/record-sheet";
import { SUMMARY_WORDS } from "../match-summary";
import { MEKATAC_PHASES } from "../rulesets/mekatac/rulings";
import { CRITICAL_NAMES, LOAD_NAMES } from "../rulesets/mekatac/record-sheet";
import { poEntries } from "./gettext";

const SOURCES = import.meta.glob<string>(["../*.ts", "../rulesets/**/*.ts"], { query: "?raw", import: "default", eager: true });

/** The string literals passed straight to t() in the client's sources. */
function literalsPassedToT(): string[] {
  return Object.values(SOURCES).flatMap((source) =>
    [...source.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)),
  );
}

describe("the Spanish catalog of the client", () => {
  const spanish = new Set(poEntries(catalog).keys());

  it("has every text the client translates", () => {
    const texts = [...literalsPassedToT(), ...PHYSICAL_CHOICES.map((choice) => choice.label),
      ...Object.values(errorCatalogue.templates), ...Object.values(LOCATION_NAMES), ...Object.values(PHASE_NAMES),
      ...Object.values(SUMMARY_WORDS), ...Object.values(MEKATAC_PHASES),
      ...Object.values(CRITICAL_NAMES), ...Object.values(LOAD_NAMES)];
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => !spanish.has(text))).toEqual([]);
  });
});
