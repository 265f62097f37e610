// The MEKATAC preparation panel (docs/mekatac.md "Upgrade and strategy decks"): with the decks agreed, the side's
// lead meka gives one order before the first initiative roll, playing any of the side's upgrade and strategy
// cards, each on the meka, weapon or hex its line asks for. The server checks it (`plot`) and refuses a card on
// the wrong meka, weapon or hex with the rule it breaks.

import { t } from "../../i18n";
import type { Snapshot } from "../../protocol";
import { showOrderState, showPanelMessage } from "../order-panel-state";

export interface PreparedCard {
  card: string;
  meka?: string;
  weapon?: number;
  system?: string;
  arc?: string;
  hex?: string;
  terrain?: string;
}
export interface PrepareOrder { unit: string; cards: PreparedCard[] }

/** What each card asks for: a meka of the side ("own") or an enemy's, a weapon, a new weapon, a hex, a terrain. */
const FIELDS: Record<string, string[]> = {
  blindaje_extra: ["own"], veterano: ["own"], motor_avanzado: ["own"],
  arma_extra: ["own", "system", "arc"], arma_mejorada: ["own", "weapon"], municion_extra: ["own", "weapon"],
  meka_oculto: ["own", "hex"], emboscada: ["enemy", "hex"], danos: ["enemy"], terreno: ["hex", "terrain"],
  minas: ["hex"], sorpresa: [],
};
export const NAMES: Record<string, string> = {
  blindaje_extra: "Blindaje extra", arma_extra: "Arma extra", arma_mejorada: "Arma mejorada", veterano: "Veterano",
  motor_avanzado: "Motor avanzado", municion_extra: "Munición extra", terreno: "Terreno", emboscada: "Emboscada",
  danos: "Daños", sorpresa: "Sorpresa", minas: "Minas", meka_oculto: "Meka oculto",
};
/** The size-1 weapons of the SISTEMAS tables (Arma extra: "un arma extra de tamaño 1"). */
const SIZE_ONE = ["lasrifle", "missile_s", "missile_m", "missile_l", "missile_xl", "chain_gun", "plasgun", "flamer_s",
  "mortar_s", "blade"];

export interface PrepareHooks {
  send(frame: { type: "plot" | "submit"; order: PrepareOrder; turn: number; phase: string; v: number }): boolean;
}

export class MekatacPreparePanel {
  private snapshot: Snapshot | null = null;
  private lead = "";
  private state: "idle" | "choosing" | "sent" | "submitted" = "idle";

  constructor(private readonly root: HTMLElement, private readonly hooks: PrepareHooks) {
    // Our own catalogue's words, not the players': safe to place as markup.
    root.innerHTML = `<h2 id="mekatac-prepare-title">${t("Upgrades and strategies")}</h2>
      <ol class="cards"></ol>
      <p class="message" aria-live="assertive" data-code=""></p>
      <button type="button" data-action="submit">${t("Give the order")}</button>
      <p class="when-submitted" hidden>${t("Order given: watch it play.")}</p>`;
    root.setAttribute("aria-labelledby", "mekatac-prepare-title");
    root.hidden = true;
    root.addEventListener("click", (event) => {
      if ((event.target as Element).closest("[data-action='submit']")) this.send("submit");
    });
    root.addEventListener("change", () => this.send("plot"));
  }

  /** The position: the side's cards, when the phase asks the viewer's lead meka for the preparation order. */
  show(snapshot: Snapshot): void {
    const hints = (snapshot.hints as { units?: Record<string, { orders: boolean }> } | undefined)?.units ?? {};
    const lead = Object.entries(hints).find(([, h]) => h.orders)?.[0] ?? "";
    this.root.hidden = !lead || snapshot.match.status !== "in_progress";
    if (this.root.hidden) return this.stop();
    if (lead !== this.lead || this.state === "idle") {
      this.snapshot = snapshot;
      this.lead = lead;
      this.render();
      this.setState("choosing");
    }
    this.snapshot = snapshot;
  }

  stop(): void {
    this.root.hidden = true;
    this.lead = "";
    this.setState("idle");
  }

  handle(frame: { type: string; code?: string }, text = ""): void {
    if (frame.type === "plotted" || frame.type === "order_accepted") {
      this.setMessage("");
      if (frame.type === "order_accepted") this.setState("submitted");
    } else if (frame.type === "error" && this.state !== "idle") {
      this.setMessage(text, frame.code ?? "");
      if (this.state === "sent") this.setState("choosing");
    }
  }

  interrupt(): boolean {
    const inFlight = this.state === "sent";
    if (inFlight) this.setState("choosing");
    return inFlight;
  }

  /** The order as the panel's choices make it: the cards ticked, each with what it asks for. */
  order(): PrepareOrder {
    const cards = [...this.root.querySelectorAll<HTMLElement>(".cards li")].filter((row) =>
      row.querySelector<HTMLInputElement>("input[type='checkbox']")!.checked).map((row) => {
      const played: PreparedCard = { card: row.dataset.card! };
      for (const field of row.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-field]")) {
        const name = field.dataset.field!;
        if (name === "weapon") played.weapon = Number(field.value) || 0;
        else (played as unknown as Record<string, string>)[name === "own" || name === "enemy" ? "meka" : name] = field.value;
      }
      return played;
    });
    return { unit: this.lead, cards };
  }

  private render(): void {
    const side = this.snapshot?.you.side ?? "";
    const view = this.snapshot as unknown as { upgrades?: Record<string, string[]>; strategies?: Record<string, string[]> };
    const held = [...(view.upgrades?.[side] ?? []), ...(view.strategies?.[side] ?? [])].filter((card) => card in FIELDS);
    const mekas = (this.snapshot?.units ?? []) as unknown as { id: string; side: string }[];
    const ids = (own: boolean) => mekas.filter((meka) => (meka.side === side) === own).map((meka) => meka.id);
    this.root.querySelector(".cards")!.replaceChildren(...held.map((card) => {
      const row = document.createElement("li");
      row.dataset.card = card;
      const box = document.createElement("input");
      box.type = "checkbox";
      const label = document.createElement("label");
      label.append(box, ` ${NAMES[card]}`);
      row.append(label, ...FIELDS[card].map((field) => this.field(field, ids)));
      return row;
    }));
  }

  private field(name: string, ids: (own: boolean) => string[]): HTMLElement {
    const choices = name === "own" ? ids(true) : name === "enemy" ? ids(false) : name === "system" ? SIZE_ONE
      : name === "arc" ? ["F", "I", "D", "T"] : null;
    const input = choices ? document.createElement("select") : document.createElement("input");
    if (input instanceof HTMLSelectElement) input.replaceChildren(...(choices ?? []).map((value) => new Option(value, value)));
    else input.placeholder = name === "hex" ? "CCRR" : name === "weapon" ? "0" : "woods:1";
    input.dataset.field = name;
    const labels: Record<string, string> = { own: t("Meka"), enemy: t("Enemy meka"), system: t("Weapon"), arc: t("Arc"),
      weapon: t("Weapon"), hex: t("Hex"), terrain: t("Terrain") };
    input.setAttribute("aria-label", labels[name] ?? name);
    return input;
  }

  private send(type: "plot" | "submit"): void {
    if (!this.snapshot || !this.lead || this.state === "idle" || this.state === "submitted") return;
    const { turn, phase } = this.snapshot.match;
    if (this.hooks.send({ type, order: this.order(), turn, phase, v: this.snapshot.v }) && type === "submit") {
      this.setState("sent");
    }
  }

  private setState(state: MekatacPreparePanel["state"]): void {
    this.state = state;
    showOrderState(this.root, state);
  }

  private setMessage(text: string, code = ""): void {
    showPanelMessage(this.root, text, code);
  }
}
