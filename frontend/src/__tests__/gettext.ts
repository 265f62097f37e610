// The page's JavaScript catalog (/jsi18n/ defines `gettext` on the page) for the tests of translated text:
// a few entries, every other text left in English.

type Page = { gettext?: (text: string) => string };

/** Translates through `entries` until `forgetCatalog`. */
export function speak(entries: Record<string, string>): void {
  (globalThis as Page).gettext = (text) => (Object.hasOwn(entries, text) ? entries[text] : text);
}

/** No catalog: English, as on a page without one. */
export function forgetCatalog(): void {
  delete (globalThis as Page).gettext;
}

/** A .po file's translated entries, msgid → msgstr, the way /jsi18n/ serves them (a msgid may run over lines). */
export function poEntries(po: string): Map<string, string> {
  const entries = new Map<string, string>();
  const text = (quoted: string) => [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join("");
  for (const [, id, str] of po.matchAll(/msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)msgstr ((?:"(?:[^"\\]|\\.)*"\s*)+)/g)) {
    if (text(id) && text(str)) entries.set(text(id), text(str));
  }
  return entries;
}
