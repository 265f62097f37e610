// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BoardView } from "../map";
import { PlaybackPanel } from "../playback-panel";
import type { Pose } from "../playback";
import type { PlaybackFrame } from "../protocol";

// The panel as matches/templates/matches/playback-panel.html draws it, on the match page for every role.
const PANEL = `<section id="playback" hidden>
  <button data-playback="back"></button><button data-playback="play"></button>
  <button data-playback="pause"></button><button data-playback="step"></button>
  <input type="range" id="playback-scrubber" min="0" max="0" value="0">
  <select id="playback-speed"><option value="0.5">½×</option><option value="1" selected>1×</option><option value="4">4×</option></select>
  <p id="playback-status" aria-live="polite"></p><ol id="rulings"></ol>
</section>`;

const frame: PlaybackFrame = {
  type: "playback", v: 5, turn: 1, phase: "movement",
  timeline: {
    ticks: [
      [{ unit: "A", kind: "step", from: "0505", to: "0504", facing: 0, mp: 1 }],
      [{ unit: "A", kind: "step", from: "0504", to: "0503", facing: 0, mp: 1 }],
      [{ unit: "A", kind: "fall", from: "0503", to: "0503", facing: 0, mp: 0 }],
    ],
    final: { A: { hex: "0503", facing: 0, prone: true } },
  },
};

let shown: string[];
let finished: number;
const board = {
  place: (_unit: string, pose: Pose) => shown.push(pose.hex),
  flagUnit: () => {},
} as unknown as BoardView;
const click = (action: string) => document.querySelector<HTMLElement>(`[data-playback='${action}']`)!.click();
const status = () => document.querySelector("#playback-status")!.textContent;
const scrubber = () => document.querySelector<HTMLInputElement>("#playback-scrubber")!;

beforeEach(() => {
  vi.useFakeTimers(); // the player's ticks run when the test says, never on the clock
  document.body.innerHTML = PANEL;
  shown = [];
  finished = 0;
  new PlaybackPanel(document.querySelector("#playback")!).play(frame, { A: { hex: "0505", facing: 0 } }, board, () => finished++);
});
afterEach(() => vi.useRealTimers());

describe("the playback panel", () => {
  it("plays tick by tick, saying where it is in a live region, and pauses", () => {
    vi.advanceTimersByTime(0);
    expect(shown).toEqual(["0504"]);
    expect(status()).toBe("Turn 1 movement: step 1 of 4");
    click("pause");
    vi.advanceTimersByTime(10_000);
    expect(shown).toEqual(["0504"]);
    click("play");
    vi.advanceTimersByTime(450);
    expect(shown.at(-1)).toBe("0503");
    expect(scrubber().value).toBe("1");
  });

  it("steps back and forward by hand, and the scrubber seeks", () => {
    vi.advanceTimersByTime(0);
    click("step");
    click("step");
    expect(status()).toMatch(/^Turn 1 movement: step 3 of 4 · A /); // the fall is said, not only drawn
    click("back");
    expect([shown.at(-1), scrubber().value]).toEqual(["0503", "1"]);
    scrubber().value = "0";
    scrubber().dispatchEvent(new Event("input"));
    expect(shown.at(-1)).toBe("0504");
    vi.advanceTimersByTime(10_000); // seeking pauses
    expect(shown.at(-1)).toBe("0504");
  });

  it("plays faster at a higher speed, and tells the page once it has reached the end", () => {
    vi.advanceTimersByTime(0);
    const speed = document.querySelector<HTMLSelectElement>("#playback-speed")!;
    speed.value = "4";
    speed.dispatchEvent(new Event("change", { bubbles: true }));
    vi.advanceTimersByTime(450); // the tick already waiting keeps its delay; then 450 / 4 ms a tick
    vi.advanceTimersByTime(3 * 113);
    expect(scrubber().value).toBe("3");
    expect(finished).toBe(1);
    click("back");
    click("step");
    expect(finished).toBe(1);
  });
});
