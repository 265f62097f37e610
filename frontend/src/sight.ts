// The line-of-sight tool: pick two hexes (a unit's hex names the unit), ask the server, and show
// whether the line is blocked, the hexes it crosses, the to-hit modifier and the reasons.
// Keyboard users type the two ends instead (#sight-form). The panel lives in match.html (#sight); Esc or the
// button puts the tool away.

import { type Hex, hexLabel } from "./hex";
import { t } from "./i18n";
import type { ClientFrame, LosFrame } from "./protocol";
import { reasonText, reasonsText } from "./reasons";

export interface SightHooks {
  send(frame: ClientFrame): boolean;
  /** The unit standing in a hex, if any: the line is then looked from or at that unit. */
  unitIn(hex: string): string | null;
  /** Where a unit id or hex label stands on the board, if it does. */
  hexOf(end: string): string | null;
  /** Mark the two ends and the hexes between them (none to clear). */
  highlight(ends: string[], between: string[], blocked: boolean): void;
  /** The words for a unit's standing split line-of-sight choice (rulesets/solaris/los-side.ts); null when `end` is a hex. */
  standingChoice(end: string): string | null;
}

export class SightTool {
  private picking = false;
  /** The end looked from (a unit id or a hex label), once picked. */
  private from: string | null = null;
  private readonly toggle: HTMLButtonElement;
  private readonly verdict: HTMLElement;
  private readonly reasons: HTMLElement;
  private readonly split: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly hooks: SightHooks,
    keys: EventTarget = document,
  ) {
    this.toggle = root.querySelector("[data-sight=toggle]")!;
    this.verdict = root.querySelector("#sight-verdict")!;
    this.reasons = root.querySelector("#sight-reasons")!;
    this.split = root.querySelector("#sight-split")!;
    this.toggle.addEventListener("click", () => (this.picking ? this.close() : this.open()));
    root.querySelector("#sight-form")?.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = new FormData(event.target as HTMLFormElement);
      const [from, to] = ["from", "to"].map((name) => String(form.get(name) ?? "").trim());
      if (!from || !to) return;
      if (!this.picking) this.open();
      this.ask(from, to);
    });
    keys.addEventListener("keydown", (event) => {
      if ((event as KeyboardEvent).key === "Escape" && this.picking) this.close();
    });
  }

  /** Whether hex clicks belong to this tool now (and not to the plotter). */
  get active(): boolean {
    return this.picking;
  }

  open(): void {
    this.picking = true;
    this.from = null;
    this.root.dataset.state = "from";
    this.toggle.setAttribute("aria-pressed", "true");
    this.say(t("Pick the hex or unit to look from."));
  }

  close(): void {
    this.picking = false;
    this.from = null;
    this.root.dataset.state = "idle";
    this.toggle.setAttribute("aria-pressed", "false");
    this.hooks.highlight([], [], false);
    this.say("");
    this.reasons.replaceChildren();
    this.split.textContent = "";
  }

  clickHex(hex: Hex): void {
    if (!this.picking) return;
    const label = hexLabel(hex);
    const end = this.hooks.unitIn(label) ?? label;
    if (this.from === null) {
      this.from = end;
      this.root.dataset.state = "to";
      this.hooks.highlight([label], [], false);
      this.say(t("Looking from %(from)s: pick the hex or unit to look at.", { from: end }));
      return;
    }
    this.ask(this.from, end);
  }

  private ask(from: string, to: string): void {
    this.from = null;
    this.root.dataset.state = "asking";
    if (!this.hooks.send({ type: "los", from, to })) this.say(t("Not connected: try again in a moment."));
  }

  handleAnswer(answer: LosFrame): void {
    if (!this.picking) return;
    this.root.dataset.state = "from";
    this.root.dataset.los = String(answer.los);
    const ends = [answer.from, answer.to].map((end) => this.hooks.hexOf(end)).filter((hex) => hex !== null);
    this.hooks.highlight(ends, answer.hexes, !answer.los);
    const values = { from: answer.from, to: answer.to, modifier: signed(answer.modifier) };
    this.say(
      answer.los
        ? t("Line of sight from %(from)s to %(to)s: clear, %(modifier)s to hit.", values)
        : t("Line of sight from %(from)s to %(to)s: blocked.", values),
    );
    const lines = [
      ...answer.modifiers.map((m) => `${signed(m.value)}: ${reasonText(m.reason, m.reason_code)}`),
      ...(answer.partial_cover ? [t("The target has partial cover.")] : []),
      ...reasonsText(answer.reasons, answer.reason_codes),
    ];
    this.reasons.replaceChildren(
      ...lines.map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }),
    );
    this.split.textContent = answer.split ? splitText(answer.to, this.hooks.standingChoice(answer.to)) : "";
  }

  /** An error frame: if our question was in flight, it was the answer. */
  handleError(message: string): void {
    if (this.root.dataset.state !== "asking") return;
    this.root.dataset.state = "from";
    this.say(message);
  }

  private say(text: string): void {
    this.verdict.textContent = text;
  }
}

/** A split line passes the side the target's player chose (Solaris VII); a hex target gets the more restrictive one. */
function splitText(target: string, choice: string | null): string {
  return choice === null
    ? t("The line runs exactly between two hexes: a hex target gets the more restrictive side.")
    : t("The line runs exactly between two hexes: %(unit)s stands on %(choice)s.", { unit: target, choice });
}

function signed(value: number): string {
  return value >= 0 ? `+${value}` : String(value);
}
