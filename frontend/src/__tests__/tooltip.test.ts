// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { HexTooltip } from "../tooltip";

let board: HTMLElement;
const tip = () => document.querySelector<HTMLElement>(".hex-tip")!;
const over = (hex: string) =>
  board.querySelector(`[data-hex='${hex}'] polygon`)!.dispatchEvent(
    new MouseEvent("pointermove", { bubbles: true, clientX: 100, clientY: 50 }),
  );

beforeEach(() => {
  document.body.innerHTML = `<div id="board"><svg>
    <g class="hex" data-hex="0101"><polygon/></g><g class="hex" data-hex="0102"><polygon/></g></svg></div>`;
  board = document.querySelector("#board")!;
  new HexTooltip(board, (hex) => `hex ${hex}`);
});

describe("the hex tooltip", () => {
  it("follows the pointer with what the hex is", () => {
    over("0101");
    expect(tip().hidden).toBe(false);
    expect(tip().textContent).toBe("hex 0101");
    expect(tip().style.left).toBe("114px");
  });

  it("goes with Esc and stays away until another hex", () => {
    over("0101");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(tip().hidden).toBe(true);
    over("0101");
    expect(tip().hidden).toBe(true);
    over("0102");
    expect(tip().textContent).toBe("hex 0102");
    expect(tip().hidden).toBe(false);
  });

  it("goes when the pointer leaves the board", () => {
    over("0101");
    board.dispatchEvent(new MouseEvent("pointerleave"));
    expect(tip().hidden).toBe(true);
  });
});
