// @vitest-environment jsdom
// Solaris VII, Línea de Visión: 'Si la LdV pasa exactamente entre dos hexágonos, el jugador que dirige la unidad
// objetivo es el que decide a través de cual pasa la LdV'. docs/protocol.md: a standing choice per unit, public.
import { beforeEach, describe, expect, it } from "vitest";
import { SplitLosPanel, choiceText } from "../rulesets/solaris/los-side";
import type { ClientFrame, LosSideFrame, Unit } from "../protocol";
import { judgeFrame } from "../socket";

const unit = (id: string, side: string, name: string): Unit =>
  ({ id, side, kind: "mech", name, hex: "0101", facing: 0, walk: 4, run: 6 }) as Unit;
const units = [unit("A", "alice", "Phoenix Hawk"), unit("B", "bob", "Shadow Hawk")];
const frame = (side: LosSideFrame["side"], chooser: LosSideFrame["chooser"] = "controller"): LosSideFrame => ({
  type: "los_side", v: 5, unit: "B", side, chooser, by: chooser === "referee" ? "ref" : "bob",
});

const bob = { role: "player", side: "bob" } as const;
const spectator = { role: "spectator", side: null } as const;
const referee = { role: "referee", side: null } as const;

let sent: ClientFrame[];
let connected: boolean;
let panel: SplitLosPanel;
const row = (id: string) => document.querySelector<HTMLElement>(`#split-los-units [data-unit="${id}"]`)!;
const select = (id: string) => row(id).querySelector("select");
const panelState = () => document.querySelector<HTMLElement>("#split-los")!.dataset.state;
const message = () => document.querySelector<HTMLElement>("#split-los-message")!;

function pick(id: string, value: string): void {
  select(id)!.value = value;
  select(id)!.dispatchEvent(new Event("change"));
}

beforeEach(() => {
  document.body.innerHTML = `<section id="split-los"><ul id="split-los-units"></ul>
    <label id="split-los-reason" hidden><input name="reason"></label><p id="split-los-message"></p></section>`;
  sent = [];
  connected = true;
  panel = new SplitLosPanel(document.querySelector<HTMLElement>("#split-los")!, {
    send: (sending) => connected && sent.push(sending) > 0,
  });
});

describe("the split line-of-sight panel", () => {
  it("shows every unit's standing side and who chose it to everyone, with no control for a spectator", () => {
    panel.show({ units, choices: { B: { side: "right", by: "referee" } }, you: spectator, status: "in_progress" });
    expect(row("A").textContent).toBe("A (Phoenix Hawk): the side worse for the attacker (nobody chose)");
    expect(row("B").textContent).toBe("B (Shadow Hawk): the right side, chosen by the referee");
    expect([row("B").dataset.side, row("B").dataset.by]).toEqual(["right", "referee"]);
    expect(document.querySelectorAll("#split-los select")).toHaveLength(0);
    expect(document.querySelector<HTMLElement>("#split-los-reason")!.hidden).toBe(true);
  });

  it("gives a player a control on their own units only, off while the match is not in play", () => {
    panel.show({ units, choices: {}, you: bob, status: "in_progress" });
    expect([select("A"), select("B")?.disabled]).toEqual([null, false]);
    expect(select("B")!.value).toBe("");
    panel.show({ units, choices: {}, you: bob, status: "paused" });
    expect(select("B")!.disabled).toBe(true);
  });

  it("sends the choice, and everyone's row follows the los_side frame, cleared by null", () => {
    panel.show({ units, choices: {}, you: bob, status: "in_progress" });
    pick("B", "left");
    expect(sent).toEqual([{ type: "los_side", unit: "B", side: "left" }]);
    expect([message().textContent, panelState()]).toEqual(["Sending your choice…", "sending"]);
    panel.handleSet();
    expect(panelState()).toBe("set");
    panel.apply(frame("left"));
    expect([message().textContent, row("B").dataset.side, select("B")!.value]).toEqual(["", "left", "left"]);
    expect(panel.choice("B")).toEqual({ side: "left", by: "controller" });

    pick("B", "");
    expect(sent.at(-1)).toEqual({ type: "los_side", unit: "B", side: null });
    panel.apply(frame(null));
    expect(row("B").textContent).toContain("the side worse for the attacker");
    expect(panel.choice("B")).toBeUndefined();
  });

  it("shows a refusal of its own choice with its code and puts the control back, ignoring other tools' errors", () => {
    panel.show({ units, choices: {}, you: bob, status: "in_progress" });
    panel.handleError("board.off_board", "That hex is off the board.");
    expect(message().textContent).toBe("");
    pick("B", "right");
    panel.handleError("los_side.wrong_status", "Not possible while the match is paused.");
    expect([message().textContent, message().dataset.code, select("B")!.value]).toEqual([
      "Not possible while the match is paused.",
      "los_side.wrong_status",
      "",
    ]);
    expect(panelState()).toBe("refused");
  });

  it("puts the control back when the socket is down", () => {
    panel.show({ units, choices: { B: { side: "right", by: "controller" } }, you: bob, status: "in_progress" });
    connected = false;
    pick("B", "left");
    expect([sent, select("B")!.value, message().textContent]).toEqual([
      [],
      "right",
      "Not connected: try again in a moment.",
    ]);
  });

  it("lets the referee choose for any unit, with the reason typed, also while the match is paused", () => {
    panel.show({ units, choices: {}, you: referee, status: "paused" });
    expect([select("A")?.disabled, select("B")?.disabled]).toEqual([false, false]);
    expect(document.querySelector<HTMLElement>("#split-los-reason")!.hidden).toBe(false);
    document.querySelector<HTMLInputElement>("#split-los-reason input")!.value = "bob's connection dropped";
    pick("B", "left");
    expect(sent).toEqual([{ type: "los_side", unit: "B", side: "left", reason: "bob's connection dropped" }]);
    panel.show({ units, choices: {}, you: referee, status: "finished" });
    expect(select("B")!.disabled).toBe(true);
  });

  it("says a referee's choice for an absent player", () => {
    expect(choiceText({ side: "left", by: "referee" })).toBe("the left side, chosen by the referee");
    expect(choiceText({ side: "right", by: "controller" })).toBe("the right side, chosen by its player");
  });

  it("counts los_side as an event of the match; the reply to the chooser is never judged by version", () => {
    expect(judgeFrame(4, frame("left"))).toBe("apply");
    expect(judgeFrame(5, frame("left"))).toBe("stale");
    const reply = { type: "los_side_set", v: 5, unit: "B", side: "left", chooser: "controller" } as const;
    expect(judgeFrame(5, reply)).toBe("apply");
    expect(judgeFrame(2, reply)).toBe("apply");
  });
});
