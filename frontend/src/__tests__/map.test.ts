// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { type Hex, hexLabel } from "../hex";
import { BoardView } from "../map";
import type { Board, Unit } from "../protocol";

const board: Board = {
  width: 4,
  height: 3,
  hexes: { "0102": { level: 2, terrain: "" }, "0201": { level: 0, terrain: "woods:2;swamp:1" }, "0303": { level: 0, terrain: "water:1" } },
};
const unit: Unit = { id: "A", side: "alice", kind: "mech", name: "Wolverine", hex: "0101", facing: 0, walk: 5, run: 8 };

let clicked: Hex[];
let view: BoardView;
const hex = (label: string) => document.querySelector<SVGGElement>(`.hex[data-hex='${label}']`)!;
const marker = () => document.querySelector<SVGGElement>(".unit[data-unit='A']")!;

beforeEach(() => {
  document.body.innerHTML = `<div id="board"></div>`;
  clicked = [];
  view = new BoardView(document.querySelector("#board")!, board, (h) => clicked.push(h));
  view.setSides(["alice", "bob"]);
  view.setUnits([unit]);
});

describe("the board", () => {
  it("draws every hex with its label, level and terrain", () => {
    expect(document.querySelectorAll(".hex")).toHaveLength(12);
    expect(hex("0102").dataset.level).toBe("2");
    expect(hex("0102").querySelector(".hex-note")!.textContent).toBe("▲2");
    expect(hex("0303").querySelector(".hex-note")!.textContent).toBe("≈1");
    expect(hex("0201").getAttribute("aria-label")).toBe("0201 · level 0 · heavy woods, swamp"); // words, not woods:2
    expect(document.querySelector(".hex[data-hex='0404']")).toBeNull(); // the board has 3 rows
  });

  it("numbers every hex once, after the first paint", () => {
    view.drawLabels();
    view.drawLabels();
    expect(hex("0403").querySelector(".hex-label")!.textContent).toBe("0403");
    expect(document.querySelectorAll(".hex-label")).toHaveLength(12);
  });

  it("shades reachable hexes with their PM, running reach apart from walking", () => {
    view.showReach({ "0101": 0, "0102": 3, "0202": 7 }, 5);
    const shaded = [...document.querySelectorAll<SVGElement>(".reach-hex")];
    expect(shaded.map((p) => [p.dataset.hex, p.dataset.mp, p.classList.contains("running")])).toEqual([
      ["0101", "0", false],
      ["0102", "3", false],
      ["0202", "7", true],
    ]);
    expect(view.describeHex("0102")).toBe("0102 · level 2 · 3 PM");
    view.showReach({}, 5);
    expect(document.querySelector(".reach-hex")).toBeNull();
    expect(view.describeHex("0102")).toBe("0102 · level 2");
  });

  it("shades a weapon cover, the range-bonus hexes apart from the rest of the range", () => {
    view.showCover(["0101"], ["0102", "0202"]);
    const shaded = [...document.querySelectorAll<SVGElement>(".cover-hex")];
    expect(shaded.map((p) => [p.dataset.hex, p.dataset.bracket, p.classList.contains("full")])).toEqual([
      ["0102", "full", true],
      ["0202", "full", true],
      ["0101", "half", false],
    ]);
    expect(view.describeHex("0102")).toBe("0102 · level 2");
    view.showCover([], []);
    expect(document.querySelector(".cover-hex")).toBeNull();
    view.showCover(["0101"], [], ["0303"]); // in arc and range, out of sight
    expect([...document.querySelectorAll<SVGElement>(".cover-hex.blind")].map((p) => p.dataset.hex)).toEqual(["0303"]);
  });

  it("marks a line of sight, its ends and a blocked line", () => {
    view.showSight(["0101", "0401"], ["0201", "0301"], true);
    expect([...document.querySelectorAll<SVGElement>(".sight-hex.between")].map((p) => p.dataset.hex)).toEqual(["0201", "0301"]);
    expect(document.querySelectorAll(".sight-hex.end")).toHaveLength(2);
    expect(document.querySelector(".sight")!.classList.contains("blocked")).toBe(true);
    view.showSight([], [], false);
    expect(document.querySelector(".sight-hex")).toBeNull();
  });

  it("marks terrain with a pattern, not only a colour", () => {
    const fills = [...hex("0201").querySelectorAll("polygon")].map((p) => p.getAttribute("fill"));
    expect(fills).toContain("url(#terrain-woods-2)");
    expect(fills).toContain("url(#terrain-swamp)");
    expect(document.querySelector("#terrain-woods-2 path")).not.toBeNull();
  });

  it("shows a building's CF, its type's most when the hex does not say, and the CF left after combat", () => {
    const town: Board = {
      width: 3,
      height: 2,
      hexes: { "0101": { level: 0, terrain: "building:2" }, "0201": { level: 1, terrain: "building:3;bldg_cf:60" } },
    };
    const here = new BoardView(document.querySelector("#board")!, town, () => {});
    here.drawLabels();
    here.zoom(2);
    const zoomed = here.svg.getAttribute("viewBox");
    expect(hex("0101").querySelector(".hex-note")!.textContent).toBe("CF 40");
    expect(hex("0201").querySelector(".hex-note")!.textContent).toBe("▲1 CF 60");

    // Weapons fire brought 0201 down to CF 36 and 0101 into rubble: those hexes change, the view stays.
    here.updateTerrain({ ...town, hexes: { "0101": { level: 0, terrain: "rubble:1" }, "0201": { level: 1, terrain: "building:3;bldg_cf:36" } } });
    expect(hex("0201").querySelector(".hex-note")!.textContent).toBe("▲1 CF 36");
    expect(hex("0201").querySelector(".hex-label")!.textContent).toBe("0201");
    expect(hex("0101").querySelector(".hex-note")).toBeNull();
    expect([...hex("0101").querySelectorAll("polygon")].map((p) => p.getAttribute("fill"))).toContain("url(#terrain-rubble)");
    expect(document.querySelectorAll(".hex")).toHaveLength(6);
    expect(here.svg.getAttribute("viewBox")).toBe(zoomed);
  });

  it("reports a click on a hex", () => {
    hex("0202").querySelector("polygon")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(clicked.map(hexLabel)).toEqual(["0202"]);
  });
});

describe("the keyboard cursor", () => {
  const press = (key: string, shiftKey = false) =>
    view.svg.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true, cancelable: true }));
  const cursor = () => document.querySelector<SVGElement>(".hex-cursor")?.dataset.hex;
  const said = () => document.querySelector("#board-cursor")!.textContent;

  it("shows on the first arrow on the first unit's hex, then moves and says where it is", () => {
    press("ArrowDown");
    expect(cursor()).toBe("0101");
    expect(said()).toBe("Cursor: 0101 · level 0 · Wolverine (A, alice)");
    press("ArrowDown");
    expect(cursor()).toBe("0102");
    expect(said()).toBe("Cursor: 0102 · level 2");
    expect(clicked).toEqual([]);
  });

  it("picks its hex with Enter or Space, as a click would", () => {
    press("ArrowRight");
    press("ArrowRight");
    press("Enter");
    press("ArrowDown");
    press(" ");
    expect(clicked.map(hexLabel)).toEqual(["0201", "0202"]);
  });

  it("hides with Esc, picks nothing then, and comes back where it was", () => {
    press("ArrowRight");
    press("ArrowRight");
    press("Escape");
    expect(cursor()).toBeUndefined();
    expect(said()).toBe("");
    press("Enter");
    expect(clicked).toEqual([]);
    press("ArrowUp");
    expect(cursor()).toBe("0201");
  });

  it("goes on from the hex last clicked", () => {
    hex("0303").querySelector("polygon")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    press("ArrowUp");
    press("ArrowUp");
    expect(cursor()).toBe("0302");
  });

  it("leaves Shift and the arrows to pan the board", () => {
    view.zoom(4);
    const before = view.svg.getAttribute("viewBox");
    press("ArrowRight", true);
    expect(cursor()).toBeUndefined();
    expect(view.svg.getAttribute("viewBox")).not.toBe(before);
  });
});

describe("units", () => {
  it("stand on their hex with their facing and side", () => {
    expect(marker().dataset.hex).toBe("0101");
    expect(marker().dataset.facing).toBe("0");
    expect(marker().dataset.side).toBe("alice");
  });

  it("wear their side's Okabe–Ito colour, told apart by a colour-blind eye", () => {
    view.setUnits([unit, { ...unit, id: "B", side: "bob", hex: "0303" }]);
    const fill = (id: string) => document.querySelector(`.unit[data-unit='${id}'] circle`)!.getAttribute("fill");
    expect([fill("A"), fill("B")]).toEqual(["#D55E00", "#0072B2"]); // vermillion, blue
    expect(document.querySelector(".unit[data-unit='B'] .unit-label")!.textContent).toBe("B"); // and a letter
  });

  it("stand side by side when they share a hex (floors of one building), centred again once apart", () => {
    view.setUnits([unit, { ...unit, id: "B", side: "bob", hex: "0101" }]);
    const x = (id: string) => Number(/translate\(([-\d.]+)px/.exec(document.querySelector<SVGGElement>(`.unit[data-unit='${id}']`)!.style.transform)![1]);
    expect(x("A")).toBeLessThan(x("B"));
    const shared = (x("A") + x("B")) / 2;
    view.place("B", { hex: "0303", facing: 0 }, false);
    expect(x("A")).toBeCloseTo(shared, 1);
  });

  it("turn the short way round", () => {
    view.place("A", { hex: "0101", facing: 5 }, true);
    expect(marker().querySelector<SVGGElement>(".unit-body")!.style.transform).toBe("rotate(-60deg)");
    view.place("A", { hex: "0101", facing: 1 }, true);
    expect(marker().querySelector<SVGGElement>(".unit-body")!.style.transform).toBe("rotate(60deg)");
  });

  it("say when they are prone, stuck or shut down, and leave with their unit", () => {
    view.setUnits([{ ...unit, prone: true, stuck: true }]);
    expect(marker().querySelector(".unit-condition")!.textContent).toBe("PRONE STUCK");
    view.setUnits([{ ...unit, shutdown: true }]);
    expect([marker().querySelector(".unit-condition")!.textContent, marker().dataset.shutdown]).toEqual(["SHUT DOWN", "true"]);
    view.flagUnit("A", "falls");
    expect(marker().querySelector(".unit-event")!.textContent).toBe("falls");
    view.setUnits([]);
    expect(document.querySelector(".unit")).toBeNull();
  });
});
