// @vitest-environment jsdom
// The skirmish order panel (docs/skirmish.md "Turns and orders"): an order of the pool spent on any troop the
// hints offer, one or two short skills or a long one, each Move's hexes clicked on the board ('se medirá la
// totalidad del recorrido'), and mounting with the first skill ('Montar y desmontar'). The server checks it.
import { beforeEach, describe, expect, it } from "vitest";
import { buildOrder, SkirmishOrderPanel, type SkirmishOrder } from "../rulesets/skirmish/order-panel";
import { skirmishPanels } from "../rulesets/skirmish/panels";
import { parseLabel } from "../hex";
import type { Snapshot } from "../protocol";
import { forgetCatalog, speak } from "./gettext";

const troops = [
  { id: "F", side: "angus", hex: "0608", facing: 0, profile: "infantry", states: [] },
  { id: "B", side: "angus", hex: "0911", facing: 0, profile: "bike", states: ["prone"] },
  { id: "Z", side: "yu", hex: "0602", facing: 3, profile: "infantry", states: [] },
];
const hints = {
  phase: "order-1", panels: ["order"], pool: 2,
  units: {
    F: { orders: true, mov: [2, 1], may_move: true, targets: [] },
    B: { orders: true, mov: [3, 2], may_move: true, targets: ["Z"], remount: { mount: false, to: "infantry", mov: [2, 1] } },
  },
};
const snapshot = (extra: Partial<Snapshot> = {}): Snapshot => ({
  type: "snapshot", v: 7, match: { id: 1, status: "in_progress", ruleset: "skirmish", turn: 1, phase: "order-1" },
  board: { width: 12, height: 12, hexes: {} }, units: troops as never, sides: [], you: { role: "player", side: "angus" },
  hints, my_orders: [], last_playback: null, ...extra,
});

let sent: { type: string; order: SkirmishOrder }[];
let drawn: string[][];
let panel: SkirmishOrderPanel;
const root = () => document.querySelector<HTMLElement>("#skirmish-order")!;
const choose = (name: string, value: string) => {
  const select = root().querySelector<HTMLSelectElement>(`[name='${name}']`)!;
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
};
const last = () => sent[sent.length - 1];

beforeEach(() => {
  document.body.innerHTML = `<section id="skirmish-order"></section>`;
  sent = [];
  drawn = [];
  panel = new SkirmishOrderPanel(root(), {
    send: (frame) => sent.push(frame) > 0,
    drawPath: (positions) => drawn.push(positions.map((p) => `${p.hex.col},${p.hex.row}`)),
  });
});

describe("the skirmish order panel", () => {
  it("offers the pool and every troop the hints give an order, none to a spectator", () => {
    panel.show(snapshot());
    expect(root().hidden).toBe(false);
    expect(root().querySelector<HTMLElement>(".pool")!.dataset.pool).toBe("2");
    expect([...root().querySelectorAll<HTMLElement>("[data-troop]")].map((b) => b.dataset.troop)).toEqual(["F", "B"]);
    panel.show(snapshot({ hints: { phase: "order-1", panels: [], pool: 0, units: {} }, you: { role: "spectator", side: null } }));
    expect(root().hidden).toBe(true);
  });

  it("names each troop offered with its profile's word in the page's language", () => {
    const named = troops.map((troop) => ({ ...troop, name: `${troop.id} (${troop.profile})`,
      name_code: { code: "skirmish.troop_name", params: { unit: troop.id, profile: troop.profile } } }));
    speak({ "%(unit)s (%(profile)s)": "%(unit)s (%(profile)s)", infantry: "infantería", bike: "moto" });
    try {
      panel.show(snapshot({ units: named as never }));
      expect([...root().querySelectorAll("[data-troop]")].map((b) => b.textContent)).toEqual(["F (infantería)", "B (moto)"]);
    } finally {
      forgetCatalog();
    }
  });

  it("plots a Move hex by hex against the troop's MOV and asks the server to check it", () => {
    panel.show(snapshot());
    panel.clickHex(parseLabel("0508"));
    panel.clickHex(parseLabel("0608"));
    const cost = root().querySelector<HTMLElement>(".cost")!;
    expect([cost.dataset.cost, cost.dataset.mov]).toEqual(["2", "2"]);
    expect(last()).toMatchObject({ type: "plot", order: { unit: "F", skills: [{ skill: "move", path: ["0508", "0608"] }] } });
    // A click on the last hex takes it back.
    panel.clickHex(parseLabel("0608"));
    expect(cost.dataset.cost).toBe("1");
    panel.handle({ type: "plotted", end: "0508", steps: [{ kind: "declare", hex: "0608" }, { kind: "step", hex: "0508" }] });
    expect(drawn[drawn.length - 1]).toEqual(["5,7", "4,7"]);
    expect(root().querySelector(".plot-end")!.textContent).toBe("Ends in 0508.");
  });

  it("builds Move + Attack, a dismount with the first skill, and a posture change, and submits once", () => {
    panel.show(snapshot());
    root().querySelector<HTMLElement>("[data-troop='B']")!.click();
    choose("skills", "move-attack");
    root().querySelector<HTMLInputElement>("[name='mount']")!.checked = true;
    root().querySelector<HTMLInputElement>("[name='prone']")!.checked = true;
    panel.clickHex(parseLabel("0910"));
    expect(root().querySelector<HTMLElement>(".cost")!.dataset.mov).toBe("2");
    choose("target", "Z");
    expect(last().order).toEqual({ unit: "B", skills: [
      { skill: "move", path: ["0910"], prone: false, mount: false }, { skill: "attack", target: "Z" }] });
    root().querySelector<HTMLElement>("[data-action='submit']")!.click();
    expect(last().type).toBe("submit");
    expect(root().dataset.state).toBe("sent");
    panel.handle({ type: "error", code: "skirmish.no_lof" }, "B has no line of fire to Z");
    expect(root().dataset.state).toBe("choosing");
    expect(root().querySelector<HTMLElement>(".message")!.dataset.code).toBe("skirmish.no_lof");
    panel.handle({ type: "order_accepted", end: "0910", steps: [] });
    expect(root().dataset.state).toBe("submitted");
    expect(root().querySelector<HTMLElement>(".when-submitted")!.hidden).toBe(false);
    // The next order of the pool is a new one.
    panel.show(snapshot({ match: { id: 1, status: "in_progress", ruleset: "skirmish", turn: 1, phase: "order-2" } }));
    expect(root().dataset.state).toBe("choosing");
    expect(root().querySelector<HTMLElement>(".when-submitted")!.hidden).toBe(true);
  });

  it("opens the next turn's order, even when the last submit's reply comes after the next turn's position", () => {
    const turn = (n: number) => snapshot({ match: { id: 1, status: "in_progress", ruleset: "skirmish", turn: n, phase: "order-1" } });
    panel.show(turn(1));
    root().querySelector<HTMLElement>("[data-action='submit']")!.click();
    panel.show(turn(2));
    panel.handle({ type: "order_accepted", end: "0910", steps: [] });
    expect(root().dataset.state).toBe("choosing");
    panel.show(turn(2));
    expect(root().dataset.state).toBe("choosing");
  });

  it("puts a second Move's hexes in the second skill", () => {
    const order = buildOrder("F", "move-move", [["0607"], ["0606"]], "", {});
    expect(order.skills).toEqual([{ skill: "move", path: ["0607"] }, { skill: "move", path: ["0606"] }]);
    expect(buildOrder("F", "idle", [[]], "", {}).skills).toEqual([{ skill: "idle" }]);
  });
});

describe("the skirmish panels of the page", () => {
  it("hide the BattleTech markup and draw where a reaction window opened", () => {
    document.body.innerHTML = `<div id="match"><section id="orders"></section><section id="split-los"></section>
      <section id="sight"></section><section id="reaction"></section></div>`;
    const paths: string[][] = [];
    const board = { showPath: (positions: { hex: { col: number; row: number } }[]) =>
      paths.push(positions.map((p) => `${p.hex.col},${p.hex.row}`)) };
    const panels = skirmishPanels({
      root: document.querySelector<HTMLElement>("#match")!, matchId: "1", send: () => true,
      board: () => board as never, storage: null,
    });
    expect(Object.keys(panels.panels)).toEqual(["order"]);
    expect(document.querySelector<HTMLElement>("#orders")!.hidden).toBe(true);
    expect(document.querySelector<HTMLElement>("#split-los")!.hidden).toBe(true);
    expect(document.querySelector<HTMLElement>("#sight")!.hidden).toBe(false);
    expect(document.querySelector("#skirmish-order + #reaction")).not.toBeNull();
    const window = { key: "2:F:0508", tick: 2, trigger: "F", units: ["Z"], reason: "" };
    panels.reaction!({ window, deadline: "", answered: [], choices: {} }, snapshot());
    expect(paths).toEqual([["5,7", "4,7"]]);
    panels.reaction!(null, snapshot());
    expect(paths).toHaveLength(1);
  });
});
