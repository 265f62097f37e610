// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { HexTooltip, attachHints } from "../tooltip";

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

describe("the buttons' hints", () => {
  let button: HTMLButtonElement;
  const hint = () => document.getElementById(button.getAttribute("aria-describedby")!)!;
  const escape = () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));

  beforeEach(() => {
    document.body.innerHTML = `<button type="button" data-hint="Zoom in (+)" aria-label="Zoom in">+</button><button>x</button>`;
    button = document.querySelector("button")!;
    attachHints();
  });

  it("describe their button for screen readers, hidden until wanted, with no native title", () => {
    expect(hint().getAttribute("role")).toBe("tooltip");
    expect(hint().textContent).toBe("Zoom in (+)");
    expect(hint().hidden).toBe(true);
    expect(button.hasAttribute("title")).toBe(false);
    expect(document.querySelectorAll("[aria-describedby]")).toHaveLength(1); // only buttons with a hint
  });

  it("show on hover and go with Esc, the pointer still there", () => {
    button.dispatchEvent(new MouseEvent("pointerenter"));
    expect(hint().hidden).toBe(false);
    escape();
    expect(hint().hidden).toBe(true);
    button.dispatchEvent(new MouseEvent("pointerleave"));
    button.dispatchEvent(new MouseEvent("pointerenter"));
    expect(hint().hidden).toBe(false);
  });

  it("show on keyboard focus, go with Esc or when focus moves on", () => {
    button.focus();
    expect(hint().hidden).toBe(false);
    escape();
    expect(hint().hidden).toBe(true);
    button.blur();
    button.focus();
    expect(hint().hidden).toBe(false);
    document.querySelectorAll("button")[1].focus();
    expect(hint().hidden).toBe(true);
  });
});

describe("tap to read, on a touch screen", () => {
  const tap = (hex: string, pointerType: string) => {
    const event = new MouseEvent("pointerup", { bubbles: true });
    Object.defineProperty(event, "pointerType", { value: pointerType });
    board.querySelector(`[data-hex='${hex}'] polygon`)!.dispatchEvent(event);
  };

  it("writes what a tapped hex is where the page reads it out; a mouse click leaves it to the tooltip", () => {
    document.body.insertAdjacentHTML("beforeend", `<p id="reading">Tap a hex</p>`);
    const reading = document.querySelector<HTMLElement>("#reading")!;
    new HexTooltip(board, (hex) => `hex ${hex}: level 1, light woods`, document, reading);
    tap("0102", "mouse");
    expect(reading.textContent).toBe("Tap a hex");
    tap("0102", "touch");
    expect([reading.textContent, reading.dataset.hex]).toEqual(["hex 0102: level 1, light woods", "0102"]);
  });
});
