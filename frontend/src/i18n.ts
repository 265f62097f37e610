// The client's words go through Django's JavaScript catalog (`/jsi18n/`, loaded before the bundle by
// base.html), which defines `gettext` for the page's language. Without it (tests, the
// benchmark page) the English source text is shown as it is.

type Gettext = (text: string) => string;

/**
 * The text in the page's language; `%(name)s` placeholders (Django's style) are filled from `values`, and
 * `%(name)r` with the value quoted (a name the player typed, as the server's English shows it).
 */
export function t(text: string, values: Record<string, unknown> = {}): string {
  const gettext = (globalThis as { gettext?: Gettext }).gettext;
  const translated = typeof gettext === "function" ? gettext(text) : text;
  return translated.replace(/%\((\w+)\)([sr])/g, (whole, name: string, shown: string) =>
    name in values ? (shown === "r" ? `'${String(values[name])}'` : String(values[name])) : whole);
}

/** Timeline event kinds (docs/scenario.md, movement_phase) as people say them. */
const EVENT_KINDS: Record<string, string> = {
  step: "step",
  turn: "turn",
  stand: "stands up",
  prone: "goes prone",
  floor: "changes floor",
  climb: "climbing",
  blocked: "blocked",
  charge: "charge",
  roll: "roll",
  stuck: "stuck",
  freed: "freed",
  fall: "falls",
  skid: "skids",
  damage: "damage",
  immobile: "immobile",
  collapse: "collapse",
  wall: "wall",
  basement: "basement",
};

export function eventKindText(kind: string): string {
  return kind in EVENT_KINDS ? t(EVENT_KINDS[kind]) : kind;
}
