// Click-to-plot: the player builds a movement order step by step, plots straight to a reachable hex
// (the server's cheapest path to it, from its `reach` answer), or picks a jump's landing hex and facing.
// Every change is sent to the server as a `plot`; its `plotted` answer prices each step and names the
// rolls it needs, and a refusal (an error frame, or a path it calls illegal) takes the change back and
// shows the reason. The controls live in match.html (`[data-action]` buttons, the #plot-mode radios,
// #pm, #plot-steps, #plot-message).

import { type Facing, type Hex, hexLabel, parseLabel, turn } from "../../hex";
import { t } from "../../i18n";
import { type Position, stepsInto, trace } from "../../path";
import { type KeptPlot, type PlotMemory, orderKey } from "./plot-memory";
import type { ClientFrame, Mode, Order, Path, Step } from "../../protocol";
import { MODE_NAMES, type PlotUnit, modeLimit, modesOf, stepText } from "./plot-modes";

export interface PlotHooks {
  send(frame: ClientFrame): boolean;
  drawPath(positions: Position[]): void;
  /** Where the unit can go in `mode` this phase, while it is being plotted; null when it is not. */
  showReach?(unit: PlotUnit | null, mode: Mode, turn: number): void;
  /** Where plots are kept across a reload (none: they are not). */
  memory?: PlotMemory;
}

type State = "idle" | "plotting" | "checking" | "submitted";

// The arrow keys belong to the board (its cursor) and to form controls.
const KEYS: Record<string, string> = {
  w: "F", s: "B", a: "L", d: "R", u: "SU", p: "GP", backspace: "undo", z: "undo", m: "mode", j: "jump",
};

function sameOrder(a: Order, b: Order): boolean {
  return orderKey(a) === orderKey(b);
}

export { type ModeBudget, type PlotUnit, checkText, modeLimit, modesOf, plainLimit, stepText } from "./plot-modes";

export class Plotter {
  private state: State = "idle";
  private unit: PlotUnit | null = null;
  /** The turn being plotted: the server refuses an order sent for a turn already resolved. */
  private turn = 0;
  private mode: Mode = "walk";
  private steps: Step[] = [];
  /** A jump's landing hex and facing, once picked. */
  private landing: { hex: string; facing: Facing } | null = null;
  private path: Path | null = null;
  /** The order last sent and not yet answered; at most one at a time. */
  private pending: Order | null = null;
  /** The version of the position being plotted on: the server refuses the order once that position changed. */
  private version = 0;
  /** A plot made on a position that changed (refused as stale, or held), and where its unit stood then: the next start() may keep it. */
  private stale: KeptPlot | null = null;
  /** The order just taken back (`reopen`): the next start() offers it again as the plot. */
  private reopened: KeptPlot | null = null;
  /** The server's cheapest path to each reachable hex in the current mode (its `reach` answer). */
  private routes: { mode: Mode; paths: Record<string, Step[]> } | null = null;

  private readonly pm: HTMLElement;
  private readonly list: HTMLElement;
  private readonly message: HTMLElement;
  private readonly modeChoice: HTMLElement;

  /** `keys` is where the W/A/S/D shortcuts are heard: the whole page unless told otherwise. */
  constructor(
    private readonly root: HTMLElement,
    private readonly hooks: PlotHooks,
    keys: EventTarget = document,
  ) {
    this.pm = root.querySelector("#pm")!;
    this.list = root.querySelector("#plot-steps")!;
    this.message = root.querySelector("#plot-message")!;
    this.modeChoice = root.querySelector("#plot-mode")!;
    root.addEventListener("click", (event) => {
      const target = event.target as Element;
      const button = target.closest<HTMLElement>("[data-action]");
      if (button) this.act(button.dataset.action!);
      // A click on a plotted step takes the plot back to it.
      const step = target.closest<HTMLElement>("#plot-steps li[data-step]");
      if (step) this.truncate(Number(step.dataset.step));
    });
    this.modeChoice.addEventListener("change", (event) => this.chooseMode((event.target as HTMLInputElement).value as Mode));
    keys.addEventListener("keydown", (e) => {
      const event = e as KeyboardEvent;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
      const action = KEYS[event.key.toLowerCase()];
      if (action && this.state === "plotting") {
        event.preventDefault();
        this.act(action);
      }
    });
  }

  /** A new phase or position (version `v`): plot for `unit`, or show the order already submitted for it. */
  start(unit: PlotUnit, turn: number, submitted: Order | null, v: number): void {
    const stale = this.stale;
    const reopened = this.reopened;
    this.stale = this.reopened = null;
    this.unit = unit;
    this.turn = turn;
    this.version = v;
    this.pending = null;
    this.path = null;
    this.mode = submitted?.mode ?? "walk";
    this.steps = submitted?.mode !== "jump" && submitted ? [...submitted.steps] : [];
    this.landing = submitted?.mode === "jump" ? { hex: submitted.to, facing: submitted.facing as Facing } : null;
    this.routes = null;
    // A submitted order comes back without its pricing: the one kept when it was accepted, if any.
    if (submitted) this.path = this.hooks.memory?.priced(turn, submitted) ?? null;
    this.root.dataset.prone = String(Boolean(unit.prone));
    for (const radio of this.modeChoice.querySelectorAll("label")) radio.remove(); // the legend stays
    this.modeChoice.append(...modesOf(unit).map((mode) => this.modeRadio(mode)));
    this.setMessage("");
    this.setState(submitted ? "submitted" : "plotting");
    this.hooks.showReach?.(submitted ? null : unit, this.mode, turn);
    this.render();
    if (submitted) return;
    const kept = stale ? null : this.hooks.memory?.plot();
    if (stale) this.takeBack(stale);
    else if (reopened && this.unmoved(reopened)) {
      this.propose(reopened.order);
      this.setMessage(t("Order taken back: change it and submit it again."));
    } else if (kept && this.unmoved(kept)) {
      this.propose(kept.order);
      this.setMessage(t("Your plot from before the reload is back: it is being checked again."));
    }
  }

  /** The server's `reach` answer for this unit: the paths that plot by destination in `mode`. */
  handleReach(unit: string, mode: string, paths: Record<string, Step[]> | undefined): void {
    if (this.unit?.id === unit && mode === this.mode && paths) this.routes = { mode, paths };
  }

  /**
   * The referee is changing the match under the plot (a pause, a correction): the position that frame brings
   * restarts the plotting, and this plot is taken back with it where it still makes sense.
   */
  holdPlot(): void {
    if (this.state !== "plotting") return;
    this.stale = this.currentPlot();
  }

  /** The submitted order was taken back: the next start() makes it the plot again, to change and resubmit. */
  reopen(): void {
    if (this.state === "submitted") this.reopened = this.currentPlot();
  }

  /** The plot as it stands, with where its unit stood; null when nothing is plotted. */
  private currentPlot(): KeptPlot | null {
    if (!this.unit) return null;
    const unit = this.unit.id;
    const order: Order | null =
      this.mode === "jump"
        ? this.landing && { unit, mode: "jump", to: this.landing.hex, facing: this.landing.facing }
        : this.steps.length > 0 ? { unit, mode: this.mode, steps: [...this.steps] } : null;
    return order && { order, turn: this.turn, hex: this.unit.hex, facing: this.unit.facing };
  }

  /** No order to give: a spectator, or a phase without one for us. */
  stop(): void {
    this.unit = null;
    this.pending = null;
    this.stale = null;
    this.steps = [];
    this.landing = null;
    this.setState("idle");
    this.hooks.showReach?.(null, this.mode, this.turn);
    this.render();
  }

  clickHex(hex: Hex): void {
    if (this.state !== "plotting" || !this.unit) return;
    if (this.mode === "jump") {
      this.propose({ unit: this.unit.id, mode: "jump", to: hexLabel(hex), facing: this.landing?.facing ?? this.unit.facing });
      return;
    }
    // Nothing plotted yet, or a hex not next to the path's end: the server's cheapest path to it (a prone
    // mech's starts by standing up). Next to the path's end: the steps into it, added to the plot.
    const route = this.routes?.mode === this.mode ? this.routes.paths[hexLabel(hex)] : undefined;
    const steps = stepsInto(this.end(), hex, this.mode);
    if (route && (this.steps.length === 0 || !steps)) this.proposeSteps(this.mode, [...route]);
    else if (steps) this.proposeSteps(this.mode, [...this.steps, ...steps]);
  }

  /** Take the plot back to its first `count` steps (a click on a step in the list). */
  truncate(count: number): void {
    if (this.state !== "plotting" || this.mode === "jump" || count >= this.steps.length) return;
    this.proposeSteps(this.mode, this.steps.slice(0, count));
  }

  handlePlotted(order: Order, path: Path): void {
    if (!this.pending || !sameOrder(order, this.pending)) return;
    if (!path.legal) {
      this.refuse("move.illegal", t("The server refused this path."));
      return;
    }
    this.accept(order, path);
    this.setState("plotting");
  }

  handleAccepted(order: Order, path: Path): void {
    if (!this.pending || !sameOrder(order, this.pending)) return;
    this.accept(order, path);
    this.setState("submitted");
    this.hooks.memory?.keepPriced(this.turn, order, path);
    this.hooks.showReach?.(null, this.mode, this.turn);
  }

  /**
   * An error frame: if it answers our pending request, take the change back. A plot made on an old
   * position (`order.stale_version`) is remembered until the new position restarts the plotting.
   */
  handleError(code: string, message: string): void {
    if (!this.pending) return;
    if (code === "order.stale_version" && this.unit) {
      this.stale = { order: this.pending, turn: this.turn, hex: this.unit.hex, facing: this.unit.facing };
    }
    this.refuse(code, message);
  }

  /**
   * On the new position, the plot refused as stale. Its steps are relative to the unit, so it keeps its meaning
   * only when the unit still stands where it did, in the same turn: then it is sent to be priced again on
   * the new position (the server may still refuse it); otherwise it is cleared.
   */
  private takeBack(stale: KeptPlot): void {
    if (!this.unmoved(stale)) {
      this.setMessage(t("Your plot was made on an old position and your unit has moved since: plot again."), "order.stale_version");
      return;
    }
    this.propose(stale.order);
    this.setMessage(t("Your plot was made on an old position: it is being checked again on the new one."), "order.stale_version");
  }

  /** Does the unit still stand where it did when `plot` was made, in the same turn? */
  private unmoved(plot: KeptPlot): boolean {
    const unit = this.unit!;
    return plot.order.unit === unit.id && plot.turn === this.turn && plot.hex === unit.hex && plot.facing === unit.facing;
  }

  /**
   * The connection dropped: a request in flight will never be answered. Returns whether
   * one was, since a submit may have landed and only a fresh snapshot can tell.
   */
  interrupt(): boolean {
    if (!this.pending) return false;
    this.refuse("socket.closed", t("The connection dropped before the server answered."));
    return true;
  }

  private act(action: string): void {
    if (this.state !== "plotting" || !this.unit) return;
    const modes = modesOf(this.unit);
    if (action === "mode") this.chooseMode(modes[(modes.indexOf(this.mode) + 1) % modes.length]);
    else if (action === "jump") this.chooseMode(modes.includes("jump") ? "jump" : this.mode);
    else if (this.mode === "jump") this.actJumping(action);
    else if (["F", "B", "L", "R", "SU", "GP"].includes(action)) {
      this.proposeSteps(this.mode, [...this.steps, action as Step]);
    }
    else if (action === "undo" && this.steps.length > 0) this.proposeSteps(this.mode, this.steps.slice(0, -1));
    else if (action === "submit") this.send("submit", { unit: this.unit.id, mode: this.mode, steps: this.steps });
  }

  /** Jumping, A and D turn the facing to land with; undo forgets the landing hex. */
  private actJumping(action: string): void {
    const landing = this.landing;
    if (!landing) {
      if (action === "submit") this.setMessage(t("Pick the hex to land in first."));
      return;
    }
    const order = { unit: this.unit!.id, mode: "jump" as const, to: landing.hex, facing: landing.facing };
    if (action === "L" || action === "R") this.propose({ ...order, facing: turn(landing.facing, action === "L" ? -1 : 1) });
    if (action === "undo") this.startJump();
    if (action === "submit") this.send("submit", order);
  }

  private chooseMode(mode: Mode): void {
    if (this.state !== "plotting" || mode === this.mode) return;
    if (mode === "jump") this.startJump();
    else this.proposeSteps(mode, this.mode === "jump" ? [] : this.steps);
  }

  /** Jump mode with no landing hex yet: the jump's reach is shown, nothing is asked of the server. */
  private startJump(): void {
    if (this.mode !== "jump") this.hooks.showReach?.(this.unit, "jump", this.turn);
    this.mode = "jump";
    this.steps = [];
    this.landing = null;
    this.path = null;
    this.setMessage(t("Pick the hex to land in (a click, or the board's cursor and Enter); A and D turn the landing facing."));
    this.render();
  }

  private proposeSteps(mode: Exclude<Mode, "jump">, steps: Step[]): void {
    this.propose({ unit: this.unit!.id, mode, steps });
  }

  private propose(order: Order): void {
    if (order.mode !== "jump" && order.steps.length === 0) {
      // Nothing to price: standing still costs nothing.
      this.accept(order, null);
      return;
    }
    this.send("plot", order);
  }

  private send(type: "plot" | "submit", order: Order): void {
    if (!this.hooks.send({ type, order, turn: this.turn, v: this.version })) {
      this.setMessage(t("Not connected: try again in a moment."), "socket.closed");
      return;
    }
    this.pending = order;
    this.setState("checking");
  }

  private accept(order: Order, path: Path | null): void {
    this.pending = null;
    if (order.mode !== this.mode) this.hooks.showReach?.(this.unit, order.mode, this.turn);
    this.mode = order.mode;
    this.steps = order.mode === "jump" ? [] : [...order.steps];
    this.landing = order.mode === "jump" ? { hex: order.to, facing: order.facing as Facing } : null;
    this.path = path;
    this.setMessage("");
    if (this.state !== "submitted") this.hooks.memory?.keepPlot(this.currentPlot());
    this.render();
  }

  private refuse(code: string, message: string): void {
    this.pending = null;
    this.setState("plotting");
    this.setMessage(message, code);
    this.render();
  }

  private end(): Position {
    return this.positions().at(-1)!;
  }

  private positions(): Position[] {
    if (!this.unit) return [];
    const start = { hex: parseLabel(this.unit.hex), facing: this.unit.facing as Facing };
    if (this.mode !== "jump") return trace(start, this.steps);
    return this.landing ? [start, { hex: parseLabel(this.landing.hex), facing: this.landing.facing }] : [start];
  }

  private setState(state: State): void {
    this.state = state;
    this.root.dataset.state = state;
    const editable = state === "plotting";
    const nothingToUndo = this.steps.length === 0 && !this.landing;
    for (const button of this.root.querySelectorAll<HTMLButtonElement>("[data-action]")) {
      button.disabled = !editable || (button.dataset.action === "undo" && nothingToUndo);
    }
    for (const radio of this.modeChoice.querySelectorAll("input")) radio.disabled = !editable;
  }

  private modeRadio(mode: Mode): HTMLElement {
    const label = document.createElement("label");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "plot-mode";
    radio.value = mode;
    label.append(radio, ` ${t(MODE_NAMES[mode])}`);
    return label;
  }

  private setMessage(text: string, code = ""): void {
    this.message.textContent = text;
    this.message.dataset.code = code;
  }

  private render(): void {
    const positions = this.positions();
    this.hooks.drawPath(positions);
    this.root.dataset.mode = this.mode;
    for (const radio of this.modeChoice.querySelectorAll("input")) radio.checked = radio.value === this.mode;
    const mp = this.path?.mp ?? 0;
    const limit = this.unit ? modeLimit(this.unit, this.mode) : 0;
    this.pm.textContent = t("%(mp)s / %(limit)s PM (%(mode)s)", { mp, limit, mode: t(MODE_NAMES[this.mode]) });
    this.pm.dataset.mp = String(mp);
    const shown: string[] = this.mode === "jump" ? (this.landing ? ["J"] : []) : this.steps;
    this.list.replaceChildren(
      ...shown.map((step, i) => {
        const item = document.createElement("li");
        item.dataset.step = String(i + 1);
        item.dataset.hint = t("Take the plot back to this step");
        item.textContent = stepText(step, hexLabel(positions[i + 1].hex), this.path?.steps[i]);
        return item;
      }),
    );
    this.setState(this.state); // the undo button follows the number of steps
  }
}
