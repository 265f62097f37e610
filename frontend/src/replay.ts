// The replay viewer of a finished match: the whole log from `GET /api/matches/<id>/replay/` (docs/protocol.md),
// the phases listed in order, each played back on the board from the position before it.

import { errorText } from "./errors";
import { t } from "./i18n";
import { BoardView } from "./map";
import type { Poses } from "./playback";
import { PlaybackPanel } from "./playback-panel";
import type { Board, PlaybackFrame, Timeline, Unit } from "./protocol";

export interface ReplayPhase {
  v: number;
  turn: number;
  phase: string;
  timeline: Timeline;
  /** The rules state after the phase. */
  state: { units: Unit[] };
  /** Set when the referee annulled the phase: the game went on from the position before it. */
  annulled?: string;
}

export interface Replay {
  match: { id: number; title: string };
  start: { board: Board; units: Unit[] };
  phases: ReplayPhase[];
}

/** The units as they stood before phase `index`: after the last phase before it that was not annulled. */
export function unitsBefore(replay: Replay, index: number): Unit[] {
  const standing = replay.phases.slice(0, index).filter((phase) => !phase.annulled);
  return standing.at(-1)?.state.units ?? replay.start.units;
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
  board.setUnits(replay.start.units);
  const panel = new PlaybackPanel(root.querySelector<HTMLElement>("#playback")!);

  const play = (index: number) => {
    const phase = replay.phases[index];
    const units = unitsBefore(replay, index);
    board.setUnits(units);
    const start: Poses = Object.fromEntries(units.map((u) => [u.id, { hex: u.hex, facing: u.facing }]));
    const frame: PlaybackFrame = { type: "playback", v: phase.v, turn: phase.turn, phase: phase.phase, timeline: phase.timeline };
    root.dataset.playing = String(index);
    phaseButtons.forEach((button, i) => button.toggleAttribute("aria-current", i === index));
    panel.play(frame, start, board, () => {
      board.setUnits(phase.state.units);
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
  root.querySelector("#replay-phases")!.replaceChildren(
    ...replay.phases.map((phase, index) => {
      const item = document.createElement("li");
      item.append(phaseButtons[index]);
      if (phase.annulled) item.append(` ${t("annulled by the referee: %(reason)s", { reason: phase.annulled })}`);
      return item;
    }),
  );
  status.textContent = t("%(count)s phases: pick one to watch it.", { count: replay.phases.length });
  root.dataset.loaded = "true";
}
