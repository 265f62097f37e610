// The replay viewer of a finished match: the whole log from `GET /api/matches/<id>/replay/` (docs/protocol.md),
// the phases listed in order, each played back on the board from the position before it.

import { errorText } from "./errors";
import { t } from "./i18n";
import { BoardView } from "./map";
import type { Poses } from "./playback";
import { PlaybackPanel } from "./playback-panel";
import { resultText, withConditions } from "./combat-report";
import { type MatchSummary, showSummary } from "./match-summary";
import type { Board, MatchResult, PlaybackFrame, SideInfo, Timeline, Unit } from "./protocol";
import type { MechInfo } from "./protocol-combat";

/** What anyone may see of the rules state (the ruleset's view) and its result. */
export interface ReplayPosition {
  board: Board;
  units: Unit[];
  mechs?: Record<string, MechInfo>;
  result?: MatchResult | null;
}

export interface ReplayPhase {
  v: number;
  turn: number;
  phase: string;
  timeline: Timeline;
  /** The position after the phase. */
  state: ReplayPosition;
  /** Set when the referee annulled the phase: the game went on from the position before it. */
  annulled?: string;
}

export interface Replay {
  match: { id: number; title: string; seed_hash: string; result?: MatchResult | null };
  seed: string;
  start: ReplayPosition;
  phases: ReplayPhase[];
  /** Each side's player. */
  players?: Record<string, string>;
  summary?: MatchSummary;
}

/** The position before phase `index`: after the last phase before it that was not annulled. */
export function positionBefore(replay: Replay, index: number): ReplayPosition {
  const standing = replay.phases.slice(0, index).filter((phase) => !phase.annulled);
  return standing.at(-1)?.state ?? replay.start;
}

/** The units of a position as the board marks them: destroyed, shut down. */
export function unitsOf(position: ReplayPosition): Unit[] {
  return withConditions(position.units, position.mechs);
}

/** The SHA-256 of `text` in hex (the browser's digest: only on a secure page, such as https or localhost). */
export async function sha256(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The revealed seed, the hash published at the start, and how anyone checks the one against the other. */
async function showSeed(root: HTMLElement, replay: Replay): Promise<void> {
  const [seed, hash] = [replay.seed, replay.match.seed_hash];
  root.querySelector(".seed")!.textContent = seed;
  root.querySelector(".seed-hash")!.textContent = hash;
  const verdict = root.querySelector<HTMLElement>(".seed-check")!;
  const computed = await sha256(seed);
  verdict.dataset.verified = computed === null ? "unknown" : String(computed === hash);
  verdict.textContent = computed === null
    ? t("This browser cannot compute the hash here; compute it yourself as said below.")
    : computed === hash
      ? t("Checked in this browser: the seed's SHA-256 is the hash published when the match started.")
      : t("The seed's SHA-256 is not the hash published at the start: the dice cannot be trusted.");
}

export async function startReplay(root: HTMLElement): Promise<void> {
  const status = root.querySelector<HTMLElement>("#status")!;
  const response = await fetch(root.dataset.replayUrl!, { headers: { Accept: "application/json" } });
  const body = await response.json();
  if (!response.ok) {
    status.textContent = errorText(body);
    status.dataset.code = body.code;
    return;
  }
  const replay = body as Replay;
  const board = new BoardView(root.querySelector("#board")!, replay.start.board, () => {});
  board.setSides([...new Set(replay.start.units.map((u) => u.side))]);
  board.setUnits(unitsOf(replay.start));
  const panel = new PlaybackPanel(root.querySelector<HTMLElement>("#playback")!);
  const sides: SideInfo[] = Object.entries(replay.players ?? {}).map(([side, player]) => ({ side, player, submitted: false }));
  if (replay.match.result) root.querySelector("#replay-result")!.textContent = resultText(replay.match.result, sides);
  showSummary(root.querySelector<HTMLElement>("#match-summary")!, replay.summary, replay.start.units, sides);
  void showSeed(root.querySelector<HTMLElement>("#replay-seed")!, replay);

  const showStart = () => {
    panel.finish();
    board.setUnits(unitsOf(replay.start));
    root.dataset.played = "start";
    phaseButtons.forEach((button) => button.removeAttribute("aria-current"));
  };

  const play = (index: number) => {
    const phase = replay.phases[index];
    const units = unitsOf(positionBefore(replay, index));
    board.setUnits(units);
    const start: Poses = Object.fromEntries(units.map((u) => [u.id, { hex: u.hex, facing: u.facing }]));
    const frame: PlaybackFrame = { type: "playback", v: phase.v, turn: phase.turn, phase: phase.phase, timeline: phase.timeline };
    root.dataset.playing = String(index);
    phaseButtons.forEach((button, i) => button.toggleAttribute("aria-current", i === index));
    panel.play(frame, start, board, () => {
      board.setUnits(unitsOf(phase.state));
      root.dataset.played = String(index);
    });
  };

  const phaseButtons = replay.phases.map((phase, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t("Turn %(turn)s: %(phase)s", { turn: phase.turn, phase: t(phase.phase) });
    button.addEventListener("click", () => play(index));
    return button;
  });
  const start = document.createElement("button");
  start.type = "button";
  start.dataset.start = "true";
  start.textContent = t("Starting position");
  start.addEventListener("click", showStart);
  root.querySelector("#replay-phases")!.replaceChildren(
    Object.assign(document.createElement("li"), { className: "start" }),
    ...replay.phases.map((phase, index) => {
      const item = document.createElement("li");
      item.append(phaseButtons[index]);
      if (phase.annulled) item.append(` ${t("annulled by the referee: %(reason)s", { reason: phase.annulled })}`);
      return item;
    }),
  );
  root.querySelector("#replay-phases li.start")!.append(start);
  status.textContent = t("%(count)s phases: pick one to watch it.", { count: replay.phases.length });
  root.dataset.loaded = "true";
}
