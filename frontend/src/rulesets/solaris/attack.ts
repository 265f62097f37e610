// The attack panel of the weapons and physical phases. The player picks a target and weapons (each shown
// with its range band at the current distance) or one physical attack; every change is sent as a `plot`
// and the server's answer shows each attack's target number and modifiers before anything is submitted.
// Holding fire (or making no physical attack) is an order too: the phase waits for every mech.
// Every word goes through t() (Spanish in locale/es/LC_MESSAGES/djangojs.po).

import { distance, parseLabel } from "../../hex";
import { errorText } from "../../errors";
import { t } from "../../i18n";
import type { AttackFrame, Unit } from "../../protocol";
import type { AttackCheck, AttackOption, AttackOptions, AttackOrder, MechInfo, PlannedAttack, WeaponInfo } from "../../protocol-combat";
import { reasonText } from "../../reasons";

export type AttackPhase = "weapons" | "physical";

/** Where `hexes` falls in a weapon's ranges (Total Warfare range brackets); the server adds the modifier. */
export function rangeBand(range: WeaponInfo["range"], hexes: number): string {
  if (hexes > range.long) return t("out of range");
  const band = hexes <= range.short ? t("short") : hexes <= range.medium ? t("medium") : t("long");
  return hexes <= range.minimum ? t("%(band)s, inside minimum range %(minimum)s", { band, minimum: range.minimum }) : band;
}

export interface PhysicalChoice {
  attack: string;
  limb: string;
  /** English, the msgid of its translation. */
  label: string;
}

export const PHYSICAL_CHOICES: PhysicalChoice[] = [
  { attack: "punch", limb: "RA", label: "Punch, right arm" },
  { attack: "punch", limb: "LA", label: "Punch, left arm" },
  { attack: "kick", limb: "RL", label: "Kick, right leg" },
  { attack: "kick", limb: "LL", label: "Kick, left leg" },
  { attack: "push", limb: "", label: "Push" },
  { attack: "charge", limb: "", label: "Charge" },
  { attack: "dfa", limb: "", label: "Death from above" },
];

const choiceKey = (choice: { attack: string; limb: string }) => `${choice.attack}:${choice.limb}`;

/** 2D6 rolls 12 at most: a shot that needs 13 or more cannot hit (Total Warfare). */
export const IMPOSSIBLE_ROLL = 13;

/** The warning a target number this high earns ("" for one the dice can make). */
export function impossibleWarning(target: number): string {
  return target >= IMPOSSIBLE_ROLL ? t("needs %(target)s+: 2D6 never rolls that, it cannot hit", { target }) : "";
}

/** "Large Laser [RA]: 8+ (gunnery skill 4 +4, medium range (7 hexes) +2)", and a warning when it cannot hit. */
export function describeToHit(attack: PlannedAttack): string {
  const modifiers = attack.to_hit.modifiers.map(
    (m) => `${reasonText(m.reason, m.reason_code)} ${m.value >= 0 ? "+" : ""}${m.value}`,
  );
  const warning = impossibleWarning(attack.to_hit.target);
  return `${attack.attack}: ${attack.to_hit.target}+ (${modifiers.join(", ")})${warning ? ` ⚠ ${warning}` : ""}`;
}

/** The order a phase takes from `unit` against `target` with the chosen weapons (component numbers) or attack. */
export function attackOrder(phase: AttackPhase, unit: string, target: string, chosen: string[], twist = 0): AttackOrder {
  if (phase === "weapons") {
    return chosen.length ? { unit, target, weapons: chosen, twist } : { unit, target: "", weapons: [], twist: 0 };
  }
  const [attack, limb] = chosen.length ? chosen[0].split(":") : ["", ""];
  return { unit, target: attack ? target : "", attack, limb };
}

export function sameAttackOrder(a: AttackOrder, b: AttackOrder): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}

/** What a stored order had chosen: its weapons, or its physical attack's key. */
function chosenIn(order: AttackOrder): string[] {
  if ("weapons" in order) return [...order.weapons];
  return order.attack ? [choiceKey(order)] : [];
}

export interface AttackHooks {
  send(frame: AttackFrame): boolean;
  /** Each attack on `target` checked alone by the server (none: the panel shows no target numbers up front). */
  options?(unit: string, target: string, twist: number, turn: number): Promise<AttackOptions>;
}

export interface AttackTurn {
  phase: AttackPhase;
  turn: number;
  unit: Unit;
  mech: MechInfo;
  enemies: Unit[];
  submitted: AttackOrder | null;
  /** The version of the position the attack is chosen on (see Plotter.start). */
  v: number;
}

type State = "idle" | "choosing" | "checking" | "submitted";

export class AttackPanel {
  private state: State = "idle";
  private current: AttackTurn | null = null;
  private target = "";
  private chosen: string[] = [];
  private twist = 0;
  private check: AttackCheck | null = null;
  /** The server's check of each attack alone on the current target and twist, by choice. */
  private options = new Map<string, AttackOption>();
  /** Which target and twist `options` answer, so a late answer for another is dropped. */
  private optionsFor = "";
  /** The order last sent and not yet answered. */
  private pending: AttackOrder | null = null;
  /** The order just taken back (`reopen`): the next start() offers it again. */
  private reopened: AttackOrder | null = null;
  /** An order refused as made on an old position (`order.stale_version`), with its phase and turn. */
  private stale: { order: AttackOrder; phase: AttackPhase; turn: number } | null = null;

  private readonly title: HTMLElement;
  private readonly targetSelect: HTMLSelectElement;
  private readonly twistSelect: HTMLSelectElement;
  private readonly choices: HTMLElement;
  private readonly checks: HTMLElement;
  private readonly message: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly hooks: AttackHooks,
  ) {
    // The translations are our own catalogue's words, not the player's: safe to place as markup.
    root.innerHTML = `
      <h2 id="attack-title">${t("Attacks")}</h2>
      <p class="controls">
        <label>${t("Target")} <select id="attack-target"></select></label>
        <label class="weapons-only">${t("Torso twist")} <select id="attack-twist">
          <option value="-1">${t("left")}</option><option value="0" selected>${t("none")}</option><option value="1">${t("right")}</option>
        </select></label>
      </p>
      <ul id="attack-choices" aria-label="${t("Weapons or attacks")}"></ul>
      <ol id="attack-checks" aria-label="${t("Target numbers from the server")}" aria-live="polite"></ol>
      <p id="attack-message" aria-live="assertive" data-code=""></p>
      <div class="controls">
        <button type="button" class="primary" data-attack="submit">${t("Submit attack")}</button>
        <button type="button" data-attack="hold">${t("Hold fire")}</button>
      </div>
      <p class="when-submitted">${t("Attack declared: waiting for the other players.")}
        <button type="button" data-take-back hidden>${t("Take back my order")}</button></p>`;
    root.setAttribute("aria-labelledby", "attack-title");
    this.title = root.querySelector("#attack-title")!;
    this.targetSelect = root.querySelector("#attack-target")!;
    this.twistSelect = root.querySelector("#attack-twist")!;
    this.choices = root.querySelector("#attack-choices")!;
    this.checks = root.querySelector("#attack-checks")!;
    this.message = root.querySelector("#attack-message")!;
    root.addEventListener("click", (event) => {
      const action = (event.target as Element).closest<HTMLElement>("[data-attack]")?.dataset.attack;
      if (action === "submit") this.send("submit", this.order());
      if (action === "hold" && this.current) this.send("submit", attackOrder(this.current.phase, this.current.unit.id, "", []));
    });
    root.addEventListener("change", (event) => {
      const control = event.target as Element;
      if (control === this.targetSelect) this.target = this.targetSelect.value;
      else if (control === this.twistSelect) this.twist = Number(this.twistSelect.value);
      else if (control.getAttribute("name") === "attack-choice") this.chosen = this.pickedChoices();
      else return;
      if (control === this.targetSelect || control === this.twistSelect) this.askOptions();
      this.render();
      this.plot();
    });
    this.setState("idle");
  }

  /** A new attack phase for `turn.unit`, or the order already declared for it. */
  start(turn: AttackTurn): void {
    const stale = this.stale;
    this.stale = null;
    this.current = turn;
    this.pending = null;
    this.check = null;
    // A choice refused as stale is kept while it still names this phase's unit and a target still in the fight;
    // being made of absolute names (target, weapons), it is then only checked again on the new position.
    const kept = !turn.submitted && stale && stale.phase === turn.phase && stale.turn === turn.turn
      && stale.order.unit === turn.unit.id && turn.enemies.some((enemy) => enemy.id === stale.order.target)
      ? stale.order : null;
    const reopened = this.reopened?.unit === turn.unit.id ? this.reopened : null;
    this.reopened = null;
    const order = turn.submitted ?? kept ?? reopened;
    this.target = order?.target || turn.enemies[0]?.id || "";
    this.chosen = order ? chosenIn(order) : [];
    this.twist = order && "twist" in order ? order.twist : 0;
    this.setMessage("");
    this.root.hidden = false;
    this.setState(turn.submitted ? "submitted" : "choosing");
    if (!turn.submitted) this.askOptions();
    this.render();
    if (kept || (reopened && !turn.submitted)) this.plot();
    if (reopened && !turn.submitted) this.setMessage(t("Order taken back: change it and submit it again."));
    if (stale && !turn.submitted) {
      const note = kept
        ? t("Your attack was chosen on an old position: it is being checked again on the new one.")
        : t("Your attack was chosen on an old position and no longer fits it: choose again.");
      this.setMessage(note, "order.stale_version");
    }
  }

  /** The declared attack was taken back: the next start() offers it again, to change and declare anew. */
  reopen(): void {
    if (this.state === "submitted" && this.current) this.reopened = this.order();
  }

  stop(): void {
    this.current = null;
    this.pending = null;
    this.stale = null;
    this.root.hidden = true;
    this.setState("idle");
  }

  /** `plotted` or `order_accepted` for an attack order. */
  handleChecked(order: AttackOrder, check: AttackCheck, accepted: boolean): void {
    if (!this.pending || !sameAttackOrder(order, this.pending)) return;
    this.pending = null;
    this.check = check;
    this.setMessage("");
    this.setState(accepted ? "submitted" : "choosing");
    this.render();
  }

  /**
   * An error frame: if it answers our pending request, show why (the server's refusal of a weapon says which,
   * "Large Laser [RA]: …") and let the player choose again.
   */
  handleError(code: string, message: string): void {
    if (!this.pending) return;
    if (code === "order.stale_version" && this.current) {
      this.stale = { order: this.pending, phase: this.current.phase, turn: this.current.turn };
    }
    this.pending = null;
    this.check = null;
    this.setMessage(message, code);
    this.setState("choosing");
    this.render();
  }

  /** The connection dropped with a request in flight (see Plotter.interrupt). */
  interrupt(): boolean {
    if (!this.pending) return false;
    this.handleError("socket.closed", t("The connection dropped before the server answered."));
    return true;
  }

  /** Ask the server about each attack alone on the current target and twist. */
  private askOptions(): void {
    const turn = this.current;
    this.options = new Map();
    if (!turn || !this.target || !this.hooks.options) return;
    const key = `${turn.turn}:${turn.phase}:${this.target}:${this.twist}`;
    this.optionsFor = key;
    this.hooks.options(turn.unit.id, this.target, this.twist, turn.turn).then(
      (answer) => {
        if (this.optionsFor !== key) return;
        this.options = new Map(answer.options.map((option) => [option.choice, option]));
        this.render();
      },
      () => undefined, // no target numbers up front: the checks after each choice still come
    );
  }

  /** Why the server says this attack cannot be made now ("" when it can, or when it has not said). */
  private refusedBecause(choice: string): string {
    const error = this.options.get(choice)?.error;
    return error ? errorText(error) : "";
  }

  /** "8+", and the warning when the dice cannot make it, from the server's check of this attack alone. */
  private targetNumber(choice: string): string {
    const target = this.options.get(choice)?.to_hit?.target;
    if (target === undefined) return "";
    const warning = impossibleWarning(target);
    return warning ? `${target}+ ⚠ ${warning}` : `${target}+`;
  }

  private order(): AttackOrder {
    const { phase, unit } = this.current!;
    return attackOrder(phase, unit.id, this.target, this.chosen, this.twist);
  }

  private plot(): void {
    if (this.chosen.length === 0 || !this.target) {
      this.check = null; // holding fire needs no check
      this.setMessage("");
      this.render();
      return;
    }
    this.send("plot", this.order());
  }

  private send(type: "plot" | "submit", order: AttackOrder): void {
    if (this.state !== "choosing" && this.state !== "checking") return;
    const { phase, turn, v } = this.current!;
    if (!this.hooks.send({ type, order, turn, phase, v })) {
      this.setMessage(t("Not connected: try again in a moment."), "socket.closed");
      return;
    }
    this.pending = order;
    this.setState("checking");
  }

  private pickedChoices(): string[] {
    const inputs = this.choices.querySelectorAll<HTMLInputElement>("input[name=attack-choice]");
    return [...inputs].filter((input) => input.checked).map((input) => input.value);
  }

  private setState(state: State): void {
    this.state = state;
    this.root.dataset.state = state;
    const editable = state === "choosing";
    // "Take back my order" is the page's (main.ts): it shows while the declared attack may be taken back.
    for (const control of this.root.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>(
      "button:not([data-take-back]), input, select",
    )) {
      control.disabled = !editable || control.dataset.unusable === "true";
    }
  }

  private setMessage(text: string, code = ""): void {
    this.message.textContent = text;
    this.message.dataset.code = code;
  }

  private render(): void {
    const turn = this.current;
    if (!turn) return;
    const weapons = turn.phase === "weapons";
    this.root.dataset.phase = turn.phase;
    this.title.textContent = weapons ? t("Weapon attacks") : t("Physical attack");
    this.root.querySelector<HTMLElement>(".weapons-only")!.hidden = !weapons;
    this.root.querySelector("[data-attack=hold]")!.textContent = weapons ? t("Hold fire") : t("No physical attack");
    this.targetSelect.replaceChildren(
      ...turn.enemies.map((enemy) => new Option(`${enemy.id}: ${enemy.name} (${enemy.hex})`, enemy.id)),
    );
    this.targetSelect.value = this.target;
    this.twistSelect.value = String(this.twist);
    const enemy = turn.enemies.find((u) => u.id === this.target);
    const hexes = enemy ? distance(parseLabel(turn.unit.hex), parseLabel(enemy.hex)) : 0;
    this.choices.replaceChildren(...(weapons ? this.weaponRows(turn.mech, hexes) : this.physicalRows()));
    this.checks.replaceChildren(
      ...(this.check?.attacks ?? []).map((attack) => {
        const item = document.createElement("li");
        item.dataset.targetNumber = String(attack.to_hit.target);
        item.textContent = describeToHit(attack);
        return item;
      }),
    );
    this.setState(this.state); // new controls follow the state
  }

  private weaponRows(mech: MechInfo, hexes: number): HTMLElement[] {
    return mech.weapons.map((weapon) => {
      const choice = String(weapon.index);
      const unusable = weapon.destroyed ? t("destroyed") : weapon.fired ? t("fired this turn")
        : weapon.prone_blocked ? t("cannot fire while prone") : this.refusedBecause(choice);
      const values = { band: rangeBand(weapon.range, hexes), hexes };
      const band = hexes === 1 ? t("%(band)s at 1 hex", values) : t("%(band)s at %(hexes)s hexes", values);
      const needs = this.targetNumber(choice);
      // The range band always; then why it cannot fire, or what it needs.
      const note = [band, unusable || (needs && t("needs %(target)s", { target: needs }))].filter(Boolean).join(", ");
      const underwater = weapon.range.underwater?.length
        ? t(" (underwater %(ranges)s)", { ranges: weapon.range.underwater.join("/") })
        : "";
      const ranges = `${weapon.range.short}/${weapon.range.medium}/${weapon.range.long}${underwater}`;
      const text = t("%(weapon)s · %(damage)s dmg, %(heat)s heat, %(ranges)s · %(note)s", {
        weapon: weapon.label, damage: weapon.damage, heat: weapon.heat, ranges, note,
      });
      return this.choiceRow(choice, "checkbox", text, unusable !== "");
    });
  }

  private physicalRows(): HTMLElement[] {
    return PHYSICAL_CHOICES.map((choice) => {
      const key = choiceKey(choice);
      const why = this.refusedBecause(key);
      const needs = this.targetNumber(key);
      const note = why || (needs && t("needs %(target)s", { target: needs }));
      return this.choiceRow(key, "radio", note ? `${t(choice.label)} · ${note}` : t(choice.label), why !== "");
    });
  }

  private choiceRow(value: string, type: "checkbox" | "radio", text: string, unusable: boolean): HTMLElement {
    const item = document.createElement("li");
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = type;
    input.name = "attack-choice";
    input.value = value;
    input.dataset.choice = value;
    input.dataset.unusable = String(unusable);
    if (unusable) item.dataset.unusable = "true";
    input.checked = this.chosen.includes(value);
    label.append(input, ` ${text}`);
    item.append(label);
    return item;
  }
}
