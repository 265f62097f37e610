// Every English text the client passes to t() as a literal (and every error code's words) has its Spanish entry in the JavaScript catalog
// (locale/es/LC_MESSAGES/djangojs.po, added by hand: makemessages does not scan the client).
import { describe, expect, it } from "vitest";
import catalog from "../../../locale/es/LC_MESSAGES/djangojs.po?raw";
import { PHYSICAL_CHOICES } from "../rulesets/solaris/attack";
import { PHASE_NAMES } from "../combat-report";
import { ERRORS } from "../i18n";
import { LOCATION_NAMES } from "../rulesets/solaris/record-sheet";

const SOURCES = import.meta.glob<string>(["../*.ts", "../rulesets/**/*.ts"], { query: "?raw", import: "default", eager: true });

/** A .po file's translated msgids (a msgid may run over several quoted lines). */
function translatedIds(po: string): Set<string> {
  const ids = new Set<string>();
  const entry = /msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)msgstr ((?:"(?:[^"\\]|\\.)*"\s*)+)/g;
  const text = (quoted: string) => [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join("");
  for (const [, id, str] of po.matchAll(entry)) if (text(id) && text(str)) ids.add(text(id));
  return ids;
}

/** The string literals passed straight to t() in the client's sources. */
function literalsPassedToT(): string[] {
  return Object.values(SOURCES).flatMap((source) =>
    [...source.matchAll(/\bt\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)),
  );
}

describe("the Spanish catalog of the client", () => {
  const spanish = translatedIds(catalog);

  it("has every text the client translates", () => {
    const texts = [...literalsPassedToT(), ...PHYSICAL_CHOICES.map((choice) => choice.label), ...Object.values(ERRORS),
      ...Object.values(LOCATION_NAMES), ...Object.values(PHASE_NAMES)];
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => !spanish.has(text))).toEqual([]);
  });
});
