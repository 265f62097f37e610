// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { DeadlineClock } from "../live-cues";
import { afterFrame } from "../position";
import type { ClientFrame, ReactionView, ServerFrame, Snapshot, Unit } from "../protocol";
import { ReactionPanel, owedReactions } from "../reaction-panel";

const window = { key: "3:R:S", tick: 3, trigger: "R", units: ["S", "T"], reason: "R ran next to S" };
const view: ReactionView = {
  window, deadline: "2026-12-01T10:01:00Z", answered: [],
  choices: { S: [{ label: "shoot", target: "R", order: { shoot: "R" } }] },
};
const units = [{ id: "R", name: "Runner" }, { id: "S", name: "Sentry" }, { id: "T", name: "Tower" }] as Unit[];

function panel(): { root: HTMLElement; sent: ClientFrame[]; reaction: ReactionPanel } {
  document.body.innerHTML = `<section id="reaction"></section>`;
  const root = document.querySelector<HTMLElement>("#reaction")!;
  const sent: ClientFrame[] = [];
  const now = () => Date.parse("2026-12-01T10:00:00Z");
  const clock = (element: HTMLElement) => new DeadlineClock(element, now, () => () => {}, "Answer due in %(time)s");
  const reaction = new ReactionPanel(root, { send: (frame) => (sent.push(frame), true) }, clock);
  return { root, sent, reaction };
}

describe("the reaction panel", () => {
  it("offers each asked unit of the viewer its choices and a pass, with the window's deadline", () => {
    const { root, sent, reaction } = panel();
    reaction.show(view, units);
    expect(root.hidden).toBe(false);
    const buttons = [...root.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons).toEqual(["shoot at Runner", "Pass"]);
    expect(root.textContent).toContain("The play stopped: R ran next to S. Waiting for the reaction of Tower.");
    expect(root.querySelector(".clock")!.textContent).toBe("Answer due in 1:00");
    root.querySelector<HTMLButtonElement>("button[data-choice='0']")!.click();
    expect(sent).toEqual([{ type: "react", window: "3:R:S", unit: "S", order: { shoot: "R" } }]);
    // One answer at a time: the buttons wait for the server.
    expect([...root.querySelectorAll("button")].every((b) => b.disabled)).toBe(true);
  });

  it("names units by their id in a game whose units have no name (the Sentry test game's)", () => {
    const { root, reaction } = panel();
    reaction.show(view, [{ id: "R" }, { id: "S" }, { id: "T" }] as Unit[]);
    expect([...root.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["shoot at R", "Pass"]);
    expect(root.textContent).toContain("Waiting for the reaction of T.");
  });

  it("says the window's reason from its code, without a second full stop", () => {
    const { root, reaction } = panel();
    const coded = { ...window, reason: "Line of fire to F in 0508 opens.", reason_code: { code: "skirmish.sighted",
      params: { unit: "F", hex: "0508" } } };
    reaction.show({ ...view, window: coded }, units);
    expect(root.textContent).toContain(
      "The play stopped: Line of fire to F in 0508 opens: the troops that gain it may react now. Waiting");
  });

  it("passes with a null order, and lets the player answer again after a refusal", () => {
    const { root, sent, reaction } = panel();
    reaction.show(view, units);
    root.querySelector<HTMLButtonElement>("button[data-pass]")!.click();
    expect(sent).toEqual([{ type: "react", window: "3:R:S", unit: "S", order: null }]);
    reaction.handleError("reaction.already_given", "S has answered this window.");
    expect(root.querySelector(".reaction-message")!.textContent).toBe("S has answered this window.");
    expect([...root.querySelectorAll("button")].some((b) => b.disabled)).toBe(false);
  });

  it("hides without a window, and says which answers are owed", () => {
    const { root, reaction } = panel();
    reaction.show(null, units);
    expect(root.hidden).toBe(true);
    expect(owedReactions(view)).toEqual(["S"]);
    expect(owedReactions(null)).toEqual([]);
  });

  it("asks for a snapshot on a window (the choices are the viewer's) and moves answered units out of the choices", () => {
    const snapshot = { type: "snapshot", v: 5, my_orders: [], sides: [], reaction: view } as unknown as Snapshot;
    const opened = { type: "reaction_window", v: 6, turn: 1, phase: "run", window, deadline: view.deadline } as ServerFrame;
    expect(afterFrame(snapshot, opened as Exclude<ServerFrame, { type: "crowd" }>)).toBeNull();
    const reacted = afterFrame(snapshot, { type: "reacted", v: 6, window: "3:R:S", unit: "S", side: "bob" })!;
    expect([reacted.reaction?.answered, reacted.reaction?.choices]).toEqual([["S"], {}]);
  });
});
