// Entry of the client benchmark bundle (vite.bench.config.ts, driven by bench/bench_client.py):
// first render of a board and the frame times of a playback, in a real browser.

import "./app.css";
import { BoardView } from "./map";
import { Player, playbackFrames } from "./playback";
import type { Board, Timeline, Unit } from "./protocol";

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** Resolves after the next paint: a task queued from a frame callback runs once that frame is drawn. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function draw(board: Board, units: Unit[]): BoardView {
  const view = new BoardView(document.querySelector("#board")!, board, () => {});
  view.setSides([...new Set(units.map((u) => u.side))]);
  view.setUnits(units);
  return view;
}

/** Milliseconds from nothing on screen to the board and its units painted. */
async function firstRender(board: Board, units: Unit[]): Promise<number> {
  const start = performance.now();
  draw(board, units);
  await afterPaint();
  return performance.now() - start;
}

/** The gaps between animation frames (ms) while a phase plays back, transitions included. */
async function playback(board: Board, units: Unit[], timeline: Timeline, tickMs: number): Promise<number[]> {
  const view = draw(board, units);
  await afterPaint();
  const start = Object.fromEntries(units.map((u) => [u.id, { hex: u.hex, facing: u.facing }]));
  let finished = false;
  const player = new Player(
    playbackFrames(start, timeline),
    {
      show: (poses) => {
        for (const [unit, pose] of Object.entries(poses)) view.place(unit, pose, true);
      },
      finished: () => (finished = true),
    },
    tickMs,
  );
  const gaps: number[] = [];
  let last = await nextFrame();
  player.play();
  const settle = last + 1e9;
  let end = settle;
  while (last < end) {
    const now = await nextFrame();
    gaps.push(now - last);
    last = now;
    if (finished && end === settle) end = now + 500; // let the last transition finish
  }
  return gaps;
}

(window as unknown as { arbitroBench: unknown }).arbitroBench = { firstRender, playback };
