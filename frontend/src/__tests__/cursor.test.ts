import { describe, expect, it } from "vitest";
import { isCursorKey, keepInView, moveCursor } from "../cursor";
import { hexLabel, parseLabel } from "../hex";
import type { View } from "../viewport";

const move = (label: string, key: string) => hexLabel(moveCursor(parseLabel(label), key, 16, 17));

describe("the keyboard cursor", () => {
  it("goes up and down a column, left and right along a row", () => {
    expect(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].map((key) => move("0808", key))).toEqual([
      "0807", "0809", "0708", "0908",
    ]);
  });

  it("stays on the board at its edges", () => {
    expect(move("0101", "ArrowUp")).toBe("0101");
    expect(move("0101", "ArrowLeft")).toBe("0101");
    expect(move("1617", "ArrowDown")).toBe("1617");
    expect(move("1617", "ArrowRight")).toBe("1617");
  });

  it("answers only to the arrows", () => {
    expect(isCursorKey("ArrowLeft")).toBe(true);
    expect(isCursorKey("w")).toBe(false);
    expect(move("0808", "Enter")).toBe("0808");
  });
});

describe("keeping the cursor in view", () => {
  const board: View = { x: 0, y: 0, w: 1000, h: 1000 };
  const view: View = { x: 200, y: 200, w: 400, h: 400 };

  it("leaves the view alone while the hex shows", () => {
    expect(keepInView(view, { x: 400, y: 400 }, 50, board)).toBe(view);
  });

  it("pans just far enough to show a hex past the edge, with the margin", () => {
    expect(keepInView(view, { x: 620, y: 400 }, 50, board)).toEqual({ x: 270, y: 200, w: 400, h: 400 });
    expect(keepInView(view, { x: 400, y: 180 }, 50, board)).toEqual({ x: 200, y: 130, w: 400, h: 400 });
  });

  it("never pans off the board", () => {
    expect(keepInView(view, { x: 990, y: 990 }, 50, board)).toEqual({ x: 600, y: 600, w: 400, h: 400 });
  });
});
