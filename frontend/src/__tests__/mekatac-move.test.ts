// @vitest-environment jsdom
// The MEKATAC movement order panel (docs/mekatac.md "Orders"): "Un punto de movimiento puede usarse para mover el
// Meka una casilla hacia adelante o hacer un giro de 60º", the attacks after a step, the action cards of the
// side's hand and the standing instruction for the reaction windows. The server checks the order.
import { beforeEach, describe, expect, it } from "vitest";
import { MekatacMovePanel, type MekaOrder } from "../rulesets/mekatac/move-panel";
import type { Snapshot } from "../protocol";

const mekas = [
  { id: "A1", side: "a", hex: "0611", facing: 0, weapons: [{ index: 0, label: "Rail Gun [F]" }] },
  { id: "A2", side: "a", hex: "0811", facing: 0, weapons: [] },
  { id: "B1", side: "b", hex: "0602", facing: 3, weapons: [] },
];
const hints = {
  phase: "movement", panels: ["move", "hand"], order: ["A1", "B1", "A2"],
  units: {
    A1: { orders: true, modes: { walk: 7 }, weapons: [0], melee: ["punch", "kick"], cover: [
      { index: 0, arc: "F", half: ["0610", "0609"], full: ["0608"], blind: ["0607", "0510"] },
      { index: 1, arc: "I", half: ["0510"], full: ["0609", "0410"] }] },
    A2: { orders: true, modes: { walk: 7, fly: 15 }, weapons: [], melee: ["punch"] },
  },
};
const snapshot = (extra: Record<string, unknown> = {}): Snapshot => ({
  type: "snapshot", v: 3, match: { id: 1, status: "in_progress", ruleset: "mekatac", turn: 1, phase: "movement" },
  board: { width: 12, height: 12, hexes: {} }, units: mekas as never, sides: [], you: { role: "player", side: "a" },
  hints, my_orders: [], last_playback: null, hands: { a: ["blitz", "atascado", "critico"] },
  strategies: { a: ["minas", "fuego_apoyo"] }, ...extra,
} as unknown as Snapshot);

let sent: { type: string; order: MekaOrder }[];
let drawn: string[][];
let covered: [string[], string[], string[]][];
let panel: MekatacMovePanel;
const root = () => document.querySelector<HTMLElement>("#mekatac-move")!;
const click = (selector: string) => root().querySelector<HTMLElement>(selector)!.click();
const last = () => sent[sent.length - 1];

beforeEach(() => {
  document.body.innerHTML = `<section id="mekatac-move"></section>`;
  sent = [];
  drawn = [];
  covered = [];
  panel = new MekatacMovePanel(root(), {
    send: (frame) => sent.push(frame) > 0,
    drawPath: (positions) => drawn.push(positions.map((p) => `${p.hex.col},${p.hex.row}:${p.facing}`)),
    drawCover: (half, full, blind) => covered.push([half, full, blind]),
  });
});

describe("the MEKATAC move panel", () => {
  it("offers the mekas the hints ask an order of, none to a spectator", () => {
    panel.show(snapshot());
    expect(root().hidden).toBe(false);
    expect([...root().querySelectorAll<HTMLElement>("[data-meka]")].map((b) => b.dataset.meka)).toEqual(["A1", "A2"]);
    expect(root().querySelector(".initiative")!.textContent).toBe("A1 → B1 → A2");
    expect(root().querySelector(".hand")!.textContent).toContain("Blitz Meka: +8 MP this turn");
    panel.show(snapshot({ hints: { phase: "movement", panels: [], units: {} }, you: { role: "spectator", side: null } }));
    expect(root().hidden).toBe(true);
  });

  it("shades the chosen meka's weapon cover the server hints behind the toggle, a bonus hex of any weapon as such", () => {
    panel.show(snapshot());
    expect(covered[covered.length - 1]).toEqual([[], [], []]);
    const toggle = root().querySelector<HTMLInputElement>("[name='cover']")!;
    toggle.checked = true;
    toggle.dispatchEvent(new Event("change", { bubbles: true }));
    expect(covered[covered.length - 1]).toEqual([["0610", "0609", "0510"], ["0608", "0410"], ["0607"]]);
    expect(sent).toHaveLength(1); // the toggle asks the server nothing more
    click("[data-meka='A2']");
    expect(covered[covered.length - 1]).toEqual([[], [], []]);
    panel.stop();
    expect(covered[covered.length - 1]).toEqual([[], [], []]);
  });

  it("shades the cover the server answers for the plot, from where the steps leave the meka", () => {
    panel.show(snapshot());
    const toggle = root().querySelector<HTMLInputElement>("[name='cover']")!;
    toggle.checked = true;
    toggle.dispatchEvent(new Event("change", { bubbles: true }));
    click("[data-step='F']");
    const moved = [{ index: 0, arc: "F", half: ["0609", "0608"], full: ["0607"], blind: ["0606"] }];
    panel.handle({ type: "plotted", order: { unit: "A1" }, steps: [{ hex: "0610", facing: 0 }], cover: moved });
    expect(covered[covered.length - 1]).toEqual([["0609", "0608"], ["0607"], ["0606"]]);
    const before = covered.length;
    panel.handle({ type: "plotted", order: { unit: "A2" }, steps: [], cover: [] }); // another meka's late answer
    expect(covered.length).toBe(before);
    click("[data-meka='A2']"); // A2's own hints: none
    expect(covered[covered.length - 1]).toEqual([[], [], []]);
    click("[data-meka='A1']"); // back at A1: its hints until its plot is answered again
    expect(covered[covered.length - 1]).toEqual([["0610", "0609", "0510"], ["0608", "0410"], ["0607"]]);
  });

  it("plots steps of 1 MP against the mode's MP and draws the path the server checked", () => {
    panel.show(snapshot());
    click("[data-step='F']");
    click("[data-step='L']");
    const mp = root().querySelector<HTMLElement>(".mp")!;
    expect([mp.dataset.mp, mp.dataset.budget]).toEqual(["2", "7"]);
    expect(last()).toMatchObject({ type: "plot", order: { unit: "A1", mode: "walk", steps: ["F", "L"] } });
    click("[data-action='undo']");
    expect(last().order.steps).toEqual(["F"]);
    panel.handle({ type: "plotted", steps: [{ hex: "0610", facing: 0 }] });
    expect(drawn[drawn.length - 1]).toEqual(["5,10:0", "5,9:0"]);
  });

  it("plays Ataque de oportunidad with the weapon picked beside it", () => {
    panel.show(snapshot({ hands: { a: ["ataque_oportunidad"] } }));
    const card = root().querySelector<HTMLInputElement>("[data-card='ataque_oportunidad']")!;
    expect(card.parentElement!.textContent).toContain("Ataque de oportunidad: this weapon fires once more");
    const weapons = card.parentElement!.querySelector<HTMLSelectElement>("select[data-card-weapon]")!;
    expect([...weapons.options].map((option) => [option.value, option.text])).toEqual([["0", "Rail Gun [F]"]]);
    card.checked = true;
    card.dispatchEvent(new Event("change", { bubbles: true }));
    expect(last().order.cards).toEqual([{ card: "ataque_oportunidad", weapon: 0 }]);
  });

  it("adds an attack after a step with a card, plays cards from the hand and a standing instruction", () => {
    panel.show(snapshot());
    click("[data-step='F']");
    root().querySelector<HTMLInputElement>("[data-weapon='0']")!.checked = true;
    root().querySelector<HTMLInputElement>("[name='at']")!.value = "1";
    root().querySelector<HTMLSelectElement>("[name='attack-card']")!.value = "critico";
    click("[data-action='add-attack']");
    expect([...root().querySelectorAll<HTMLElement>(".hand [data-card]")].map((b) => b.dataset.card)).toEqual(
      ["blitz", "atascado", "fuego_apoyo"]);
    root().querySelector<HTMLInputElement>("[data-card='atascado']")!.checked = true;
    const react = root().querySelector<HTMLSelectElement>("[name='react']")!;
    react.value = "fire";
    react.dispatchEvent(new Event("change", { bubbles: true }));
    expect(last().order).toEqual({ unit: "A1", mode: "walk", steps: ["F"], react: "fire",
      attacks: [{ at: 1, target: "B1", weapons: [0], card: "critico" }], cards: [{ card: "atascado", target: "B1" }] });
    panel.handle({ type: "error", code: "mekatac.refuse_card_not_held" }, "side a holds no Blitz Meka to play");
    expect(root().querySelector<HTMLElement>(".message")!.dataset.code).toBe("mekatac.refuse_card_not_held");
    click("[data-action='submit']");
    expect(last().type).toBe("submit");
    panel.handle({ type: "order_accepted", steps: [] });
    expect(root().querySelector<HTMLElement>(".when-submitted")!.hidden).toBe(false);
    // The next meka gives its own order.
    click("[data-meka='A2']");
    expect(root().querySelector<HTMLButtonElement>("[data-action='submit']")!.disabled).toBe(false);
  });

  it("keeps a given meka's order given when the player comes back to it before the snapshot lists it", () => {
    panel.show(snapshot());
    click("[data-action='submit']");
    panel.handle({ type: "order_accepted", steps: [] });
    click("[data-meka='A2']");
    expect(root().dataset.state).toBe("choosing");
    // Back on A1: it was offered again, and giving it again was refused with order.already_submitted.
    click("[data-meka='A1']");
    expect(root().dataset.state).toBe("submitted");
  });

  it("opens the next turn's order, even when the last submit's reply comes after the next turn's position", () => {
    const turn = (n: number) => snapshot({ match: { id: 1, status: "in_progress", ruleset: "mekatac", turn: n, phase: "movement" } });
    const open = () => !root().querySelector<HTMLButtonElement>("[data-action='submit']")!.disabled;
    panel.show(turn(1));
    click("[data-action='submit']");
    panel.handle({ type: "order_accepted", steps: [] });
    panel.show(turn(2));
    expect(open()).toBe(true);
    // The last order of a phase: the server broadcasts the resolution before it answers the submit.
    click("[data-action='submit']");
    panel.show(turn(3));
    panel.handle({ type: "order_accepted", steps: [] });
    expect(open()).toBe(true);
    expect(root().querySelector<HTMLElement>(".when-submitted")!.hidden).toBe(true);
  });
});
