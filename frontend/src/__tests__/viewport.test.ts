import { describe, expect, it } from "vitest";
import { type View, clampView, panBy, zoomAt } from "../viewport";

const board: View = { x: 0, y: 0, w: 800, h: 1000 };

describe("board viewport", () => {
  it("zooms in around a point that stays put on screen", () => {
    const view = zoomAt(board, 2, { x: 200, y: 500 }, board);
    expect(view).toEqual({ x: 100, y: 250, w: 400, h: 500 });
    // 200 was a quarter of the way across; it still is.
    expect((200 - view.x) / view.w).toBeCloseTo(0.25);
  });

  it("never zooms out past the whole board", () => {
    expect(zoomAt(board, 0.5, { x: 400, y: 500 }, board)).toEqual(board);
  });

  it("never zooms in past eight times", () => {
    const view = zoomAt(board, 100, { x: 400, y: 500 }, board);
    expect(view.w).toBe(100);
    expect(view.h).toBe(125);
  });

  it("pans, but not off the board", () => {
    const zoomed = zoomAt(board, 2, { x: 400, y: 500 }, board);
    expect(panBy(zoomed, 50, -20, board)).toEqual({ ...zoomed, x: zoomed.x + 50, y: zoomed.y - 20 });
    expect(panBy(zoomed, -5000, 5000, board)).toEqual({ ...zoomed, x: 0, y: 500 });
  });

  it("leaves a view that fits alone", () => {
    expect(clampView(board, board)).toEqual(board);
  });
});
