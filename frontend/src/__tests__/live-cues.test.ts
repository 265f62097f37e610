// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { DeadlineClock, TurnCue, timeLeft } from "../live-cues";

describe("the your-turn cue", () => {
  it("puts 'your turn' in the tab title while an order is owed, and takes it back", () => {
    const doc = { title: "Demo duel · Árbitro" };
    const cue = new TurnCue(doc);
    cue.set(true);
    expect(doc.title).toBe("● Your turn · Demo duel · Árbitro");
    cue.set(true);
    expect(doc.title).toBe("● Your turn · Demo duel · Árbitro");
    cue.set(false);
    expect(doc.title).toBe("Demo duel · Árbitro");
  });
});

describe("the your-turn sound", () => {
  it("rings once when an order becomes owed, only with the sound switched on", () => {
    let rung = 0;
    const cue = new TurnCue({ title: "Duel" }, () => void rung++);
    cue.set(true);
    expect(rung).toBe(0);
    cue.set(false);
    cue.sound = true;
    cue.set(true);
    cue.set(true); // a redraw while the order is still owed
    expect(rung).toBe(1);
    cue.set(false);
    cue.set(true);
    expect(rung).toBe(2);
  });
});

describe("the deadline clock", () => {
  it("says the time left in minutes and seconds, hours when there are any", () => {
    expect(timeLeft(65_000, 0)).toBe("1:05");
    expect(timeLeft(3_723_000, 0)).toBe("1:02:03");
    expect(timeLeft(500, 0)).toBe("0:01");
    expect(timeLeft(0, 0)).toBeNull();
  });

  it("counts down each second, says when the deadline has passed, and hides without one", () => {
    document.body.innerHTML = `<p id="clock" hidden></p>`;
    const root = document.querySelector<HTMLElement>("#clock")!;
    let now = Date.parse("2026-12-01T10:00:00Z");
    let tick: () => void = () => {};
    let stopped = 0;
    const clock = new DeadlineClock(root, () => now, (fn) => ((tick = fn), () => void stopped++));
    clock.show("2026-12-01T10:02:00Z");
    expect([root.hidden, root.textContent]).toEqual([false, "Orders due in 2:00"]);
    now += 119_000;
    tick();
    expect(root.textContent).toBe("Orders due in 0:01");
    now += 1_000;
    tick();
    expect([root.textContent, root.dataset.overdue]).toEqual(["The deadline has passed.", "true"]);
    clock.show(null);
    expect(root.hidden).toBe(true);
    expect(stopped).toBeGreaterThan(0);
  });
});
