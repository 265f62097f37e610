// The board's keyboard cursor, as pure arithmetic: which hex an arrow key leads to, and how far the view
// pans to keep that hex on screen. BoardView (map.ts) draws the cursor and announces its hex.

import type { Hex, Point } from "./hex";
import { type View, panBy } from "./viewport";

/** Offset steps per arrow key: up and down a column; left and right to the next column on the same row. */
const ARROW_STEPS: Record<string, readonly [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export function isCursorKey(key: string): boolean {
  return key in ARROW_STEPS;
}

/** The hex an arrow key moves the cursor to from `at`, kept on a board of `width` × `height` hexes. */
export function moveCursor(at: Hex, key: string, width: number, height: number): Hex {
  const [dc, dr] = ARROW_STEPS[key] ?? [0, 0];
  return {
    col: Math.max(0, Math.min(width - 1, at.col + dc)),
    row: Math.max(0, Math.min(height - 1, at.row + dr)),
  };
}

/** The view panned as little as it takes to show `point` with `margin` board units around it. */
export function keepInView(view: View, point: Point, margin: number, board: View): View {
  const dx = Math.min(0, point.x - margin - view.x) + Math.max(0, point.x + margin - (view.x + view.w));
  const dy = Math.min(0, point.y - margin - view.y) + Math.max(0, point.y + margin - (view.y + view.h));
  return dx === 0 && dy === 0 ? view : panBy(view, dx, dy, board);
}
