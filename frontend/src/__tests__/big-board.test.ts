// @vitest-environment jsdom
// Boards larger than 32×34 (issue 8, "fits 16×17 up to 32×34 and larger"): a 64×64 board, the largest
// the CCRR hex numbers can name with room to spare, is drawn whole, fits the view and keeps the pan and
// zoom limits.
import { beforeAll, describe, expect, it } from "vitest";
import { BoardView } from "../map";
import type { Board } from "../protocol";

const SIDE = 64;
const SIZE = 32; // map.ts's hex circumradius in board units
const WIDTH = SIZE * (1.5 * (SIDE - 1) + 2);
const HEIGHT = Math.sqrt(3) * SIZE * (SIDE + 0.5);

const board: Board = {
  width: SIDE,
  height: SIDE,
  hexes: { "6464": { level: 3, terrain: "woods:2" }, "0164": { level: 0, terrain: "water:2" } },
};

let view: BoardView;
const viewBox = () => view.svg.getAttribute("viewBox")!.split(" ").map(Number);
const press = (key: string, shiftKey = false) =>
  view.svg.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true }));

beforeAll(() => {
  document.body.innerHTML = `<div id="board"></div>`;
  view = new BoardView(document.querySelector("#board")!, board, () => {});
});

describe("a 64×64 board", () => {
  it("draws every hex once, numbered", () => {
    view.drawLabels();
    const labels = [...document.querySelectorAll<SVGGElement>(".hex")].map((g) => g.dataset.hex);
    expect(labels).toHaveLength(SIDE * SIDE);
    expect(new Set(labels).size).toBe(SIDE * SIDE);
    expect(document.querySelectorAll(".hex-label")).toHaveLength(SIDE * SIDE);
    expect(document.querySelector(".hex[data-hex='6464']")!.getAttribute("aria-label")).toBe("6464 · level 3 · heavy woods");
  });

  it("fits the view whole: the viewBox holds every corner of every hex, with no more than a hex of margin", () => {
    const [x, y, w, h] = viewBox();
    expect([x, y, w, h]).toEqual([0, 0, Number(WIDTH.toFixed(1)), Number(HEIGHT.toFixed(1))]);
    const corners = [...document.querySelectorAll(".hex > polygon:first-child")].flatMap((p) =>
      p.getAttribute("points")!.split(" ").map((pair) => pair.split(",").map(Number)),
    );
    const xs = corners.map(([cx]) => cx);
    const ys = corners.map(([, cy]) => cy);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(-0.1);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(-0.1);
    expect(Math.max(...xs)).toBeLessThanOrEqual(w + 0.1);
    expect(Math.max(...ys)).toBeLessThanOrEqual(h + 0.1);
    expect(w - Math.max(...xs)).toBeLessThan(SIZE);
    expect(h - Math.max(...ys)).toBeLessThan(SIZE);
  });

  it("zooms in no closer than an eighth of the board and out no further than all of it", () => {
    for (let i = 0; i < 40; i++) view.zoom(1.25);
    expect(viewBox()[2]).toBeCloseTo(WIDTH / 8, 0);
    for (let i = 0; i < 40; i++) view.zoom(0.8);
    expect(viewBox()).toEqual([0, 0, Number(WIDTH.toFixed(1)), Number(HEIGHT.toFixed(1))]);
  });

  it("pans to the far corner and no further", () => {
    view.zoom(4);
    for (let i = 0; i < 200; i++) {
      press("ArrowRight", true);
      press("ArrowDown", true);
    }
    const [x, y, w, h] = viewBox();
    expect(x + w).toBeCloseTo(WIDTH, 0);
    expect(y + h).toBeCloseTo(HEIGHT, 0);
    for (let i = 0; i < 200; i++) {
      press("ArrowLeft", true);
      press("ArrowUp", true);
    }
    expect(viewBox().slice(0, 2)).toEqual([0, 0]);
    press("0");
    expect(viewBox()).toEqual([0, 0, Number(WIDTH.toFixed(1)), Number(HEIGHT.toFixed(1))]);
  });
});
