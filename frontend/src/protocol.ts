// Shapes of the websocket frames described in docs/protocol.md.

export type Step = "F" | "B" | "L" | "R";
export type Mode = "walk" | "run";
export type Role = "player" | "spectator" | "referee";

export interface Order {
  unit: string;
  mode: Mode;
  steps: Step[];
}

export interface PathStep {
  step: Step;
  hex: string;
  facing: number;
  mp: number;
  reasons?: string[];
}

export interface Path {
  legal: boolean;
  mp: number;
  moved: Mode;
  steps: PathStep[];
  end: { hex: string; facing: number };
  reasons?: string[];
}

export interface HexInfo {
  level: number;
  terrain: string;
}

export interface Board {
  width: number;
  height: number;
  hexes: Record<string, HexInfo>;
}

export interface Unit {
  id: string;
  side: string;
  kind: string;
  name: string;
  hex: string;
  facing: number;
  walk: number;
  run: number;
  prone?: boolean;
  stuck?: boolean;
}

/**
 * One thing a unit did in a tick of the resolved movement (rules.codec.event_to_json):
 * a `step` into `to`, a `turn` in place, or `blocked` short of `to` (it stays in `from`).
 */
export interface TimelineEvent {
  unit: string;
  kind: "step" | "turn" | "blocked";
  from: string;
  to: string;
  facing: number;
  mp: number;
  reason?: string;
}

/** One recorded roll of the dice (rules.codec.roll_to_json). */
export interface Roll {
  dice: number[];
  total: number;
  reason: string;
  target: number | null;
}

export interface Timeline {
  mode: string;
  /** `order`: unit ids, initiative loser first (it moves first). */
  initiative?: { order: string[]; rolls: Roll[] };
  ticks: TimelineEvent[][];
  final: Record<string, { hex: string; facing: number }>;
  reasons?: string[];
}

export interface PlaybackFrame {
  type: "playback";
  v: number;
  turn: number;
  phase: string;
  timeline: Timeline;
}

export interface MatchInfo {
  id: number;
  status: string;
  ruleset: string;
  turn: number;
  phase: string;
}

export interface SideInfo {
  side: string;
  player: string;
  submitted: boolean;
}

export interface Snapshot {
  type: "snapshot";
  v: number;
  match: MatchInfo;
  board: Board;
  units: Unit[];
  sides: SideInfo[];
  you: { role: Role; side: string | null };
  my_orders: Order[];
  last_playback: PlaybackFrame | null;
}

export type ServerFrame =
  | Snapshot
  | PlaybackFrame
  | { type: "plotted"; v: number; order: Order; path: Path }
  | { type: "order_accepted"; v: number; order: Order; path: Path }
  | { type: "submitted"; v: number; side: string; player: string; turn: number; phase: string }
  | { type: "error"; v: number; code: string; message: string };

export type ClientFrame =
  | { type: "plot"; order: Order; turn: number }
  | { type: "submit"; order: Order; turn: number }
  | { type: "resync" };
