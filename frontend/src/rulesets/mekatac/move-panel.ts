// The MEKATAC movement order panel (docs/mekatac.md "Orders"): the player picks one of the mekas the hints ask an
// order of, its mode, its steps one MP each (forward, a 60° turn left or right), the attacks it makes after a
// step, the action cards its side plays with it and its standing instruction for the reaction windows; the
// server checks the order (`plot`) and answers its path and each attack's target number, or the rule it breaks.

import { t } from "../../i18n";
import { type Facing, parseLabel } from "../../hex";
import type { Position } from "../../path";
import { phaseKey } from "../../panels";
import type { Snapshot } from "../../protocol";
import { showOrderState, showPanelMessage } from "../order-panel-state";

/** A meka's hints (rules/rulesets/mekatac/view.py `hints`). */
export interface MekaHints {
  orders: boolean;
  modes?: Record<string, number>;
  weapons?: number[];
  melee?: string[];
  /** Each weapon's hexes in its arc and range from where the meka stands, `half` in sight with the range bonus,
   * `full` in sight without, `blind` out of sight (`weapon_cover`). */
  cover?: Cover[];
}

/** One weapon's cover, as the server works it out (rules/rulesets/mekatac/combat.py `weapon_cover`). */
export interface Cover { index: number; arc: string; half: string[]; full: string[]; blind?: string[] }

/** A meka as the MEKATAC view shows it (the fields the panel reads). */
export interface Meka {
  id: string;
  side: string;
  hex: string;
  facing: number;
  weapons?: { index: number; label: string }[];
}

type Weapon = number | string;
export interface Volley { at: number; target: string; weapons: Weapon[]; card?: string }
export interface MekaOrder {
  unit: string;
  mode: string;
  steps: string[];
  attacks: Volley[];
  cards: { card: string; target?: string; weapon?: number }[];
  react: string;
}

/** The action cards the panel plays with the move, and those played on an enemy meka (its target). */
const MOVE_CARDS = ["jaleo", "blitz", "salva", "ataque_oportunidad", "iniciativa", "deflexion", "pura_suerte", "tactica",
  "atascado", "duda", "fuego_apoyo", "apoyo_aereo"];
const ON_ENEMY = ["atascado", "duda", "fuego_apoyo", "apoyo_aereo"];
const ATTACK_CARDS = ["disparo_apuntado", "critico"];
export const CARD_NAMES: Record<string, string> = {
  jaleo: "Jaleo Meka", blitz: "Blitz Meka", pura_suerte: "Pura suerte", salva: "Salva", deflexion: "Deflección",
  disparo_apuntado: "Disparo apuntado", critico: "Crítico", tactica: "Táctica", iniciativa: "Iniciativa",
  duda: "Duda", atascado: "Atascado", ataque_oportunidad: "Ataque de oportunidad",
  fuego_apoyo: "Fuego de apoyo", apoyo_aereo: "Apoyo aéreo",
};
const MELEE_WORDS: Record<string, string> = { punch: "Punch", kick: "Kick" };

/** What each card the panel plays does ("LISTA DE CARTAS DE ACCIONES", docs/mekatac.md "Action cards"). */
function effect(card: string): string {
  const effects: Record<string, string> = {
    jaleo: t("+4 MP this turn"), blitz: t("+8 MP this turn"), salva: t("each ranged weapon fires once more"),
    ataque_oportunidad: t("this weapon fires once more"),
    iniciativa: t("+10 to the next initiative roll"), deflexion: t("the first hit on it misses"),
    pura_suerte: t("its first missed shot is rolled again"), tactica: t("blocks the opponent's next card"),
    atascado: t("the target cannot move this turn"), duda: t("the target cannot attack this turn"),
    fuego_apoyo: t("an XL missile from your map edge, once in the game"),
    apoyo_aereo: t("a large missile from your map edge, once in the game"),
  };
  return effects[card] ?? "";
}

export interface MoveHooks {
  send(frame: { type: "plot" | "submit"; order: MekaOrder; turn: number; phase: string; v: number }): boolean;
  drawPath(positions: Position[]): void;
  drawCover(half: string[], full: string[], blind: string[]): void;
}

export class MekatacMovePanel {
  private snapshot: Snapshot | null = null;
  private meka: Meka | null = null;
  private steps: string[] = [];
  private volleys: Volley[] = [];
  private state: "idle" | "choosing" | "sent" | "submitted" = "idle";
  /** The phase (turn and phase) of the last submit: its late reply must not close the next phase's order. */
  private submittedFor = "";
  /** The mekas whose orders the server accepted since the last position (whose `my_orders` lists them later). */
  private given = new Set<string>();
  /** The cover the server answered for the last plot: from where its steps leave the meka (`preview_cover`). */
  private plotted: { unit: string; cover: Cover[] } | null = null;

  constructor(private readonly root: HTMLElement, private readonly hooks: MoveHooks) {
    // Our own catalogue's words, not the players': safe to place as markup.
    root.innerHTML = `<h2 id="mekatac-move-title">${t("Move and attacks")}</h2>
      <p>${t("Initiative order:")} <output class="initiative"></output></p>
      <div class="mekas" role="group" aria-label="${t("Mekas")}"></div>
      <p><label>${t("Mode")} <select name="mode"></select></label>
        <output class="mp" data-mp="0" data-budget="0">0 / 0</output>
        <label><input type="checkbox" name="cover"> ${t("Show weapon arcs and ranges")}</label></p>
      <p><button type="button" data-step="F">${t("Forward")}</button>
        <button type="button" data-step="L">${t("Turn left")}</button>
        <button type="button" data-step="R">${t("Turn right")}</button>
        <button type="button" data-action="undo">${t("Take back a step")}</button>
        <output class="steps"></output></p>
      <fieldset><legend>${t("Attack")}</legend>
        <label>${t("Target")} <select name="target"></select></label>
        <label>${t("After step")} <input name="at" type="number" min="0" value="0"></label>
        <label>${t("Card")} <select name="attack-card"></select></label>
        <div class="weapons"></div>
        <button type="button" data-action="add-attack">${t("Add the attack")}</button>
        <ol class="volleys"></ol></fieldset>
      <fieldset><legend>${t("Action cards")}</legend><div class="hand"></div></fieldset>
      <p><label>${t("Reactions")} <select name="react">
        <option value="ask">${t("Ask me at each shot")}</option>
        <option value="fire">${t("Fire at the first legal shot")}</option>
        <option value="hold">${t("Hold fire")}</option></select></label></p>
      <p class="message" aria-live="assertive" data-code=""></p>
      <button type="button" data-action="submit">${t("Give the order")}</button>
      <p class="when-submitted" hidden>${t("Order given: watch it play.")}</p>`;
    root.setAttribute("aria-labelledby", "mekatac-move-title");
    root.hidden = true;
    root.addEventListener("click", (event) => this.onClick(event));
    root.addEventListener("change", (event) => {
      if ((event.target as HTMLInputElement).name === "cover") this.drawCover();
      else this.check();
    });
  }

  /** The position: the viewer's mekas the hints ask an order of; hidden when there are none. */
  show(snapshot: Snapshot): void {
    const offered = Object.entries(this.allHints(snapshot)).filter(([, h]) => h.orders).map(([id]) => id);
    const shown = this.snapshot && phaseKey(this.snapshot);
    this.given.clear(); // from here the snapshot's `my_orders` says (a withdrawn order is owed again)
    this.snapshot = snapshot;
    this.root.hidden = offered.length === 0 || snapshot.match.status !== "in_progress";
    if (this.root.hidden) return this.stop();
    this.root.querySelector(".mekas")!.replaceChildren(...offered.map((id) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.meka = id;
      button.textContent = id;
      return button;
    }));
    const order = (snapshot.hints as { order?: string[] } | undefined)?.order ?? [];
    this.root.querySelector(".initiative")!.textContent = order.join(" → ");
    const enemies = this.mekas().filter((meka) => meka.side !== snapshot.you.side).map((meka) => meka.id);
    this.root.querySelector("[name='target']")!.replaceChildren(...enemies.map((id) => new Option(id, id)));
    if (shown !== phaseKey(snapshot)) this.plotted = null; // the meka stands elsewhere: the hints say from where
    if (shown !== phaseKey(snapshot) || this.state === "idle") this.setState("choosing");
    this.choose(this.meka && offered.includes(this.meka.id) ? this.meka.id : offered[0]);
  }

  stop(): void {
    this.root.hidden = true;
    this.meka = null;
    this.hooks.drawPath([]);
    this.hooks.drawCover([], [], []);
    this.setState("idle");
  }

  /** The server's answer to a plot or a submit (the path it checked), or its refusal. */
  handle(frame: { type: string; steps?: { hex: string; facing: number }[]; code?: string; cover?: Cover[];
    order?: { unit?: string } }, text = ""): void {
    if (frame.type === "plotted" || frame.type === "order_accepted") {
      if (frame.cover && this.meka && frame.order?.unit === this.meka.id) {
        this.plotted = { unit: this.meka.id, cover: frame.cover };
        this.drawCover();
      }
      const start = this.meka ? [{ hex: this.meka.hex, facing: this.meka.facing }] : [];
      this.hooks.drawPath([...start, ...(frame.steps ?? [])].map((s) => ({ hex: parseLabel(s.hex), facing: (s.facing % 6) as Facing })));
      this.setMessage("");
      if (frame.type === "order_accepted" && this.submittedFor === phaseKey(this.snapshot!)) this.accepted();
    } else if (frame.type === "error" && this.state !== "idle") {
      this.setMessage(text, frame.code ?? "");
      if (this.state === "sent") this.setState("choosing");
    }
  }

  /** The chosen meka's order is given: it stays given when the player comes back to it in this phase. */
  private accepted(): void {
    if (this.meka) this.given.add(this.meka.id);
    this.setState("submitted");
  }

  private givenIds(): Set<string> {
    const listed = (this.snapshot?.my_orders ?? []).map((order) => (order as { unit?: string }).unit ?? "");
    return new Set([...listed, ...this.given]);
  }

  interrupt(): boolean {
    const inFlight = this.state === "sent";
    if (inFlight) this.setState("choosing");
    return inFlight;
  }

  /** The order as the panel's choices make it. */
  order(): MekaOrder | null {
    if (!this.meka) return null;
    const value = (name: string) => this.root.querySelector<HTMLSelectElement>(`[name='${name}']`)!.value;
    const cards = [...this.root.querySelectorAll<HTMLInputElement>(".hand input:checked")].map((box) => {
      const card = box.dataset.card!;
      if (card === "ataque_oportunidad") {
        const weapon = box.parentElement!.querySelector<HTMLSelectElement>("select[data-card-weapon]")!.value;
        return { card, weapon: Number(weapon) };
      }
      return ON_ENEMY.includes(card) ? { card, target: value("target") } : { card };
    });
    return { unit: this.meka.id, mode: value("mode") || "walk", steps: [...this.steps], attacks: [...this.volleys],
      cards, react: value("react") };
  }

  private allHints(snapshot: Snapshot | null): Record<string, MekaHints> {
    return (snapshot?.hints as { units?: Record<string, MekaHints> } | undefined)?.units ?? {};
  }

  private mekas(): Meka[] {
    return (this.snapshot?.units ?? []) as unknown as Meka[];
  }

  /** The side's action cards, and the support strikes its strategy hand keeps for the game. */
  private hand(): string[] {
    const view = this.snapshot as unknown as { hands?: Record<string, string[]>; strategies?: Record<string, string[]> };
    const side = this.snapshot?.you.side ?? "";
    const support = (view?.strategies?.[side] ?? []).filter((card) => card === "fuego_apoyo" || card === "apoyo_aereo");
    return [...(view?.hands?.[side] ?? []), ...support];
  }

  private onClick(event: Event): void {
    const target = event.target as Element;
    const meka = target.closest<HTMLElement>("[data-meka]")?.dataset.meka;
    if (meka) return this.choose(meka);
    const step = target.closest<HTMLElement>("[data-step]")?.dataset.step;
    if (step) this.steps.push(step);
    const action = target.closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action === "undo") this.steps.pop();
    if (action === "add-attack") this.addAttack();
    if (action === "submit") return this.send("submit");
    if (step || action) this.check();
  }

  private choose(id: string | undefined): void {
    const meka = this.mekas().find((each) => each.id === id) ?? null;
    if (meka?.id !== this.meka?.id) {
      this.steps = [];
      this.volleys = [];
      this.plotted = null;
    }
    this.meka = meka;
    // Each meka gives its own order: one already given (the snapshot's `my_orders`, or accepted since) shows as given.
    if (this.state === "choosing" || this.state === "submitted") {
      this.setState(this.givenIds().has(id ?? "") ? "submitted" : "choosing");
    }
    for (const button of this.root.querySelectorAll<HTMLElement>("[data-meka]")) {
      button.setAttribute("aria-pressed", String(button.dataset.meka === id));
    }
    const hints = meka ? this.allHints(this.snapshot)[meka.id] : undefined;
    const mode = this.root.querySelector<HTMLSelectElement>("[name='mode']")!;
    const chosen = mode.value;
    mode.replaceChildren(...Object.entries(hints?.modes ?? {}).map(([name, mp]) =>
      new Option(t("%(mode)s (%(mp)s MP)", { mode: t(name), mp }), name)));
    if ([...mode.options].some((option) => option.value === chosen)) mode.value = chosen;
    const labels = new Map((meka?.weapons ?? []).map((weapon) => [weapon.index, weapon.label]));
    const weapons: Weapon[] = [...(hints?.weapons ?? []), ...(hints?.melee ?? [])];
    this.root.querySelector(".weapons")!.replaceChildren(...weapons.map((weapon) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.weapon = String(weapon);
      label.append(box, ` ${typeof weapon === "number" ? labels.get(weapon) ?? weapon : t(MELEE_WORDS[weapon] ?? weapon)}`);
      return label;
    }));
    const hand = this.hand();
    this.root.querySelector("[name='attack-card']")!.replaceChildren(new Option(t("None"), ""),
      ...ATTACK_CARDS.filter((card) => hand.includes(card)).map((card) => new Option(CARD_NAMES[card], card)));
    this.root.querySelector(".hand")!.replaceChildren(...hand.filter((card) => MOVE_CARDS.includes(card)).map((card) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.card = card;
      label.append(box, ` ${CARD_NAMES[card]}: ${effect(card)}`);
      if (card === "ataque_oportunidad") {
        // "Un Meka puede hacer un ataque extra con una de sus armas": the weapon, of those the hints call ready.
        const pick = document.createElement("select");
        pick.dataset.cardWeapon = "";
        pick.setAttribute("aria-label", t("Weapon"));
        pick.replaceChildren(...(hints?.weapons ?? []).map((index) => new Option(labels.get(index) ?? String(index),
          String(index))));
        label.append(" ", pick);
      }
      return label;
    }));
    this.drawCover();
    this.check();
  }

  /** With the toggle on, the chosen meka's weapon cover as the server gives it: from where the plotted steps
   * leave it (the plot's answer), else from where it stands (the hints). A hex some weapon reaches with its range
   * bonus shows as such, whatever the others do; one no weapon sees, as out of sight. */
  private drawCover(): void {
    const on = this.root.querySelector<HTMLInputElement>("[name='cover']")!.checked;
    const plotted = this.plotted && this.plotted.unit === this.meka?.id ? this.plotted.cover : null;
    const cover = on && this.meka ? plotted ?? this.allHints(this.snapshot)[this.meka.id]?.cover ?? [] : [];
    const half = new Set(cover.flatMap((weapon) => weapon.half));
    const full = new Set(cover.flatMap((weapon) => weapon.full).filter((label) => !half.has(label)));
    const blind = new Set(cover.flatMap((weapon) => weapon.blind ?? []).filter((label) => !half.has(label) && !full.has(label)));
    this.hooks.drawCover([...half], [...full], [...blind]);
  }

  private addAttack(): void {
    const boxes = [...this.root.querySelectorAll<HTMLInputElement>(".weapons input:checked")];
    const target = this.root.querySelector<HTMLSelectElement>("[name='target']")!.value;
    if (boxes.length === 0 || !target) return;
    const at = Math.max(0, Math.min(Number(this.root.querySelector<HTMLInputElement>("[name='at']")!.value) || 0,
      this.steps.length));
    const weapons = boxes.map((box) => (/^\d+$/.test(box.dataset.weapon!) ? Number(box.dataset.weapon) : box.dataset.weapon!));
    const card = this.root.querySelector<HTMLSelectElement>("[name='attack-card']")!.value;
    this.volleys.push({ at, target, weapons, ...(card ? { card } : {}) });
    for (const box of boxes) box.checked = false;
    this.root.querySelector(".volleys")!.replaceChildren(...this.volleys.map((volley) => {
      const item = document.createElement("li");
      item.textContent = t("After step %(at)s at %(target)s: %(weapons)s",
        { at: volley.at, target: volley.target, weapons: volley.weapons.join(", ") });
      return item;
    }));
  }

  /** Shows the steps against the mode's MP and asks the server to check the order. */
  private check(): void {
    const budget = this.allHints(this.snapshot)[this.meka?.id ?? ""]?.modes?.[this.order()?.mode ?? "walk"] ?? 0;
    const mp = this.root.querySelector<HTMLOutputElement>(".mp")!;
    mp.dataset.mp = String(this.steps.length);
    mp.dataset.budget = String(budget);
    mp.textContent = t("%(mp)s / %(budget)s MP", { mp: this.steps.length, budget });
    this.root.querySelector(".steps")!.textContent = this.steps.join(" ");
    if (this.state === "choosing") this.send("plot");
  }

  private send(type: "plot" | "submit"): void {
    const order = this.order();
    if (!order || !this.snapshot || this.state === "idle" || this.state === "submitted") return;
    const { turn, phase } = this.snapshot.match;
    if (this.hooks.send({ type, order, turn, phase, v: this.snapshot.v }) && type === "submit") {
      this.submittedFor = phaseKey(this.snapshot);
      this.setState("sent");
    }
  }

  private setState(state: MekatacMovePanel["state"]): void {
    this.state = state;
    showOrderState(this.root, state);
  }

  private setMessage(text: string, code = ""): void {
    showPanelMessage(this.root, text, code);
  }
}
