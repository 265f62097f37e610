// Reaction windows (docs/protocol.md "Reaction windows"): a phase's play stopped to ask units of a side for a
// reaction. The snapshot's `reaction` says which window is open, its deadline, who has answered and, for the
// viewer's own asked units, what each may do besides passing (the ruleset's choices). The panel offers those
// and a pass, and shows the window's deadline as a clock; what a reaction does is the server's to judge.

import { DeadlineClock } from "./live-cues";
import { t } from "./i18n";
import type { ClientFrame, ReactionView, Unit } from "./protocol";
import { reasonText, unitName } from "./reasons";

export interface ReactionHooks {
  send(frame: ClientFrame): boolean;
}

/** The viewer's asked units that still owe an answer (they have choices offered). */
export function owedReactions(view: ReactionView | null | undefined): string[] {
  return view ? Object.keys(view.choices) : [];
}

export class ReactionPanel {
  private view: ReactionView | null = null;
  /** The unit whose answer was sent and not yet answered. */
  private pending: string | null = null;
  private readonly clock: DeadlineClock;
  private readonly list: HTMLElement;
  private readonly message: HTMLElement;
  private readonly about: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly hooks: ReactionHooks,
    /** The window's deadline clock, made on its element. */
    clock = (element: HTMLElement) => new DeadlineClock(element, undefined, undefined, "Answer due in %(time)s"),
  ) {
    // Our own catalogue's words, not the players': safe to place as markup.
    root.innerHTML = `<h2 id="reaction-title">${t("Reaction")}</h2>
      <p class="reaction-about"></p>
      <p class="clock" role="timer"></p>
      <ul class="reaction-units"></ul>
      <p class="reaction-message" aria-live="assertive" data-code=""></p>`;
    root.setAttribute("aria-labelledby", "reaction-title");
    this.about = root.querySelector(".reaction-about")!;
    this.list = root.querySelector(".reaction-units")!;
    this.message = root.querySelector(".reaction-message")!;
    this.clock = clock(root.querySelector(".clock")!);
    root.hidden = true;
    root.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[data-react-unit]");
      if (button) this.answer(button.dataset.reactUnit!, Number(button.dataset.choice));
    });
  }

  /** The open window (or none) as the position now stands; `units` name the asked units. */
  show(view: ReactionView | null | undefined, units: Unit[]): void {
    this.view = view ?? null;
    this.root.hidden = !this.view;
    if (!this.view) {
      this.pending = null;
      this.clock.show(null);
      return;
    }
    const { window, answered, choices } = this.view;
    const name = (id: string) => {
      const unit = units.find((candidate) => candidate.id === id);
      return unit ? unitName(unit) : id;
    };
    const waiting = window.units.filter((unit) => !answered.includes(unit) && !(unit in choices));
    this.about.textContent = [
      t("The play stopped: %(reason)s.", { reason: reasonText(window.reason, window.reason_code).replace(/\.$/, "") }),
      waiting.length ? t("Waiting for the reaction of %(units)s.", { units: waiting.map(name).join(", ") }) : "",
    ].filter(Boolean).join(" ");
    this.root.dataset.window = window.key;
    this.clock.show(this.view.deadline);
    this.list.replaceChildren(...Object.entries(choices).map(([unit, offered]) => {
      const item = document.createElement("li");
      item.dataset.unit = unit;
      item.append(`${name(unit)}: `);
      offered.forEach((choice, index) => item.append(this.button(unit, index, choice.target && choice.hex
        ? t("%(reaction)s at %(target)s in %(hex)s", { reaction: t(choice.label), target: name(choice.target), hex: choice.hex })
        : choice.target
          ? t("%(reaction)s at %(target)s", { reaction: t(choice.label), target: name(choice.target) })
          : t(choice.label))));
      item.append(this.button(unit, -1, t("Pass")));
      return item;
    }));
    this.setBusy();
  }

  handleAccepted(unit: string): void {
    if (this.pending === unit) this.pending = null;
    this.setMessage("");
  }

  handleError(code: string, text: string): void {
    if (this.pending === null) return;
    this.pending = null;
    this.setMessage(text, code);
    this.setBusy();
  }

  private answer(unit: string, choice: number): void {
    const offered = this.view?.choices[unit];
    if (!this.view || !offered || this.pending) return;
    const order = choice < 0 ? null : offered[choice]?.order;
    if (order === undefined) return;
    if (!this.hooks.send({ type: "react", window: this.view.window.key, unit, order })) return;
    this.pending = unit;
    this.setBusy();
  }

  private button(unit: string, choice: number, label: string): HTMLButtonElement {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.reactUnit = unit;
    button.dataset.choice = String(choice);
    button.textContent = label;
    if (choice < 0) button.dataset.pass = "true";
    return button;
  }

  private setBusy(): void {
    for (const button of this.list.querySelectorAll("button")) button.disabled = this.pending !== null;
  }

  private setMessage(text: string, code = ""): void {
    this.message.textContent = text;
    this.message.dataset.code = code;
  }
}
