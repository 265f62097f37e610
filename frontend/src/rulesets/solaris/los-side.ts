// The split line of sight (docs/protocol.md `los_side`). Solaris VII: when a line of sight runs exactly
// between two hexes, the target's player decides which of the two it passes through. Orders are secret and
// simultaneous, so each unit has a standing choice that every attack on it uses. This panel (#split-los in
// match.html) shows every unit's choice, and who made it, to everyone; a player sets their own units' there, and
// the referee any unit's, for a player who is absent, with a reason that is logged (also while the match is paused).
// Its data-state follows the viewer's own choice: "sending" (an error frame then is the answer), "set", "refused".

import { t } from "../../i18n";
import type { ClientFrame, LosSide, LosSideFrame, Role, SplitLosChoice, Unit } from "../../protocol";

/** "the left side, chosen by its player"; no choice means the side worse for the attacker. */
export function choiceText(choice: SplitLosChoice | undefined): string {
  if (!choice) return t("the side worse for the attacker (nobody chose)");
  const side = choice.side === "left" ? t("the left side") : t("the right side");
  return choice.by === "referee"
    ? t("%(side)s, chosen by the referee", { side })
    : t("%(side)s, chosen by its player", { side });
}

export interface SplitLosView {
  units: Unit[];
  choices: Record<string, SplitLosChoice>;
  you: { role: Role; side: string | null };
  /** The match's status: players choose while it is in progress, the referee also while it is paused. */
  status: string;
}

/** Whether the viewer may set `unit`'s side now (true), may at another time (false), or never (null). */
function mayChoose(unit: Unit, view: SplitLosView): boolean | null {
  if (view.you.role === "referee") return view.status === "in_progress" || view.status === "paused";
  if (view.you.role === "player" && unit.side === view.you.side) return view.status === "in_progress";
  return null;
}

export class SplitLosPanel {
  private choices: Record<string, SplitLosChoice> = {};
  private readonly list: HTMLElement;
  private readonly message: HTMLElement;
  /** The referee's reason for a choice made for a player (logged); hidden from everyone else. */
  private readonly reason: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly hooks: { send(frame: ClientFrame): boolean },
  ) {
    this.list = root.querySelector("#split-los-units")!;
    this.message = root.querySelector("#split-los-message")!;
    this.reason = root.querySelector("#split-los-reason")!;
  }

  /** The unit's standing choice, if it has one. */
  choice(unit: string): SplitLosChoice | undefined {
    return this.choices[unit];
  }

  /** From a snapshot: one row per unit, with a choice control on each unit the viewer may choose for. */
  show(view: SplitLosView): void {
    this.choices = { ...view.choices };
    this.reason.hidden = view.you.role !== "referee";
    this.list.replaceChildren(...view.units.map((unit) => this.row(unit, mayChoose(unit, view))));
  }

  /** A `los_side` frame: someone set (or cleared) a unit's side. */
  apply(frame: LosSideFrame): void {
    if (frame.side) this.choices[frame.unit] = { side: frame.side, by: frame.chooser };
    else delete this.choices[frame.unit];
    const row = [...this.list.querySelectorAll<HTMLElement>("li")].find((item) => item.dataset.unit === frame.unit);
    if (row) this.fill(row);
  }

  /** The server's reply to our choice: it stands (the `los_side` frame shows it to everyone). */
  handleSet(): void {
    this.root.dataset.state = "set";
    this.say("");
  }

  /** An error frame: if our choice was in flight, it was refused, and the controls go back to the standing sides. */
  handleError(code: string, text: string): void {
    if (this.root.dataset.state !== "sending") return;
    this.root.dataset.state = "refused";
    this.say(text, code);
    for (const row of this.list.querySelectorAll<HTMLElement>("li")) this.fill(row);
  }

  /** `allowed` is null for a unit the viewer never chooses for (no control), else whether its control is on. */
  private row(unit: Unit, allowed: boolean | null): HTMLElement {
    const item = document.createElement("li");
    item.dataset.unit = unit.id;
    const name = document.createElement("span");
    name.textContent = `${unit.id} (${unit.name}): `;
    const current = document.createElement("span");
    current.className = "split-los-choice";
    item.append(name, current);
    if (allowed !== null) item.append(" ", this.control(unit.id, !allowed));
    this.fill(item);
    return item;
  }

  private control(unit: string, disabled: boolean): HTMLSelectElement {
    const select = document.createElement("select");
    select.disabled = disabled;
    select.setAttribute("aria-label", t("Split line of sight for %(unit)s", { unit }));
    const options: [string, string][] = [
      ["", t("Worse for the attacker")],
      ["left", t("Left side")],
      ["right", t("Right side")],
    ];
    select.append(...options.map(([value, label]) => new Option(label, value)));
    select.addEventListener("change", () => {
      const side = (select.value || null) as LosSide | null;
      const reason = this.reason.hidden ? {} : { reason: this.reason.querySelector("input")!.value };
      if (this.hooks.send({ type: "los_side", unit, side, ...reason })) {
        this.root.dataset.state = "sending"; // an error frame now is the answer to it
        this.say(t("Sending your choice…"));
      } else {
        this.say(t("Not connected: try again in a moment."));
        this.fill(select.closest("li")!);
      }
    });
    return select;
  }

  /** A row's words and control follow the unit's standing choice. */
  private fill(row: HTMLElement): void {
    const choice = this.choices[row.dataset.unit!];
    row.dataset.side = choice?.side ?? "";
    row.dataset.by = choice?.by ?? "";
    row.querySelector(".split-los-choice")!.textContent = choiceText(choice);
    const select = row.querySelector("select");
    if (select) select.value = choice?.side ?? "";
  }

  private say(text: string, code = ""): void {
    this.message.textContent = text;
    this.message.dataset.code = code;
  }
}
