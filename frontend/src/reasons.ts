// Rulings in the player's language. The server sends each reason twice: its English text and, beside
// it, `{code, params}` (docs/protocol.md, "Reason codes"). The English templates come from the rules
// library (reason-catalogue.json, generated from rules/reasons.py) and go through `t()`, so the
// Spanish text is in Django's JS catalog like every other string. An unknown code shows the English.

import catalogue from "./reason-catalogue.json";
import { t } from "./i18n";

export interface ReasonCode {
  code: string | null;
  params: Record<string, ReasonParam>;
}

/** A list (an error's parameter) is said as its items joined by commas. */
export type ReasonParam = string | number | ReasonCode | (string | number)[];

const TEMPLATES: Record<string, string> = catalogue.templates;
const WORDS = new Set<string>(catalogue.words);

/**
 * The coded reason in the page's language, or null when this client does not know a code in it; `templates`
 * is where its own code is looked up (the error catalogue for an error), its clauses are reasons.
 */
export function render(coded: ReasonCode, templates: Record<string, string> = TEMPLATES): string | null {
  if (coded.code === null || !(coded.code in templates)) return null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(coded.params)) {
    const text = Array.isArray(value) ? value.join(", ")
      : typeof value === "object" ? render(value) : WORDS.has(String(value)) ? t(String(value)) : String(value);
    if (text === null) return null;
    values[name] = text;
  }
  return t(templates[coded.code], values);
}

/** One reason: translated from its code when there is one this client knows, else the server's English. */
export function reasonText(english: string, coded?: ReasonCode | null): string {
  return (coded && render(coded)) ?? english;
}

/**
 * A unit's name in the page's language: its coded name when the view gives one ("Z (infantería)"), else as sent,
 * else its id (a ruleset whose units have no name: the Sentry test game's troopers).
 */
export function unitName(unit: { id?: string; name?: string; name_code?: ReasonCode | null }): string {
  return reasonText(unit.name ?? unit.id ?? "", unit.name_code);
}

/** A list of reasons with their parallel `reason_codes` (absent from older frames: English as sent). */
export function reasonsText(english: string[] | undefined, codes?: ReasonCode[]): string[] {
  return (english ?? []).map((text, index) => reasonText(text, codes?.[index]));
}
