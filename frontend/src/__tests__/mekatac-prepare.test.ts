// @vitest-environment jsdom
// The MEKATAC preparation panel (docs/mekatac.md "Upgrade and strategy decks"): "Antes del despliegue cada jugador
// toma 4 cartas del mazo de mejoras" and "4 cartas de estrategia"; the lead meka plays the side's cards, each on
// the meka, weapon or hex its line asks for. The server checks the order.
import { beforeEach, describe, expect, it } from "vitest";
import { MekatacPreparePanel, type PrepareOrder } from "../rulesets/mekatac/prepare-panel";
import type { Snapshot } from "../protocol";

const mekas = [{ id: "A1", side: "a", hex: "0611" }, { id: "A2", side: "a", hex: "0811" }, { id: "B1", side: "b", hex: "0602" }];
const snapshot = (extra: Record<string, unknown> = {}): Snapshot => ({
  type: "snapshot", v: 2, match: { id: 1, status: "in_progress", ruleset: "mekatac", turn: 1, phase: "preparation" },
  board: { width: 12, height: 12, hexes: {} }, units: mekas as never, sides: [], you: { role: "player", side: "a" },
  hints: { phase: "preparation", panels: ["prepare", "hand"], units: { A1: { orders: true }, A2: { orders: false } } },
  my_orders: [], last_playback: null, upgrades: { a: ["blindaje_extra", "arma_mejorada"] },
  strategies: { a: ["minas", "danos"] }, ...extra,
} as unknown as Snapshot);

let sent: { type: string; order: PrepareOrder }[];
let panel: MekatacPreparePanel;
const root = () => document.querySelector<HTMLElement>("#mekatac-prepare")!;
const row = (card: string) => root().querySelector<HTMLElement>(`li[data-card='${card}']`)!;
const set = (card: string, field: string, value: string) => {
  const input = row(card).querySelector<HTMLInputElement | HTMLSelectElement>(`[data-field='${field}']`)!;
  input.value = value;
  input.dispatchEvent(new Event("change", { bubbles: true }));
};
const tick = (card: string) => {
  const box = row(card).querySelector<HTMLInputElement>("input[type='checkbox']")!;
  box.checked = true;
  box.dispatchEvent(new Event("change", { bubbles: true }));
};

beforeEach(() => {
  document.body.innerHTML = `<section id="mekatac-prepare"></section>`;
  sent = [];
  panel = new MekatacPreparePanel(root(), { send: (frame) => sent.push(frame) > 0 });
});

describe("the MEKATAC preparation panel", () => {
  it("lists the side's cards for its lead meka, and nothing to a spectator", () => {
    panel.show(snapshot());
    expect([...root().querySelectorAll<HTMLElement>("li")].map((item) => item.dataset.card)).toEqual(
      ["blindaje_extra", "arma_mejorada", "minas", "danos"]);
    panel.show(snapshot({ hints: { phase: "preparation", panels: [], units: {} }, you: { role: "spectator", side: null } }));
    expect(root().hidden).toBe(true);
  });

  it("plays each card on what its line asks for and submits the order", () => {
    panel.show(snapshot());
    tick("blindaje_extra");
    set("blindaje_extra", "own", "A2");
    tick("minas");
    set("minas", "hex", "0610");
    tick("danos");
    tick("arma_mejorada");
    set("arma_mejorada", "weapon", "1");
    expect(sent[sent.length - 1]).toEqual({ type: "plot", turn: 1, phase: "preparation", v: 2, order: { unit: "A1", cards: [
      { card: "blindaje_extra", meka: "A2" }, { card: "arma_mejorada", meka: "A1", weapon: 1 },
      { card: "minas", hex: "0610" }, { card: "danos", meka: "B1" }] } });
    panel.handle({ type: "error", code: "mekatac.refuse_prepare_half" }, "Minas goes in your half of the board");
    expect(root().querySelector<HTMLElement>(".message")!.dataset.code).toBe("mekatac.refuse_prepare_half");
    root().querySelector<HTMLElement>("[data-action='submit']")!.click();
    expect(sent[sent.length - 1].type).toBe("submit");
    panel.handle({ type: "order_accepted" });
    expect(root().querySelector<HTMLElement>(".when-submitted")!.hidden).toBe(false);
  });
});
