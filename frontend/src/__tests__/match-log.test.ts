// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { type LoggedFrame, MatchLog, logEntries, passes } from "../match-log";
import type { PlaybackFrame } from "../protocol";

const roll = (reason: string) => ({ dice: [3, 4], total: 7, reason, target: null });

const movement: PlaybackFrame = {
  type: "playback", v: 3, turn: 1, phase: "movement",
  timeline: {
    initiative: { order: ["B", "A"], rolls: [roll("initiative alice"), roll("initiative bob")] },
    ticks: [[{ unit: "A", kind: "fall", from: "0816", to: "0816", facing: 0, mp: 1, reason: "failed a skid" }]],
    rolls: [roll("initiative alice"), roll("initiative bob")],
  },
};
const weapons: PlaybackFrame = {
  type: "playback", v: 6, turn: 1, phase: "physical",
  timeline: {
    combat: [
      { phase: "physical", attacks: [], reasons: ["A kicks nothing"], rolls: [] },
      { phase: "heat", attacks: [], reasons: ["A: heat 0"], rolls: [] },
      { phase: "end", attacks: [], reasons: [], rolls: [] },
    ],
  },
};

describe("a resolution in the log", () => {
  it("is one entry for its own phase and one per combat report that said something", () => {
    const [moved] = logEntries(movement);
    expect([moved.turn, moved.phase]).toEqual([1, "movement"]);
    expect(moved.lines).toContain("Tick 1: A falls: failed a skid");
    expect(logEntries(weapons).map((entry) => [entry.phase, entry.lines])).toEqual([
      ["physical", ["Physical: A kicks nothing"]],
      ["heat", ["Heat: A: heat 0"]],
    ]);
  });

  it("says so when nothing happened", () => {
    expect(logEntries({ ...weapons, timeline: {} })[0].lines).toEqual(["Nothing happened."]);
  });

  it("filters by phase and by words", () => {
    const [entry] = logEntries(movement);
    expect(passes(entry, "", "")).toBe(true);
    expect(passes(entry, "weapons", "")).toBe(false);
    expect(passes(entry, "movement", "a FALLS")).toBe(true);
    expect(passes(entry, "", "kick")).toBe(false);
  });
});

describe("the match log panel", () => {
  let root: HTMLElement;
  let served: LoggedFrame[];
  let log: MatchLog;
  const titles = () => [...root.querySelectorAll("#log-entries > li > h3")].map((h) => h.textContent);

  beforeEach(() => {
    document.body.innerHTML = `<section id="match-log" hidden></section>`;
    root = document.querySelector("#match-log")!;
    served = [movement];
    log = new MatchLog(root, async () => ({ phases: served }));
  });

  it("starts from the server's log and keeps every playback after it, once each, oldest first", async () => {
    expect(root.hidden).toBe(true);
    await log.load("/api/matches/1/log/");
    log.add(weapons);
    log.add(weapons);
    expect(root.hidden).toBe(false);
    expect(titles()).toEqual(["Turn 1 · Movement", "Turn 1 · Physical", "Turn 1 · Heat"]);
  });

  it("shows what the filters let through", async () => {
    await log.load("/api/matches/1/log/");
    log.add(weapons);
    const phase = root.querySelector<HTMLSelectElement>("#log-phase")!;
    phase.value = "heat";
    phase.dispatchEvent(new Event("change"));
    expect(titles()).toEqual(["Turn 1 · Heat"]);
    phase.value = "";
    const words = root.querySelector<HTMLInputElement>("#log-words")!;
    words.value = "falls";
    words.dispatchEvent(new Event("input"));
    expect(titles()).toEqual(["Turn 1 · Movement"]);
  });

  it("offers the phases the log has, whatever the game, in the order they came", async () => {
    const options = () => [...root.querySelectorAll<HTMLOptionElement>("#log-phase option")].map((o) => o.value);
    expect(options()).toEqual([""]);
    await log.load("/api/matches/1/log/");
    expect(options()).toEqual(["", "movement"]);
    log.add(weapons);
    expect(options()).toEqual(["", "movement", "physical", "heat"]);
    const phase = root.querySelector<HTMLSelectElement>("#log-phase")!;
    phase.value = "heat";
    log.add({ ...movement, v: 9, turn: 2, phase: "order-3" }); // skirmish numbers its orders
    expect(options()).toEqual(["", "movement", "physical", "heat", "order-3"]);
    expect(phase.value).toBe("heat");
    expect(root.querySelector("#log-phase option[value='order-3']")!.textContent).toBe("Order 3");
  });

  it("marks a phase the referee annulled, and fetches again a log it could not fetch", async () => {
    served = [{ ...movement, annulled: "a misclick" }];
    await log.load("/api/matches/1/log/");
    expect(titles()).toEqual(["Turn 1 · Movement · annulled by the referee: a misclick"]);
    let calls = 0;
    const flaky = new MatchLog(root, async () => {
      if (++calls < 2) throw new Error("offline");
      return { phases: [movement] };
    });
    await flaky.load("/x", 3, 0);
    expect(calls).toBe(2);
    expect(titles()).toEqual(["Turn 1 · Movement"]);
    const broken = new MatchLog(root, async () => { throw new Error("offline"); });
    await expect(broken.load("/x", 2, 0)).resolves.toBeUndefined();
  });
});
