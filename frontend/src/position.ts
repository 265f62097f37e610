// The page's copy of the match, moved on frame by frame. A frame that moves the position (`started`,
// `playback`, `annulled`, `overridden`) carries the viewer's view of the state it left (docs/protocol.md,
// "Frames that move the position"), so the page asks for a snapshot only after a version gap, or for a reaction
// window (what the viewer may answer to it is theirs alone: the snapshot says it).

import type { CrowdFrame, PositionFrame, ServerFrame, Snapshot } from "./protocol";

/**
 * The snapshot as it stands after `frame`, the next event of the match. Null when the frame moves the
 * position without its view (an event logged before frames carried one): only a snapshot tells then.
 */
export function afterFrame(snapshot: Snapshot, frame: Exclude<ServerFrame, CrowdFrame>): Snapshot | null {
  if (frame.type === "snapshot") return frame;
  const next: Snapshot = { ...snapshot, v: frame.v };
  const status = (value: string): Snapshot => ({ ...next, match: { ...next.match, status: value } });
  switch (frame.type) {
    case "started":
      return moved(status("in_progress"), frame, []);
    case "playback":
      return moved({ ...next, last_playback: frame, reaction: null }, frame, []);
    case "annulled":
      return moved({ ...next, reaction: null }, frame, []);
    case "overridden":
      // The phase's orders stand: only the units moved.
      return moved(next, frame, snapshot.my_orders, snapshot.sides);
    case "paused":
      return status("paused");
    case "resumed":
      return status("in_progress");
    case "finished": {
      const over = status("finished");
      return { ...over, match: { ...over.match, result: frame.result } };
    }
    case "submitted":
    case "withdrawn": {
      // The side's own players (and the referee) are sent the order: theirs to show, or to take back.
      const submitted = frame.type === "submitted";
      const unit = frame.order?.unit;
      const others = next.my_orders.filter((order) => order.unit !== unit);
      const orders = !frame.order ? next.my_orders : submitted ? [...others, frame.order] : others;
      const done = sideSubmitted(frame);
      const sides = next.sides.map((side) => (side.side === frame.side ? { ...side, submitted: done } : side));
      return { ...next, sides, my_orders: orders };
    }
    case "reaction_window":
      return null; // what the viewer's own asked units may answer is in the snapshot only
    case "reacted": {
      const open = next.reaction;
      // An answer by a unit the viewer is not shown (a troop in hidden deployment) comes unnamed.
      if (!open || open.window.key !== frame.window || !frame.unit) return next;
      const choices = { ...open.choices };
      delete choices[frame.unit];
      return { ...next, reaction: { ...open, answered: [...open.answered, frame.unit], choices } };
    }
    case "rematch":
      return { ...next, rematch: frame.match };
    case "los_side": {
      const choices = { ...(next.split_los ?? {}) };
      if (frame.side) choices[frame.unit] = { side: frame.side, by: frame.chooser };
      else delete choices[frame.unit];
      return { ...next, split_los: choices };
    }
    default:
      return next;
  }
}

/**
 * Whether a `submitted` or `withdrawn` frame leaves its side with every order given: the server says it
 * (`side_submitted`: a side owes one order per awaited unit, the rules' count, not one order); a frame
 * logged before the field was takes one order for all of them, as the page did then.
 */
export function sideSubmitted(frame: { type: "submitted" | "withdrawn"; side_submitted?: boolean }): boolean {
  return frame.side_submitted ?? frame.type === "submitted";
}

function moved(
  next: Snapshot,
  frame: PositionFrame,
  orders: Snapshot["my_orders"],
  sides: Snapshot["sides"] | null = null,
): Snapshot | null {
  const view = frame.view;
  if (!view) return null;
  const inPlay = next.match.status === "in_progress";
  // A new phase has no orders yet: a side has submitted when the phase awaits none of its units.
  const awaited = new Set(view.units.filter((unit) => view.awaits.includes(unit.id)).map((unit) => unit.side));
  return {
    ...next,
    match: { ...next.match, turn: view.turn, phase: view.phase },
    board: view.board ?? next.board, // left out when the event did not change it
    units: view.units,
    mechs: view.mechs,
    split_los: view.split_los,
    hints: view.hints,
    my_orders: orders,
    sides: sides ?? next.sides.map((side) => ({ ...side, submitted: inPlay && !awaited.has(side.side) })),
  };
}
