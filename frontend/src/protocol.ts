// Shapes of the websocket frames described in docs/protocol.md.

import type { CodedError } from "./errors";
import type { MatchSummary } from "./match-summary";
import type { AttackCheck, AttackOrder, CombatReport, MechInfo, Modifier } from "./protocol-combat";
import type { ReasonCode } from "./reasons";

/** `SU` stands a prone mech up, `GP` drops a standing one prone (docs/protocol.md). */
export type Step = "F" | "B" | "L" | "R" | "SU" | "GP";
/** Movement modes (docs/protocol.md): MASC runs at 2 × walk; a jump goes straight to a hex. */
export type Mode = "walk" | "run" | "masc" | "jump";
export type Role = "player" | "spectator" | "referee";

/** A movement order step by step: walking, running or with MASC. */
export interface StepOrder {
  unit: string;
  mode: Exclude<Mode, "jump">;
  steps: Step[];
}

/** A jump: the hex landed in and the facing chosen there. */
export interface JumpOrder {
  unit: string;
  mode: "jump";
  to: string;
  facing: number;
}

export type Order = StepOrder | JumpOrder;

/** A roll a step needs (rules.codec.check_to_json): `target` on 2D6, `reason` the check's code ("stand", "skid"…). */
export interface Check {
  roll: string;
  reason: string;
  target: number;
  reasons?: string[];
  reason_codes?: ReasonCode[];
}

export interface PathStep {
  /** "J" is a whole jump. */
  step: Step | "J";
  hex: string;
  facing: number;
  mp: number;
  prone?: boolean;
  checks?: Check[];
  reasons?: string[];
  reason_codes?: ReasonCode[];
}

export interface Path {
  legal: boolean;
  mp: number;
  moved: string;
  steps: PathStep[];
  end: { hex: string; facing: number };
  reasons?: string[];
  reason_codes?: ReasonCode[];
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
  /** The name coded (skirmish: a troop's id and its profile's word), said in the page's language: `unitName`. */
  name_code?: ReasonCode;
  hex: string;
  facing: number;
  walk: number;
  run: number;
  jump?: number;
  masc?: boolean;
  prone?: boolean;
  stuck?: boolean;
  /** From the unit's mech (`mechs`), for the marker. */
  destroyed?: boolean;
  shutdown?: boolean;
  /** A ruleset's states shown under the marker (skirmish: "unconscious", "engaged", "hidden" …). */
  markers?: string[];
}

export interface MatchResult {
  /** The winning side, "" for a draw. */
  winner: string;
  reason: string;
  reason_code?: ReasonCode;
  victory_points: Record<string, number>;
  turn: number;
}

/**
 * One thing that happened to a unit in a tick of the resolved movement (rules.codec.event_to_json):
 * a `step` into `to`, a `turn` in place, a `skid`, a `fall`, a `roll`… `to` is where the unit is
 * once the event is done, except for `blocked` and `charge`: the hex it did not enter.
 */
export interface TimelineEvent {
  unit: string;
  kind: string;
  from: string;
  to: string;
  facing: number;
  mp: number;
  reason?: string;
  reason_code?: ReasonCode;
  target?: string;
  /** The building hex a `wall`, a skid's `charge` or a `collapse` is about. */
  building?: string;
  rolls?: Roll[];
}

/** A clash between plotted paths and how it was settled (rules.codec.conflict_to_json). */
export interface Conflict {
  case: string;
  units: string[];
  resolution: string;
  resolution_code?: ReasonCode;
  hex?: string;
}

/** One recorded roll of the dice (rules.codec.roll_to_json). */
export interface Roll {
  dice: number[];
  total: number;
  reason: string;
  reason_code?: ReasonCode;
  target: number | null;
}

/** A resolution: the movement keys when there was movement, `combat` when attacks, heat or the end of turn did something. */
export interface Timeline {
  mode?: string;
  /** `order`: unit ids, initiative loser first (it moves first). */
  initiative?: { order: string[]; rolls: Roll[] };
  ticks?: TimelineEvent[][];
  final?: Record<
    string,
    { hex: string; facing: number; prone?: boolean; stuck?: boolean; reasons?: string[]; reason_codes?: ReasonCode[] }
  >;
  combat?: CombatReport[];
  conflicts?: Conflict[];
  /** Every roll of the phase in the order thrown: initiative first. */
  rolls?: Roll[];
  reasons?: string[];
  reason_codes?: ReasonCode[];
}

/**
 * What a frame that moves the position carries (docs/protocol.md): the viewer's view of the state it left
 * (the ruleset's `view`) and the units whose orders the phase now awaits.
 */
export interface PositionView {
  turn: number;
  phase: string;
  /** Left out when the event did not change the board. */
  board?: Board;
  units: Unit[];
  mechs: Record<string, MechInfo>;
  split_los: Record<string, SplitLosChoice>;
  awaits: string[];
  /** What the phase offers this viewer (docs/protocol.md "Hints"), as in the snapshot. */
  hints?: Record<string, unknown>;
}

export interface PlaybackFrame {
  type: "playback";
  v: number;
  turn: number;
  phase: string;
  timeline: Timeline;
  /** Absent only from a snapshot's `last_playback` (the snapshot is the position after it). */
  view?: PositionView;
}

/** The referee's actions; an annulment or a correction moves the position under the page. */
export interface RefereeFrame {
  type: "paused" | "resumed" | "annulled" | "overridden";
  v: number;
  by: string;
  reason: string;
  view?: PositionView;
}

/** The last acceptance started the match: its starting position. */
export interface StartedFrame {
  type: "started";
  v: number;
  view?: PositionView;
}

/** The frames that move the position. */
export type PositionFrame = PlaybackFrame | RefereeFrame | StartedFrame;

export interface MatchInfo {
  id: number;
  status: string;
  ruleset: string;
  turn: number;
  phase: string;
  result?: MatchResult | null;
  /** When the current phase's orders are due (ISO time), or null: no deadline. */
  deadline?: string | null;
  /** The lobby's options (docs/protocol.md "Options"); the client reads the spectator delay. */
  options?: SpectatorDelays;
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
  mechs?: Record<string, MechInfo>;
  sides: SideInfo[];
  you: { role: Role; side: string | null };
  /** What the current phase offers this viewer, worked out by the rules (docs/protocol.md "Hints"). */
  hints?: Record<string, unknown>;
  /** This phase's orders the viewer may see: movement orders or attack orders, by phase. */
  my_orders: (Order | AttackOrder)[];
  last_playback: PlaybackFrame | null;
  /** Each unit's standing split line-of-sight side; a unit without one takes the side worse for the attacker. */
  split_los?: Record<string, SplitLosChoice>;
  /** The referee the host seated in the lobby, if any. */
  seated_referee?: string | null;
  /** The crowd count as of the snapshot (docs/protocol.md `crowd`). */
  spectators?: number;
  /** Once the match is over: the rematch offered after it (its match id), or null (matches/rematch.py). */
  rematch?: number | null;
  /** Once the match is over: the ruleset's end-of-match counts (Solaris: shots, hits, damage dealt and taken). */
  summary?: MatchSummary;
  /** A ruleset with reactions: the window the phase waits on, or null (docs/protocol.md "Reaction windows"). */
  reaction?: ReactionView | null;
}

/** Where a phase's play stopped to ask units of another side for a reaction (rules.core.playback). */
export interface ReactionWindow {
  key: string;
  tick: number;
  trigger: string;
  units: string[];
  reason: string;
  /** The reason coded, for the page's language (absent from windows logged before it). */
  reason_code?: ReasonCode;
}

/** What an asked unit may answer besides passing: a label of the ruleset's, and the order it sends. */
export interface ReactionChoice {
  label: string;
  target?: string;
  /** Where the target is shot at (skirmish: the step where the troop's line of fire to it opened). */
  hex?: string;
  order: unknown;
}

/** The open window as the snapshot shows it: `choices` only for the viewer's asked units still to answer. */
export interface ReactionView {
  window: ReactionWindow;
  deadline: string;
  answered: string[];
  choices: Record<string, ReactionChoice[]>;
}

/** Which of two hexes a line running exactly between them passes through, as seen from the attacker. */
export type LosSide = "left" | "right";

/** A unit's standing split line-of-sight side and who chose it: the unit's player, or the referee for them. */
export interface SplitLosChoice {
  side: LosSide;
  by: "controller" | "referee";
}

/** A unit's split line-of-sight side was set, or cleared (`side` null), by `by` (docs/protocol.md `los_side`). */
export interface LosSideFrame {
  type: "los_side";
  v: number;
  unit: string;
  side: LosSide | null;
  chooser: SplitLosChoice["by"];
  by: string;
  reason?: string;
}

/** Each hex the unit can reach this phase in `mode`, with its cheapest PM (docs/protocol.md `reach`). */
export interface ReachFrame {
  type: "reach";
  v: number;
  unit: string;
  mode: string;
  hexes: Record<string, number>;
  /** The steps of the cheapest legal path to each reachable hex (absent for a jump): plotting by destination. */
  paths?: Record<string, Step[]>;
}

/** The line of sight between two units or hexes (`los`; rules.scenario.los_to_json). */
export interface LosFrame {
  type: "los";
  v: number;
  /** The line runs exactly between two hexes; `side` is the one taken. */
  split?: boolean;
  side?: LosSide | null;
  from: string;
  to: string;
  los: boolean;
  modifier: number;
  modifiers: Modifier[];
  partial_cover: boolean;
  /** The hexes the line crosses, ends excluded. */
  hexes: string[];
  reasons: string[];
  reason_codes?: ReasonCode[];
}

/** How many spectators watch the match (docs/protocol.md `crowd`); it has no version. */
export interface CrowdFrame {
  type: "crowd";
  spectators: number;
}

/** A chat message (docs/protocol.md "Chat"); `player` and `text` come HTML-escaped. Its `v` is not bumped. */
export interface ChatFrame {
  type: "chat";
  v: number;
  id: number;
  room: "players" | "spectators";
  player: string;
  text: string;
  at: string;
}

export type ServerFrame =
  | Snapshot
  | CrowdFrame
  | ChatFrame
  | { type: "chat_sent"; v: number; id: number }
  | PlaybackFrame
  | ReachFrame
  | LosFrame
  | LosSideFrame
  | { type: "los_side_set"; v: number; unit: string; side: LosSide | null; chooser: SplitLosChoice["by"] }
  | { type: "plotted" | "order_accepted"; v: number; order: Order; path: Path }
  | { type: "plotted" | "order_accepted"; v: number; order: AttackOrder; attacks: AttackCheck }
  | { type: "finished"; v: number; result: MatchResult }
  | {
      type: "submitted" | "withdrawn";
      v: number;
      side: string;
      player: string;
      turn: number;
      phase: string;
      order?: Order | AttackOrder;
      /** Whether the side now owes no order for a unit this viewer is shown (absent in frames logged before it). */
      side_submitted?: boolean;
    }
  | { type: "order_withdrawn"; v: number; unit: string }
  | { type: "rematch"; v: number; match: number; by: string }
  | { type: "rematch_opened"; v: number; match: number }
  | { type: "reaction_window"; v: number; turn: number; phase: string; window: ReactionWindow; deadline: string }
  // `unit` is left out for a viewer the ruleset's view does not show it to (a troop in hidden deployment).
  | { type: "reacted"; v: number; window: string; unit?: string; side: string; expired?: boolean }
  | { type: "reaction_accepted"; v: number; window: string; unit: string }
  | RefereeFrame
  | StartedFrame
  | ({ type: "error"; v: number } & CodedError);

export type ClientFrame =
  | { type: "plot"; order: Order; turn: number; phase?: string; v?: number }
  | { type: "submit"; order: Order; turn: number; phase?: string; v?: number }
  | { type: "withdraw"; unit: string; turn: number; phase: string }
  | { type: "rematch" }
  | { type: "react"; window: string; unit: string; order: unknown }
  | { type: "reach"; unit: string; mode: Mode; turn: number }
  | { type: "los"; from: string; to: string }
  | { type: "los_side"; unit: string; side: LosSide | null; reason?: string }
  | { type: "chat"; text: string }
  | { type: "resync" };

/** Attack orders go out like movement ones, always naming their phase (weapons or physical). */
export interface AttackFrame {
  type: "plot" | "submit";
  order: AttackOrder;
  turn: number;
  phase: string;
  /** The version of the position the order was made on (`order.stale_version` when it has changed since). */
  v: number;
}

/** The match options a client reads: how far spectators lag behind (resolved phases or seconds; 0: live). */
export interface SpectatorDelays {
  spectator_delay?: number;
  spectator_delay_seconds?: number;
}
