// The skirmish order panel (docs/skirmish.md "Turns and orders"): the active player spends an order of the pool on
// any troop the hints offer, picks its skills, clicks the hexes of each Move on the board and sees the path the
// server checks (its cost against the troop's MOV, its end, or the rule it breaks) before giving it. What a path
// may do is the server's to judge (`plot`); the panel only counts the hexes clicked.

import { t } from "../../i18n";
import { type Hex, hexLabel, parseLabel } from "../../hex";
import type { Position } from "../../path";
import { phaseKey } from "../../panels";
import type { Snapshot } from "../../protocol";
import { unitName } from "../../reasons";
import { showOrderState, showPanelMessage } from "../order-panel-state";

/** The troop's hints (rules/rulesets/skirmish/ruleset.py `_unit_hints`). */
export interface TroopHints {
  orders: boolean;
  mov?: [number, number];
  may_move?: boolean;
  targets?: string[];
  remount?: { mount: boolean; to: string; mov: [number, number] };
}

/** A troop as the skirmish view shows it. */
export interface Troop {
  id: string;
  side: string;
  hex: string;
  profile?: string;
  states?: string[];
}

type SkillData = Record<string, unknown>;
export interface SkirmishOrder {
  unit: string;
  skills: SkillData[];
}

/** The skill layouts an order may take: one or two short skills (one attack at most) or a long skill alone. */
export const LAYOUTS: Record<string, string[]> = {
  "move": ["move"],
  "move-move": ["move", "move"],
  "move-attack": ["move", "attack"],
  "attack-move": ["attack", "move"],
  "attack": ["attack"],
  "idle": ["idle"],
  "cautious": ["cautious"],
};
const LAYOUT_NAMES: Record<string, string> = {
  "move": "Move", "move-move": "Move + Move", "move-attack": "Move + BS Attack", "attack-move": "BS Attack + Move",
  "attack": "BS Attack", "idle": "Idle", "cautious": "Cautious Movement",
};

export interface OrderHooks {
  /** Sends a `plot` (a check) or `submit` frame; false when the socket is closed. */
  send(frame: { type: "plot" | "submit"; order: SkirmishOrder; turn: number; phase: string; v: number }): boolean;
  drawPath(positions: Position[]): void;
}

/** The order as the panel's choices make it. */
export function buildOrder(unit: string, layout: string, paths: string[][], target: string, change: {
  prone?: boolean; mount?: boolean;
}): SkirmishOrder {
  let move = 0;
  const skills = (LAYOUTS[layout] ?? []).map((kind, index): SkillData => {
    if (kind === "attack") return { skill: "attack", target };
    if (kind === "idle") return { skill: "idle" };
    const skill: SkillData = { skill: kind, path: paths[move++] ?? [] };
    if (move === 1 && change.prone !== undefined) skill.prone = change.prone;
    if (index === 0 && change.mount !== undefined) skill.mount = change.mount;
    return skill;
  });
  return { unit, skills };
}

export class SkirmishOrderPanel {
  private snapshot: Snapshot | null = null;
  /** The order phase shown (turn and `order-N`): the next one starts a new order. */
  private phase = "";
  /** The phase of the last submit: its late reply must not close the next phase's order. */
  private submittedFor = "";
  private troop: Troop | null = null;
  private paths: string[][] = [[]];
  private editing = 0;
  private state: "idle" | "choosing" | "sent" | "submitted" = "idle";

  constructor(private readonly root: HTMLElement, private readonly hooks: OrderHooks) {
    // Our own catalogue's words, not the players': safe to place as markup.
    root.innerHTML = `<h2 id="skirmish-order-title">${t("Order")}</h2>
      <p>${t("Orders left:")} <output class="pool" data-pool="0">0</output></p>
      <div class="troops" role="group" aria-label="${t("Troops")}"></div>
      <p><label>${t("Skills")} <select name="skills">${Object.entries(LAYOUT_NAMES)
        .map(([value, name]) => `<option value="${value}">${t(name)}</option>`).join("")}</select></label></p>
      <p class="move-line">${t("Move")} <output class="which">1</output>:
        <output class="cost" data-cost="0" data-mov="0">0 / 0</output>
        <button type="button" data-action="next-move">${t("Second Move")}</button>
        <button type="button" data-action="undo">${t("Take back a hex")}</button></p>
      <p class="mount-choice" hidden><label><input type="checkbox" name="mount"> <span></span></label></p>
      <p><label><input type="checkbox" name="prone"> <span class="prone-word"></span></label></p>
      <p class="target-choice"><label>${t("Target")} <select name="target"></select></label></p>
      <p class="plot-end" aria-live="polite"></p>
      <p class="message" aria-live="assertive" data-code=""></p>
      <button type="button" data-action="submit">${t("Give the order")}</button>
      <p class="when-submitted" hidden>${t("Order given: watch it play.")}</p>`;
    root.setAttribute("aria-labelledby", "skirmish-order-title");
    root.hidden = true;
    root.addEventListener("click", (event) => this.onClick(event));
    root.addEventListener("change", () => this.check());
  }

  /** The position: the active player's troops that may take an order, from the hints; hidden otherwise. */
  show(snapshot: Snapshot): void {
    const hints = snapshot.hints as { pool?: number; units?: Record<string, TroopHints> } | undefined;
    const offered = Object.entries(hints?.units ?? {}).filter(([, h]) => h.orders).map(([id]) => id);
    this.snapshot = snapshot;
    this.root.hidden = offered.length === 0 || snapshot.match.status !== "in_progress";
    if (this.root.hidden) return this.stop();
    const pool = this.root.querySelector<HTMLOutputElement>(".pool")!;
    pool.textContent = String(hints?.pool ?? 0);
    pool.dataset.pool = String(hints?.pool ?? 0);
    const troops = this.root.querySelector(".troops")!;
    troops.replaceChildren(...offered.map((id) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.troop = id;
      // Its id and its profile's word in the page's language ("F (infantería)"), as the view names it.
      const unit = snapshot.units.find((candidate) => candidate.id === id);
      button.textContent = unit?.name ? unitName(unit) : id;
      return button;
    }));
    if (phaseKey(snapshot) !== this.phase) {
      this.phase = phaseKey(snapshot);
      this.troop = null;
      this.setState("choosing");
      this.setMessage("");
    }
    const enemies = (snapshot.units as unknown as Troop[]).filter((u) => u.side !== snapshot.you.side);
    this.root.querySelector("[name='target']")!.replaceChildren(...enemies.map((enemy) => new Option(enemy.id, enemy.id)));
    if (!this.troop || !offered.includes(this.troop.id)) this.choose(offered[0]);
    else this.choose(this.troop.id);
    this.setState(this.state === "submitted" ? "submitted" : "choosing");
  }

  stop(): void {
    this.root.hidden = true;
    this.troop = null;
    this.hooks.drawPath([]);
    this.setState("idle");
  }

  /** A click on the board: the hex joins the Move being plotted (again on its last hex: it leaves it). */
  clickHex(hex: Hex): void {
    if (this.state !== "choosing" || !this.troop) return;
    const label = hexLabel(hex);
    const path = this.paths[this.editing];
    if (path[path.length - 1] === label) path.pop();
    else path.push(label);
    this.check();
  }

  /** The server's answer to a plot or a submit, or its refusal. */
  handle(frame: { type: string; order?: unknown; end?: string; steps?: { kind: string; hex: string }[]; code?: string },
    text = ""): void {
    if (frame.type === "plotted" || frame.type === "order_accepted") {
      const steps = (frame.steps ?? []).filter((step) => step.kind === "step").map((step) => step.hex);
      const start = this.troop?.hex;
      if (start) this.hooks.drawPath([start, ...steps].map((hex) => ({ hex: parseLabel(hex), facing: 0 })));
      this.root.querySelector(".plot-end")!.textContent = frame.end ? t("Ends in %(hex)s.", { hex: frame.end }) : "";
      this.setMessage("");
      if (frame.type === "order_accepted" && this.submittedFor === this.phase) this.setState("submitted");
    } else if (frame.type === "error" && this.state !== "idle") {
      this.setMessage(text, frame.code ?? "");
      if (this.state === "sent") this.setState("choosing");
    }
  }

  /** The connection dropped: true when a submit was in flight. */
  interrupt(): boolean {
    const inFlight = this.state === "sent";
    if (inFlight) this.setState("choosing");
    return inFlight;
  }

  private onClick(event: Event): void {
    const target = event.target as Element;
    const troop = target.closest<HTMLElement>("[data-troop]")?.dataset.troop;
    if (troop) return this.choose(troop);
    const action = target.closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action === "next-move") this.editing = Math.min(this.editing + 1, this.moves() - 1);
    if (action === "undo") this.paths[this.editing].pop();
    if (action === "submit") return this.send("submit");
    if (action) this.check();
  }

  private choose(id: string | undefined): void {
    const troop = (this.snapshot?.units as unknown as Troop[] | undefined)?.find((u) => u.id === id) ?? null;
    if (troop?.id !== this.troop?.id) {
      this.paths = [[], []];
      this.editing = 0;
    }
    this.troop = troop;
    for (const button of this.root.querySelectorAll<HTMLElement>("[data-troop]")) {
      button.setAttribute("aria-pressed", String(button.dataset.troop === id));
    }
    const remount = this.hints()?.remount;
    const mount = this.root.querySelector<HTMLElement>(".mount-choice")!;
    mount.hidden = !remount;
    if (remount) {
      mount.querySelector("span")!.textContent = remount.mount
        ? t("Mount (%(profile)s) before moving", { profile: t(remount.to) })
        : t("Dismount (%(profile)s) before moving", { profile: t(remount.to) });
    }
    const prone = troop?.states?.includes("prone");
    this.root.querySelector(".prone-word")!.textContent = prone ? t("Stand up at the start") : t("Go prone at the start");
    this.check();
  }

  private hints(): TroopHints | undefined {
    const hints = this.snapshot?.hints as { units?: Record<string, TroopHints> } | undefined;
    return this.troop ? hints?.units?.[this.troop.id] : undefined;
  }

  private layout(): string {
    return this.root.querySelector<HTMLSelectElement>("[name='skills']")!.value;
  }

  private moves(): number {
    return (LAYOUTS[this.layout()] ?? []).filter((kind) => kind === "move" || kind === "cautious").length;
  }

  private order(): SkirmishOrder | null {
    if (!this.troop) return null;
    const mount = this.root.querySelector<HTMLInputElement>("[name='mount']")!;
    const prone = this.root.querySelector<HTMLInputElement>("[name='prone']")!;
    const remount = this.hints()?.remount;
    const target = this.root.querySelector<HTMLSelectElement>("[name='target']")!.value;
    return buildOrder(this.troop.id, this.layout(), this.paths, target, {
      mount: remount && mount.checked ? remount.mount : undefined,
      prone: prone.checked ? !this.troop.states?.includes("prone") : undefined,
    });
  }

  /** Shows the Move being plotted against its MOV value and asks the server to check the order. */
  private check(): void {
    const moves = this.moves();
    this.editing = Math.min(this.editing, Math.max(moves - 1, 0));
    const hints = this.hints();
    const mounting = this.root.querySelector<HTMLInputElement>("[name='mount']")!.checked && hints?.remount;
    const mov = (mounting ? hints.remount?.mov : hints?.mov) ?? [0, 0];
    const cost = this.root.querySelector<HTMLOutputElement>(".cost")!;
    const hexes = this.paths[this.editing]?.length ?? 0;
    const allowance = this.layout() === "cautious" ? mov[0] : mov[Math.min(this.editing, 1)];
    cost.dataset.cost = String(hexes);
    cost.dataset.mov = String(allowance);
    cost.textContent = t("%(hexes)s / %(mov)s hexes", { hexes, mov: allowance });
    this.root.querySelector(".which")!.textContent = String(this.editing + 1);
    this.root.querySelector<HTMLElement>(".move-line")!.hidden = moves === 0;
    this.root.querySelector<HTMLElement>("[data-action='next-move']")!.hidden = moves < 2 || this.editing > 0;
    this.root.querySelector<HTMLElement>(".target-choice")!.hidden = !LAYOUTS[this.layout()]?.includes("attack");
    if (this.state === "choosing") this.send("plot");
  }

  private send(type: "plot" | "submit"): void {
    const order = this.order();
    if (!order || !this.snapshot || this.state === "idle" || this.state === "submitted") return;
    const { turn, phase } = this.snapshot.match;
    if (this.hooks.send({ type, order, turn, phase, v: this.snapshot.v }) && type === "submit") {
      this.submittedFor = this.phase;
      this.setState("sent");
    }
  }

  private setState(state: SkirmishOrderPanel["state"]): void {
    this.state = state;
    showOrderState(this.root, state);
  }

  private setMessage(text: string, code = ""): void {
    showPanelMessage(this.root, text, code);
  }
}
