// Click-to-plot: the player builds a movement order step by step. Every change is sent
// to the server as a `plot`; its `plotted` answer prices each step, and a refusal (an
// error frame, or a path it calls illegal) takes the step back and shows the reason.
// The controls live in match.html (`[data-action]` buttons, #pm, #plot-steps, #plot-message).

import { type Facing, type Hex, hexLabel, parseLabel } from "./hex";
import { t } from "./i18n";
import { type Position, stepsInto, trace } from "./path";
import type { ClientFrame, Mode, Order, Path, Step } from "./protocol";

export interface PlotUnit {
  id: string;
  hex: string;
  facing: number;
  walk: number;
  run: number;
}

export interface PlotHooks {
  send(frame: ClientFrame): boolean;
  drawPath(positions: Position[]): void;
  /** Where the unit can go in `mode` this phase, while it is being plotted; null when it is not. */
  showReach?(unit: PlotUnit | null, mode: Mode, turn: number): void;
}

type State = "idle" | "plotting" | "checking" | "submitted";

// The arrow keys belong to the board (panning) and to form controls.
const KEYS: Record<string, string> = { w: "F", s: "B", a: "L", d: "R", backspace: "undo", z: "undo", m: "mode" };

function sameOrder(a: Order, b: Order): boolean {
  return a.unit === b.unit && a.mode === b.mode && a.steps.join("") === b.steps.join("");
}

export class Plotter {
  private state: State = "idle";
  private unit: PlotUnit | null = null;
  /** The turn being plotted: the server refuses an order sent for a turn already resolved. */
  private turn = 0;
  private mode: Mode = "walk";
  private steps: Step[] = [];
  private path: Path | null = null;
  /** The order last sent and not yet answered; at most one at a time. */
  private pending: Order | null = null;

  private readonly pm: HTMLElement;
  private readonly list: HTMLElement;
  private readonly message: HTMLElement;

  /** `keys` is where the W/A/S/D shortcuts are heard: the whole page unless told otherwise. */
  constructor(
    private readonly root: HTMLElement,
    private readonly hooks: PlotHooks,
    keys: EventTarget = document,
  ) {
    this.pm = root.querySelector("#pm")!;
    this.list = root.querySelector("#plot-steps")!;
    this.message = root.querySelector("#plot-message")!;
    root.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLElement>("[data-action]");
      if (button) this.act(button.dataset.action!);
    });
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

  /** A new phase: plot for `unit`, or show the order already submitted for it. */
  start(unit: PlotUnit, turn: number, submitted: Order | null): void {
    this.unit = unit;
    this.turn = turn;
    this.pending = null;
    this.path = null;
    this.mode = submitted?.mode ?? "walk";
    this.steps = submitted ? [...submitted.steps] : [];
    this.setMessage("");
    this.setState(submitted ? "submitted" : "plotting");
    this.hooks.showReach?.(submitted ? null : unit, this.mode, turn);
    this.render();
  }

  /** No order to give: a spectator, or a phase without one for us. */
  stop(): void {
    this.unit = null;
    this.pending = null;
    this.steps = [];
    this.setState("idle");
    this.hooks.showReach?.(null, this.mode, this.turn);
    this.render();
  }

  clickHex(hex: Hex): void {
    if (this.state !== "plotting" || !this.unit) return;
    const steps = stepsInto(this.end(), hex, this.mode);
    if (steps) this.propose(this.mode, [...this.steps, ...steps]);
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
    this.hooks.showReach?.(null, this.mode, this.turn);
  }

  /** An error frame: if it answers our pending request, take the change back. */
  handleError(code: string, message: string): void {
    if (this.pending) this.refuse(code, message);
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
    switch (action) {
      case "F":
      case "B":
      case "L":
      case "R":
        this.propose(this.mode, [...this.steps, action]);
        break;
      case "undo":
        if (this.steps.length > 0) this.propose(this.mode, this.steps.slice(0, -1));
        break;
      case "mode":
        this.propose(this.mode === "walk" ? "run" : "walk", this.steps);
        break;
      case "submit":
        this.send("submit", { unit: this.unit.id, mode: this.mode, steps: this.steps });
        break;
    }
  }

  private propose(mode: Mode, steps: Step[]): void {
    const order: Order = { unit: this.unit!.id, mode, steps };
    if (steps.length === 0) {
      // Nothing to price: standing still costs nothing.
      this.accept(order, null);
      return;
    }
    this.send("plot", order);
  }

  private send(type: "plot" | "submit", order: Order): void {
    if (!this.hooks.send({ type, order, turn: this.turn })) {
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
    this.steps = [...order.steps];
    this.path = path;
    this.setMessage("");
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
    return trace({ hex: parseLabel(this.unit.hex), facing: this.unit.facing as Facing }, this.steps);
  }

  private setState(state: State): void {
    this.state = state;
    this.root.dataset.state = state;
    const editable = state === "plotting";
    for (const button of this.root.querySelectorAll<HTMLButtonElement>("[data-action]")) {
      button.disabled = !editable || (button.dataset.action === "undo" && this.steps.length === 0);
    }
  }

  private setMessage(text: string, code = ""): void {
    this.message.textContent = text;
    this.message.dataset.code = code;
  }

  private render(): void {
    const positions = this.positions();
    this.hooks.drawPath(positions);
    this.root.dataset.mode = this.mode;
    this.root.querySelector("[data-action=mode]")!.textContent = this.mode === "walk" ? t("Walking (M)") : t("Running (M)");
    const mp = this.path?.mp ?? 0;
    const limit = this.unit ? this.unit[this.mode] : 0;
    this.pm.textContent = t("%(mp)s / %(limit)s PM (%(mode)s)", { mp, limit, mode: t(this.mode) });
    this.pm.dataset.mp = String(mp);
    this.list.replaceChildren(
      ...this.steps.map((step, i) => {
        const item = document.createElement("li");
        const cost = this.path?.steps[i]?.mp;
        item.textContent = `${step} → ${hexLabel(positions[i + 1].hex)}${cost === undefined ? "" : ` (${cost} PM)`}`;
        return item;
      }),
    );
    this.setState(this.state); // the undo button follows the number of steps
  }
}
