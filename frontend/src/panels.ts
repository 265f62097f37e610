// The order panels a phase shows, chosen from the server's hints (docs/protocol.md "Hints"): the ruleset works
// out which panels the phase offers the viewer and which of their units give an order now; the core only opens
// the ruleset's panels of those names (frontend/src/rulesets/<ruleset>/) and works out no rule itself.

import type { Hex } from "./hex";
import type { BoardView } from "./map";
import type { AttackFrame, ClientFrame, ReactionView, ServerFrame, Snapshot, Timeline, Unit } from "./protocol";

/** What the page lends a ruleset's panels. */
export interface PanelPage {
  /** The match page element (a ruleset finds its panels' markup in it). */
  root: HTMLElement;
  matchId: string;
  send(frame: ClientFrame | AttackFrame): boolean;
  board(): BoardView | null;
  /** Where panels keep things across a reload; null where the browser refuses storage. */
  storage: Storage | null;
}

/** The phase a position asks orders for, turn and phase: the same phase of the next turn is a new order. */
export function phaseKey(snapshot: Snapshot): string {
  return `${snapshot.match.turn}:${snapshot.match.phase}`;
}

/** A ruleset's panels by the names its hints use, and what a click on the board does while they are open. */
export interface RulesetPanels {
  panels: Record<string, Panel>;
  clickHex?(hex: Hex): void;
  /** The open reaction window (or none) as the position now stands: the ruleset may show where it opened. */
  reaction?(view: ReactionView | null, snapshot: Snapshot): void;
  /** Each snapshot, for every viewer: the ruleset's panels that show the position (MEKATAC's record sheets). */
  show?(snapshot: Snapshot): void;
  /** The ruleset's playback in words, where its timeline is not the core's (rulings.ts): the rulings list and log. */
  rulings?(timeline: Timeline): string[];
}

/** What the phase offers one of the viewer's units (the ruleset's UNIT_HINTS: `orders`, and its own keys). */
export interface UnitHints {
  orders: boolean;
  [key: string]: unknown;
}

/** The snapshot's `hints`: the panels the phase shows and each of the viewer's units' hints. */
export interface PhaseHints {
  phase: string;
  panels: string[];
  units: Record<string, UnitHints>;
  split_los?: string[];
}

/** What a panel is opened with: the position, the unit it gives the order for, and that unit's order if any. */
export interface PanelTurn {
  snapshot: Snapshot;
  unit: Unit;
  hints: UnitHints;
  /** The order the unit has submitted this phase (from `my_orders`), or null. */
  submitted: unknown;
}

/** A ruleset's order panel. */
export interface Panel {
  show(turn: PanelTurn): void;
  stop(): void;
  /** The frames that answer the panel's own requests (plotted, order_accepted, reach, error). */
  handle(frame: ServerFrame): void;
  /** The connection dropped: true when a request of the panel was in flight (only a snapshot tells its fate). */
  interrupt(): boolean;
  /** The referee is changing the position under the panel: keep what is being chosen where it still fits. */
  hold(): void;
  /** The unit's order was taken back (`order_withdrawn`): offer it again to edit. */
  reopen(): void;
}

export function phaseHints(snapshot: Snapshot): PhaseHints | null {
  const hints = snapshot.hints as Partial<PhaseHints> | undefined;
  return hints && Array.isArray(hints.panels) && hints.units ? (hints as PhaseHints) : null;
}

/** The unit each panel of the phase is for: the first of the viewer's units the phase asks an order of. */
export function panelsToOpen(snapshot: Snapshot): { panel: string; unit: Unit; hints: UnitHints }[] {
  const hints = phaseHints(snapshot);
  if (!hints || snapshot.match.status !== "in_progress" || snapshot.you.role !== "player") return [];
  const unit = snapshot.units.find((u) => hints.units[u.id]?.orders);
  return unit ? hints.panels.map((panel) => ({ panel, unit, hints: hints.units[unit.id] })) : [];
}

/** The viewer's submitted order for `unit` this phase, or null. */
export function submittedFor(snapshot: Snapshot, unit: string): unknown {
  return snapshot.my_orders.find((order) => (order as { unit?: string }).unit === unit) ?? null;
}

/** The viewer's units whose submitted order may still be taken back: the phase still asks for it and waits. */
export function withdrawable(snapshot: Snapshot): string[] {
  const hints = phaseHints(snapshot);
  if (!hints || snapshot.match.status !== "in_progress" || snapshot.reaction) return [];
  return snapshot.my_orders
    .map((order) => (order as { unit?: string }).unit ?? "")
    .filter((unit) => hints.units[unit]?.orders);
}

/** Opens the ruleset's panels the hints name and closes the others; says whether an order is still owed. */
export function showPanels(panels: Record<string, Panel>, snapshot: Snapshot): boolean {
  const open = panelsToOpen(snapshot);
  let owed = false;
  for (const [name, panel] of Object.entries(panels)) {
    const turn = open.find((entry) => entry.panel === name);
    if (!turn) {
      panel.stop();
      continue;
    }
    const submitted = submittedFor(snapshot, turn.unit.id);
    panel.show({ snapshot, unit: turn.unit, hints: turn.hints, submitted });
    owed ||= submitted === null;
  }
  return owed;
}
