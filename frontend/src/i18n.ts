// The client's words go through Django's JavaScript catalog (`/jsi18n/`, loaded before the bundle by
// base.html), which defines `gettext` for the page's language. Without it (tests, the
// benchmark page) the English source text is shown as it is.

type Gettext = (text: string) => string;

/** The text in the page's language; `%(name)s` placeholders (Django's style) are filled from `values`. */
export function t(text: string, values: Record<string, unknown> = {}): string {
  const gettext = (globalThis as { gettext?: Gettext }).gettext;
  const translated = typeof gettext === "function" ? gettext(text) : text;
  return translated.replace(/%\((\w+)\)s/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Words for the server's stable codes. The server's own message is English and stays the fallback for a
 * code the client does not know yet.
 */
const ERRORS: Record<string, string> = {
  "message.malformed": "That message could not be read.",
  "message.unknown_type": "The server does not know that request.",
  "order.spectator": "Only a player seated in this match can send orders.",
  "order.not_your_unit": "That unit is not yours to command.",
  "order.phase_closed": "That phase is over; orders go to the current phase.",
  "order.already_submitted": "That unit already has its order.",
  "move.insufficient_mp": "Not enough movement points for that step.",
  "move.off_board": "That step leaves the board.",
  "move.run_backwards": "No unit may run backwards.",
  "move.illegal": "The rules do not allow that path.",
  "unit.unknown": "There is no such unit.",
  "board.invalid_hex": "That is not a hex label (CCRR).",
  "board.off_board": "That hex is off the board.",
  "match.not_found": "There is no such match.",
  "socket.closed": "The connection dropped before the server answered.",
  "server.error": "Something went wrong on the server.",
};

export function errorText(code: string, fallback: string): string {
  return code in ERRORS ? t(ERRORS[code]) : fallback;
}

/** Timeline event kinds (docs/scenario.md, movement_phase) as people say them. */
const EVENT_KINDS: Record<string, string> = {
  step: "step",
  turn: "turn",
  stand: "stands up",
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
