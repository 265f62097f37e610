// Pan and zoom of the board as pure arithmetic on the SVG viewBox, so it can be tested
// without a browser. The view never zooms out past the whole board nor in past a few hexes.

export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const MAX_ZOOM = 8;

/** Keep the view inside the board: no wider than it, and not panned off it. */
export function clampView(view: View, board: View): View {
  const w = Math.min(board.w, Math.max(board.w / MAX_ZOOM, view.w));
  const h = (w / view.w) * view.h;
  const x = Math.min(board.x + board.w - w, Math.max(board.x, view.x));
  const y = Math.min(board.y + Math.max(board.h - h, 0), Math.max(board.y, view.y));
  return { x, y, w, h };
}

/** Zoom by `factor` (> 1 zooms in) keeping the board point `at` where it is on screen. */
export function zoomAt(view: View, factor: number, at: { x: number; y: number }, board: View): View {
  const w = view.w / factor;
  const h = view.h / factor;
  const x = at.x - ((at.x - view.x) / view.w) * w;
  const y = at.y - ((at.y - view.y) / view.h) * h;
  return clampView({ x, y, w, h }, board);
}

/** Move the view by (dx, dy) board units. */
export function panBy(view: View, dx: number, dy: number, board: View): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, board);
}
