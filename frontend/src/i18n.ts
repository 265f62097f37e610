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
export const ERRORS: Record<string, string> = {
  "message.malformed": "That message could not be read.",
  "message.unknown_type": "The server does not know that request.",
  "order.spectator": "Only a player seated in this match can send orders.",
  "order.not_your_unit": "That unit is not yours to command.",
  "order.phase_closed": "That phase is over; orders go to the current phase.",
  "order.already_submitted": "That unit already has its order.",
  "order.stale_version": "Your order was made on an old position: the board has been brought up to date.",
  "move.insufficient_mp": "Not enough movement points for that step.",
  "move.off_board": "That step leaves the board.",
  "move.run_backwards": "No unit may run backwards.",
  "move.illegal": "The rules do not allow that path.",
  "move.prohibited_terrain": "That unit may not enter that terrain.",
  "move.too_steep": "Too steep: vehicles and infantry change at most 1 level per step.",
  "move.climb_needs_hand": "Climbing needs a free working hand.",
  "move.climb_while_running": "Only walking movement points may be used to climb.",
  "move.climbing": "A climbing mech can only go on up.",
  "move.building_level": "That level change is not possible in or out of this building.",
  "move.prone": "A prone mech must stand up first.",
  "move.not_prone": "Only a prone mech stands up.",
  "move.not_standing": "Only a standing mech goes prone.",
  "move.legs_frozen": "Its legs are frozen by MASC for the rest of the match.",
  "move.no_masc": "That mech has no MASC.",
  "move.no_jump": "That mech has no jump jets.",
  "move.jump_underwater": "Jump jets cannot fire under water.",
  "move.water_while_running": "A path through water of depth 1 or more may use walking movement points only.",
  "move.backward_level": "A unit cannot change levels while moving backwards.",
  "move.jump_too_high": "That jump would rise more levels than the mech's jumping movement points.",
  "move.unknown_step": "That is not a step the rules know.",
  "attack.no_los": "There is no line of sight to that target.",
  "attack.out_of_arc": "That weapon cannot bear on the target from its firing arc.",
  "attack.out_of_range": "The target is out of that weapon's range.",
  "attack.already_fired": "That weapon has already fired this turn.",
  "attack.weapon_destroyed": "That weapon is destroyed.",
  "attack.unknown_weapon": "That mech has no such weapon.",
  "attack.no_ammo": "That weapon has no ammunition left.",
  "attack.prone_leg_weapon": "A prone mech cannot fire leg-mounted weapons.",
  "attack.climbing_front_weapon": "A climbing mech fires only its rear-mounted weapons.",
  "attack.prone_arm_missing": "A prone mech missing an arm cannot prop itself up to fire.",
  "attack.prone_both_arms": "A prone mech props itself on one arm: it fires the weapons of one arm only.",
  "attack.physical_not_allowed": "The rules do not allow that physical attack now.",
  "attack.self": "A mech cannot attack itself.",
  "attack.target_destroyed": "That target is already destroyed.",
  "attack.cannot_act": "That mech cannot attack this turn.",
  "los_side.not_yours": "Only the unit's player, or the referee, picks its side.",
  "los_side.wrong_status": "The side can be picked only while the match is being played or paused.",
  "referee.only": "Only the match's referee may do that.",
  "referee.reason": "Give a reason; it is logged.",
  "referee.wrong_status": "The referee cannot do that in the match's present state.",
  "referee.nothing_to_annul": "There is no resolved phase to annul.",
  "referee.bad_changes": "Those changes cannot be applied to the unit.",
  "referee.hex_occupied": "Another unit stands in that hex: two units never share a hex.",
  "chat.anonymous": "Log in to chat.",
  "chat.malformed": "A chat message is a line of text, not too long.",
  "chat.rate_limited": "Too many chat messages; wait a moment.",
  "message.rate_limited": "Too many requests; wait a moment.",
  "unit.unknown": "There is no such unit.",
  "board.invalid_hex": "That is not a hex label (CCRR).",
  "board.off_board": "That hex is off the board.",
  "match.not_found": "There is no such match.",
  "message.too_large": "That request is too large.",
  "status.unknown": "There is no such match status.",
  "pilots.malformed": "A pilot's gunnery and piloting are whole numbers from 0 to 8.",
  "api.not_found": "There is no such thing here.",
  "auth.required": "Log in first.",
  "referee.unknown_action": "The referee can pause, resume, annul or override, nothing else.",
  "replay.not_finished": "A match can be replayed once it has finished.",
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
