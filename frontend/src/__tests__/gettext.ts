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
